// The checkout's refusals and money rules as staff meet them, through the whole till with the
// sandbox card machine over real HTTP: the exact code, English words and catalogue key of each
// refusal (amounts over what is due, another currency, nothing due, a closed sale, a card still
// running, money that keeps a sale from being abandoned, refunds that cannot be given), and what
// a tender leaves on the sale and on the printer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basketEndingIn, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import type { PaymentView, Product, SaleView } from '../../../shared/contract';

const GBP_TERMINAL = '22900001';
const EUR_TERMINAL = '22900002';

let t: TestTill;
let products: Product[];

before(async () => {
  // Refunds need a supervisor or manager: a manager (Morgan) serves throughout.
  ({ t, products } = await startStaffedTill());
});
after(() => t.close());

/** Pounds as the English words write them, worked out here from the minor units. */
const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

const finished = (paymentId: string): Promise<PaymentView> =>
  t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === paymentId && ['finished', 'unknown', 'failed_to_start'].includes(p.state),
  );

const startRequests = async () => (await t.till.sandbox()).payAtCounter.stats().startRequests;

const openSale = (productIndex = 2, quantity = 1) =>
  t.call('sales.open', { lines: [{ productId: products[productIndex]!.id, quantity }] });

/** A sale paid in full by an approved card (a total ending in 20). */
async function paidByCard(): Promise<{ sale: SaleView; paymentId: string }> {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  assert.equal((await finished(card.paymentId)).successful, true);
  return { sale, paymentId: card.paymentId };
}

const notRefundable = {
  code: 'invalid_input',
  message: 'Only a successful card sale can be refunded.',
  words: { key: 'cardRefund.notSuccessful' },
};

test('a card amount over what is due is refused with what is due, in words', async () => {
  const sale = await openSale(2, 3);
  const refused = await t.failure('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total + 1,
  });
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: `Only ${pounds(sale.total)} is due; the card amount cannot be more.`,
    words: { key: 'sale.cardOverDue', params: { due: { minor: sale.total, currency: 'GBP' } } },
  });
});

test('a card machine in another currency is refused, naming both currencies', async () => {
  const sale = await openSale();
  const starts = await startRequests();
  const refused = await t.failure('sales.payCard', {
    saleId: sale.saleId,
    terminalId: EUR_TERMINAL,
    amount: sale.total,
  });
  assert.deepEqual(refused, {
    code: 'rejected',
    message: 'That card machine takes EUR; this sale is in GBP.',
    words: { key: 'sale.otherCurrency', params: { terminal: 'EUR', sale: 'GBP' } },
  });
  assert.equal(await startRequests(), starts, 'nothing was sent to the card machine');
});

test('a card payment and its tender carry the person who took it', async () => {
  const { sale, paymentId } = await paidByCard();
  const payment = await t.call('payments.get', { paymentId });
  assert.equal(payment.staff?.name, 'Morgan');
  const done = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(done.state, 'completed');
  assert.equal(done.tenders[0]!.by?.name, 'Morgan');
});

test('a manual card amount over what is due is refused in words and nothing is taken', async () => {
  const sale = await openSale();
  const refused = await t.failure('sales.recordManualCard', {
    saleId: sale.saleId,
    amount: sale.total + 1,
    reference: 'AUTH 1',
  });
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: 'The card amount cannot be more than is due.',
    words: { key: 'sale.manualCardOverDue' },
  });
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).paid, 0);
});

test('a completed sale takes no more money: refused as already completed', async () => {
  const sale = await openSale();
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total + 250 });
  assert.equal(done.change, 250);
  const refused = await t.failure('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  assert.deepEqual(refused, {
    code: 'conflict',
    message: 'This sale is already completed.',
    words: { key: 'sale.already.completed' },
  });
  const after = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(after.paid, sale.total);
  assert.equal(after.tenders.length, 1);
});

test('part paid in cash: the sale stays open and no receipt prints until it is paid', async () => {
  const sale = await openSale(2, 2);
  const part = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  assert.equal(part.state, 'open');
  assert.equal(part.due, sale.total - 100);
  assert.equal(part.change, 0);
  const receipts = async () =>
    (await t.call('printing.preview', { limit: 100 })).filter((r) => r.receiptId === `${sale.saleId}:sale`);
  assert.equal((await receipts()).length, 0, 'no sale receipt for a sale not yet paid');
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  assert.equal(done.state, 'completed');
  assert.equal(done.change, 100);
  assert.equal((await receipts()).length, 1);
});

