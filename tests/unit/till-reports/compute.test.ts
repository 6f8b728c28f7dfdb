// The till report from a day of known facts, with no database: every figure is the money of the
// sales, refunds and drawer movements put in, worked out by hand below (integer minor units), so
// a flipped condition, a dropped case or an hour off by one changes a number this test names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ShiftView, StaffStamp } from '../../../shared/contract';
import { namedTerminal } from '../../../shared/terminal-names';
import { computeReport, NO_CATEGORY, NOBODY } from '../../../electron/services/till-reports/compute';
import {
  gatherFacts,
  type CardPaymentFact,
  type DaySources,
  type EndedSale,
} from '../../../electron/services/till-reports/sources';

const ANN: StaffStamp = { id: 'a', name: 'Ann' };
const BEN: StaffStamp = { id: 'b', name: 'Ben' };
const DAY = '2026-03-02'; // GMT in London: the shop's hours are UTC hours

type Line = EndedSale['lines'][number];
const line = (
  productId: string,
  quantity: number,
  unitPrice: number,
  lineTotal: number,
  vatRate: number | null,
  listPrice?: number,
): Line => ({
  productId,
  sku: productId,
  name: productId,
  quantity,
  unitPrice,
  lineTotal,
  vatRate,
  priceOverride: listPrice === undefined ? null : { listPrice, reason: 'Damaged', by: ANN },
});

function sale(
  receiptNumber: string,
  over: Partial<EndedSale> & Pick<EndedSale, 'lines' | 'tenders'>,
): EndedSale {
  const total = over.lines.reduce((a, l) => a + l.lineTotal, 0);
  return {
    saleId: `id-${receiptNumber}`,
    receiptNumber,
    state: 'completed',
    endedBecause: null,
    currency: 'GBP',
    total,
    servedBy: ANN,
    createdAt: `${DAY}T08:00:00.000Z`,
    completedAt: `${DAY}T08:00:00.000Z`,
    ...over,
  };
}
const tender = (kind: 'cash' | 'card' | 'manual_card', amount: number, paymentId: string | null = null) => ({
  kind,
  amount,
  given: null,
  paymentId,
  takenAt: `${DAY}T08:00:00.000Z`,
});
const voided = (receiptNumber: string, total: number, endedBecause: EndedSale['endedBecause']): EndedSale =>
  sale(receiptNumber, { state: 'abandoned', endedBecause, completedAt: null, total, lines: [], tenders: [] });

const card = (id: string, over: Partial<CardPaymentFact>): CardPaymentFact => ({
  id,
  terminalId: 'T1',
  type: 'REFUND',
  amount: 0,
  currency: 'GBP',
  paid: true,
  createdAt: `${DAY}T12:00:00.000Z`,
  saleId: 'id-S1',
  itemised: false,
  by: null,
  ...over,
});

const SALES: EndedSale[] = [
  // 2 coffees at £3.00 for £5.40 (60p off) and a cake at £2.62; 20 % and 5 %. Paid in cash.
  sale('S1', {
    completedAt: `${DAY}T09:30:00.000Z`,
    lines: [line('coffee', 2, 300, 540, 2000), line('cake', 1, 262, 262, 500)],
    tenders: [tender('cash', 802)],
  }),
  // A coffee at a changed price (£3.00 → £2.00) and 3 of a product sold before rates were kept.
  sale('S2', {
    servedBy: BEN,
    completedAt: `${DAY}T10:59:59.999Z`,
    lines: [line('coffee', 1, 200, 200, 2000, 300), line('old', 3, 100, 300, null)],
    tenders: [tender('card', 300, 'pay-1'), tender('manual_card', 200)],
  }),
  // Nobody signed in; its card payment began before the period (the journal knows its machine).
  sale('S3', {
    servedBy: null,
    completedAt: `${DAY}T11:00:00.000Z`,
    lines: [line('cake', 1, 262, 262, 500)],
    tenders: [tender('card', 262, 'pay-before')],
  }),
  // Late, on a card payment the till cannot place.
  sale('S4', {
    completedAt: `${DAY}T23:30:00.000Z`,
    lines: [line('coffee', 1, 100, 100, 2000)],
    tenders: [tender('card', 100)],
  }),
  voided('V1', 400, 'voided'),
  voided('V2', 999, 'parked'), // comes back as a new sale: not a void
  voided('V3', 999, 'not_issued'), // nobody saw it
  voided('V4', 120, null), // ended before reasons were kept: a void
];

