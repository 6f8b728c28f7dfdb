// Reconciliation per card machine through the contract, on an in-process till with the sandbox
// card machine over HTTP: a clean mix has no differences; a sale keyed on the card machine alone
// is exactly one "on the card machine, not in the till" difference, settled with a journaled note;
// a card payment keyed in by hand is listed, matched and then no longer needs reconciliation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Product, ReconciliationView } from '../../../shared/contract';
import { TEST_STAFF, type TestStaff } from '../../support/staff';
import { basketEndingIn, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';

const TERMINAL = '22900001';
let t: TestTill;
let products: Product[];
let staff: TestStaff;

before(async () => {
  ({ t, staff, products } = await startStaffedTill());
});
after(() => t.close());

/** A sale paid by card with the script its total picks; returns the sale once it has ended. */
async function cardSale(suffix: number) {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, suffix) });
  const ended = t.waitForEvent('payments.updated', (p) => p.saleId === sale.saleId && p.state === 'finished');
  const payment = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: TERMINAL,
    amount: sale.total,
  });
  return { sale, payment: await ended, paymentId: payment.paymentId };
}

const check = () => t.call('reconciliation.check', { terminalId: TERMINAL, source: 'X_BAL' });
const onMachineOnly = (view: ReconciliationView) =>
  view.differences.filter((d) => d.kind === 'terminal_only');

test('after a clean mix of approved, declined, cashback, tip and refund, there are no differences', async () => {
  const approved = await cardSale(20);
  const cashback = await cardSale(5);
  const tip = await cardSale(6);
  const declined = await cardSale(2);
  assert.equal(declined.payment.successful, false);
  const refunded = t.waitForEvent('payments.updated', (p) => p.type === 'REFUND' && p.state === 'finished');
  await t.call('payments.refund', {
    terminalId: TERMINAL,
    amount: 150,
    originalPaymentId: approved.paymentId,
  });
  assert.equal((await refunded).successful, true);

  const view = await check();
  const sales = [approved, cashback, tip].map((s) => s.payment.amountTotal!);
  assert.equal(
    cashback.payment.amountTotal,
    cashback.sale.total + 1000,
    'cashback is on the card machine too',
  );
  assert.deepEqual(view.till, {
    salesCount: 3,
    salesAmount: sales.reduce((a, b) => a + b, 0),
    refundsCount: 1,
    refundsAmount: 150,
  });
  assert.deepEqual(view.terminal, view.till);
  assert.deepEqual(view.differences, []);
  assert.equal(view.transactionsChecked, 5, 'each journaled payment was read back');
  assert.equal(view.checkedBy?.name, TEST_STAFF.manager.name);
});

test('a sale keyed on the card machine alone is one difference of its amount, settled with a journaled note', async () => {
  (await t.till.sandbox()).payAtCounter.control({
    recordUnjournaledSale: { terminalId: TERMINAL, amount: 1234 },
  });
  const view = await check();
  assert.equal(view.differences.length, 1);
  const [difference] = view.differences;
  assert.equal(difference!.kind, 'terminal_only');
  assert.equal(difference!.amount, 1234);
  assert.match(difference!.title, /1 sale of £12\.34 on the card machine is not in the till/);
  assert.equal(view.terminal.salesAmount - view.till.salesAmount, 1234);

  // Only a manager settles it.
  await staff.signIn('cashier');
  const refused = await t.failure('reconciliation.resolve', {
    checkId: view.id,
    differenceId: difference!.id,
    note: 'Sold at the market stall',
  });
  assert.equal(refused.code, 'not_allowed');
  await staff.signIn('manager');
  const settled = await t.call('reconciliation.resolve', {
    checkId: view.id,
    differenceId: difference!.id,
    note: 'Sold at the market stall',
  });
  assert.equal(settled.differences[0]!.resolution?.note, 'Sold at the market stall');
  assert.equal(settled.differences[0]!.resolution?.by?.name, TEST_STAFF.manager.name);
  assert.equal(
    (
      await t.failure('reconciliation.resolve', {
        checkId: view.id,
        differenceId: difference!.id,
        note: 'again',
      })
    ).code,
    'conflict',
  );

  // Journaled in the till database, and listed with the past checks.
  const db = new Database(join(t.dataDir, 'paydesk.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT kind, amount, note FROM reconciliation_resolutions').all();
    assert.deepEqual(rows, [{ kind: 'terminal_only', amount: 1234, note: 'Sold at the market stall' }]);
  } finally {
    db.close();
  }
  const history = await t.call('reconciliation.history', { limit: 10 });
  assert.equal(history[0]!.id, view.id);
  assert.equal(history[0]!.unresolved, 0);
  // Settled money is not flagged again in the same period.
  assert.deepEqual((await check()).differences, []);
});

test('a card payment keyed in by hand is listed, matched to the card machine’s sale, then no longer flagged', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 40) });
  const keyed = await t.call('sales.recordManualCard', {
    saleId: sale.saleId,
    amount: sale.total,
    reference: 'AUTH 4411',
  });
  assert.equal(keyed.tenders[0]!.needsReconciliation, true);

  const unmatched = await check();
  const listed = unmatched.differences.find((d) => d.receiptNumber === sale.receiptNumber);
  assert.equal(listed?.kind, 'manual_unmatched', 'not on this card machine (yet)');
  assert.equal(listed?.amount, -sale.total);

  // The cashier had keyed it on the card machine itself.
  (await t.till.sandbox()).payAtCounter.control({
    recordUnjournaledSale: { terminalId: TERMINAL, amount: sale.total },
  });
  const view = await check();
  assert.deepEqual(onMachineOnly(view), [], 'the manual entry explains the card machine’s sale');
  const matched = view.differences.find((d) => d.kind === 'manual_matched');
  assert.equal(matched?.receiptNumber, sale.receiptNumber);
  assert.equal(view.differences.length, 1);

  const settled = await t.call('reconciliation.resolve', {
    checkId: view.id,
    differenceId: matched!.id,
    note: 'Slip found',
  });
  assert.equal(settled.differences[0]!.resolution?.note, 'Slip found');
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).tenders[0]!.needsReconciliation, false);
  assert.deepEqual((await check()).differences, [], 'matched and settled: nothing left');
});

test('only a manager names a card machine, and staff then see it by that name', async () => {
  const nameOf = async () =>
    (await t.call('reconciliation.terminals', {})).find((m) => m.terminalId === TERMINAL);
  const before = await nameOf();
  assert.equal(before?.named, false);

  await staff.signIn('cashier');
  const refused = await t.failure('reconciliation.nameTerminal', {
    terminalId: TERMINAL,
    name: 'Front counter',
  });
  assert.equal(refused.code, 'not_allowed');
  assert.deepEqual(await nameOf(), before, 'a cashier’s name is not kept');

  await staff.signIn('manager');
  const named = await t.call('reconciliation.nameTerminal', { terminalId: TERMINAL, name: 'Front counter' });
  assert.deepEqual(
    named.find((m) => m.terminalId === TERMINAL),
    { ...before, name: 'Front counter', named: true },
  );
});
