// The till X report after a known mix of the day (cash and card sales, a discount, a price
// override, a card keyed in by hand, a void, a sale parked and resumed, a card refund without
// items, an itemised cash refund and an itemised split refund, cash in and out, a No-sale) equals
// the sums of what was done, in integer minor units; its CSV export parses back into the same
// totals; the Z closes the day (supervisor or manager, drawer counted first) and the next X
// starts from nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Product, RefundView, SaleView, TillReportView } from '../../../shared/contract';
import { denominationsOf } from '../../../shared/denominations';
import { vatSummary } from '../../../shared/vat';
import { minorFrom } from '../../../electron/services/till-reports/csv';
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

/** A drawer count of `amount` in the fewest notes and coins. */
export function countOf(amount: number) {
  let left = amount;
  return denominationsOf('GBP').flatMap((d) => {
    const count = Math.floor(left / d.value);
    left -= count * d.value;
    return count > 0 ? [{ value: d.value, count }] : [];
  });
}

/** Time moves on a little (a report's day ends the millisecond before it is run). */
async function later() {
  // The driven clock is held first: two advances at once could move it backwards.
  await t.time!.hold();
  await t.time!.clock.advance(5);
  t.time!.resume();
}

const byKey = <T extends { key: string }>(rows: T[], key: string) => rows.find((r) => r.key === key);
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
/** Cash given back by the itemised refunds. */
const cashBack = () => sum(mix.itemised.map((r) => r.cashAmount));

interface Mix {
  cashSales: SaleView[];
  cards: SaleView[];
  manual: SaleView;
  discounted: SaleView;
  overridden: SaleView;
  voided: SaleView;
  /** The card refund given without picking items (payments.refund). */
  cardRefund: number;
  /** The itemised refunds (lines picked from the receipt): one in cash, one split card and cash. */
  itemised: RefundView[];
  float: number;
}

/** An itemised refund's VAT per rate, by the shared rule (each refund as one receipt). */
function refundVat(refund: RefundView, sale: SaleView) {
  return vatSummary(
    refund.lines.map((l) => ({ gross: l.amount, vatRate: sale.lines[l.lineIndex]!.vatRate })),
  );
}

let mix: Mix;

async function cardSale(): Promise<SaleView> {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 0) });
  const done = t.waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.state === 'completed');
  await t.call('sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: sale.total });
  return done;
}

