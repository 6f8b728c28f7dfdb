// The checkout end to end in plain Node: catalogue prices, cash, card through the sandbox card
// machine over real HTTP, split tender, manual card, and the receipts that reach the printer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basketEndingIn as basketEndingInTotal, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import type { Product, SaleView } from '../../../shared/contract';

let t: TestTill;
let products: Product[];

before(async () => {
  // Refunds need a supervisor or manager: a manager serves throughout.
  ({ t, products } = await startStaffedTill());
});
after(() => t.close());

const basketEndingIn = (suffix: number) => basketEndingInTotal(products, suffix);

const settled = (paymentId: string) =>
  t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === paymentId && ['finished', 'unknown', 'failed_to_start'].includes(p.state),
  );

/** Starts a card payment for all the sale owes on the GBP card machine. */
const payAllByCard = (sale: SaleView) =>
  t.call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total });

/** A sale paid in full by card: a basket ending in 20 is one the sandbox card machine approves. */
async function paidCardSale() {
  const sale = await t.call('sales.open', { lines: basketEndingIn(20) });
  const paid = await payAllByCard(sale);
  await settled(paid.paymentId);
  return { sale, paid };
}

async function receiptIds(): Promise<string[]> {
  const preview = await t.call('printing.preview', { limit: 100 });
  return preview.map((r) => r.receiptId);
}

test('a sale is priced from the catalogue, never from the caller', async () => {
  const [a, b] = products;
  const sale = await t.call('sales.open', {
    lines: [
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ],
  });
  assert.equal(sale.total, a!.price * 2 + b!.price);
  assert.equal(sale.due, sale.total);
  assert.equal(sale.state, 'open');
  assert.match(sale.receiptNumber, /^S\d{6}$/);
  const bad = await t.failure('sales.open', { lines: [{ productId: 'no-such', quantity: 1 }] });
  assert.equal(bad.code, 'invalid_input');
  const float = await t.failure('sales.open', { lines: [{ productId: a!.id, quantity: 1.5 }] });
  assert.equal(float.code, 'invalid_input');
});

test('cash: change is given, the sale completes once, and the receipt prints', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
  const queued = t.waitForEvent('printing.changed', (p) => p.job?.receiptId === `${sale.saleId}:sale`);
  const given = Math.ceil(sale.total / 1000) * 1000;
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: given });
  assert.equal(done.state, 'completed');
  assert.equal(done.change, given - sale.total);
  assert.equal(done.tenders[0]!.given, given);
  const again = await t.failure('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  assert.equal(again.code, 'conflict');
  await queued;
  assert.ok((await receiptIds()).includes(`${sale.saleId}:sale`));
});

test('card: chip and PIN completes the sale only on SUCCESSFUL and prints the customer copy and the sale receipt', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(20) });
  const completed = t.waitForEvent(
    'sales.updated',
    (s) => s.saleId === sale.saleId && s.state === 'completed',
  );
  const started = await payAllByCard(sale);
  assert.equal(started.saleId, sale.saleId);
  const finished = await settled(started.paymentId);
  assert.equal(finished.result, 'SUCCESSFUL');
  assert.ok(finished.notifications.some((n) => n.code === 'PIN_ENTRY'));
  const view: SaleView = await completed;
  assert.equal(view.paid, sale.total);
  assert.equal(view.tenders[0]!.kind, 'card');
  const ids = await receiptIds();
  assert.ok(ids.includes(`${started.paymentId}:customer`), 'customer copy printed');
  assert.ok(ids.includes(`${sale.saleId}:sale`), 'sale receipt printed');
});

test('card: a decline leaves the sale open and unpaid', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(2) });
  const started = await payAllByCard(sale);
  const finished = await settled(started.paymentId);
  assert.equal(finished.successful, false);
  assert.equal(finished.result, 'TRANSACTION_UNSUCCESSFUL');
  const after = await t.call('sales.get', { saleId: sale.saleId });
  assert.equal(after.state, 'open');
  assert.equal(after.paid, 0);
  const abandoned = await t.call('sales.abandon', { saleId: sale.saleId });
  assert.equal(abandoned.state, 'abandoned');
});

test('split tender: part by card, the rest in cash', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: products[3]!.id, quantity: 3 }] });
  const cardPart = Math.floor(sale.total / 2 / 100) * 100 + 20; // ends in 20: chip and PIN
  const paidByCard = t.waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.paid === cardPart);
  await t.call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: cardPart });
  const midway = await paidByCard;
  assert.equal(midway.state, 'open');
  assert.equal(midway.due, sale.total - cardPart);
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: midway.due });
  assert.equal(done.state, 'completed');
  assert.deepEqual(
    done.tenders.map((x) => x.kind),
    ['card', 'cash'],
  );
  assert.equal(done.change, 0);
});

