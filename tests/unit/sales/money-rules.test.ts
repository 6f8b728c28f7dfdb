// The checkout's money rules on a part-paid sale and on refunds, through the whole till with the
// sandbox card machine over real HTTP: what is still due (not the total) bounds cash, card and
// manual-card amounts; money taken forbids abandoning; refunds only against a card sale that
// succeeded, with refunds still running counted. Each test asserts the money itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basketEndingIn, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import type { PaymentView, Product, SaleView } from '../../../shared/contract';

const GBP_TERMINAL = '22900001';

let t: TestTill;
let products: Product[];

before(async () => {
  // Refunds need a supervisor or manager: a manager serves throughout.
  ({ t, products } = await startStaffedTill());
});
after(() => t.close());

const startRequests = async () => (await t.till.sandbox()).payAtCounter.stats().startRequests;

function finished(paymentId: string): Promise<PaymentView> {
  return t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === paymentId && ['finished', 'unknown', 'failed_to_start'].includes(p.state),
  );
}

/** A sale of a few pounds with part of it paid by an approved card (an amount ending in 20). */
async function partPaidByCard(): Promise<{ sale: SaleView; cardPart: number }> {
  const sale = await t.call('sales.open', { lines: [{ productId: products[3]!.id, quantity: 3 }] });
  const cardPart = Math.floor(sale.total / 2 / 100) * 100 + 20;
  assert.ok(cardPart > 0 && cardPart < sale.total - 1, 'the card pays a part, leaving more than a penny');
  const paid = t.waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.paid === cardPart);
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: cardPart,
  });
  assert.equal((await finished(card.paymentId)).successful, true);
  const midway = await paid;
  assert.equal(midway.due, sale.total - cardPart);
  return { sale: midway, cardPart };
}

test('cash after a part paid by card is applied against what is still due: the rest is change', async () => {
  const { sale, cardPart } = await partPaidByCard();
  const given = sale.due + 500;
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: given });
  assert.equal(done.state, 'completed');
  assert.equal(done.paid, sale.total, 'paid exactly the total, not more');
  assert.equal(done.change, 500);
  const cash = done.tenders.find((x) => x.kind === 'cash');
  assert.equal(cash?.amount, sale.total - cardPart);
  assert.equal(cash?.given, given);
});

test('on a split payment, neither a card amount nor a manually entered one may exceed what is still due', async () => {
  const { sale, cardPart } = await partPaidByCard();
  const starts = await startRequests();
  const card = await t.failure('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.due + 1,
  });
  assert.equal(card.code, 'invalid_input');
  assert.equal(await startRequests(), starts, 'nothing was sent to the card machine');
  const manual = await t.failure('sales.recordManualCard', {
    saleId: sale.saleId,
    amount: sale.due + 1,
    reference: 'AUTH 77',
  });
  assert.equal(manual.code, 'invalid_input');
  const after = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(after.paid, cardPart, 'the customer was not charged more');
  assert.equal(after.tenders.length, 1);

  const exact = await t.call('sales.recordManualCard', {
    saleId: sale.saleId,
    amount: sale.due,
    reference: 'AUTH 78',
  });
  assert.equal(exact.state, 'completed');
  assert.equal(exact.paid, sale.total);
});

test('a sale with an approved card payment cannot be abandoned: the money stays on the open sale', async () => {
  const { sale, cardPart } = await partPaidByCard();
  const refused = await t.failure('sales.abandon', { saleId: sale.saleId });
  assert.equal(refused.code, 'conflict');
  assert.match(refused.message, /refund/i);
  const after = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(after.state, 'open');
  assert.equal(after.paid, cardPart);
});

test('a sale with a penny still due is not completed', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: products[1]!.id, quantity: 1 }] });
  const nearly = await t.call('sales.recordManualCard', {
    saleId: sale.saleId,
    amount: sale.total - 1,
    reference: 'AUTH 9',
  });
  assert.equal(nearly.state, 'open');
  assert.equal(nearly.due, 1);
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 1 });
  assert.equal(done.state, 'completed');
  assert.equal(done.paid, sale.total);
});

test('a card payment that did not succeed cannot be refunded', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 2) }); // declined by the bank
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  assert.equal((await finished(card.paymentId)).successful, false);
  const starts = await startRequests();
  const refused = await t.failure('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: sale.total,
    originalPaymentId: card.paymentId,
  });
  assert.equal(refused.code, 'invalid_input');
  assert.equal(await startRequests(), starts, 'no refund was sent to the card machine');
});

/** A card sale of the whole basket, approved (a total ending in 20), on `till`. */
async function approvedCardSale(till: TestTill) {
  const sale = await till.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await till.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  const done = await till.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === card.paymentId && p.state === 'finished',
  );
  assert.equal(done.successful, true);
  return { total: sale.total, paymentId: card.paymentId };
}

