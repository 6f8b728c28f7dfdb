// The printed X/Z report: the exact lines the manager reads off the paper, which of them stand out
// (title, headings), and the rows that only print when there is something to say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TillReportView } from '../../../shared/contract';
import type { ReceiptLine } from '../../../shared/receipt';
import { reportReceipt } from '../../../electron/services/till-reports/print';
import { BERLIN, LONDON, PRINTED_AT, row, shown } from '../printing/slip-support';

const UNKNOWN_MACHINE = { key: 'card:unknown', label: 'Card machine not known' };

/** The day so far: paid by cash and by a card machine the till no longer knows, one refund. */
const daySoFar: TillReportView = {
  kind: 'X',
  number: null,
  currency: 'GBP',
  since: null,
  until: PRINTED_AT.toISOString(),
  runBy: null,
  sales: { count: 2, amount: 1800, refunds: 300, net: 1500 },
  tenders: [
    { ...UNKNOWN_MACHINE, count: 1, amount: 1000 },
    { key: 'cash', label: 'Cash', count: 1, amount: 800 },
  ],
  vat: [{ basisPoints: null, gross: 1800, vat: 0, net: 1800 }],
  refundsWithoutItems: { count: 1, amount: 300 },
  categories: [{ category: 'Coffee', quantity: 2, amount: 1800, refunds: 0, net: 1800 }],
  // Ana gave the card refund without items back.
  cashiers: [{ name: 'Ana', count: 2, amount: 1800, refunds: 300, net: 1500 }],
  hours: Array.from({ length: 24 }, (_, hour) =>
    hour === 9 ? { hour, count: 2, amount: 1800 } : { hour, count: 0, amount: 0 },
  ),
  refunds: [{ ...UNKNOWN_MACHINE, count: 1, amount: 300 }],
  discounts: { count: 0, amount: 0 },
  priceOverrides: null,
  voids: { count: 0, amount: 0 },
  noSales: null,
  cashMovements: [],
  shifts: [],
};

const english = (report: TillReportView, reprint = false) =>
  reportReceipt(report, {
    shopName: 'Corner Shop',
    paperWidth: 80,
    locale: 'en-GB',
    timeZone: LONDON,
    reprint,
  });

/** The lines printed with emphasis, each with its formats. */
const emphasised = (lines: ReceiptLine[]) =>
  lines.filter((l) => l.format.length > 0).map((l) => `${l.format.join('+')}: ${l.value}`);

/** The lines under one heading, up to the next separator. */
function section(lines: ReceiptLine[], heading: string): string[] {
  const all = shown(lines);
  const start = all.indexOf(heading);
  assert.ok(start > 0, `"${heading}" is printed`);
  const end = all.indexOf('-', start);
  return all.slice(start + 1, end === -1 ? all.length - 1 : end);
}

test('the X report of a day with no sign-in, no rate kept and a refund without items', () => {
  assert.deepEqual(shown(english(daySoFar)), [
    'Corner Shop',
    'X REPORT (day so far)',
    'From the first sale',
    'To   04/07/2026 17:12',
    // Nobody ran it: no "Run by" line.
    '-',
    'Takings',
    row('Sales (2)', '£18.00'),
    // What went back is negative, with the minus sign (printed as '-': no code page has it).
    row('Refunds', '−£3.00'),
    row('Net takings', '£15.00'),
    '-',
    'By tender',
    row('Card machine not known (1)', '£10.00'),
    row('Cash (1)', '£8.00'),
    '-',
    'VAT',
    row('No rate kept gross', '£18.00'),
    row('No rate kept VAT', '£0.00'),
    row('No rate kept net', '£18.00'),
    // Given back, so negative; its rate is not known, so it is not in the rows above.
    row('Card refunds, no items (1)', '−£3.00'),
    '-',
    'By category',
    row('Coffee (2)', '£18.00'),
    // No category is known for it: its own row, so the rows add up to the net takings.
    row('Card refunds, no items (1)', '−£3.00'),
    row('Net takings', '£15.00'),
    '-',
    'By cashier',
    row('Ana (2)', '£18.00'),
    // Ana handed the refund back: it comes off her row.
    row('  Refunded', '−£3.00'),
    row('  After refunds', '£15.00'),
    row('Net takings', '£15.00'),
    '-',
    'By hour',
    // Only the hours with sales, two digits each.
    row('09:00 (2)', '£18.00'),
    '-',
    'Refunds',
    row('Card machine not known (1)', '£3.00'),
    '-',
    'Other',
    row('Discounts (0)', '£0.00'),
    // Price overrides were not kept: no row rather than a made-up zero.
    row('Voids (0)', '£0.00'),
    'No-sales: not recorded',
    // No cash in or out, no shift counted: no headings for them.
    '>>',
  ]);
});

test('only the reprint mark, shop name, title and headings stand out', () => {
  assert.deepEqual(emphasised(english(daySoFar, true)), [
    'BOLD: REPRINT',
    'BOLD: Corner Shop',
    'BOLD+DOUBLE_HEIGHT: X REPORT (day so far)',
    'BOLD: Takings',
    'BOLD: By tender',
    'BOLD: VAT',
    'BOLD: By category',
    'BOLD: By cashier',
    'BOLD: By hour',
    'BOLD: Refunds',
    'BOLD: Other',
  ]);
});

test('no refund without items: no row for them under VAT', () => {
  const lines = english({ ...daySoFar, refundsWithoutItems: { count: 0, amount: 0 } });
  assert.deepEqual(section(lines, 'VAT'), [
    row('No rate kept gross', '£18.00'),
    row('No rate kept VAT', '£0.00'),
    row('No rate kept net', '£18.00'),
  ]);
});

test('in a German shop the unknown card machine and money put in are worded in German', () => {
  const lines = reportReceipt(
    {
      ...daySoFar,
      currency: 'EUR',
      cashMovements: [
        { direction: 'in', reason: 'float_top_up', count: 1, amount: 2000 },
        { direction: 'out', reason: 'bank_drop', count: 1, amount: 5000 },
      ],
    },
    { shopName: 'Eckladen', paperWidth: 80, locale: 'de-DE', timeZone: BERLIN },
  );
  assert.deepEqual(section(lines, 'Nach Zahlungsart'), [
    row('Kartenterminal unbekannt (1)', '10,00 €'),
    row('Bar (1)', '8,00 €'),
  ]);
  assert.deepEqual(section(lines, 'Erstattungen'), [row('Kartenterminal unbekannt (1)', '3,00 €')]);
  assert.deepEqual(section(lines, 'Einlagen und Entnahmen'), [
    row('Einlage: Wechselgeld aufgefüllt (1)', '20,00 €'),
    row('Entnahme: Bankeinzahlung (1)', '50,00 €'),
  ]);
});

test('a Z closed before rows carried refunds prints its rows as they were, with no total under them', () => {
  const closedBefore: TillReportView = {
    ...daySoFar,
    categories: [{ category: 'Coffee', quantity: 2, amount: 1800, refunds: null, net: null }],
    cashiers: [{ name: 'Ana', count: 2, amount: 1800, refunds: null, net: null }],
  };
  const lines = english(closedBefore);
  assert.deepEqual(section(lines, 'By category'), [
    row('Coffee (2)', '£18.00'),
    row('Card refunds, no items (1)', '−£3.00'),
  ]);
  assert.deepEqual(section(lines, 'By cashier'), [row('Ana (2)', '£18.00')]);
});
