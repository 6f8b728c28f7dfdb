// Every approval is checked against what the till asked for. The sandbox card machine runs its
// script honestly over real HTTP, but its finished record lies (the control switch
// lieAboutNextTransaction): another amount, another currency, a negative amount, another type,
// a total that does not add up, a result the spec does not list. None of them is paid; the
// journal keeps the raw answer; a manager's decision is journaled with its note.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ApprovalLie } from '../../../electron/sandbox/pay-at-counter/controls';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import { amountFor, harness, rejectsWith, type Harness } from './runner-harness';
import { gbpSale, openPaymentsDatabase, settledWithin } from './support';

let h: Harness;
before(async () => {
  h = await harness();
});
after(() => h.cleanup());

/** £1.33: the sandbox plays chip and PIN and approves it (before it lies). */
const ASKED = 133;

/** Takes a £1.33 sale whose finished record carries `lie`, and waits for it to settle. */
async function saleAnsweredWith(saleId: string, lie: ApprovalLie) {
  h.sandbox.control({ lieAboutNextTransaction: lie });
  const started = await h.service.startSale(gbpSale(saleId, ASKED));
  return settledWithin(h.service, started.id);
}

const LIES: Array<{ name: string; lie: ApprovalLie; reason: string; answered: Record<string, unknown> }> = [
  {
    name: 'an approval for £133.00 when £1.33 was asked',
    lie: { amount_base: 13_300, amount_total: 13_300 },
    reason: 'amount',
    answered: { base: 13_300, total: 13_300, currency: 'GBP', type: 'SALE' },
  },
  {
    name: 'an approval in another currency',
    lie: { currency: 'EUR' },
    reason: 'currency',
    answered: { base: ASKED, currency: 'EUR' },
  },
  {
    name: 'an approval for a negative amount',
    lie: { amount_base: -ASKED, amount_total: -ASKED },
    reason: 'negative_amount',
    answered: { base: -ASKED, total: -ASKED },
  },
  {
    name: 'a refund approved when a sale was asked',
    lie: { transaction_type: 'REFUND' },
    reason: 'type',
    answered: { type: 'REFUND', base: ASKED },
  },
  {
    name: 'a total that is not base + cashback + gratuity',
    lie: { amount_total: 500 },
    reason: 'total',
    answered: { base: ASKED, total: 500 },
  },
  {
    name: 'a negative gratuity that makes the total add up',
    lie: { amount_gratuity: -33, amount_total: 100 },
    reason: 'negative_amount',
    answered: { gratuity: -33, total: 100 },
  },
  {
    name: 'a result the spec does not list',
    lie: { transaction_result: 'APPROVED_OFFLINE' },
    reason: 'undocumented_result',
    answered: { result: 'APPROVED_OFFLINE', base: ASKED },
  },
];

for (const [i, { name, lie, reason, answered }] of LIES.entries()) {
  test(`not paid: ${name}`, async () => {
    const finished = h.waitForEvent('finished', (e) => e.saleId === `lie-${i}`);
    const view = await saleAnsweredWith(`lie-${i}`, lie);
    assert.equal(view.state, 'needs_manager');
    assert.equal(view.successful, false, 'never booked as paid');
    assert.equal((await finished).successful, false, 'listeners are not told it was paid');
    assert.equal(view.mismatch?.reason, reason);
    assert.deepEqual(view.mismatch?.asked, {
      type: 'SALE',
      amount: ASKED,
      currency: 'GBP',
      refundableLeft: null,
    });
    for (const [field, value] of Object.entries(answered)) {
      assert.equal(view.mismatch?.answered[field as keyof typeof view.mismatch.answered], value, field);
    }
    // The journal keeps the raw answer, as the card service sent it.
    const row = h.service.journal.get(view.id)!;
    assert.equal(row.state, 'needs_manager');
    assert.equal(row.record?.amountBase, lie.amount_base ?? ASKED);
    assert.equal(row.record?.result, lie.transaction_result ?? 'SUCCESSFUL');
    assert.ok(
      h.service.journal.unfinished().some((r) => r.id === view.id),
      'still owed a decision',
    );
    // Only a manager settles it: the cashier's unknown-outcome path does not.
    await rejectsWith(() => h.service.resolveUnknown(view.id, { outcome: 'paid', note: 'x' }), 'conflict');
  });
}

test('an approval that matches, with the gratuity and cashback keyed on the machine, is paid', async () => {
  for (const script of ['gratuity', 'cashback']) {
    const asked = amountFor(script, 3);
    const started = await h.service.startSale(gbpSale(`honest-${script}`, asked));
    const view = await settledWithin(h.service, started.id);
    assert.equal(view.state, 'finished', script);
    assert.equal(view.successful, true, script);
    assert.equal(view.mismatch, null, script);
    assert.equal(view.amounts?.base, asked, script);
    assert.ok(view.amounts!.total! > asked, `${script}: the total includes what the customer added`);
  }
});