test('a refund still running counts against what is left to refund, and so does a successful one', async () => {
  const { total, paymentId } = await approvedCardSale(t);
  const first = 150;
  // Time stands still while the first refund runs: it cannot finish behind the test's back.
  await t.time!.hold();
  const running = await t.call('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: first,
    originalPaymentId: paymentId,
  });
  assert.equal(running.state, 'in_progress');
  const tooMuch = await t.failure('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: total - first + 1,
    originalPaymentId: paymentId,
  });
  assert.equal(tooMuch.code, 'invalid_input', 'the running refund was counted');
  assert.equal((await t.call('payments.get', { paymentId: running.paymentId })).state, 'in_progress');
  t.time!.resume();
  const refunded = await t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === running.paymentId && p.state === 'finished',
  );
  assert.equal(refunded.successful, true);

  const overByOne = await t.failure('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: total - first + 1,
    originalPaymentId: paymentId,
  });
  assert.equal(overByOne.code, 'invalid_input');
  const rest = await t.call('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: total - first,
    originalPaymentId: paymentId,
  });
  const restDone = await t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === rest.paymentId && p.state === 'finished',
  );
  assert.equal(restDone.successful, true);
  assert.equal(restDone.amount, total - first, 'exactly what was left was refunded');
});

/** Refunds `amount` of a card payment and waits for the card machine to approve it. */
async function refunded(originalPaymentId: string, amount: number): Promise<PaymentView> {
  const refund = await t.call('payments.refund', { terminalId: GBP_TERMINAL, amount, originalPaymentId });
  const done = await finished(refund.paymentId);
  assert.equal(done.successful, true, 'the card machine approved the refund');
  return done;
}

const cardPaymentOf = (sale: SaleView) => sale.tenders.find((x) => x.kind === 'card')!.paymentId!;

test('a part-paid sale may be abandoned once its card part is refunded in full, not before', async () => {
  const { sale, cardPart } = await partPaidByCard();
  const told = t.waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.refunded === 100);
  await refunded(cardPaymentOf(sale), 100);
  assert.equal((await told).paid, cardPart, 'the Sell screen is told what was given back');
  const partly = await t.failure('sales.abandon', { saleId: sale.saleId });
  assert.equal(partly.code, 'conflict');
  assert.match(partly.message, /refund/i);
  const held = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(held.state, 'open');
  assert.equal(held.paid, cardPart);
  assert.equal(held.refunded, 100, 'only the refunded part shows as given back');

  await refunded(cardPaymentOf(sale), cardPart - 100);
  const abandoned = await t.call('sales.abandon', { saleId: sale.saleId });
  assert.equal(abandoned.state, 'abandoned');
  assert.equal(abandoned.paid, cardPart, 'what was taken stays on record');
  assert.equal(abandoned.refunded, cardPart, 'and all of it was given back');
});

test('a refund still running keeps the sale from being abandoned until it succeeds', async () => {
  const { sale, cardPart } = await partPaidByCard();
  await t.time!.hold();
  const running = await t.call('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: cardPart,
    originalPaymentId: cardPaymentOf(sale),
  });
  const refused = await t.failure('sales.abandon', { saleId: sale.saleId });
  assert.equal(refused.code, 'conflict');
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).refunded, 0);
  t.time!.resume();
  assert.equal((await finished(running.paymentId)).successful, true);
  const abandoned = await t.call('sales.abandon', { saleId: sale.saleId });
  assert.equal(abandoned.state, 'abandoned');
  assert.equal(abandoned.refunded, cardPart);
});

test('card money given back on an open sale is due again: the sale completes only on what was kept', async () => {
  const { sale, cardPart } = await partPaidByCard();
  await refunded(cardPaymentOf(sale), 100);
  const owed = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(owed.due, sale.total - cardPart + 100, 'the 100 given back is owed again');
  const short = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total - cardPart });
  assert.equal(short.state, 'open', 'paying only what was due before the refund leaves it open');
  assert.equal(short.due, 100);
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  assert.equal(done.state, 'completed');
  assert.equal(done.paid - done.refunded, sale.total, 'what the shop kept is exactly the total');
  assert.equal(done.change, 0);
});

test('cash taken keeps a sale from being abandoned even once its card part is refunded', async () => {
  const { sale, cardPart } = await partPaidByCard();
  const withCash = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 1 });
  assert.equal(withCash.state, 'open');
  await refunded(cardPaymentOf(sale), cardPart);
  const refused = await t.failure('sales.abandon', { saleId: sale.saleId });
  assert.equal(refused.code, 'conflict');
  assert.match(refused.message, /cash/i);
  const after = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(after.state, 'open');
  assert.equal(after.paid, cardPart + 1, 'the penny of cash is still on the sale');
  assert.equal(after.refunded, cardPart);
});

// Last: it leaves the card machine with an outcome nobody has decided, which blocks new payments.
test('a refund whose outcome is unknown counts against what is left to refund', async () => {
  const { total, paymentId } = await approvedCardSale(t);
  (await t.till.sandbox()).payAtCounter.control({ dropNextStartResponse: true });
  const lost = await t.call('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: 100,
    originalPaymentId: paymentId,
  });
  assert.equal((await finished(lost.paymentId)).state, 'unknown');
  const starts = await startRequests();
  const refused = await t.failure('payments.refund', {
    terminalId: GBP_TERMINAL,
    amount: total - 100 + 1,
    originalPaymentId: paymentId,
  });
  assert.equal(refused.code, 'invalid_input');
  assert.equal(await startRequests(), starts);
});
