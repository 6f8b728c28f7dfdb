// The till report's CSV files are what the shop manager hands to the accountant: the exact text
// matters (header, one row per figure, money as decimal text from integer minor units, negatives
// with a leading '-', blanks where a figure does not apply) and so do the file names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TillReportView } from '../../../shared/contract';
import type { LineRecord } from '../../../electron/services/till-reports/compute';
import {
  decimal,
  lineRows,
  linesCsv,
  minorFrom,
  summaryCsv,
} from '../../../electron/services/till-reports/csv';

/** A closed day with a figure in every section, a negative or two, and awkward names. */
const closedDay: TillReportView = {
  kind: 'Z',
  number: 12,
  currency: 'GBP',
  since: '2026-03-01T22:00:00.000Z',
  until: '2026-03-02T21:30:00.000Z',
  runBy: { id: 'm1', name: 'Ana' },
  sales: { count: 5, amount: 12345, refunds: 1050, net: 11295 },
  tenders: [
    { key: 'cash', label: 'Cash', count: 3, amount: 4345 },
    // A card machine the shop named with a comma: the cell is quoted, not split.
    { key: 'card:t1', label: 'Counter, left', count: 2, amount: 8000 },
  ],
  vat: [
    { basisPoints: 2000, gross: 10000, vat: 1667, net: 8333 },
    // Lines sold before rates were kept: no rate, and no VAT worked out.
    { basisPoints: null, gross: 1295, vat: 0, net: 1295 },
  ],
  refundsWithoutItems: { count: 1, amount: 550 },
  categories: [
    { category: 'Coffee', quantity: 4, amount: 10000, refunds: 500, net: 9500 },
    // A spreadsheet would run this as a formula: it gets the catalogue's leading '.
    { category: '+Extras', quantity: 1, amount: 1295, refunds: 0, net: 1295 },
    // Closed before rows carried refunds: blanks, not zeros.
    { category: 'Tea', quantity: 1, amount: 1050, refunds: null, net: null },
  ],
  cashiers: [
    { name: 'Ana', count: 5, amount: 12345, refunds: 500, net: 11845 },
    // Gave back a card refund without items and sold nothing.
    { name: 'Bo', count: 0, amount: 0, refunds: 550, net: -550 },
  ],
  hours: [
    { hour: 9, count: 2, amount: 4345 },
    { hour: 14, count: 3, amount: 8000 },
  ],
  refunds: [
    { key: 'cash', label: 'Cash', count: 1, amount: 500 },
    { key: 'card:t1', label: 'Counter, left', count: 1, amount: 550 },
  ],
  discounts: { count: 2, amount: 75 },
  // A price raised at the counter counts against the overrides.
  priceOverrides: { count: 1, amount: -20 },
  voids: { count: 1, amount: 300 },
  noSales: { count: 0 },
  cashMovements: [
    { direction: 'out', reason: 'paid_out', count: 1, amount: 1500 },
    { direction: 'in', reason: 'float_top_up', count: 1, amount: 2000 },
  ],
  shifts: [{ number: 4, float: 10000, expected: 12845, counted: 12840, difference: -5, countedBy: 'Ana' }],
};