const CARD_PAYMENTS: CardPaymentFact[] = [
  card('pay-1', { type: 'SALE', amount: 300, saleId: 'id-S2' }),
  card('ref-1', { amount: 150, by: BEN }), // without items, given back by Ben
  card('ref-2', { amount: 999, paid: false }), // declined: gave nothing back
  card('ref-3', { amount: 777, currency: 'EUR' }), // another currency's
  card('ref-4', { amount: 270, currency: null, itemised: true }),
];

function sources(): DaySources {
  const names: Record<string, string> = { T1: 'Front counter', T2: 'Back bar' };
  return {
    sales: () => SALES,
    cardPayments: () => CARD_PAYMENTS,
    paymentTerminal: (id) => (id === 'pay-before' ? 'T2' : null),
    terminalName: (id) => namedTerminal(names, id),
    categories: () =>
      new Map([
        ['coffee', 'Drinks'],
        ['cake', 'Food'],
      ]),
    cashRefunds: () => [{ amount: 120, at: `${DAY}T13:00:00.000Z`, receiptNumber: 'S1', by: BEN }],
    itemisedRefunds: () => [
      // A coffee of S1 given back by Ann (£2.70 at 20 %), all to the card, on ref-4.
      {
        refundId: 'r1',
        saleId: 'id-S1',
        receiptNumber: 'S1',
        at: `${DAY}T12:00:00.000Z`,
        cardPaymentId: 'ref-4',
        cardAmount: 270,
        cardTerminalId: 'T1',
        by: ANN,
        lines: [{ productId: 'coffee', name: 'coffee', quantity: 1, amount: 270, vatRate: 2000 }],
      },
      // Part of S1's cake given back by Ben in cash (the £1.20 above).
      {
        refundId: 'r2',
        saleId: 'id-S1',
        receiptNumber: 'S1',
        at: `${DAY}T13:00:00.000Z`,
        cardPaymentId: null,
        cardAmount: 0,
        cardTerminalId: null,
        by: BEN,
        lines: [{ productId: 'cake', name: 'cake', quantity: 1, amount: 120, vatRate: 500 }],
      },
    ],
    noSales: () => [
      { at: `${DAY}T14:00:00.000Z`, by: ANN, reason: 'Change for the bus' },
      { at: `${DAY}T15:00:00.000Z`, by: BEN, reason: 'Wrong button' },
    ],
    cashMovements: () => [
      {
        shiftId: 'sh',
        direction: 'in',
        reason: 'float_top_up',
        note: '',
        amount: 2000,
        at: `${DAY}T08:00:00.000Z`,
        by: ANN,
      },
      {
        shiftId: 'sh',
        direction: 'out',
        reason: 'paid_out',
        note: 'Milk',
        amount: 500,
        at: `${DAY}T09:00:00.000Z`,
        by: ANN,
      },
      {
        shiftId: 'sh',
        direction: 'out',
        reason: 'paid_out',
        note: '',
        amount: 300,
        at: `${DAY}T10:00:00.000Z`,
        by: BEN,
      },
    ],
    shiftsClosed: () => [
      {
        number: 3,
        float: 10000,
        expected: 11382,
        counted: 11332,
        difference: -50,
        countedBy: BEN,
      } as ShiftView,
    ],
  };
}

const report = () =>
  computeReport(gatherFacts(sources(), 'GBP', `${DAY}T00:00:00.000Z`, `${DAY}T23:59:59.999Z`), {
    timeZone: 'Europe/London',
  });

test('sales, refunds and net: completed sales only, paid refunds in the shop’s currency only', () => {
  const { body } = report();
  assert.deepEqual(body.sales, {
    count: 4,
    amount: 802 + 500 + 262 + 100,
    refunds: 150 + 270 + 120,
    net: 1664 - 540,
  });
  assert.deepEqual(body.refunds, [
    { key: 'card:T1', label: 'Front counter', terminal: { id: 'T1', named: true }, count: 2, amount: 420 },
    { key: 'cash', label: 'Cash', count: 1, amount: 120 },
  ]);
  assert.deepEqual(body.refundsWithoutItems, { count: 1, amount: 150 });
  assert.deepEqual(body.voids, { count: 2, amount: 520 });
});