test('the day is sold: a known mix through the contract', async () => {
  const [first, second, third] = products;
  const float = 11_000;
  await t.call('shifts.open', {
    float: [
      { value: 2000, count: 5 },
      { value: 100, count: 10 },
    ],
  });

  // A cashier sells for cash, with change.
  await staff.signIn('cashier');
  const a = await t.call('sales.open', { lines: [{ productId: first!.id, quantity: 2 }] });
  const cashA = await t.call('sales.payCash', { saleId: a.saleId, amountGiven: a.total + 730 });
  assert.equal(cashA.change, 730);
  await staff.signIn('manager');

  const card = await cardSale();
  const m = await t.call('sales.open', { lines: [{ productId: second!.id, quantity: 1 }] });
  const manual = await t.call('sales.recordManualCard', {
    saleId: m.saleId,
    amount: m.total,
    reference: 'AUTH42',
  });
  const d = await t.call('sales.open', {
    lines: [{ productId: third!.id, quantity: 3 }],
    discount: { kind: 'percent', basisPoints: 1000 },
  });
  const discounted = await t.call('sales.payCash', { saleId: d.saleId, amountGiven: d.total });
  const v = await t.call('sales.open', { lines: [{ productId: first!.id, quantity: 1 }] });
  const voided = await t.call('sales.abandon', { saleId: v.saleId });

  // A price changed at the counter (2 × 0.40 given away), paid in cash.
  const o = await t.call('sales.open', {
    lines: [
      {
        productId: second!.id,
        quantity: 2,
        priceOverride: { unitPrice: second!.price - 40, reason: 'Dented tin' },
      },
    ],
  });
  const overridden = await t.call('sales.payCash', { saleId: o.saleId, amountGiven: o.total });
  assert.equal(overridden.total, (second!.price - 40) * 2);

  // A sale opened, parked (set aside, not voided), resumed as a new sale and paid in cash.
  const toPark = [{ productId: third!.id, quantity: 1 }];
  const p = await t.call('sales.open', { lines: toPark });
  const parked = await t.call('counter.park', { lines: toPark, saleId: p.saleId });
  assert.equal((await t.call('sales.get', { saleId: p.saleId })).state, 'abandoned');
  const resumed = await t.call('counter.resume', { parkedId: parked.parkedId });
  const r = await t.call('sales.open', { lines: resumed.lines });
  const resumedSale = await t.call('sales.payCash', { saleId: r.saleId, amountGiven: r.total });

  const refunded = t.waitForEvent('payments.updated', (p) => p.type === 'REFUND' && p.state === 'finished');
  await t.call('payments.refund', {
    terminalId: TERMINAL,
    amount: 150,
    originalPaymentId: card.tenders[0]!.paymentId!,
  });
  assert.equal((await refunded).successful, true);
  const cashRefund = await t.call('history.refund', {
    saleId: a.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 0,
    reason: 'Broken in the bag',
  });
  assert.equal(cashRefund.state, 'completed');
  assert.equal(cashRefund.cashAmount, first!.price);

  // An itemised refund from a second card sale: one unit, 1.50 back to the card, the rest in cash.
  const card2 = await cardSale();
  const split = t.waitForEvent(
    'history.refundUpdated',
    (u) => u.saleId === card2.saleId && u.state === 'completed',
  );
  await t.call('history.refund', {
    saleId: card2.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 150,
    card: { paymentId: card2.tenders[0]!.paymentId!, terminalId: TERMINAL },
    reason: 'Changed their mind',
  });
  const splitRefund = await split;
  assert.equal(splitRefund.cardAmount, 150);
  assert.ok(splitRefund.cashAmount > 0, 'the rest went back in cash');

  await t.call('shifts.moveCash', {
    direction: 'out',
    reason: 'paid_out',
    note: 'Window cleaner',
    amount: 500,
  });
  await t.call('shifts.moveCash', { direction: 'in', reason: 'float_top_up', note: '', amount: 1000 });
  await t.call('counter.noSale', { reason: 'Change for the float' });
  await later();

  mix = {
    cashSales: [cashA, discounted, overridden, resumedSale],
    cards: [card, card2],
    manual,
    discounted,
    overridden,
    voided,
    cardRefund: 150,
    itemised: [cashRefund, splitRefund],
    float,
  };
});