test('a sale given away in full is paid the moment it opens: one receipt, no card machine, nothing to take', async () => {
  const starts = await startRequests();
  const sale = await t.call('sales.open', {
    lines: [{ productId: products[2]!.id, quantity: 2 }],
    discount: { kind: 'percent', basisPoints: 10000 },
  });
  assert.deepEqual([sale.state, sale.total, sale.paid, sale.due], ['completed', 0, 0, 0]);
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).state, 'completed');
  const receipts = (await t.call('printing.preview', { limit: 100 })).filter(
    (r) => r.receiptId === `${sale.saleId}:sale`,
  );
  assert.equal(receipts.length, 1, 'its receipt prints once');
  assert.equal(await startRequests(), starts, 'no card payment was started');
  assert.equal(
    (await t.failure('sales.payCash', { saleId: sale.saleId, amountGiven: 100 })).code,
    'conflict',
  );
});

test('abandoning a sale with cash on it is refused in the cash words', async () => {
  const sale = await openSale(2, 2);
  await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  assert.deepEqual(await t.failure('sales.abandon', { saleId: sale.saleId }), {
    code: 'conflict',
    message:
      'Cash was taken on this sale, and the till cannot record giving cash back yet, so the sale cannot be abandoned: take the rest and complete it.',
    words: { key: 'sale.keep.cash' },
  });
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).state, 'open');
});

test('abandoning a sale with a hand-keyed card part is refused in the manual card words', async () => {
  const sale = await openSale(2, 2);
  await t.call('sales.recordManualCard', { saleId: sale.saleId, amount: 100, reference: 'AUTH 2' });
  assert.deepEqual(await t.failure('sales.abandon', { saleId: sale.saleId }), {
    code: 'conflict',
    message:
      'A card payment keyed in by hand is on this sale, and the till cannot refund it, so the sale cannot be abandoned: take the rest and complete it.',
    words: { key: 'sale.keep.manualCard' },
  });
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).state, 'open');
});

test('abandoning a sale with an approved card part is refused in the card words', async () => {
  const sale = await openSale(3, 3);
  const card = await t.call('sales.payCard', { saleId: sale.saleId, terminalId: GBP_TERMINAL, amount: 120 });
  assert.equal((await finished(card.paymentId)).successful, true);
  assert.deepEqual(await t.failure('sales.abandon', { saleId: sale.saleId }), {
    code: 'conflict',
    message: 'Money has been taken on this sale: refund it instead of abandoning it.',
    words: { key: 'sale.keep.card' },
  });
});

test('an abandoned sale is announced to the screens, and then refuses money as already abandoned', async () => {
  const sale = await openSale();
  const told = t.waitForEvent(
    'sales.updated',
    (s) => s.saleId === sale.saleId && s.state === 'abandoned',
    5_000,
  );
  const abandoned = await t.call('sales.abandon', { saleId: sale.saleId });
  assert.equal(abandoned.state, 'abandoned');
  assert.equal((await told).paid, 0);
  assert.deepEqual(await t.failure('sales.payCash', { saleId: sale.saleId, amountGiven: 100 }), {
    code: 'conflict',
    message: 'This sale is already abandoned.',
    words: { key: 'sale.already.abandoned' },
  });
});

test('while a card payment runs, other tenders are refused in the card-running words', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 7) }); // slow card
  await t.time!.hold();
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  assert.deepEqual(await t.failure('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total }), {
    code: 'conflict',
    message: 'A card payment for this sale is still running: wait for it, or resolve it, first.',
    words: { key: 'sale.cardRunning' },
  });
  t.time!.resume();
  await t.call('payments.cancel', { paymentId: card.paymentId });
  assert.equal((await finished(card.paymentId)).successful, false);
});

test('a card payment the till does not hold is not found, in words', async () => {
  assert.deepEqual(await t.failure('payments.get', { paymentId: 'no-such-payment' }), {
    code: 'not_found',
    message: 'That card payment does not exist.',
    words: { key: 'payment.notFound' },
  });
});