test('tenders by kind and card machine, in the order first taken', () => {
  assert.deepEqual(report().body.tenders, [
    { key: 'cash', label: 'Cash', count: 1, amount: 802 },
    { key: 'card:T1', label: 'Front counter', terminal: { id: 'T1', named: true }, count: 1, amount: 300 },
    { key: 'manual_card', label: 'Card keyed in by hand', count: 1, amount: 200 },
    { key: 'card:T2', label: 'Back bar', terminal: { id: 'T2', named: true }, count: 1, amount: 262 },
    { key: 'card:unknown', label: 'Card machine not known', count: 1, amount: 100 },
  ]);
});

test('VAT per rate, each receipt by the shared rule, itemised refunds taken off', () => {
  // 20 %: S1 540 → 90, S2 200 → 33, S4 100 → 17, refund 270 → 45. 5 %: 262 → 12 twice (the day’s
  // 524 at once would be 25), refund 120 → 6. No rate: 300, no VAT.
  assert.deepEqual(report().body.vat, [
    { basisPoints: 2000, gross: 570, vat: 95, net: 475 },
    { basisPoints: 500, gross: 404, vat: 18, net: 386 },
    { basisPoints: null, gross: 300, vat: 0, net: 300 },
  ]);
});

test('categories, cashiers and hours, largest first; hours in the shop’s time zone', () => {
  const { body } = report();
  // Refunded lines come off their category; each refund off the row of who gave it back.
  assert.deepEqual(body.categories, [
    { category: 'Drinks', quantity: 4, amount: 840, refunds: 270, net: 570 },
    { category: 'Food', quantity: 2, amount: 524, refunds: 120, net: 404 },
    { category: NO_CATEGORY, quantity: 3, amount: 300, refunds: 0, net: 300 },
  ]);
  assert.deepEqual(body.cashiers, [
    { name: 'Ann', count: 2, amount: 902, refunds: 270, net: 632 },
    { name: 'Ben', count: 1, amount: 500, refunds: 150 + 120, net: 230 },
    { name: NOBODY, count: 1, amount: 262, refunds: 0, net: 262 },
  ]);
  // The rows add up to the net takings: categories with the refund no category is known for.
  const net = (rows: { net: number | null }[]) => rows.reduce((a, r) => a + r.net!, 0);
  assert.equal(net(body.categories) - body.refundsWithoutItems!.amount, body.sales.net);
  assert.equal(net(body.cashiers), body.sales.net);
  const busy = body.hours.filter((h) => h.count > 0);
  assert.deepEqual(busy, [
    { hour: 9, count: 1, amount: 802 },
    { hour: 10, count: 1, amount: 500 },
    { hour: 11, count: 1, amount: 262 },
    { hour: 23, count: 1, amount: 100 },
  ]);
  assert.equal(body.hours.length, 24);
  const summer = computeReport(
    {
      ...gatherFacts(sources(), 'GBP', '', ''),
      sales: [
        sale('S9', {
          completedAt: '2026-07-01T09:30:00.000Z',
          lines: [line('cake', 1, 262, 262, 500)],
          tenders: [],
        }),
      ],
    },
    { timeZone: 'Europe/London' },
  );
  assert.equal(summer.body.hours.find((h) => h.count > 0)?.hour, 10, 'British Summer Time is an hour on');
});

test('discounts, price overrides, No-sales, cash movements and the drawer counts', () => {
  const { body } = report();
  assert.deepEqual(body.discounts, { count: 1, amount: 60 });
  assert.deepEqual(body.priceOverrides, { count: 1, amount: 100 });
  assert.deepEqual(body.noSales, { count: 2 });
  assert.deepEqual(body.cashMovements, [
    { direction: 'in', reason: 'float_top_up', count: 1, amount: 2000 },
    { direction: 'out', reason: 'paid_out', count: 2, amount: 800 },
  ]);
  assert.deepEqual(body.shifts, [
    { number: 3, float: 10000, expected: 11382, counted: 11332, difference: -50, countedBy: 'Ben' },
  ]);
});

