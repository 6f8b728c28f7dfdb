// The till report's line records and its sorted lists, from facts built by hand: every record is
// written out whole (the accountant's CSV is written from these, so an empty column must stay
// empty, never "undefined"), and the lists come out largest first whatever order the day ran in.
// Amounts are integer minor units.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ShiftView, StaffStamp } from '../../../shared/contract';
import {
  computeReport,
  NO_CATEGORY,
  NOBODY,
  type LineRecord,
} from '../../../electron/services/till-reports/compute';
import type { DayFacts, EndedSale } from '../../../electron/services/till-reports/sources';

const ANN: StaffStamp = { id: 'a', name: 'Ann' };
const BEN: StaffStamp = { id: 'b', name: 'Ben' };
const AT = '2026-03-02T09:00:00.000Z';

type Line = EndedSale['lines'][number];
const line = (productId: string, quantity: number, lineTotal: number, vatRate: number | null): Line => ({
  productId,
  sku: productId,
  name: productId,
  quantity,
  unitPrice: lineTotal / quantity,
  lineTotal,
  vatRate,
  priceOverride: null,
});

function sale(receiptNumber: string, over: Partial<EndedSale> & Pick<EndedSale, 'lines'>): EndedSale {
  return {
    saleId: `id-${receiptNumber}`,
    receiptNumber,
    state: 'completed',
    endedBecause: null,
    currency: 'GBP',
    total: over.lines.reduce((a, l) => a + l.lineTotal, 0),
    servedBy: ANN,
    createdAt: AT,
    completedAt: AT,
    tenders: [],
    ...over,
  };
}

/** A day with nothing in it; each test puts in what it is about. */
function day(over: Partial<DayFacts>): DayFacts {
  return {
    currency: 'GBP',
    sales: [],
    cardPayments: [],
    cashRefunds: [],
    itemisedRefunds: [],
    noSales: [],
    cashMovements: [],
    shifts: [],
    terminalOf: () => null,
    terminalName: (id) => ({ name: `Machine ${id}`, named: true }),
    categories: new Map([
      ['coffee', 'Drinks'],
      ['cake', 'Food'],
    ]),
    ...over,
  };
}

/** A record with every column a record of its kind leaves empty, empty. */
const record = (
  r: Partial<LineRecord> & Pick<LineRecord, 'record' | 'description' | 'amount'>,
): LineRecord => ({
  at: AT,
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
  ...r,
});

test('a void, a sale line and its tender are written out whole', () => {
  const { lines } = computeReport(
    day({
      sales: [
        sale('V1', { state: 'abandoned', endedBecause: 'voided', completedAt: null, total: 450, lines: [] }),
        sale('S1', {
          lines: [line('coffee', 2, 600, 2000)],
          tenders: [{ kind: 'cash', amount: 600, given: 1000, paymentId: null, takenAt: AT }],
        }),
      ],
    }),
  );
  assert.deepEqual(lines, [
    record({
      record: 'void',
      receipt: 'V1',
      cashier: 'Ann',
      description: 'Abandoned before it was paid',
      amount: 450,
    }),
    record({
      record: 'sale_line',
      receipt: 'S1',
      cashier: 'Ann',
      description: 'coffee',
      category: 'Drinks',
      quantity: 2,
      vatRate: 2000,
      amount: 600,
    }),
    record({
      record: 'tender',
      receipt: 'S1',
      cashier: 'Ann',
      description: 'Cash',
      amount: 600,
      tenderKey: 'cash',
      tender: 'Cash',
    }),
  ]);
});

test('only a card tender with a payment is looked up for its machine', () => {
  // The journal here would name a machine for any id: a tender without a payment still has none.
  const { body } = computeReport(
    day({
      terminalOf: () => 'T9',
      sales: [
        sale('S1', {
          lines: [line('coffee', 1, 300, 2000)],
          tenders: [
            { kind: 'card', amount: 100, given: null, paymentId: null, takenAt: AT },
            { kind: 'card', amount: 200, given: null, paymentId: 'pay-1', takenAt: AT },
          ],
        }),
      ],
    }),
  );
  assert.deepEqual(body.tenders, [
    { key: 'card:unknown', label: 'Card machine not known', count: 1, amount: 100 },
    { key: 'card:T9', label: 'Machine T9', terminal: { id: 'T9', named: true }, count: 1, amount: 200 },
  ]);
});