test('only a successful card sale can be refunded: not a decline, not a refund, not an unknown payment', async () => {
  const declinedSale = await t.call('sales.open', { lines: basketEndingIn(products, 2) });
  const declined = await t.call('sales.payCard', {
    saleId: declinedSale.saleId,
    terminalId: GBP_TERMINAL,
    amount: declinedSale.total,
  });
  assert.equal((await finished(declined.paymentId)).successful, false);
  const { paymentId } = await paidByCard();
  const refund = await t.call('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: 100,
    originalPaymentId: paymentId,
  });
  assert.equal((await finished(refund.paymentId)).successful, true);
  const starts = await startRequests();
  for (const originalPaymentId of [declined.paymentId, refund.paymentId, 'no-such-payment']) {
    const refused = await t.failure('payments.refund', {
      terminalId: GBP_TERMINAL,
      amount: 50,
      originalPaymentId,
    });
    assert.deepEqual(refused, notRefundable, originalPaymentId);
  }
  assert.equal(await startRequests(), starts, 'no refund was sent to the card machine');
});

test('a refund is linked to its sale, carries who gave it, and the sale shows what was given back', async () => {
  const { sale, paymentId } = await paidByCard();
  const told = t.waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.refunded === 100, 5_000);
  const refund = await t.call('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: 100,
    originalPaymentId: paymentId,
  });
  assert.equal(refund.saleId, sale.saleId);
  assert.equal(refund.staff?.name, 'Morgan');
  const done = await finished(refund.paymentId);
  assert.equal(done.successful, true);
  assert.equal(done.amount, 100);
  assert.equal((await told).state, 'completed');
});

test('a refund with no original payment is started on its own, linked to no sale', async () => {
  const refund = await t.call('payments.refund', { terminalId: GBP_TERMINAL, amount: 320 });
  assert.equal(refund.saleId, null);
  assert.equal(refund.currency, 'GBP');
  const done = await finished(refund.paymentId);
  assert.equal(done.type, 'REFUND');
  assert.equal(done.successful, true);
  assert.equal(done.amount, 320);
});

test('a refund over what is left is refused in the sale’s currency, even on another currency’s machine', async () => {
  const { sale, paymentId } = await paidByCard();
  const refused = await t.failure('payments.refund', {
    terminalId: EUR_TERMINAL,
    amount: sale.total + 1,
    originalPaymentId: paymentId,
  });
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: `At most ${pounds(sale.total)} can still be refunded on that payment.`,
    words: { key: 'cardRefund.atMost', params: { left: { minor: sale.total, currency: 'GBP' } } },
  });
});

test('a refund on a card machine in another currency is refused, naming both currencies', async () => {
  const { paymentId } = await paidByCard();
  const starts = await startRequests();
  const refused = await t.failure('payments.refund', {
    terminalId: EUR_TERMINAL,
    amount: 100,
    originalPaymentId: paymentId,
  });
  assert.deepEqual(refused, {
    code: 'rejected',
    message: 'That card machine takes EUR; the sale was in GBP.',
    words: { key: 'cardRefund.otherCurrency', params: { terminal: 'EUR', sale: 'GBP' } },
  });
  assert.equal(await startRequests(), starts);
});

test('two refunds of one payment at the same moment: the second is refused while the first starts', async () => {
  const { sale, paymentId } = await paidByCard();
  const replies = await Promise.all(
    [1, 2].map(() =>
      t.till.dispatch('payments.refund', {
        terminalId: GBP_TERMINAL,
        amount: sale.total,
        originalPaymentId: paymentId,
      }),
    ),
  );
  const refused = replies.find((r) => !r.ok);
  assert.deepEqual(refused && !refused.ok && refused.error, {
    code: 'conflict',
    message: 'A card payment for this is already being started: wait for it.',
    words: { key: 'sale.cardStarting' },
  });
  const started = replies.find((r) => r.ok);
  assert.ok(started?.ok);
  assert.equal((await finished((started.value as PaymentView).paymentId)).successful, true);
});

test('a sale priced at nothing by a price change opens paid, and cash on it is refused as on any closed sale', async () => {
  const free = { unitPrice: 0, reason: 'Free sample' };
  const sale = await t.call('sales.open', {
    lines: [{ productId: products[0]!.id, quantity: 1, priceOverride: free }],
  });
  assert.deepEqual([sale.state, sale.due], ['completed', 0]);
  assert.deepEqual(await t.failure('sales.payCash', { saleId: sale.saleId, amountGiven: 100 }), {
    code: 'conflict',
    message: 'This sale is already completed.',
    words: { key: 'sale.already.completed' },
  });
  assert.deepEqual((await t.call('sales.get', { saleId: sale.saleId })).tenders, []);
});
