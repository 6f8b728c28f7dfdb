// A card payment as the Sell screen shows it: the runner's view of the payment turned into the
// screen's state, the cashier's words (English and by key), the amounts, and whether Cancel works.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PaymentView } from '../../../shared/contract';
import { toContractPaymentView } from '../../../electron/services/sales/payment-view';
import type { RunnerPaymentView } from '../../../electron/services/payments/transaction-runner';

const CREATED = '2026-03-04T10:00:00.000Z';
const UPDATED = '2026-03-04T10:00:30.000Z';

/** A £12.00 card sale on terminal 22900001, just written; each test changes what it needs. */
function runnerView(change: Partial<RunnerPaymentView> = {}): RunnerPaymentView {
  return {
    id: 'pay-1',
    saleId: 'sale-1',
    originalPaymentId: null,
    terminalId: '22900001',
    type: 'SALE',
    amount: 1200,
    currency: 'GBP',
    state: 'intent',
    transactionId: null,
    notifications: [],
    result: null,
    successful: false,
    amounts: null,
    receipts: null,
    resolution: null,
    problem: null,
    problemWords: null,
    mismatch: null,
    staff: null,
    awaitingSignature: null,
    createdAt: CREATED,
    updatedAt: UPDATED,
    ...change,
  };
}

/** Notifications as the runner describes them, seen one second apart. */
function seen(...codes: [string, string][]): RunnerPaymentView['notifications'] {
  return codes.map(([code, text], i) => ({ code, text, seenAt: Date.UTC(2026, 2, 4, 10, 0, i) }));
}

/** A finished, approved payment with what the card machine's record said. */
function approved(change: Partial<RunnerPaymentView>): PaymentView {
  return toContractPaymentView(
    runnerView({ state: 'finished', result: 'SUCCESSFUL', successful: true, ...change }),
  );
}

const money = (minor: number, currency = 'GBP') => ({ minor, currency });

test('a payment still being sent to the card machine is shown as starting, with no cancel yet', () => {
  for (const state of ['intent', 'starting'] as const) {
    assert.deepEqual(toContractPaymentView(runnerView({ state })), {
      paymentId: 'pay-1',
      saleId: 'sale-1',
      type: 'SALE',
      terminalId: '22900001',
      amount: 1200,
      currency: 'GBP',
      state: 'starting',
      result: null,
      successful: false,
      notifications: [],
      canCancel: false,
      cancelRefused: false,
      signatureDeadline: null,
      amountTotal: null,
      amountGratuity: null,
      amountCashback: null,
      mismatch: null,
      staff: null,
      message: 'Sending the payment to the card machine…',
      words: { key: 'payment.message.starting' },
      createdAt: CREATED,
      updatedAt: UPDATED,
    });
  }
});

test('while the card machine works, the cashier reads its latest notification and may cancel', () => {
  for (const state of ['started', 'pending'] as const) {
    const view = toContractPaymentView(
      runnerView({
        state,
        notifications: seen(
          ['PRESENT_CARD', 'Customer: present the card'],
          ['PIN_ENTRY', 'Customer: enter the PIN'],
          ['PLEASE_WAIT', 'Reading the card…'],
        ),
      }),
    );
    assert.equal(view.state, 'in_progress');
    assert.equal(view.message, 'Reading the card…');
    assert.deepEqual(view.words, {
      key: 'payment.message.now',
      params: { now: { key: 'payment.notification.PLEASE_WAIT', english: 'Reading the card…' } },
    });
    assert.deepEqual(view.notifications, [
      { code: 'PRESENT_CARD', words: 'Customer: present the card' },
      { code: 'PIN_ENTRY', words: 'Customer: enter the PIN' },
      { code: 'PLEASE_WAIT', words: 'Reading the card…' },
    ]);
    assert.equal(view.canCancel, true);
    assert.equal(view.cancelRefused, false);
  }
});