test('the Z summary file: every figure on its own row, money as decimal text', () => {
  const csv = summaryCsv(closedDay);
  assert.equal(csv.fileName, 'z-report-12-2026-03-02-summary.csv');
  // For spreadsheets: the ASCII hyphen, so a negative amount stays a number (never U+2212).
  assert.doesNotMatch(csv.text, /\u2212/);
  assert.equal(
    csv.text,
    [
      'section,key,label,count,amount,vat,net,refunds',
      'report,kind,Z,,,,,',
      'report,number,12,,,,,',
      'report,currency,GBP,,,,,',
      'report,since,2026-03-01T22:00:00.000Z,,,,,',
      'report,until,2026-03-02T21:30:00.000Z,,,,,',
      'report,run_by,Ana,,,,,',
      'sales,gross,Sales,5,123.45,,,',
      'sales,refunds,Refunds,,10.50,,,',
      'sales,net,Net takings,,112.95,,,',
      'tender,cash,Cash,3,43.45,,,',
      'tender,card:t1,"Counter, left",2,80.00,,,',
      'vat,2000,,,100.00,16.67,83.33,',
      'vat,,,,12.95,0.00,12.95,',
      // Each row's refunds and net; the card refunds without items have no category.
      'category,Coffee,Coffee,4,100.00,,95.00,5.00',
      "category,'+Extras,'+Extras,1,12.95,,12.95,0.00",
      // Closed before rows carried refunds: blanks, not zeros.
      'category,Tea,Tea,1,10.50,,,',
      'category,refunds_without_items,Card refunds without items (category not known),1,,,-5.50,5.50',
      'cashier,Ana,Ana,5,123.45,,118.45,5.00',
      'cashier,Bo,Bo,0,0.00,,-5.50,5.50',
      'hour,9,9:00,2,43.45,,,',
      'hour,14,14:00,3,80.00,,,',
      'refund,cash,Cash,1,5.00,,,',
      'refund,card:t1,"Counter, left",1,5.50,,,',
      // Card refunds without items come off the takings: negative, under the VAT rows' section.
      'vat,refunds_without_items,Card refunds without items (VAT not known),1,-5.50,,,',
      'discounts,all,Discounts,2,0.75,,,',
      'price_overrides,all,Price overrides,1,-0.20,,,',
      'voids,all,Voids,1,3.00,,,',
      // No No-sales is a count of 0, not a blank.
      'no_sales,all,No-sales,0,,,,',
      'cash_movement,out:paid_out,Paid out,1,15.00,,,',
      'cash_movement,in:float_top_up,Float top-up,1,20.00,,,',
      'shift,4:float,Ana,,100.00,,,',
      'shift,4:expected,Ana,,128.45,,,',
      'shift,4:counted,Ana,,128.40,,,',
      'shift,4:difference,Ana,,-0.05,,,',
      '',
    ].join('\n'),
  );
});

test('the X summary file: no number, no start, nobody, and figures not kept are left out', () => {
  const dayRunning: TillReportView = {
    ...closedDay,
    kind: 'X',
    number: null,
    currency: 'EUR',
    since: null,
    until: '2026-03-02T10:00:00.000Z',
    runBy: null,
    sales: { count: 0, amount: 0, refunds: 0, net: 0 },
    tenders: [],
    vat: [],
    refundsWithoutItems: null,
    categories: [],
    cashiers: [],
    hours: [],
    refunds: [],
    discounts: { count: 0, amount: 0 },
    priceOverrides: null,
    voids: { count: 0, amount: 0 },
    noSales: null,
    cashMovements: [],
    shifts: [{ number: 2, float: 5000, expected: 5000, counted: 5000, difference: 0, countedBy: null }],
  };
  const csv = summaryCsv(dayRunning);
  assert.equal(csv.fileName, 'x-report-2026-03-02-summary.csv');
  assert.equal(
    csv.text,
    [
      'section,key,label,count,amount,vat,net,refunds',
      'report,kind,X,,,,,',
      'report,number,,,,,,',
      'report,currency,EUR,,,,,',
      'report,since,,,,,,',
      'report,until,2026-03-02T10:00:00.000Z,,,,,',
      'report,run_by,,,,,,',
      'sales,gross,Sales,0,0.00,,,',
      'sales,refunds,Refunds,,0.00,,,',
      'sales,net,Net takings,,0.00,,,',
      'discounts,all,Discounts,0,0.00,,,',
      'voids,all,Voids,0,0.00,,,',
      'shift,2:float,,,50.00,,,',
      'shift,2:expected,,,50.00,,,',
      'shift,2:counted,,,50.00,,,',
      'shift,2:difference,,,0.00,,,',
      '',
    ].join('\n'),
  );
  assert.equal(linesCsv(dayRunning, []).fileName, 'x-report-2026-03-02-lines.csv');
});

