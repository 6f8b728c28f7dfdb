// The counter, the sales history and the day's reports as the wiring connects them: each needs
// someone signed in; the X report names card machines by the shop's own names, counts No-sales and
// says who ran it; receipts reprinted from the history or the counter, a day report and a card
// sale's receipt (with its card) reach the printer; a sale's guarded actions are all checked
// before any approval is used up.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startStaffedTill, type StaffedTill } from '../../support/staffed-till';
import { TEST_STAFF } from '../../support/staff';
import { waitUntil } from '../../support/wait';
import type { PreviewReceipt } from '../../../shared/contract';
import { cardBasket, paidSale, TERMINAL } from '../history/support';

let s: StaffedTill;

before(async () => {
  s = await startStaffedTill();
});
after(() => s?.t.close());

/** The text of the first receipt on the on-screen preview that `match` picks, waited for. */
function printed(match: (receipt: PreviewReceipt) => boolean): Promise<string> {
  return waitUntil(async () => {
    const found = (await s.t.call('printing.preview', { limit: 20 })).find(match);
    return found && found.lines.map((l) => l.value).join('\n');
  }, 'the receipt on the preview');
}

test('with nobody signed in, the history, the counter and the day’s report are refused', async () => {
  const [product] = s.products;
  await s.t.call('staff.signOut', {});
  try {
    for (const [method, input] of [
      ['history.search', {}],
      ['counter.park', { lines: [{ productId: product!.id, quantity: 1 }] }],
      ['tillReports.x', {}],
    ] as const) {
      const refused = await s.t.failure(method, input);
      assert.equal(refused.code, 'not_allowed', method);
    }
  } finally {
    await s.staff.signIn('manager');
  }
});

test('the X report names card machines by the shop’s names, counts No-sales and says who ran it', async () => {
  s.t.till.settings.update({ payAtCounter: { terminalNames: { [TERMINAL]: 'Front counter' } } });
  await paidSale(s.t, cardBasket(s.products, 1), 'all');
  const noSale = await s.t.call('counter.noSale', { reason: 'Change for the float' });
  // Recorded, and the receipt printer was asked (the on-screen preview has no drawer).
  assert.equal(noSale.drawer, 'no_drawer');
  // A report's day ends the millisecond before it is run: time moves on a little first.
  await s.t.time!.hold();
  await s.t.time!.clock.advance(5);
  s.t.time!.resume();
  const report = await s.t.call('tillReports.x', {});
  assert.ok(
    report.tenders.some((t) => t.label === 'Front counter'),
    JSON.stringify(report.tenders),
  );
  assert.deepEqual(report.noSales, { count: 1 });
  assert.equal(report.runBy?.name, TEST_STAFF.manager.name);
});

test('a card sale’s receipt (with its card), its reprints from the history and the counter, and a day report are printed', async () => {
  const sale = await paidSale(s.t, cardBasket(s.products, 2), 'all');
  const receipt = await printed((r) => r.receiptId === `${sale.saleId}:sale` && !r.duplicate);
  assert.match(receipt, /Visa Debit \*\*\*\*4242 +£/);
  assert.match(receipt, /Auth code \d+/);

  await s.t.call('history.reprint', { saleId: sale.saleId });
  assert.match(await printed((r) => r.receiptId.startsWith(`${sale.saleId}:copy`)), /COPY/);
  const again = await s.t.call('counter.printReceipt', { saleId: sale.saleId });
  assert.equal(again.outcome, 'copy');
  await printed((r) => r.receiptId.startsWith(`${sale.saleId}:sale`) && r.duplicate);

  await s.t.call('tillReports.print', {});
  // Headed with the shop's name from the receipt settings.
  assert.match(await printed((r) => r.receiptId.startsWith('x-')), /^My Shop\n/);
});

test('a sale’s guarded actions are all checked before any approval is used up', async () => {
  const [product] = s.products.filter((p) => p.price > 100);
  const lines = [
    {
      productId: product!.id,
      quantity: 1,
      discount: { kind: 'percent' as const, basisPoints: 5000 },
      priceOverride: { unitPrice: 100, reason: 'Squashed' },
    },
  ];
  await s.staff.signIn('cashier');
  try {
    await s.t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'price-override' });
    const refused = await s.t.failure('sales.open', { lines });
    assert.match(refused.message, /A discount this large needs a supervisor or manager/);
    // The price change's approval is still there for the sale once the discount is approved too.
    await s.t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'discount' });
    const sale = await s.t.call('sales.open', { lines });
    assert.equal(sale.total, 50);
    assert.equal(sale.lines[0]!.discount?.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
    await s.t.call('sales.abandon', { saleId: sale.saleId });
  } finally {
    await s.staff.signIn('manager');
  }
});

test('a cash refund from the history prints its refund receipt, headed with the shop’s name', async () => {
  const sale = await paidSale(s.t, [{ productId: s.products[0]!.id, quantity: 1 }], 'none');
  const refund = await s.t.call('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 0,
    reason: 'Changed their mind',
  });
  assert.equal(refund.state, 'completed');
  assert.match(await printed((r) => r.receiptId === `refund:${refund.refundId}`), /^My Shop\n/);
});

test('a cash sale whose receipt waits for the customer’s choice still completes (the drawer opens)', async () => {
  s.t.till.settings.update({ counter: { receiptAfterSale: 'ask' } });
  try {
    const sale = await s.t.call('sales.open', { lines: [{ productId: s.products[0]!.id, quantity: 1 }] });
    const paid = await s.t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
    assert.equal(paid.state, 'completed');
  } finally {
    s.t.till.settings.update({ counter: { receiptAfterSale: 'print' } });
  }
});

test('a card machine’s X report checked against the till’s journal: the card sales match', async () => {
  await paidSale(s.t, cardBasket(s.products, 1), 'all');
  const check = await s.t.call('reconciliation.check', { terminalId: TERMINAL, source: 'X_BAL' });
  assert.deepEqual(check.differences, []);
  assert.deepEqual(check.terminal, check.till);
  assert.ok(check.till.salesCount >= 1);
  // Each of the machine's transactions was read from the card service and compared.
  assert.equal(check.transactionsChecked, check.terminal.salesCount + check.terminal.refundsCount);
});