test('the till X report equals the sums of the mix, in minor units', async () => {
  const x = await t.call('tillReports.x', {});
  const sold = [...mix.cashSales, ...mix.cards, mix.manual];
  const gross = sum(sold.map((s) => s.total));
  const cardBack = mix.cardRefund + sum(mix.itemised.map((r) => r.cardAmount));
  const refunds = cardBack + cashBack();

  assert.equal(x.kind, 'X');
  assert.equal(x.number, null);
  assert.deepEqual(x.sales, { count: sold.length, amount: gross, refunds, net: gross - refunds });
  // Tenders: cash at what it paid (change never counts), the card machine (which the shop has not
  // named: the English fallback, and the row says so), the keyed card.
  assert.deepEqual(byKey(x.tenders, 'cash'), {
    key: 'cash',
    label: 'Cash',
    count: mix.cashSales.length,
    amount: sum(mix.cashSales.map((s) => s.total)),
  });
  assert.deepEqual(byKey(x.tenders, `card:${TERMINAL}`), {
    key: `card:${TERMINAL}`,
    label: 'Card machine ending 0001',
    terminal: { id: TERMINAL, named: false },
    count: 2,
    amount: sum(mix.cards.map((s) => s.total)),
  });
  assert.equal(byKey(x.tenders, 'manual_card')?.amount, mix.manual.total);
  assert.equal(sum(x.tenders.map((r) => r.amount)), gross);

  assert.equal(byKey(x.refunds, `card:${TERMINAL}`)?.amount, cardBack);
  assert.equal(byKey(x.refunds, 'cash')?.amount, cashBack());

  // VAT: each receipt's VAT per rate, less each itemised refund's (by the same rule), by rate.
  const expected = new Map<number, { gross: number; vat: number }>();
  const add = (rows: ReturnType<typeof vatSummary>, sign: 1 | -1) => {
    for (const r of rows) {
      const e = expected.get(r.basisPoints) ?? { gross: 0, vat: 0 };
      expected.set(r.basisPoints, { gross: e.gross + sign * r.gross, vat: e.vat + sign * r.vat });
    }
  };
  for (const s of sold) add(vatSummary(s.lines.map((l) => ({ gross: l.lineTotal, vatRate: l.vatRate }))), 1);
  const saleOf = new Map(sold.map((s) => [s.saleId, s]));
  for (const r of mix.itemised) add(refundVat(r, saleOf.get(r.saleId)!), -1);
  assert.deepEqual(
    x.vat.map((row) => [row.basisPoints, { gross: row.gross, vat: row.vat }]),
    [...expected].sort(([a], [b]) => b - a),
  );
  for (const row of x.vat) assert.equal(row.net, row.gross - row.vat);
  // The card refund without items is its own row: the VAT table and it make the net takings.
  assert.deepEqual(x.refundsWithoutItems, { count: 1, amount: mix.cardRefund });
  assert.equal(sum(x.vat.map((r) => r.gross)) - mix.cardRefund, x.sales.net);

  // Categories and cashiers add up to the takings; the cashier's sale is under her name.
  assert.equal(sum(x.categories.map((c) => c.amount)), gross);
  assert.deepEqual(
    x.cashiers.find((c) => c.name === TEST_STAFF.cashier.name),
    {
      name: TEST_STAFF.cashier.name,
      count: 1,
      amount: mix.cashSales[0]!.total,
      refunds: 0,
      net: mix.cashSales[0]!.total,
    },
  );
  // Net of refunds, row by row, they add up to the net takings to the penny: every refund came
  // off its lines' categories (the one without items its own row) and off the manager who gave it.
  const itemisedBack = sum(mix.itemised.map((r) => r.total));
  assert.equal(sum(x.categories.map((c) => c.refunds!)), itemisedBack);
  assert.equal(sum(x.categories.map((c) => c.net!)) - x.refundsWithoutItems!.amount, x.sales.net);
  const manager = x.cashiers.find((c) => c.name === TEST_STAFF.manager.name)!;
  assert.equal(manager.refunds, itemisedBack + mix.cardRefund);
  assert.equal(sum(x.cashiers.map((c) => c.net!)), x.sales.net);
  assert.equal(x.hours.length, 24);
  assert.equal(sum(x.hours.map((h) => h.amount)), gross);
  assert.equal(sum(x.hours.map((h) => h.count)), sold.length);

  const listPrice = sum(mix.discounted.lines.map((l) => l.quantity * l.unitPrice));
  assert.ok(listPrice > mix.discounted.total, 'the discount took something off');
  assert.equal(x.discounts.amount, listPrice - mix.discounted.total);
  // The price change is not a discount: 2 × 0.40 given away, on its own line of the report.
  assert.deepEqual(x.priceOverrides, { count: 1, amount: 80 });
  // Only the voided sale is a void: the one parked (and resumed as a new sale) is not.
  assert.deepEqual(x.voids, { count: 1, amount: mix.voided.total });
  assert.deepEqual(x.noSales, { count: 1 });
  assert.deepEqual(x.cashMovements, [
    { direction: 'out', reason: 'paid_out', count: 1, amount: 500 },
    { direction: 'in', reason: 'float_top_up', count: 1, amount: 1000 },
  ]);
});

/** Sums a parsed CSV's amount column over the rows that match. */
const total = (rows: Record<string, string>[], match: (r: Record<string, string>) => boolean) =>
  rows.filter(match).reduce((a, r) => a + minorFrom(r.amount!)!, 0);