test('the line records the accountant’s CSV is written from', () => {
  const { lines } = report();
  const count = (record: string) => lines.filter((l) => l.record === record).length;
  assert.deepEqual(
    ['sale_line', 'tender', 'void', 'refund', 'refund_line', 'cash_movement', 'no_sale'].map(count),
    [6, 5, 2, 3, 2, 3, 2],
  );
  const coffee = lines.filter((l) => l.record === 'sale_line' && l.description === 'coffee');
  assert.deepEqual(
    coffee.map((l) => [l.receipt, l.quantity, l.amount, l.discount, l.priceOverride, l.category, l.vatRate]),
    [
      ['S1', 2, 540, 60, 0, 'Drinks', 2000],
      ['S2', 1, 200, 0, 100, 'Drinks', 2000],
      ['S4', 1, 100, 0, 0, 'Drinks', 2000],
    ],
  );
  assert.deepEqual(
    lines
      .filter((l) => l.record === 'refund')
      .map((l) => [l.receipt, l.amount, l.tenderKey, l.description, l.cashier, l.at.slice(11, 16)]),
    [
      ['S1', 150, 'card:T1', 'Card refund', 'Ben', '12:00'],
      ['S1', 120, 'cash', 'Cash refund', 'Ben', '13:00'],
      // The card part of an itemised refund, when its refund completed.
      ['S1', 270, 'card:T1', 'Card refund', 'Ann', '12:00'],
    ],
  );
  assert.deepEqual(
    lines.filter((l) => l.record === 'void').map((l) => [l.receipt, l.amount]),
    [
      ['V1', 400],
      ['V4', 120],
    ],
  );
  assert.deepEqual(
    lines.filter((l) => l.record === 'cash_movement').map((l) => [l.description, l.amount, l.direction]),
    [
      ['Float top-up', 2000, 'in'],
      ['Paid out: Milk', 500, 'out'],
      ['Paid out', 300, 'out'],
    ],
  );
});

test('a changed price counts for every unit; a line above its price is no discount', () => {
  const facts = {
    ...gatherFacts(sources(), 'GBP', '', ''),
    sales: [
      sale('S7', {
        lines: [line('coffee', 3, 250, 750, 2000, 300), line('cake', 1, 262, 263, 500)],
        tenders: [tender('cash', 1013)],
      }),
    ],
  };
  const { body, lines } = computeReport(facts);
  assert.deepEqual(body.priceOverrides, { count: 1, amount: 150 });
  assert.deepEqual(body.discounts, { count: 0, amount: 0 });
  assert.deepEqual(
    lines.filter((l) => l.record === 'sale_line').map((l) => [l.discount, l.priceOverride]),
    [
      [0, 150],
      [0, 0],
    ],
  );
});

test('a refund of an earlier day’s sale, its card part begun before the day: all of it comes off today’s rows, which add up to the penny', () => {
  const today = { ...sources() };
  const facts = gatherFacts(
    {
      ...today,
      sales: () => [
        sale('S5', { lines: [line('coffee', 1, 1000, 1000, 2000)], tenders: [tender('cash', 1000)] }),
      ],
      // The card part's REFUND was started before the day began: it is not among the day's payments.
      cardPayments: () => [],
      cashRefunds: () => [{ amount: 151, at: `${DAY}T09:00:00.000Z`, receiptNumber: 'S0', by: BEN }],
      itemisedRefunds: () => [
        {
          refundId: 'r0',
          saleId: 'id-S0', // sold on an earlier day
          receiptNumber: 'S0',
          at: `${DAY}T09:00:00.000Z`,
          cardPaymentId: 'ref-old',
          cardAmount: 299,
          cardTerminalId: 'T1',
          by: BEN,
          lines: [
            { productId: 'coffee', name: 'coffee', quantity: 1, amount: 299, vatRate: 2000 },
            { productId: 'cake', name: 'cake', quantity: 1, amount: 151, vatRate: 500 },
          ],
        },
      ],
    },
    'GBP',
    `${DAY}T00:00:00.000Z`,
    `${DAY}T23:59:59.999Z`,
  );
  const { body } = computeReport(facts);
  assert.deepEqual(body.sales, { count: 1, amount: 1000, refunds: 450, net: 550 });
  assert.deepEqual(body.refunds, [
    { key: 'cash', label: 'Cash', count: 1, amount: 151 },
    { key: 'card:T1', label: 'Front counter', terminal: { id: 'T1', named: true }, count: 1, amount: 299 },
  ]);
  assert.deepEqual(body.categories, [
    { category: 'Drinks', quantity: 1, amount: 1000, refunds: 299, net: 701 },
    { category: 'Food', quantity: 0, amount: 0, refunds: 151, net: -151 },
  ]);
  // Ben sold nothing today but handed £4.50 back: his row is what left the till through him.
  assert.deepEqual(body.cashiers, [
    { name: 'Ann', count: 1, amount: 1000, refunds: 0, net: 1000 },
    { name: 'Ben', count: 0, amount: 0, refunds: 450, net: -450 },
  ]);
  const net = (rows: { net: number | null }[]) => rows.reduce((a, r) => a + r.net!, 0);
  assert.equal(net(body.categories), body.sales.net);
  assert.equal(net(body.cashiers), body.sales.net);
});

