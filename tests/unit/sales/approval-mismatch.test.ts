// A card machine that approves something other than what the till asked for, through the whole
// till: the sandbox card service's answer lies (switched on over HTTP at /sandbox/control), the
// sale is not paid, stays due in full, prints nothing that says paid, and waits for a manager,
// whose PIN-guarded decision books only what the till asked for.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ApprovalLie } from '../../../electron/sandbox/pay-at-counter/controls';
import type { PaymentView, Product, SaleView } from '../../../shared/contract';
import { TEST_STAFF, type TestStaff } from '../../support/staff';
import { type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';

const TERMINAL = '22900001';
/** The manager's own PIN, given at the counter for one action. */
const PIN = TEST_STAFF.manager.pin;
/** £1.33: the sandbox plays chip and PIN and approves it (before its answer lies). */
const ASKED = 133;

let t: TestTill;
let products: Product[];
let staff: TestStaff;

before(async () => {
  ({ t, staff, products } = await startStaffedTill({ signIn: 'cashier' }));
});
after(() => t.close());

/** Switches the lie on for the next transaction, over HTTP, as any test client could. */
async function lieAboutNextTransaction(lie: ApprovalLie): Promise<void> {
  const { payAtCounter } = await t.till.sandbox();
  const answer = await fetch(`${payAtCounter.baseUrl}/sandbox/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lieAboutNextTransaction: lie }),
  });
  assert.equal(answer.status, 200);
}

/** An open sale of more than £1.33, so £1.33 can be taken by card and the rest stays due. */
async function openSale(): Promise<SaleView> {
  const product = products.find((p) => p.price >= ASKED)!;
  return t.call('sales.open', { lines: [{ productId: product.id, quantity: 2 }] });
}

const settledAs = (paymentId: string, state: PaymentView['state']) =>
  t.waitForEvent('payments.updated', (p) => p.paymentId === paymentId && p.state === state);

async function payByCard(sale: SaleView, lie: ApprovalLie): Promise<PaymentView> {
  await lieAboutNextTransaction(lie);
  const started = await t.call('sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: ASKED });
  return settledAs(started.paymentId, 'needs_manager');
}

async function assertNothingPaid(sale: SaleView): Promise<void> {
  const now = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(now.state, 'open');
  assert.equal(now.paid, 0);
  assert.equal(now.due, sale.total, 'the sale is still due in full');
  assert.deepEqual(now.tenders, []);
}

test('£133.00 approved when £1.33 was asked: not paid, both figures shown, a manager decides', async () => {
  const sale = await openSale();
  const payment = await payByCard(sale, { amount_base: 13_300, amount_total: 13_300 });
  assert.equal(payment.successful, false);
  assert.equal(
    payment.message,
    'The card machine approved £133.00, but the till asked for £1.33. Ask a manager before giving goods or trying again.',
  );
  assert.equal(payment.mismatch?.asked.amount, ASKED);
  assert.equal(payment.mismatch?.answered.base, 13_300);
  await assertNothingPaid(sale);

  // Nothing else happens on the sale until a manager has decided.
  for (const [method, input] of [
    ['sales.payCash', { saleId: sale.saleId, amountGiven: sale.total }],
    ['sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: ASKED }],
    ['sales.abandon', { saleId: sale.saleId }],
    ['payments.resolveUnknown', { paymentId: payment.paymentId, outcome: 'paid' }],
  ] as const) {
    assert.equal((await t.failure(method, input)).code, 'conflict', method);
  }
  await assertNothingPaid(sale);

  const decision = {
    paymentId: payment.paymentId,
    outcome: 'paid',
    note: '£131.67 refunded on the machine',
  } as const;
  assert.equal((await t.failure('payments.resolveMismatch', decision)).code, 'not_allowed');
  await assertNothingPaid(sale);
  assert.equal((await t.call('manager.unlock', { pin: PIN, action: 'override' })).ok, true);
  const settled = await t.call('payments.resolveMismatch', decision);
  assert.equal(settled.state, 'finished');
  assert.equal(settled.successful, true);
  assert.match(settled.message, /manager recorded it as paid.*£131\.67 refunded on the machine/);

  // The manager's decision books what the till asked for, never the card machine's figure.
  const part = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(part.paid, ASKED);
  assert.equal(part.due, sale.total - ASKED);
  assert.equal(part.tenders[0]?.reference, 'settled by a manager');

  // The rest in cash completes it; its receipt shows £1.33 by card, and the card machine's slip
  // (which says approved for £133.00) was never printed.
  const receiptQueued = t.waitForEvent('printing.changed', (e) => e.job?.receiptId === `${sale.saleId}:sale`);
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: part.due });
  assert.equal(done.state, 'completed');
  await receiptQueued;
  const preview = await t.call('printing.preview', { limit: 100 });
  assert.ok(!preview.some((r) => r.receiptId === `${payment.paymentId}:customer`), 'no slip saying approved');
  const text = preview
    .find((r) => r.receiptId === `${sale.saleId}:sale`)!
    .lines.map((l) => l.value)
    .join('\n');
  assert.match(text, /1\.33/);
  assert.doesNotMatch(text, /133\.00/);
});

test('a result the spec does not list is not paid and shows the raw result', async () => {
  const sale = await openSale();
  const payment = await payByCard(sale, { transaction_result: 'APPROVED_OFFLINE' });
  assert.equal(payment.successful, false);
  assert.equal(payment.result, 'APPROVED_OFFLINE');
  assert.match(payment.message, /“APPROVED_OFFLINE”, a result the till does not know/);
  assert.match(payment.message, /Ask a manager/);
  await assertNothingPaid(sale);
  await t.call('manager.unlock', { pin: PIN, action: 'override' });
  const settled = await t.call('payments.resolveMismatch', {
    paymentId: payment.paymentId,
    outcome: 'not_paid',
    note: 'machine shows no such sale',
  });
  assert.equal(settled.successful, false);
  await assertNothingPaid(sale);
  const abandoned = await t.call('sales.abandon', { saleId: sale.saleId });
  assert.equal(abandoned.state, 'abandoned', 'once decided as not paid, the sale may be abandoned');
});

test('a refund approved for more than asked is not paid, and counts against what is left until decided', async () => {
  const sale = await openSale();
  const started = await t.call('sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: ASKED });
  const original = await settledAs(started.paymentId, 'finished');
  assert.equal(original.successful, true);

  // A supervisor serves: refunds and settling them are theirs to do without asking.
  await staff.signIn('supervisor');
  await lieAboutNextTransaction({ amount_base: 200, amount_total: 200 });
  const asked = await t.call('payments.refund', {
    terminalId: TERMINAL,
    amount: 100,
    originalPaymentId: original.paymentId,
  });
  const refund = await settledAs(asked.paymentId, 'needs_manager');
  assert.equal(refund.successful, false);
  assert.equal(
    refund.message,
    'The card machine refunded £2.00, but the till asked for £1.00. Only £1.33 was left to refund on the original payment. Ask a manager before trying again.',
  );
  // The undecided refund may have moved money: at most £0.33 more may be refunded.
  const tooMuch = await t.failure('payments.refund', {
    terminalId: TERMINAL,
    amount: 34,
    originalPaymentId: original.paymentId,
  });
  assert.equal(tooMuch.code, 'invalid_input');
  assert.match(tooMuch.message, /At most £0\.33 can still be refunded/, 'the amount in money, not in pence');
  await t.call('payments.resolveMismatch', {
    paymentId: refund.paymentId,
    outcome: 'not_paid',
    note: 'no refund on the machine',
  });
  const again = await t.failure('payments.refund', {
    terminalId: TERMINAL,
    amount: ASKED + 1,
    originalPaymentId: original.paymentId,
  });
  assert.match(
    again.message,
    /At most £1\.33 can still be refunded/,
    'decided as not paid, the whole £1.33 is refundable again',
  );
});