test('a refund the machine approves beyond what is left on the original is not paid', async () => {
  const sale = await settledWithin(h.service, (await h.service.startSale(gbpSale('refunded', ASKED))).id);
  assert.equal(sale.successful, true);
  const refund = (amount: number) =>
    h.service.startRefund({
      originalPaymentId: sale.id,
      terminalId: sale.terminalId,
      amount,
      currency: 'GBP',
    });
  const first = await settledWithin(h.service, (await refund(100)).id);
  assert.equal(first.successful, true, '£1.00 of £1.33 may be refunded');
  // The machine honestly refunds £1.00 again, but only £0.33 was left: a path that skipped the
  // checkout's limit (or a second till) is still caught when the answer comes back.
  const second = await settledWithin(h.service, (await refund(100)).id);
  assert.equal(second.state, 'needs_manager');
  assert.equal(second.successful, false);
  assert.equal(second.mismatch?.reason, 'over_refundable');
  assert.equal(second.mismatch?.asked.refundableLeft, 33);
  assert.equal(second.mismatch?.answered.base, 100);
  // Undecided, it may have moved money: nothing more may be refunded until a manager decides.
  assert.equal(h.service.journal.refundableLeftOn(sale.id), -67);
  h.service.resolveMismatch(second.id, { outcome: 'not_paid', note: 'machine shows one refund only' });
  assert.equal(h.service.journal.refundableLeftOn(sale.id), 33);
});

test('a refund approved for more than was asked is not paid', async () => {
  const sale = await settledWithin(h.service, (await h.service.startSale(gbpSale('refund-lie', ASKED))).id);
  h.sandbox.control({ lieAboutNextTransaction: { amount_base: 200, amount_total: 200 } });
  const refund = await h.service.startRefund({
    originalPaymentId: sale.id,
    terminalId: sale.terminalId,
    amount: 100,
    currency: 'GBP',
  });
  const view = await settledWithin(h.service, refund.id);
  assert.equal(view.state, 'needs_manager');
  assert.equal(view.successful, false);
  assert.deepEqual(
    {
      reason: view.mismatch?.reason,
      asked: view.mismatch?.asked.amount,
      answered: view.mismatch?.answered.base,
    },
    { reason: 'amount', asked: 100, answered: 200 },
  );
});

test('a manager’s decision is journaled with its note, once, and survives a restart without reads', async () => {
  const paidLater = await saleAnsweredWith('settled-paid', { amount_base: 13_300, amount_total: 13_300 });
  const notPaid = await saleAnsweredWith('settled-not-paid', { currency: 'EUR' });
  await rejectsWith(
    () => h.service.resolveMismatch(paidLater.id, { outcome: 'paid', note: '  ' }),
    'invalid_input',
  );

  // A restart finds both waiting, leaves the card machine free and reads nothing more of them.
  const reads = () =>
    [paidLater, notPaid].map((p) => h.sandbox.stats().transactionReads[p.transactionId!]?.length ?? 0);
  const readsBefore = reads();
  const restarted = h.newService();
  const resumed = await restarted.resumeAll();
  assert.deepEqual(
    resumed.filter((r) => [paidLater.id, notPaid.id].includes(r.paymentId)).map((r) => r.state),
    ['needs_manager', 'needs_manager'],
  );
  const next = await restarted.startSale(gbpSale('after-restart'));
  assert.equal((await settledWithin(restarted, next.id)).successful, true, 'the card machine is free');
  assert.deepEqual(reads(), readsBefore, 'a finished transaction is not read again');

  const resolved = restarted.resolveMismatch(paidLater.id, {
    outcome: 'paid',
    note: 'customer charged £133.00; £131.67 refunded on the machine',
  });
  assert.equal(resolved.successful, true);
  assert.equal(
    restarted.resolveMismatch(notPaid.id, { outcome: 'not_paid', note: 'void on the machine' }).successful,
    false,
  );
  await rejectsWith(
    () => restarted.resolveMismatch(paidLater.id, { outcome: 'not_paid', note: 'again' }),
    'conflict',
  );

  const db = openPaymentsDatabase(h.dbFile);
  try {
    const journal = new PaymentJournal(db);
    const row = journal.get(paidLater.id)!;
    assert.equal(row.resolution?.outcome, 'paid');
    assert.equal(row.resolution?.note, 'customer charged £133.00; £131.67 refunded on the machine');
    assert.equal(row.mismatch?.answered.base, 13_300, 'the mismatch stays beside the decision');
    assert.equal(journal.get(notPaid.id)?.resolution?.outcome, 'not_paid');
    assert.ok(!journal.unfinished().some((r) => r.id === paidLater.id || r.id === notPaid.id));
  } finally {
    db.close();
  }
});