test('refunds: what is not known stays empty, the cashier and category where they are', () => {
  const { lines } = computeReport(
    day({
      cardPayments: [
        {
          id: 'ref-1',
          terminalId: 'T1',
          type: 'REFUND',
          amount: 250,
          currency: 'GBP',
          paid: true,
          createdAt: AT,
          saleId: null,
          itemised: false,
          by: null,
        },
      ],
      cashRefunds: [
        { amount: 120, at: AT, receiptNumber: null, by: null },
        { amount: 80, at: AT, receiptNumber: 'S7', by: BEN },
      ],
      itemisedRefunds: [
        {
          refundId: 'r1',
          saleId: 'id-S7',
          receiptNumber: 'S7',
          at: AT,
          cardPaymentId: null,
          cardAmount: 0,
          cardTerminalId: null,
          by: BEN,
          lines: [
            { productId: 'cake', name: 'cake', quantity: 1, amount: 80, vatRate: 500 },
            { productId: 'gone', name: 'gone', quantity: 2, amount: 40, vatRate: null },
          ],
        },
      ],
    }),
  );
  assert.deepEqual(lines, [
    record({
      record: 'refund',
      description: 'Card refund',
      amount: 250,
      tenderKey: 'card:T1',
      tender: 'Machine T1',
    }),
    record({ record: 'refund', description: 'Cash refund', amount: 120, tenderKey: 'cash', tender: 'Cash' }),
    record({
      record: 'refund',
      receipt: 'S7',
      cashier: 'Ben',
      description: 'Cash refund',
      amount: 80,
      tenderKey: 'cash',
      tender: 'Cash',
    }),
    record({
      record: 'refund_line',
      receipt: 'S7',
      cashier: 'Ben',
      description: 'cake',
      category: 'Food',
      quantity: 1,
      vatRate: 500,
      amount: 80,
    }),
    record({
      record: 'refund_line',
      receipt: 'S7',
      cashier: 'Ben',
      description: 'gone',
      category: NO_CATEGORY,
      quantity: 2,
      amount: 40,
    }),
  ]);
});

test('cash movements and No-sales: who did them where known, never a receipt', () => {
  const { lines } = computeReport(
    day({
      cashMovements: [
        { shiftId: 'sh', direction: 'out', reason: 'paid_out', note: 'Milk', amount: 500, at: AT, by: ANN },
        { shiftId: 'sh', direction: 'in', reason: 'float_top_up', note: '', amount: 2000, at: AT, by: null },
      ],
      noSales: [
        { at: AT, by: BEN, reason: 'Change for the bus' },
        { at: AT, by: null, reason: 'Wrong button' },
      ],
    }),
  );
  assert.deepEqual(lines, [
    record({
      record: 'cash_movement',
      cashier: 'Ann',
      description: 'Paid out: Milk',
      amount: 500,
      direction: 'out',
    }),
    record({ record: 'cash_movement', description: 'Float top-up', amount: 2000, direction: 'in' }),
    record({ record: 'no_sale', cashier: 'Ben', description: 'Change for the bus', amount: 0 }),
    record({ record: 'no_sale', description: 'Wrong button', amount: 0 }),
  ]);
});

test('a till that cannot list No-sales reports none, neither a count nor a line', () => {
  const { body, lines } = computeReport(day({ noSales: null }));
  assert.equal(body.noSales, null);
  assert.deepEqual(lines, []);
});

test('VAT rates, categories and cashiers come out largest first, whatever order the day ran in', () => {
  const { body } = computeReport(
    day({
      sales: [
        sale('S2', { servedBy: BEN, lines: [line('cake', 1, 210, 0)] }),
        sale('S1', { servedBy: null, lines: [line('old', 1, 100, null)] }),
        sale('S3', { lines: [line('cake', 1, 105, 500)] }),
        sale('S4', { servedBy: BEN, lines: [line('coffee', 2, 600, 2000)] }),
      ],
    }),
  );
  // 2000: 600 → 100 VAT. 500: 105 → 5. 0 %: none. No rate last.
  assert.deepEqual(body.vat, [
    { basisPoints: 2000, gross: 600, vat: 100, net: 500 },
    { basisPoints: 500, gross: 105, vat: 5, net: 100 },
    { basisPoints: 0, gross: 210, vat: 0, net: 210 },
    { basisPoints: null, gross: 100, vat: 0, net: 100 },
  ]);
  // No rate sorts below a 0 % rate whichever the day met first.
  const unratedFirst = computeReport(
    day({
      sales: [
        sale('S5', { lines: [line('old', 1, 100, null)] }),
        sale('S6', { lines: [line('cake', 1, 210, 0)] }),
      ],
    }),
  );
  assert.deepEqual(
    unratedFirst.body.vat.map((v) => v.basisPoints),
    [0, null],
  );
  assert.deepEqual(body.categories, [
    { category: 'Drinks', quantity: 2, amount: 600, refunds: 0, net: 600 },
    { category: 'Food', quantity: 2, amount: 315, refunds: 0, net: 315 },
    { category: NO_CATEGORY, quantity: 1, amount: 100, refunds: 0, net: 100 },
  ]);
  assert.deepEqual(body.cashiers, [
    { name: 'Ben', count: 2, amount: 810, refunds: 0, net: 810 },
    { name: 'Ann', count: 1, amount: 105, refunds: 0, net: 105 },
    { name: NOBODY, count: 1, amount: 100, refunds: 0, net: 100 },
  ]);
});

test('a shift counted with nobody signed in shows no counter', () => {
  const { body } = computeReport(
    day({
      shifts: [
        {
          number: 4,
          float: 5000,
          expected: 6200,
          counted: 6150,
          difference: -50,
          countedBy: null,
        } as ShiftView,
      ],
    }),
  );
  assert.deepEqual(body.shifts, [
    { number: 4, float: 5000, expected: 6200, counted: 6150, difference: -50, countedBy: null },
  ]);
});
