// The money rules read from a card payment's state, one rule per test: what is still running,
// what the till still owes the cashier an outcome for, what counts as paid, and how much of a
// card sale may still be refunded (refunds that may have moved money count against it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isOpenPayment,
  isPaidPayment,
  isRunningPayment,
  PAYMENT_STATES,
  refundableLeft,
  refundedAmount,
  type MoneyFacts,
  type PaymentState,
  type Resolution,
} from '../../../electron/services/payments/payment-states';

const PAID: Resolution = {
  outcome: 'paid',
  note: 'customer showed the bank app',
  at: '2026-11-23T12:00:00Z',
};
const NOT_PAID: Resolution = {
  outcome: 'not_paid',
  note: 'nothing on the statement',
  at: '2026-11-23T12:00:00Z',
};

function payment(
  id: string,
  type: MoneyFacts['type'],
  state: PaymentState,
  amount: number | null,
  extra: Partial<MoneyFacts> = {},
): MoneyFacts {
  return {
    id,
    type,
    state,
    amount,
    result: state === 'finished' ? 'SUCCESSFUL' : null,
    resolution: null,
    ...extra,
  };
}

test('running: exactly the states where the card machine may still be working', () => {
  const running = PAYMENT_STATES.filter((state) => isRunningPayment(state));
  assert.deepEqual(running, ['intent', 'starting', 'started', 'pending']);
});

test('open: running or awaiting a decision, until someone resolves it', () => {
  const open = PAYMENT_STATES.filter((state) => isOpenPayment({ state }));
  assert.deepEqual(open, ['intent', 'starting', 'started', 'pending', 'unknown', 'needs_manager']);
  assert.equal(isOpenPayment({ state: 'unknown', resolution: PAID }), false);
  assert.equal(isOpenPayment({ state: 'needs_manager', resolution: NOT_PAID }), false);
});

test('paid: an approval, or a decision resolved as paid; nothing else', () => {
  const paid = (state: PaymentState, result: string | null, resolution: Resolution | null) =>
    isPaidPayment({ state, result, resolution });
  assert.equal(paid('finished', 'SUCCESSFUL', null), true);
  assert.equal(paid('finished', 'CANCELLED', null), false);
  assert.equal(paid('finished', 'CANCELLED', PAID), false, 'a finished decline stays unpaid');
  assert.equal(paid('unknown', null, PAID), true);
  assert.equal(paid('needs_manager', 'SUCCESSFUL', PAID), true);
  assert.equal(paid('unknown', null, NOT_PAID), false);
  assert.equal(paid('needs_manager', 'SUCCESSFUL', null), false, 'a mismatch is not paid until decided');
  assert.equal(paid('pending', null, PAID), false, 'only a decision state can be resolved as paid');
  assert.equal(paid('cancelled_locally', null, PAID), false);
});

/** A £20.00 card sale, approved. */
const SALE = payment('sale', 'SALE', 'finished', 2000);

test('what is left to refund: the sale less every refund that may have moved money', () => {
  const refunds = [
    payment('r-done', 'REFUND', 'finished', 500),
    payment('r-running', 'REFUND', 'pending', 300),
    payment('r-unknown', 'REFUND', 'unknown', 200),
    payment('r-resolved-paid', 'REFUND', 'needs_manager', 100, { resolution: PAID }),
    payment('r-declined', 'REFUND', 'finished', 400, { result: 'CANCELLED' }),
    payment('r-resolved-not-paid', 'REFUND', 'unknown', 700, { resolution: NOT_PAID }),
    payment('r-refused', 'REFUND', 'failed_to_start', 800),
    payment('r-no-amount', 'REFUND', 'finished', null),
    payment('a-duplicate', 'DUPLICATE', 'finished', 900),
  ];
  assert.equal(refundableLeft(SALE, refunds), 2000 - 500 - 300 - 200 - 100);
  assert.equal(
    refundableLeft(SALE, refunds, 'r-running'),
    2000 - 500 - 200 - 100,
    'the refund being checked is left out',
  );
  assert.equal(refundableLeft(SALE, []), 2000);
});

test('nothing may be refunded on a card sale that was not paid, or on anything but a sale', () => {
  const refund = [payment('r', 'REFUND', 'finished', 100)];
  assert.equal(
    refundableLeft(payment('declined', 'SALE', 'finished', 2000, { result: 'CANCELLED' }), refund),
    0,
  );
  assert.equal(refundableLeft(payment('running', 'SALE', 'pending', 2000), []), 0);
  assert.equal(refundableLeft(payment('undecided', 'SALE', 'unknown', 2000), []), 0);
  assert.equal(
    refundableLeft(payment('decided', 'SALE', 'unknown', 2000, { resolution: PAID }), refund),
    1900,
  );
  assert.equal(refundableLeft(payment('a-refund', 'REFUND', 'finished', 2000), []), 0);
  assert.equal(refundableLeft(payment('a-reprint', 'DUPLICATE', 'finished', 2000), []), 0);
});

test('given back by card: only refunds that are paid, never a running or declined one, never a sale', () => {
  const payments = [
    payment('sale', 'SALE', 'finished', 2000),
    payment('r-done', 'REFUND', 'finished', 500),
    payment('r-decided-paid', 'REFUND', 'unknown', 250, { resolution: PAID }),
    payment('r-running', 'REFUND', 'pending', 300),
    payment('r-undecided', 'REFUND', 'needs_manager', 200),
    payment('r-declined', 'REFUND', 'finished', 400, { result: 'CANCELLED' }),
    payment('r-decided-not-paid', 'REFUND', 'unknown', 700, { resolution: NOT_PAID }),
    payment('r-no-amount', 'REFUND', 'finished', null),
  ];
  assert.equal(refundedAmount(payments), 500 + 250);
  assert.equal(refundedAmount([]), 0);
});
