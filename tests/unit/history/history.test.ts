// Sales history through the contract on a real till: each search key finds its sale and not the
// others, pages follow on, a sale opens with its lines, VAT, cards and who served, and its receipt
// prints again marked COPY.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SaleView } from '../../../shared/contract';
import { TEST_STAFF } from '../../support/staff';
import { cardBasket, paidSale, startHistoryTill, type HistoryTill } from './support';

let h: HistoryTill;
let cashByCashier: SaleView;
let cardBySupervisor: SaleView;
let cashBySupervisor: SaleView;

before(async () => {
  h = await startHistoryTill();
  cardBySupervisor = await paidSale(h.t, cardBasket(h.products, 2), 'all');
  // Three hours later (as after a night's sleep: the till's checks run once, not every 10 s).
  await h.t.time!.clock.skip(3 * 60 * 60_000);
  cashBySupervisor = await paidSale(h.t, [{ productId: h.products[3]!.id, quantity: 7 }], 'none');
  await h.staff.signIn('cashier');
  cashByCashier = await paidSale(h.t, [{ productId: h.products[4]!.id, quantity: 5 }], 'none');
  await h.staff.signIn('supervisor');
});
after(() => h.t.close());

const found = async (search: Parameters<typeof h.t.call<'history.search'>>[1]) =>
  (await h.t.call('history.search', search)).sales.map((s) => s.receiptNumber);

test('by receipt number, as printed or just its digits', async () => {
  assert.deepEqual(await found({ receiptNumber: cashBySupervisor.receiptNumber }), [
    cashBySupervisor.receiptNumber,
  ]);
  const digits = String(Number(cashBySupervisor.receiptNumber.slice(1)));
  assert.deepEqual(await found({ receiptNumber: digits }), [cashBySupervisor.receiptNumber]);
  assert.deepEqual(await found({ receiptNumber: 'S999999' }), []);
  const bad = await h.t.failure('history.search', { receiptNumber: 'abc' });
  assert.equal(bad.code, 'invalid_input');
});

test('by dates: from (inclusive) and to (exclusive)', async () => {
  const split = new Date(Date.parse(cardBySupervisor.createdAt) + 60 * 60_000).toISOString();
  const early = await found({ to: split });
  assert.ok(early.includes(cardBySupervisor.receiptNumber));
  assert.ok(!early.includes(cashBySupervisor.receiptNumber));
  const late = await found({ from: split });
  assert.deepEqual(late, [cashByCashier.receiptNumber, cashBySupervisor.receiptNumber]);
  assert.deepEqual(await found({ from: cashBySupervisor.createdAt, to: cashBySupervisor.createdAt }), []);
});

test('by amount, cashier and the card’s last digits', async () => {
  assert.deepEqual(await found({ amount: cashByCashier.total }), [cashByCashier.receiptNumber]);
  assert.deepEqual(await found({ cashierId: h.staff.people.cashier.id }), [cashByCashier.receiptNumber]);
  const bySupervisor = await found({ cashierId: h.staff.people.supervisor.id });
  assert.deepEqual(bySupervisor, [cashBySupervisor.receiptNumber, cardBySupervisor.receiptNumber]);

  const record = await h.t.call('history.sale', { saleId: cardBySupervisor.saleId });
  const digits = record.cards[0]!.lastDigits!;
  assert.match(digits, /^\d{4}$/);
  assert.deepEqual(await found({ cardLastDigits: digits }), [cardBySupervisor.receiptNumber]);
  const other = digits === '0000' ? '1111' : '0000';
  assert.deepEqual(await found({ cardLastDigits: other }), []);
  // Keys combine: the right card, but another cashier, finds nothing.
  assert.deepEqual(await found({ cardLastDigits: digits, cashierId: h.staff.people.cashier.id }), []);
});

test('pages follow on, newest first, without repeats', async () => {
  const first = await h.t.call('history.search', { limit: 2 });
  assert.deepEqual(
    first.sales.map((s) => s.receiptNumber),
    [cashByCashier.receiptNumber, cashBySupervisor.receiptNumber],
  );
  assert.notEqual(first.next, null);
  const second = await h.t.call('history.search', { limit: 2, after: first.next! });
  assert.deepEqual(
    second.sales.map((s) => s.receiptNumber),
    [cardBySupervisor.receiptNumber],
  );
  assert.equal(second.next, null);
  assert.equal(first.sales[0]!.servedBy, TEST_STAFF.cashier.name);
  assert.deepEqual(first.sales[0]!.tenderKinds, ['cash']);
});

test('a sale opens with its lines, VAT per rate, card and who served', async () => {
  const record = await h.t.call('history.sale', { saleId: cardBySupervisor.saleId });
  assert.equal(record.sale.servedBy?.name, TEST_STAFF.supervisor.name);
  assert.deepEqual(
    record.lines.map((l) => [l.quantity, l.paid, l.refundableQuantity]),
    cardBySupervisor.lines.map((l) => [l.quantity, l.lineTotal, l.quantity]),
  );
  assert.equal(
    record.vat.reduce((sum, r) => sum + r.gross, 0),
    cardBySupervisor.total,
  );
  for (const row of record.vat) assert.equal(row.net + row.vat, row.gross);
  assert.equal(record.cards[0]!.amount, cardBySupervisor.total);
  assert.equal(record.cards[0]!.refundableLeft, cardBySupervisor.total);
});

test('a receipt printed again is marked COPY and is otherwise the sale’s receipt', async () => {
  const isCopy = (receiptId: string) => receiptId.startsWith(`${cashBySupervisor.saleId}:copy`);
  const queued = h.t.waitForEvent('printing.changed', (e) => !!e.job && isCopy(e.job.receiptId));
  await h.t.call('history.reprint', { saleId: cashBySupervisor.saleId });
  await queued;
  const preview = await h.t.call('printing.preview', { limit: 50 });
  const copy = preview.find((r) => isCopy(r.receiptId))!.lines.map((l) => l.value);
  const original = preview
    .find((r) => r.receiptId === `${cashBySupervisor.saleId}:sale`)!
    .lines.map((l) => l.value);
  assert.equal(copy[0], 'COPY');
  assert.match(copy[1]!, new RegExp(`^Reprinted .* by ${TEST_STAFF.supervisor.name}: not a new sale$`));
  assert.deepEqual(copy.slice(3), original, 'the rest is the receipt as it printed');
  assert.ok(original.includes(`Receipt ${cashBySupervisor.receiptNumber}`));
});