test('card amounts are checked before anything is sent', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
  assert.equal(
    (
      await t.failure('sales.payCard', {
        saleId: sale.saleId,
        terminalId: '22900001',
        amount: sale.total + 1,
      })
    ).code,
    'invalid_input',
  );
  assert.equal(
    (await t.failure('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: 0 })).code,
    'invalid_input',
  );
  assert.equal(
    (await t.failure('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: 12.5 })).code,
    'invalid_input',
  );
  const euro = await t.failure('sales.payCard', {
    saleId: sale.saleId,
    terminalId: '22900002',
    amount: sale.total,
  });
  assert.equal(euro.code, 'rejected');
  assert.match(euro.message, /EUR/);
  assert.equal(
    (await t.call('payments.recent', { limit: 200 })).filter((p) => p.saleId === sale.saleId).length,
    0,
  );
});

test('a card payment taken on the card machine alone is recorded and flagged for reconciliation', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: products[1]!.id, quantity: 1 }] });
  const done = await t.call('sales.recordManualCard', {
    saleId: sale.saleId,
    amount: sale.total,
    reference: 'AUTH 123456',
  });
  assert.equal(done.state, 'completed');
  assert.equal(done.tenders[0]!.kind, 'manual_card');
  assert.equal(done.tenders[0]!.needsReconciliation, true);
});

test('a refund against a past card sale cannot exceed what was paid', async () => {
  const { sale, paid } = await paidCardSale();
  const tooMuch = await t.failure('payments.refund', {
    terminalId: '22900001',
    amount: sale.total + 1,
    originalPaymentId: paid.paymentId,
  });
  assert.equal(tooMuch.code, 'invalid_input');
  const refund = await t.call('payments.refund', {
    terminalId: '22900001',
    amount: 100,
    originalPaymentId: paid.paymentId,
  });
  const done = await settled(refund.paymentId);
  assert.equal(done.type, 'REFUND');
  assert.equal(done.successful, true);
});

test('while a card payment runs, cash, a manual card entry and abandoning are all refused', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(7) }); // slow card: cancellable
  await t.time!.hold(); // the payment keeps running until time moves again
  const card = await payAllByCard(sale);
  for (const [method, input] of [
    ['sales.payCash', { saleId: sale.saleId, amountGiven: sale.total }],
    ['sales.recordManualCard', { saleId: sale.saleId, amount: sale.total, reference: 'X1' }],
    ['sales.abandon', { saleId: sale.saleId }],
    ['sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total }],
  ] as const) {
    assert.equal((await t.failure(method, input)).code, 'conflict', method);
  }
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).paid, 0);
  t.time!.resume();
  await t.call('payments.cancel', { paymentId: card.paymentId });
  const ended = await settled(card.paymentId);
  assert.equal(ended.successful, false);
  assert.equal((await t.call('sales.abandon', { saleId: sale.saleId })).state, 'abandoned');
});

test('two card starts for one sale at the same moment send one start request', async () => {
  const sandbox = (await t.till.sandbox()).payAtCounter;
  const sale = await t.call('sales.open', { lines: basketEndingIn(20) });
  const before = sandbox.stats().startRequests;
  const replies = await Promise.all(
    [1, 2].map(() =>
      t.till.dispatch('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total }),
    ),
  );
  assert.deepEqual(replies.map((r) => r.ok).sort(), [false, true]);
  const refused = replies.find((r) => !r.ok);
  assert.equal(!refused!.ok && refused!.error.code, 'conflict');
  const started = replies.find((r) => r.ok)!;
  await settled((started.ok && (started.value as { paymentId: string }).paymentId) || '');
  assert.equal(sandbox.stats().startRequests - before, 1);
});

test('two refunds of the whole amount at once: only one is started', async () => {
  const { sale, paid } = await paidCardSale();
  const replies = await Promise.all(
    [1, 2].map(() =>
      t.till.dispatch('payments.refund', {
        terminalId: '22900001',
        amount: sale.total,
        originalPaymentId: paid.paymentId,
      }),
    ),
  );
  assert.equal(replies.filter((r) => r.ok).length, 1);
  const started = replies.find((r) => r.ok)!;
  await settled(started.ok ? (started.value as { paymentId: string }).paymentId : '');
  const more = await t.failure('payments.refund', {
    terminalId: '22900001',
    amount: 1,
    originalPaymentId: paid.paymentId,
  });
  assert.equal(more.code, 'invalid_input');
});