test('before the card machine says anything, the cashier reads that the till is waiting for it', () => {
  const view = toContractPaymentView(runnerView({ state: 'started' }));
  assert.equal(view.message, 'Waiting for the card machine…');
  assert.deepEqual(view.words, {
    key: 'payment.message.now',
    params: { now: { key: 'payment.message.waiting', english: 'Waiting for the card machine…' } },
  });
  assert.equal(view.canCancel, true);
});

test('once the card machine has contacted the bank, the payment can no longer be cancelled', () => {
  const bankSteps: [string, string][] = [
    ['CONNECTING', 'Contacting the bank…'],
    ['CONNECTION_MADE', 'Connected to the bank'],
    ['APPROVED', 'Approved'],
    ['DECLINED', 'Declined by the bank'],
    ['SIGNATURE_VERIFICATION', 'Check the customer’s signature'],
  ];
  for (const step of bankSteps) {
    const view = toContractPaymentView(
      runnerView({
        state: 'pending',
        notifications: seen(['INSERT_CARD', 'Customer: insert the card'], step, [
          'REMOVE_CARD',
          'Customer: remove the card',
        ]),
      }),
    );
    assert.equal(view.state, 'in_progress', step[0]);
    assert.equal(view.canCancel, false, `after ${step[0]}`);
  }
});

test('after the card machine refused a cancel, the cashier is told to cancel it on the machine', () => {
  const view = toContractPaymentView(
    runnerView({ state: 'pending', notifications: seen(['PIN_ENTRY', 'Customer: enter the PIN']) }),
    { cancelRefused: true },
  );
  assert.equal(view.state, 'in_progress');
  assert.equal(
    view.message,
    'The card machine would not cancel: cancel it on the card machine. Customer: enter the PIN',
  );
  assert.deepEqual(view.words, {
    key: 'payment.message.cancelRefused',
    params: { now: { key: 'payment.notification.PIN_ENTRY', english: 'Customer: enter the PIN' } },
  });
  assert.equal(view.canCancel, false);
  assert.equal(view.cancelRefused, true);
});

test('a payment waiting for the signature check asks the cashier to compare it, until its deadline', () => {
  const deadline = Date.UTC(2026, 2, 4, 10, 1, 30);
  const view = toContractPaymentView(
    runnerView({
      state: 'pending',
      notifications: seen(['PIN_ENTRY', 'Customer: enter the PIN']),
      awaitingSignature: { deadline },
    }),
  );
  assert.equal(view.state, 'signature');
  assert.equal(view.signatureDeadline, '2026-03-04T10:01:30.000Z');
  assert.equal(
    view.message,
    'Compare the signature on the printed slip with the card, then accept or decline.',
  );
  assert.deepEqual(view.words, { key: 'payment.message.signature' });
  assert.equal(view.canCancel, false);
});

test('an unknown outcome tells the cashier why and to check the card machine', () => {
  const problem = 'The card service no longer knows this transaction: check the card machine.';
  const because = toContractPaymentView(runnerView({ state: 'unknown', problem }));
  assert.equal(because.state, 'unknown');
  assert.equal(
    because.message,
    'The card service no longer knows this transaction: check the card machine. The till will not send this payment again. Check the card machine’s screen: did the payment go through?',
  );
  assert.deepEqual(because.words, { key: 'payment.message.unknownBecause', params: { problem } });
  assert.equal(because.canCancel, false);
  // The reason alone, for the "Was it paid?" box: by key when the runner kept one.
  assert.deepEqual(because.unknownReason, { message: problem });
  const keyed = toContractPaymentView(
    runnerView({ state: 'unknown', problem, problemWords: { key: 'payment.problem.transactionLost' } }),
  );
  assert.deepEqual(keyed.unknownReason, {
    message: problem,
    words: { key: 'payment.problem.transactionLost' },
  });

  const lost = toContractPaymentView(runnerView({ state: 'unknown' }));
  assert.equal(
    lost.message,
    'The answer from the card service was lost. The till will not send this payment again. Check the card machine’s screen: did the payment go through?',
  );
  assert.deepEqual(lost.words, { key: 'payment.message.unknown' });
  assert.equal('unknownReason' in lost, false, 'no reason kept: the screen says the answer was lost');
});