test('no card refunds without items: no row for them under the categories', () => {
  const csv = summaryCsv({ ...closedDay, refundsWithoutItems: { count: 0, amount: 0 } });
  assert.equal(csv.text.includes('refunds_without_items'), true, 'the VAT section keeps its row');
  assert.equal(csv.text.includes('category,refunds_without_items'), false);
});

test('the run-by name a spreadsheet would run as a formula gets a leading quote', () => {
  const csv = summaryCsv({ ...closedDay, runBy: { id: 'm2', name: '=Sam' } });
  assert.ok(csv.text.includes("\nreport,run_by,'=Sam,,,,,\n"), csv.text);
});

const blank = {
  receipt: '',
  cashier: '',
  category: '',
  quantity: null,
  vatRate: null,
  discount: 0,
  priceOverride: 0,
  tenderKey: '',
  tender: '',
  direction: '',
} as const;

const lines: LineRecord[] = [
  {
    ...blank,
    record: 'sale_line',
    at: '2026-03-02T09:15:00.000Z',
    receipt: 'R-0001',
    cashier: 'Ana',
    description: 'Flat white, large',
    category: 'Coffee',
    quantity: 2,
    vatRate: 2000,
    amount: 700,
    discount: 50,
  },
  {
    ...blank,
    record: 'sale_line',
    at: '2026-03-02T09:15:00.000Z',
    receipt: 'R-0001',
    cashier: 'Ana',
    description: '+1 extra shot',
    category: '+Extras',
    quantity: 1,
    amount: 70,
    priceOverride: -20,
  },
  {
    ...blank,
    record: 'tender',
    at: '2026-03-02T09:16:00.000Z',
    receipt: 'R-0001',
    cashier: 'Ana',
    description: 'Cash',
    amount: 770,
    tenderKey: 'cash',
    tender: 'Cash',
  },
  {
    ...blank,
    record: 'cash_movement',
    at: '2026-03-02T11:00:00.000Z',
    cashier: 'Ana',
    description: 'Paid out: milk',
    amount: 1500,
    direction: 'out',
  },
];

test('the lines file: every line cell by cell, blanks where a cell does not apply', () => {
  const csv = linesCsv(closedDay, lineRows(lines));
  assert.equal(csv.fileName, 'z-report-12-2026-03-02-lines.csv');
  assert.equal(
    csv.text,
    [
      'record,at,receipt,cashier,description,category,quantity,vat_rate,amount,discount,tender_key,tender,direction,price_override',
      'sale_line,2026-03-02T09:15:00.000Z,R-0001,Ana,"Flat white, large",Coffee,2,2000,7.00,0.50,,,,0.00',
      "sale_line,2026-03-02T09:15:00.000Z,R-0001,Ana,'+1 extra shot,'+Extras,1,,0.70,0.00,,,,-0.20",
      'tender,2026-03-02T09:16:00.000Z,R-0001,Ana,Cash,,,,7.70,0.00,cash,Cash,,0.00',
      'cash_movement,2026-03-02T11:00:00.000Z,,Ana,Paid out: milk,,,,15.00,0.00,,,out,0.00',
      '',
    ].join('\n'),
  );
});

test('money as decimal text and back, with integer arithmetic', () => {
  const cases: [number, string][] = [
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100, '1.00'],
    [-12345, '-123.45'],
    [123456789, '1234567.89'],
  ];
  for (const [minor, text] of cases) {
    assert.equal(decimal(minor), text);
    assert.equal(minorFrom(text), minor);
  }
  // Only a whole decimal with two places is money; anything around it makes it not one.
  for (const text of ['', '12', '12.5', '12.505', 'x12.50', '12.50x', '£12.50', '1,234.50', '+1.00'])
    assert.equal(minorFrom(text), null, text);
});