test('the CSV export parses back into the same totals', async () => {
  const x = await t.call('tillReports.x', {});
  const { summary, lines } = await t.call('tillReports.exportCsv', {});
  const sumRows = parse(summary.text, { columns: true }) as Record<string, string>[];
  const lineRows = parse(lines.text, { columns: true }) as Record<string, string>[];
  const figure = (section: string, key: string) =>
    sumRows.find((r) => r.section === section && r.key === key)!;

  // The summary file says what the report says.
  assert.equal(minorFrom(figure('sales', 'gross').amount!), x.sales.amount);
  assert.equal(minorFrom(figure('sales', 'net').amount!), x.sales.net);
  for (const tender of x.tenders)
    assert.equal(minorFrom(figure('tender', tender.key).amount!), tender.amount);

  // The line-level file recomputes the same totals.
  const saleLines = lineRows.filter((r) => r.record === 'sale_line');
  assert.equal(
    total(saleLines, () => true),
    x.sales.amount,
  );
  assert.equal(new Set(saleLines.map((r) => r.receipt)).size, x.sales.count);
  for (const tender of x.tenders)
    assert.equal(
      total(lineRows, (r) => r.record === 'tender' && r.tender_key === tender.key),
      tender.amount,
    );
  assert.equal(
    total(lineRows, (r) => r.record === 'refund'),
    x.sales.refunds,
  );
  assert.equal(
    total(lineRows, (r) => r.record === 'void'),
    x.voids.amount,
  );
  assert.equal(
    saleLines.reduce((a, r) => a + minorFrom(r.discount!)!, 0),
    x.discounts.amount,
  );
  assert.equal(
    saleLines.reduce((a, r) => a + minorFrom(r.price_override!)!, 0),
    x.priceOverrides!.amount,
  );
  assert.equal(minorFrom(figure('price_overrides', 'all').amount!), x.priceOverrides!.amount);
  for (const c of x.categories)
    assert.equal(
      total(saleLines, (r) => r.category === c.category),
      c.amount,
    );
  // VAT per rate: each receipt's lines again, less each refund's lines (one refund: one receipt
  // at one moment), by the shared rule.
  const vat = new Map<number, number>();
  const vatOf = (
    rows: Record<string, string>[],
    group: (r: Record<string, string>) => string,
    sign: number,
  ) => {
    const groups = new Map<string, Record<string, string>[]>();
    for (const r of rows) groups.set(group(r), [...(groups.get(group(r)) ?? []), r]);
    for (const g of groups.values())
      for (const r of vatSummary(
        g.map((l) => ({ gross: minorFrom(l.amount!)!, vatRate: Number(l.vat_rate) })),
      ))
        vat.set(r.basisPoints, (vat.get(r.basisPoints) ?? 0) + sign * r.vat);
  };
  vatOf(saleLines, (r) => r.receipt!, 1);
  const refundLines = lineRows.filter((r) => r.record === 'refund_line');
  assert.equal(refundLines.length, 2, 'one line each from the two itemised refunds');
  vatOf(refundLines, (r) => `${r.receipt} ${r.at}`, -1);
  for (const row of x.vat) {
    assert.equal(vat.get(row.basisPoints!), row.vat);
    assert.equal(minorFrom(figure('vat', String(row.basisPoints)).vat!), row.vat);
  }
  assert.equal(minorFrom(figure('vat', 'refunds_without_items').amount!), -x.refundsWithoutItems!.amount);
  const moved = (direction: string) =>
    total(lineRows, (r) => r.record === 'cash_movement' && r.direction === direction);
  assert.equal(moved('out'), 500);
  assert.equal(moved('in'), 1000);
});

test('the drawer is counted: expected against counted, a 0.50 difference', async () => {
  const cashTaken = mix.cashSales.reduce((a, s) => a + s.total, 0);
  const expected = mix.float + cashTaken + 1000 - 500 - cashBack();
  const closed = await t.call('shifts.close', { counted: countOf(expected - 50) });
  assert.equal(closed.cashTaken, cashTaken);
  assert.equal(closed.cashRefunds, cashBack());
  assert.equal(closed.expected, expected);
  assert.equal(closed.counted, expected - 50);
  assert.equal(closed.difference, -50);
  assert.equal(closed.countedBy?.name, TEST_STAFF.manager.name);
  await later();
});

