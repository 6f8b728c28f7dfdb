// The Sell screen's store when the card machine's approval did not match what the till asked:
// the payment waits for a manager, whose PIN lets the decision (with its note) through, and
// the two figures the cashier reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApprovalMismatchView } from '../../../shared/contract';
import { MISMATCH_NEEDS_MANAGER } from '../../../renderer/src/state/card-payment';
import { mismatchFigures } from '../../../renderer/src/state/payment-views';
import { createSaleStore } from '../../../renderer/src/state/sale';
import { ManualClock } from '../../support/manual-clock';
import { CATALOGUE, FakeTill, notAllowed, paymentView, saleView } from './fake-till';

const LIED_AMOUNT: ApprovalMismatchView = {
  reason: 'amount',
  asked: { type: 'SALE', amount: 133, currency: 'GBP', refundableLeft: null },
  answered: {
    type: 'SALE',
    result: 'SUCCESSFUL',
    currency: 'GBP',
    base: 13_300,
    cashback: 0,
    gratuity: 0,
    total: 13_300,
  },
};

test('the two figures are worded for the cashier', () => {
  assert.deepEqual(mismatchFigures(LIED_AMOUNT), {
    asked: 'Sale £1.33',
    answered: 'SUCCESSFUL: Sale £133.00',
  });
  const otherCurrency = mismatchFigures({
    ...LIED_AMOUNT,
    reason: 'currency',
    answered: { ...LIED_AMOUNT.answered, currency: 'EUR', base: 133, total: 500, type: 'REFUND' },
  });
  assert.equal(otherCurrency.answered, 'SUCCESSFUL: Refund €1.33 (total €5.00)');
});

test('settling a mismatch waits for the manager PIN, then sends the same decision and note', async () => {
  const fake = new FakeTill().answer('catalogue.get', () => CATALOGUE);
  const store = createSaleStore(fake, new ManualClock());
  await store.getState().loadCatalogue();
  const waiting = paymentView({
    paymentId: 'pay-7',
    amount: 133,
    state: 'needs_manager',
    result: 'SUCCESSFUL',
    mismatch: LIED_AMOUNT,
  });
  let unlocked = false;
  fake
    .answer('payments.resolveMismatch', () => {
      if (!unlocked) throw notAllowed();
      return { ...waiting, state: 'finished', successful: true, updatedAt: '2026-11-23T09:01:00.000Z' };
    })
    .answer('manager.unlock', () => {
      unlocked = true;
      return { ok: true, unlockedUntil: '2026-11-23T09:05:00.000Z' };
    })
    .answer('sales.get', () => saleView({ paid: 133, due: 802 }));
  store.setState({ sale: saleView(), payment: waiting, phase: 'payment' });

  await store.getState().resolveMismatch('paid', 'refunded £131.67 on the machine');
  assert.equal(store.getState().managerNeeded, MISMATCH_NEEDS_MANAGER);
  assert.equal(store.getState().payment?.state, 'needs_manager', 'nothing settled without the PIN');

  await store.getState().unlockManager('2468');
  const decision = { paymentId: 'pay-7', outcome: 'paid', note: 'refunded £131.67 on the machine' };
  assert.deepEqual(fake.callsOf('payments.resolveMismatch'), [decision, decision]);
  assert.equal(store.getState().managerNeeded, null);
  assert.equal(store.getState().payment?.state, 'finished');
  assert.equal(store.getState().sale?.due, 802, 'the sale as the services now see it');
});
