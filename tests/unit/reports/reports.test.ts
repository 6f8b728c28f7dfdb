// Card machine reports end to end in plain Node: real card sales on the sandbox card machine
// over HTTP, then X, Z, banking and end of day reports through the contract, the manager gate
// on the reports that reset the totals, and the slip reaching the receipt printer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setUpStaff, TEST_STAFF } from '../../support/staff';
import { basketEndingIn, startTestTill, type TestTill } from '../../support/till';
import type { Product } from '../../../shared/contract';

const TERMINAL = '22900001';

let t: TestTill;
let products: Product[];

before(async () => {
  t = await startTestTill({ drivenClock: true });
  products = (await t.call('catalogue.get', {})).products;
});
after(() => t.close());

/** A card sale the sandbox card machine approves (a total ending in 20), waited until it ends. */
async function approvedCardSale(from: Product[]): Promise<{ productId: string; total: number }> {
  const lines = basketEndingIn(from, 20);
  const sale = await t.call('sales.open', { lines });
  const finished = t.waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.state !== 'open');
  await t.call('sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: sale.total });
  assert.equal((await finished).state, 'completed');
  return { productId: lines[0]!.productId, total: sale.total };
}

/** What the two approved sales of the first test took. */
let takenAmount = 0;

test('an X report totals the card sales taken, and its slip reaches the printer', async () => {
  const first = await approvedCardSale(products);
  const second = await approvedCardSale(products.filter((p) => p.id !== first.productId));
  takenAmount = first.total + second.total;
  const report = await t.call('reports.run', { terminalId: TERMINAL, type: 'X_BAL' });
  assert.equal(report.type, 'X_BAL');
  assert.equal(report.terminalId, TERMINAL);
  assert.equal(report.result, 'COMPLETE');
  assert.ok(report.balances);
  assert.equal(report.balances.currency, 'GBP');
  assert.equal(report.balances.salesCount, 2);
  assert.equal(report.balances.salesAmount, takenAmount);
  assert.equal(report.balances.refundsCount, 0);
  assert.equal(report.balances.totalAmount, takenAmount);
  assert.ok(report.receiptLines.length > 0);

  const preview = await t.call('printing.preview', { limit: 100 });
  const slip = preview.find((r) => r.receiptId === `report:${report.id}`);
  assert.ok(slip, 'the report slip was queued on the receipt printer');
  assert.deepEqual(
    slip.lines.map((l) => l.value),
    report.receiptLines.map((l) => l.value),
  );
});

test('banking reports each acquirer’s current session without the manager', async () => {
  // From here on a cashier serves (staff set up after the first test's anonymous sales).
  await setUpStaff(t.call, { signIn: 'cashier' });
  const banking = await t.call('reports.run', { terminalId: TERMINAL, type: 'BANKING' });
  assert.equal(banking.balances, null);
  assert.ok(banking.banking.length > 0);
  const session = banking.banking.map((b) => b.currentSession);
  assert.equal(
    session.reduce((n, s) => n + (s?.salesCount ?? 0), 0),
    2,
  );
  assert.equal(
    session.reduce((n, s) => n + (s?.totalAmount ?? 0), 0),
    takenAmount,
  );
});

test('a Z report needs the manager, and resets the totals the next X report shows', async () => {
  const refused = await t.failure('reports.run', { terminalId: TERMINAL, type: 'Z_BAL' });
  assert.equal(refused.code, 'not_allowed');
  const endOfDay = await t.failure('reports.run', { terminalId: TERMINAL, type: 'END_OF_DAY' });
  assert.equal(endOfDay.code, 'not_allowed');
  // The refused Z report reset nothing.
  const before = await t.call('reports.run', { terminalId: TERMINAL, type: 'X_BAL' });
  assert.ok(before.balances!.salesCount >= 2);

  // A cashier's own PIN approves nothing; the manager's approves this one report, once.
  assert.equal((await t.call('manager.unlock', { pin: TEST_STAFF.cashier.pin, action: 'z-report' })).ok, false);
  const approved = await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'z-report' });
  assert.equal(approved.ok, true);
  const z = await t.call('reports.run', { terminalId: TERMINAL, type: 'Z_BAL' });
  assert.equal(z.balances!.salesAmount, before.balances!.salesAmount);
  assert.equal(z.runBy?.name, TEST_STAFF.cashier.name);
  assert.equal(z.runBy?.approvedBy?.name, TEST_STAFF.manager.name);
  assert.equal(z.receiptLines.at(-1)!.value, `Run by ${TEST_STAFF.cashier.name}, approved by ${TEST_STAFF.manager.name}`);
  assert.equal((await t.failure('reports.run', { terminalId: TERMINAL, type: 'Z_BAL' })).code, 'not_allowed');

  const x = await t.call('reports.run', { terminalId: TERMINAL, type: 'X_BAL' });
  assert.equal(x.balances!.salesCount, 0);
  assert.equal(x.balances!.salesAmount, 0);
  assert.equal(x.balances!.totalAmount, 0);
  assert.ok(x.balances!.totalsSince, 'the totals say when they restarted');
});

test('a report while a card payment runs on that card machine is refused clearly', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 7) }); // a slow card
  await t.time!.hold(); // the payment keeps running until time moves again
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: TERMINAL,
    amount: sale.total,
  });
  const busy = await t.failure('reports.run', { terminalId: TERMINAL, type: 'X_BAL' });
  assert.equal(busy.code, 'terminal_busy');
  assert.match(busy.message, /card payment is running/);
  t.time!.resume();
  await t.call('payments.cancel', { paymentId: card.paymentId });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.state === 'finished');
});