test('the day the card part of an itemised refund was started, before the refund completed, counts none of it', () => {
  const facts = gatherFacts(
    {
      ...sources(),
      sales: () => [],
      cardPayments: () => [card('ref-9', { amount: 299, itemised: true, by: BEN })],
      cashRefunds: () => [],
      itemisedRefunds: () => [],
    },
    'GBP',
    `${DAY}T00:00:00.000Z`,
    `${DAY}T23:59:59.999Z`,
  );
  const { body, lines } = computeReport(facts);
  assert.deepEqual(body.sales, { count: 0, amount: 0, refunds: 0, net: 0 });
  assert.deepEqual(
    [body.refunds, body.cashiers, body.refundsWithoutItems],
    [[], [], { count: 0, amount: 0 }],
  );
  assert.deepEqual(
    lines.filter((l) => l.record === 'refund'),
    [],
  );
});

test('an itemised card part whose refund kept no card machine is placed by its payment, or as not known', () => {
  const refund = (cardPaymentId: string | null) => ({
    refundId: `r-${cardPaymentId}`,
    saleId: 'id-S1',
    receiptNumber: 'S1',
    at: `${DAY}T09:00:00.000Z`,
    cardPaymentId,
    cardAmount: 100,
    cardTerminalId: null,
    by: null,
    lines: [{ productId: 'coffee', name: 'coffee', quantity: 1, amount: 100, vatRate: 2000 }],
  });
  const facts = gatherFacts(
    {
      ...sources(),
      sales: () => [],
      cardPayments: () => [],
      cashRefunds: () => [],
      itemisedRefunds: () => [refund('pay-before'), refund(null)],
    },
    'GBP',
    `${DAY}T00:00:00.000Z`,
    `${DAY}T23:59:59.999Z`,
  );
  const { body } = computeReport(facts);
  assert.deepEqual(body.refunds, [
    { key: 'card:T2', label: 'Back bar', terminal: { id: 'T2', named: true }, count: 1, amount: 100 },
    { key: 'card:unknown', label: 'Card machine not known', count: 1, amount: 100 },
  ]);
  assert.deepEqual(body.cashiers, [{ name: NOBODY, count: 0, amount: 0, refunds: 200, net: -200 }]);
});

test('a card machine the shop has not named: its rows say which machine it is and that it is unnamed', () => {
  // Only T1 has a name: T2 (a sale taken on it, a refund placed by its payment) is the
  // services' English fallback, which the screens and slips word from `terminal`, never the label.
  const facts = gatherFacts(
    {
      ...sources(),
      terminalName: (id) => namedTerminal({ T1: 'Front counter' }, id),
      itemisedRefunds: () => [],
    },
    'GBP',
    `${DAY}T00:00:00.000Z`,
    `${DAY}T23:59:59.999Z`,
  );
  const { body } = computeReport(facts);
  const cardRows = (rows: typeof body.tenders) => rows.filter((r) => r.key.startsWith('card:'));
  assert.deepEqual(cardRows(body.tenders), [
    { key: 'card:T1', label: 'Front counter', terminal: { id: 'T1', named: true }, count: 1, amount: 300 },
    {
      key: 'card:T2',
      label: 'Card machine ending T2',
      terminal: { id: 'T2', named: false },
      count: 1,
      amount: 262,
    },
    { key: 'card:unknown', label: 'Card machine not known', count: 1, amount: 100 },
  ]);
  assert.deepEqual(cardRows(body.refunds), [
    { key: 'card:T1', label: 'Front counter', terminal: { id: 'T1', named: true }, count: 1, amount: 150 },
  ]);
});