test('a Z needs a supervisor or manager; it closes the day and the next X starts from nothing', async () => {
  await staff.signIn('cashier');
  assert.equal((await t.failure('tillReports.z', {})).code, 'not_allowed');
  await staff.signIn('supervisor');
  const before = await t.call('tillReports.x', {});
  const printed = t.waitForEvent('printing.changed', (e) => e.job?.receiptId === 'z-1');
  const z: TillReportView = await t.call('tillReports.z', {});
  await printed;
  assert.equal(z.kind, 'Z');
  assert.equal(z.number, 1);
  assert.equal(z.runBy?.name, TEST_STAFF.supervisor.name);
  assert.deepEqual(z.sales, before.sales);
  assert.equal(z.shifts[0]?.difference, -50);
  assert.deepEqual(z.noSales, before.noSales);

  const next = await t.call('tillReports.x', {});
  assert.equal(next.since, z.until);
  assert.deepEqual(next.sales, { count: 0, amount: 0, refunds: 0, net: 0 });
  assert.deepEqual(next.tenders, []);
  assert.deepEqual(next.cashMovements, []);
  assert.deepEqual(next.voids, { count: 0, amount: 0 });

  // Kept as closed: listed, opened and exported again with the same figures.
  const [listed] = await t.call('tillReports.list', { limit: 5 });
  assert.deepEqual(listed, {
    number: 1,
    currency: 'GBP',
    since: null,
    until: z.until,
    runBy: z.runBy,
    gross: z.sales.amount,
    net: z.sales.net,
  });
  assert.deepEqual(await t.call('tillReports.get', { zNumber: 1 }), z);
  const csv = await t.call('tillReports.exportCsv', { zNumber: 1 });
  const lineRows = parse(csv.lines.text, { columns: true }) as Record<string, string>[];
  assert.equal(
    total(lineRows, (r) => r.record === 'sale_line'),
    z.sales.amount,
  );
  assert.equal(csv.summary.fileName.startsWith('z-report-1-'), true);

  // On the receipt printer (the sandbox's on-screen preview), and again when reprinted.
  const reprinted = t.waitForEvent('printing.changed', (e) => /^z-1-reprint-/.test(e.job?.receiptId ?? ''));
  await t.call('tillReports.print', { zNumber: 1 });
  await reprinted;
  const slips = await t.call('printing.preview', { limit: 10 });
  const text = (receiptId: (id: string) => boolean) =>
    slips.find((r) => receiptId(r.receiptId))?.lines.map((l) => l.value) ?? [];
  assert.ok(text((id) => id === 'z-1').includes('Z REPORT 1'));
  assert.ok(text((id) => id.startsWith('z-1-reprint-')).includes('REPRINT'));
});

test('a Z waits for the drawer to be counted', async () => {
  await t.call('shifts.open', { float: [{ value: 1000, count: 2 }] });
  const refused = await t.failure('tillReports.z', {});
  assert.equal(refused.code, 'conflict');
  assert.match(refused.message, /close the shift/);
  await t.call('shifts.close', { counted: [{ value: 1000, count: 2 }] });
  await later();
  assert.equal((await t.call('tillReports.z', {})).number, 2);
});

test('a refund of a sale from an earlier day comes off today’s rows: its category and whoever gave it back', async () => {
  // The days before were closed by two Zs; nothing has been sold since.
  await staff.signIn('supervisor');
  const sale = mix.cards[0]!;
  const line = sale.lines[0]!;
  const done = t.waitForEvent(
    'history.refundUpdated',
    (u) => u.saleId === sale.saleId && u.state === 'completed',
  );
  await t.call('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 100,
    card: { paymentId: sale.tenders[0]!.paymentId!, terminalId: TERMINAL },
    reason: 'Stale',
  });
  const refund = await done;
  await later();
  const x = await t.call('tillReports.x', {});
  const category = products.find((p) => p.id === line.productId)!.category;
  assert.deepEqual(x.sales, { count: 0, amount: 0, refunds: refund.total, net: -refund.total });
  assert.deepEqual(x.categories, [
    { category, quantity: 0, amount: 0, refunds: refund.total, net: -refund.total },
  ]);
  assert.deepEqual(x.cashiers, [
    { name: TEST_STAFF.supervisor.name, count: 0, amount: 0, refunds: refund.total, net: -refund.total },
  ]);
  assert.deepEqual(
    x.refunds.map((r) => [r.key, r.amount]),
    [
      ['cash', refund.total - 100],
      [`card:${TERMINAL}`, 100],
    ],
  );
});
