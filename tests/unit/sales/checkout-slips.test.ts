// The checkout's card slips and card outcomes that need the cashier: a reprint of the card
// machine's last receipt (and none when it has nothing to reprint), a cancel the machine refuses
// once the customer is signing, and a card payment whose answer was lost, settled by the cashier
// after checking the machine. Through the whole till with the sandbox card machine over real HTTP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basketEndingIn, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import type { PaymentView, Product } from '../../../shared/contract';

const GBP_TERMINAL = '22900001';
const EUR_TERMINAL = '22900002';

let t: TestTill;
let products: Product[];

before(async () => {
  ({ t, products } = await startStaffedTill());
});
after(() => t.close());

const finished = (paymentId: string): Promise<PaymentView> =>
  t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === paymentId && ['finished', 'unknown', 'failed_to_start'].includes(p.state),
  );

/** What the printer was sent for one payment: receipt ids after the payment id, and their text. */
async function slipsOf(paymentId: string): Promise<Array<{ what: string; text: string }>> {
  const preview = await t.call('printing.preview', { limit: 100 });
  return preview
    .filter((r) => r.receiptId.startsWith(`${paymentId}:`))
    .map((r) => ({
      what: r.receiptId.slice(paymentId.length + 1),
      text: r.lines.map((l) => ('value' in l ? String(l.value) : '')).join('\n'),
    }));
}

const newestDuplicate = async () => {
  const recent = await t.call('payments.recent', { limit: 20 });
  const duplicate = recent.find((p) => p.type === 'DUPLICATE');
  assert.ok(duplicate, 'the reprint was journaled');
  return duplicate;
};

test('a card machine with nothing to reprint prints no duplicate slip', async () => {
  // Nothing has been taken on the EUR machine yet.
  assert.deepEqual(await t.call('payments.duplicate', { terminalId: EUR_TERMINAL }), { ok: true });
  const duplicate = await newestDuplicate();
  assert.equal(duplicate.terminalId, EUR_TERMINAL);
  assert.deepEqual(await slipsOf(duplicate.paymentId), []);
});

test('a reprint prints the customer copy of the last card payment once, as a duplicate', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  assert.equal((await finished(card.paymentId)).successful, true);
  await t.call('payments.duplicate', { terminalId: GBP_TERMINAL });
  const duplicate = await newestDuplicate();
  assert.equal(duplicate.terminalId, GBP_TERMINAL);
  const slips = await slipsOf(duplicate.paymentId);
  assert.deepEqual(
    slips.map((s) => s.what),
    ['duplicate'],
    'one slip, the reprint: not a second customer copy',
  );
  assert.match(slips[0]!.text, /CUSTOMER COPY/);
  assert.doesNotMatch(slips[0]!.text, /MERCHANT COPY/);
  assert.match(slips[0]!.text, new RegExp(`£${(sale.total / 100).toFixed(2)}`));
});

test('while the customer signs, the card machine refuses a cancel and the payment says so', async () => {
  const plain = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const approved = await t.call('sales.payCard', {
    saleId: plain.saleId,
    terminalId: GBP_TERMINAL,
    amount: plain.total,
  });
  const approvedDone = await finished(approved.paymentId);
  assert.equal(approvedDone.cancelRefused, false, 'a payment nobody tried to cancel shows no refusal');

  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 4) }); // signature
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.state === 'signature');
  const told = t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.cancelRefused);
  const afterCancel = await t.call('payments.cancel', { paymentId: card.paymentId });
  assert.equal(afterCancel.cancelRefused, true);
  assert.equal((await told).state, 'signature');
  assert.equal((await t.call('payments.get', { paymentId: card.paymentId })).cancelRefused, true);
  await t.call('payments.answerSignature', { paymentId: card.paymentId, accepted: true });
  const done = await finished(card.paymentId);
  assert.equal(done.successful, true);
  assert.equal(done.cancelRefused, true, 'the refusal stays on the payment');
  const paid = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(paid.state, 'completed');
  assert.equal(paid.paid, sale.total);
});

test('a card payment whose answer was lost, seen approved by the cashier, pays the sale with a note and no slip', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  (await t.till.sandbox()).payAtCounter.control({ dropNextStartResponse: true });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  assert.equal((await finished(card.paymentId)).state, 'unknown');
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).paid, 0, 'not paid until someone checks');

  const completed = t.waitForEvent(
    'sales.updated',
    (s) => s.saleId === sale.saleId && s.state === 'completed',
  );
  const resolved = await t.call('payments.resolveUnknown', { paymentId: card.paymentId, outcome: 'paid' });
  assert.equal(resolved.state, 'finished');
  assert.equal(resolved.message, 'Recorded as paid after checking the card machine.');
  const paid = await completed;
  assert.equal(paid.paid, sale.total);
  assert.equal(paid.due, 0);
  assert.equal(paid.tenders.length, 1);
  assert.equal(paid.tenders[0]!.kind, 'card');
  assert.equal(paid.tenders[0]!.amount, sale.total);
  assert.equal(paid.tenders[0]!.reference, 'checked on the card machine');
  assert.equal(paid.tenders[0]!.needsReconciliation, true);
  // The card machine's answer never arrived, so the till has no customer copy to print.
  assert.deepEqual(
    (await slipsOf(card.paymentId)).map((s) => s.what),
    [],
  );
  const receipts = await t.call('printing.preview', { limit: 100 });
  assert.equal(
    receipts.filter((r) => r.receiptId === `${sale.saleId}:sale`).length,
    1,
    'the sale receipt prints',
  );
});