test('only an outcome still unknown carries a reason: a failed start or a decided one does not', () => {
  const problem = 'The card service no longer knows this transaction: check the card machine.';
  const problemWords = { key: 'payment.problem.transactionLost' };
  for (const change of [
    { state: 'failed_to_start' as const },
    { state: 'started' as const },
    { state: 'unknown' as const, resolution: { outcome: 'paid' as const, note: '', at: UPDATED } },
  ]) {
    const view = toContractPaymentView(runnerView({ problem, problemWords, ...change }));
    assert.equal('unknownReason' in view, false, JSON.stringify(change));
  }
});

test('a payment that never reached the card machine says nothing was charged, or the reason it was refused', () => {
  for (const state of ['failed_to_start', 'cancelled_locally'] as const) {
    const view = toContractPaymentView(runnerView({ state }));
    assert.equal(view.state, 'failed_to_start', state);
    assert.equal(view.message, 'The payment did not reach the card machine. Nothing was charged.');
    assert.deepEqual(view.words, { key: 'payment.message.notSent' });
    assert.equal(view.canCancel, false);
  }
  const refused = toContractPaymentView(
    runnerView({ state: 'failed_to_start', problem: 'The card machine is busy with another payment.' }),
  );
  assert.equal(refused.state, 'failed_to_start');
  assert.equal(refused.message, 'The card machine is busy with another payment.');
  assert.equal('words' in refused, false, 'a refusal in the service’s own words has no key');
});

test('an approval that did not match the request waits for a manager, in plain words', () => {
  const plain = toContractPaymentView(runnerView({ state: 'needs_manager' }));
  assert.equal(plain.state, 'needs_manager');
  assert.equal(plain.message, 'Ask a manager.');
  assert.deepEqual(plain.words, { key: 'payment.message.askManager' });

  const mismatch = {
    reason: 'missing_amount' as const,
    asked: { type: 'SALE' as const, amount: 1200, currency: 'GBP', refundableLeft: null },
    answered: {
      type: 'SALE',
      result: 'SUCCESSFUL',
      currency: 'GBP',
      base: null,
      cashback: null,
      gratuity: null,
      total: null,
    },
  };
  const told = toContractPaymentView(runnerView({ state: 'needs_manager', mismatch }));
  assert.equal(
    told.message,
    'The card machine said approved but gave no amount; the till asked for £12.00. Ask a manager before giving goods or trying again.',
  );
  assert.equal('words' in told, false);
  assert.deepEqual(told.mismatch, mismatch);

  const settled = toContractPaymentView(
    runnerView({
      state: 'needs_manager',
      mismatch,
      resolution: { outcome: 'not_paid', note: 'customer paid cash', at: UPDATED },
    }),
  );
  assert.equal(settled.state, 'finished');
  assert.equal(settled.message, 'A manager recorded it as not paid. Note: customer paid cash');
  assert.equal('words' in settled, false);
});

test('an unclear outcome a person settled says whether it was recorded as paid', () => {
  const paid = toContractPaymentView(
    runnerView({
      state: 'unknown',
      successful: true,
      resolution: { outcome: 'paid', note: 'slip shows approved', at: UPDATED },
    }),
  );
  assert.equal(paid.state, 'finished');
  assert.equal(paid.message, 'Recorded as paid after checking the card machine.');
  assert.deepEqual(paid.words, { key: 'payment.message.resolvedPaid' });

  const notPaid = toContractPaymentView(
    runnerView({
      state: 'needs_manager',
      resolution: { outcome: 'not_paid', note: 'nothing on the machine', at: UPDATED },
    }),
  );
  assert.equal(notPaid.state, 'finished');
  assert.equal(notPaid.message, 'Recorded as not paid after checking the card machine.');
  assert.deepEqual(notPaid.words, { key: 'payment.message.resolvedNotPaid' });
});

