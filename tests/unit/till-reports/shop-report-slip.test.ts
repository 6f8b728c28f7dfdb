// The shop's report over all its tills, printed and exported with the till report's own layout
// and CSV: its title says it is the shop's (in the slip's language), a "By till" section follows
// the takings with each till's sales, refunds and what is left; the summary file is the till
// report's, the by-till file each till's summary rows with its number first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import type { TillReportView } from '../../../shared/contract';
import type { ShopReportView } from '../../../shared/contract/shop-reports';
import { reportReceipt } from '../../../electron/services/till-reports/print';
import { shopSummaryCsv, shopTillsCsv, summaryCsv } from '../../../electron/services/till-reports/csv';
import { LONDON, PRINTED_AT, row, shown } from '../printing/slip-support';

const report = (over: Partial<TillReportView>): TillReportView => ({
  kind: 'X',
  number: null,
  currency: 'GBP',
  since: null,
  until: PRINTED_AT.toISOString(),
  runBy: null,
  sales: { count: 0, amount: 0, refunds: 0, net: 0 },
  tenders: [],
  vat: [],
  refundsWithoutItems: { count: 0, amount: 0 },
  categories: [],
  cashiers: [],
  hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0, amount: 0 })),
  refunds: [],
  discounts: { count: 0, amount: 0 },
  priceOverrides: null,
  voids: { count: 0, amount: 0 },
  noSales: { count: 0 },
  cashMovements: [],
  shifts: [],
  ...over,
});

const view = (kind: 'X' | 'Z', number: number | null): ShopReportView => ({
  report: report({ kind, number, sales: { count: 3, amount: 1800, refunds: 300, net: 1500 } }),
  tills: [
    {
      number: 1,
      name: 'Front',
      report: report({ kind, till: 1, sales: { count: 1, amount: 500, refunds: 0, net: 500 } }),
    },
    {
      number: 2,
      name: 'Bar',
      report: report({ kind, till: 2, sales: { count: 2, amount: 1300, refunds: 300, net: 1000 } }),
    },
  ],
});

const slip = (v: ShopReportView, locale = 'en-GB') =>
  shown(
    reportReceipt(v.report, {
      shopName: 'Corner Shop',
      paperWidth: 80,
      locale,
      timeZone: LONDON,
      byTill: v.tills.map((t) => ({ number: t.number, name: t.name, sales: t.report.sales })),
    }),
  );

test('the shop X slip: its title, then each till’s takings under the shop’s', () => {
  const lines = slip(view('X', null));
  assert.deepEqual(lines.slice(0, 2), ['Corner Shop', 'SHOP X REPORT (so far)']);
  const start = lines.indexOf('By till');
  assert.ok(start > lines.indexOf('Takings'));
  assert.deepEqual(lines.slice(start + 1, lines.indexOf('-', start)), [
    row('Till 1 Front (1)', '£5.00'),
    row('Till 2 Bar (2)', '£13.00'),
    row('  Refunded', '−£3.00'),
    row('  After refunds', '£10.00'),
  ]);
});

test('the shop Z slip is numbered as the shop’s, in the slip’s language; a till’s slip has no By till', () => {
  assert.ok(slip(view('Z', 4)).includes('SHOP Z REPORT 4'));
  const german = slip(view('Z', 4), 'de-DE');
  assert.ok(german.includes('FILIAL-Z-BERICHT 4'));
  assert.ok(german.includes('Nach Kasse'));
  const tillSlip = shown(
    reportReceipt(report({ kind: 'Z', number: 4 }), { shopName: '', paperWidth: 80, timeZone: LONDON }),
  );
  assert.ok(tillSlip.includes('Z REPORT 4'));
  assert.ok(!tillSlip.includes('By till'));
});

test('the shop’s CSV: the till report’s summary of the shop, and each till’s rows with its number', () => {
  const v = view('Z', 4);
  const summary = shopSummaryCsv(v, LONDON);
  assert.equal(summary.fileName, 'shop-z-report-4-2026-07-04-summary.csv');
  assert.equal(summary.text, summaryCsv(v.report, LONDON).text);
  const tills = shopTillsCsv(v, LONDON);
  assert.equal(tills.fileName, 'shop-z-report-4-2026-07-04-by-till.csv');
  const rows = parse(tills.text, { columns: true }) as Array<Record<string, string>>;
  const gross = rows.filter((r) => r.section === 'sales' && r.key === 'gross').map((r) => [r.till, r.amount]);
  assert.deepEqual(gross, [
    ['1', '5.00'],
    ['2', '13.00'],
  ]);
  // Each till's rows are its own summary's, after its number.
  const tillTwo = rows.filter((r) => r.till === '2').length;
  assert.equal(tillTwo, parse(summaryCsv(v.tills[1]!.report, LONDON).text, { columns: true }).length);
});