test('a declined payment says nothing was charged and what the cashier can do next', () => {
  const view = toContractPaymentView(
    runnerView({ state: 'finished', result: 'TRANSACTION_UNSUCCESSFUL', successful: false }),
  );
  assert.equal(view.state, 'finished');
  assert.equal(view.successful, false);
  assert.equal(
    view.message,
    'Declined. Nothing was charged: try the card again, take cash, or abandon the sale.',
  );
  assert.deepEqual(view.words, {
    key: 'payment.message.notPaid',
    params: { result: { key: 'payment.result.TRANSACTION_UNSUCCESSFUL', english: 'Declined' } },
  });
  assert.equal(view.canCancel, false);
});

test('an approved payment with no record of its own amounts shows the amount asked, in pounds by default', () => {
  const view = approved({ currency: null, amounts: null });
  assert.equal(view.message, 'Approved: £12.00.');
  assert.deepEqual(view.words, {
    key: 'payment.message.approved',
    params: { total: money(1200), tip: money(0), cashback: money(0) },
  });
  assert.equal(view.currency, '');
  assert.equal(view.amount, 1200);
  assert.deepEqual([view.amountTotal, view.amountGratuity, view.amountCashback], [null, null, null]);
});

test('an approval with no amount at all shows nothing taken rather than failing', () => {
  const view = approved({ amount: null, amounts: null });
  assert.equal(view.amount, 0);
  assert.equal(view.message, 'Approved: £0.00.');
});

test('an approved payment with a tip shows the card total and the tip, in the payment’s currency', () => {
  const amounts = { currency: 'EUR', base: 1200, gratuity: 300, cashback: 0, total: 1500 };
  const view = approved({ currency: 'EUR', amounts });
  assert.equal(view.message, 'Approved: €15.00 (tip €3.00).');
  assert.deepEqual(view.words, {
    key: 'payment.message.approvedTip',
    params: { total: money(1500, 'EUR'), tip: money(300, 'EUR'), cashback: money(0, 'EUR') },
  });
  assert.deepEqual([view.amountTotal, view.amountGratuity, view.amountCashback], [1500, 300, 0]);
});

test('cashback tells the cashier to hand it over, with or without a tip', () => {
  const both = approved({
    amounts: { currency: 'GBP', base: 1200, gratuity: 100, cashback: 500, total: 1800 },
  });
  assert.equal(both.message, 'Approved: £18.00 (tip £1.00, cashback £5.00 — hand it over).');
  assert.deepEqual(both.words, {
    key: 'payment.message.approvedTipCashback',
    params: { total: money(1800), tip: money(100), cashback: money(500) },
  });
  assert.deepEqual([both.amountTotal, both.amountGratuity, both.amountCashback], [1800, 100, 500]);

  const cashback = approved({
    amounts: { currency: 'GBP', base: 1200, gratuity: null, cashback: 500, total: 1700 },
  });
  assert.equal(cashback.message, 'Approved: £17.00 (cashback £5.00 — hand it over).');
  assert.deepEqual(cashback.words, {
    key: 'payment.message.approvedCashback',
    params: { total: money(1700), tip: money(0), cashback: money(500) },
  });
  assert.deepEqual([cashback.amountGratuity, cashback.amountCashback], [null, 500]);
});

test('an approval for exactly what was asked says only the total', () => {
  const view = approved({
    amounts: { currency: 'GBP', base: 1200, gratuity: 0, cashback: null, total: 1200 },
  });
  assert.equal(view.message, 'Approved: £12.00.');
  assert.deepEqual(view.words, {
    key: 'payment.message.approved',
    params: { total: money(1200), tip: money(0), cashback: money(0) },
  });
});

test('a card refund that went through says refunded, not approved', () => {
  const view = approved({
    type: 'REFUND',
    amount: 500,
    amounts: { currency: 'GBP', base: 500, gratuity: null, cashback: null, total: 500 },
  });
  assert.equal(view.type, 'REFUND');
  assert.equal(view.message, 'Refunded: £5.00.');
  assert.deepEqual(view.words, {
    key: 'payment.message.refunded',
    params: { total: money(500), tip: money(0), cashback: money(0) },
  });
  assert.equal(view.canCancel, false);
});
