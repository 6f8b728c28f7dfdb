// One journal row's contribution written out whole, worked out by hand (integer minor units):
// the keys the shop server will add up, the names that travel beside them, the drawer counts
// listed; the instant each row counts at; what a sum read from outside must be; and how a sum
// becomes the report's rows, in a fixed order whatever order it was added up in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ShiftView } from '../../../shared/contract';
import { namedTerminal } from '../../../shared/terminal-names';
import {
  contributionOf,
  contributionSchema,
  countsAt,
  emptyContribution,
  inCanonicalOrder,
  reportByTill,
  reportFromContributions,
  sumContributions,
  type Contribution,
  type ContributionContext,
  type ReportFact,
} from '../../../electron/services/till-reports/contribution';
import { hourReader, NOBODY, NO_CATEGORY } from '../../../electron/services/till-reports/row-rules';
import type { CardPaymentFact, EndedSale } from '../../../electron/services/till-reports/sources';
import { ANN, BEN } from '../../support/random-day';

const ctx: ContributionContext = {
  currency: 'GBP',
  hourOf: hourReader('Europe/Berlin'),
  terminalOf: (paymentId) => ({ 'pay-1': 'T2' })[paymentId] ?? null,
  terminalName: (id) => namedTerminal({ T1: 'Front counter' }, id),
  categories: new Map([['espresso', 'Drinks']]),
};
const options = { currency: 'GBP', categories: ctx.categories, noSalesKept: true };

type Line = EndedSale['lines'][number];
const line = (
  productId: string,
  quantity: number,
  unitPrice: number,
  lineTotal: number,
  vatRate: number | null,
) =>
  ({
    productId,
    sku: productId,
    name: productId,
    quantity,
    unitPrice,
    lineTotal,
    vatRate,
    priceOverride: null,
  }) as Line;

function sale(completedAt: string, over: Partial<EndedSale> = {}): ReportFact {
  const lines = over.lines ?? [line('espresso', 1, 250, 250, 2000)];
  return {
    kind: 'sale',
    sale: {
      saleId: 's1',
      receiptNumber: 'S000001',
      state: 'completed',
      endedBecause: null,
      currency: 'GBP',
      lines,
      total: lines.reduce((a, l) => a + l.lineTotal, 0),
      servedBy: ANN,
      createdAt: '2026-03-28T23:55:00.000Z',
      completedAt,
      tenders: [],
      ...over,
    },
  };
}
const cardPayment = (over: Partial<CardPaymentFact>): ReportFact => ({
  kind: 'card-payment',
  payment: {
    id: 'ref-1',
    terminalId: 'T1',
    type: 'REFUND',
    amount: 700,
    currency: 'GBP',
    paid: true,
    createdAt: '2026-03-29T09:00:00.000Z',
    saleId: 's1',
    itemised: false,
    by: null,
    ...over,
  },
});

test('a sale’s contribution: its figures by key, its VAT per rate as its receipt printed it, who served it and the machine', () => {
  // 00:30 UTC on the night the clocks go forward is 01:30 in Berlin. Two espressos at £3.00 for
  // £5.40 (60p off) at 20 %, a cake at £2.62 sold at a price changed from £3.00, at 5 %: paid £5.00
  // in cash and £3.02 on machine T2 (not named by the shop).
  const cake = {
    ...line('cake', 1, 262, 262, 500),
    priceOverride: { listPrice: 300, reason: 'Damaged', by: ANN },
  };
  const c = contributionOf(
    sale('2026-03-29T00:30:00.000Z', {
      lines: [line('espresso', 2, 300, 540, 2000), cake],
      tenders: [
        { kind: 'cash', amount: 500, given: 1000, paymentId: null, takenAt: '2026-03-29T00:30:00.000Z' },
        { kind: 'card', amount: 302, given: null, paymentId: 'pay-1', takenAt: '2026-03-29T00:30:00.000Z' },
      ],
    }),
    ctx,
  );
  assert.deepEqual(c, {
    sums: {
      'sales||count': 1,
      'sales||amount': 802,
      'cashier|ann|count': 1,
      'cashier|ann|amount': 802,
      'hour|1|count': 1,
      'hour|1|amount': 802,
      'discounts||count': 1,
      'discounts||amount': 60,
      'product|espresso|quantity': 2,
      'product|espresso|amount': 540,
      'price-overrides||count': 1,
      'price-overrides||amount': 38,
      'product|cake|quantity': 1,
      'product|cake|amount': 262,
      // 540 × 20/120 = 90; 262 × 5/105 = 12.48 → 12.
      'vat|2000|gross': 540,
      'vat|2000|vat': 90,
      'vat|500|gross': 262,
      'vat|500|vat': 12,
      'tender|cash|count': 1,
      'tender|cash|amount': 500,
      'tender|card:T2|count': 1,
      'tender|card:T2|amount': 302,
    },
    cashiers: { ann: 'Ann' },
    machines: { T2: { name: 'Card machine ending T2', named: false } },
    shifts: [],
  });
});

test('hours on the shop’s clocks: the hour skipped in spring is never used, the one repeated in autumn holds both', () => {
  const hourKeys = (at: string) =>
    Object.keys(contributionOf(sale(at), ctx).sums).filter(
      (k) => k.startsWith('hour|') && k.endsWith('|count'),
    );
  assert.deepEqual(hourKeys('2026-03-29T00:59:59.999Z'), ['hour|1|count']);
  assert.deepEqual(hourKeys('2026-03-29T01:00:00.000Z'), ['hour|3|count']);
  assert.deepEqual(hourKeys('2026-10-25T00:30:00.000Z'), ['hour|2|count']);
  assert.deepEqual(hourKeys('2026-10-25T01:30:00.000Z'), ['hour|2|count']);
  // The shop's midnight, not UTC's: 23:00 UTC in winter is 00:00 in Berlin.
  assert.deepEqual(hourKeys('2026-03-28T23:00:00.000Z'), ['hour|0|count']);
});

test('a refund row: its cash part, its card part on its machine, its VAT per rate as one receipt, off its products and who gave it', () => {
  const row: ReportFact[] = [
    {
      kind: 'cash-refund',
      refund: { amount: 151, at: '2026-03-29T09:00:00.000Z', receiptNumber: 'S0', by: BEN },
    },
    {
      kind: 'itemised-refund',
      refund: {
        refundId: 'r1',
        saleId: 'earlier',
        receiptNumber: 'S0',
        at: '2026-03-29T09:00:00.000Z',
        cardPaymentId: 'iref',
        cardAmount: 299,
        cardTerminalId: 'T1',
        by: BEN,
        lines: [
          { productId: 'espresso', name: 'espresso', quantity: 1, amount: 299, vatRate: 2000 },
          { productId: 'cake', name: 'cake', quantity: 1, amount: 151, vatRate: 500 },
          { productId: 'old', name: 'old', quantity: 1, amount: 40, vatRate: null },
        ],
      },
    },
  ];
  assert.deepEqual(contributionOf(row, ctx), {
    sums: {
      'refund|cash|count': 1,
      'refund|cash|amount': 151,
      // 299 × 20/120 = 49.83 → 50; 151 × 5/105 = 7.19 → 7; no VAT kept for the old line.
      'vat|2000|gross': -299,
      'vat|2000|vat': -50,
      'vat|500|gross': -151,
      'vat|500|vat': -7,
      'vat|none|gross': -40,
      'refund|card:T1|count': 1,
      'refund|card:T1|amount': 299,
      'product|espresso|refunds': 299,
      'cashier|ben|refunds': 490,
      'product|cake|refunds': 151,
      'product|old|refunds': 40,
    },
    cashiers: { ben: 'Ben' },
    machines: { T1: { name: 'Front counter', named: true } },
    shifts: [],
  });
  // The row is the sum of its parts.
  assert.deepEqual(contributionOf(row, ctx), sumContributions(row.map((fact) => contributionOf(fact, ctx))));
});

test('card payments: only a paid refund without items in the shop’s currency contributes, off the machine and who gave it', () => {
  assert.deepEqual(contributionOf(cardPayment({ by: null, currency: null }), ctx), {
    sums: {
      'refunds-without-items||count': 1,
      'refunds-without-items||amount': 700,
      [`cashier|${NOBODY}|refunds`]: 700,
      'refund|card:T1|count': 1,
      'refund|card:T1|amount': 700,
    },
    cashiers: { [NOBODY]: NOBODY },
    machines: { T1: { name: 'Front counter', named: true } },
    shifts: [],
  });
  for (const over of [
    { paid: false },
    { currency: 'EUR' },
    { itemised: true },
    { type: 'SALE' as const },
    { type: 'DUPLICATE' as const },
  ]) {
    assert.deepEqual(contributionOf(cardPayment(over), ctx), emptyContribution(), JSON.stringify(over));
  }
});

test('voids, No-sales, cash movements and counted shifts', () => {
  const voided = (endedBecause: EndedSale['endedBecause']) =>
    contributionOf(sale('', { state: 'abandoned', endedBecause, completedAt: null, total: 400 }), ctx).sums;
  assert.deepEqual(voided('voided'), { 'voids||count': 1, 'voids||amount': 400 });
  assert.deepEqual(voided(null), { 'voids||count': 1, 'voids||amount': 400 });
  assert.deepEqual(voided('parked'), {});
  assert.deepEqual(voided('not_issued'), {});
  const at = '2026-03-29T10:00:00.000Z';
  assert.deepEqual(contributionOf({ kind: 'no-sale', noSale: { at, by: ANN, reason: 'Change' } }, ctx).sums, {
    'no-sales||count': 1,
  });
  const movement = {
    shiftId: 'sh',
    direction: 'out',
    reason: 'paid_out',
    note: 'Milk',
    amount: 500,
    at,
    by: ANN,
  } as const;
  assert.deepEqual(contributionOf({ kind: 'cash-movement', movement }, ctx).sums, {
    'cash-movement|out:paid_out|count': 1,
    'cash-movement|out:paid_out|amount': 500,
  });
  const shift = { number: 3, float: 10000, expected: 11382, counted: 11332, difference: -50, countedBy: BEN };
  assert.deepEqual(contributionOf({ kind: 'shift', shift: shift as unknown as ShiftView }, ctx), {
    ...emptyContribution(),
    shifts: [{ number: 3, float: 10000, expected: 11382, counted: 11332, difference: -50, countedBy: 'Ben' }],
  });
});

test('the instant each row counts at, which places it in a period', () => {
  const at = '2026-03-29T10:00:00.000Z';
  assert.equal(countsAt(sale(at)), at);
  assert.equal(countsAt(sale('', { state: 'abandoned', completedAt: null })), '2026-03-28T23:55:00.000Z');
  assert.equal(countsAt(sale('', { completedAt: null })), '2026-03-28T23:55:00.000Z');
  assert.equal(countsAt(cardPayment({})), '2026-03-29T09:00:00.000Z');
  assert.equal(
    countsAt({ kind: 'cash-refund', refund: { amount: 1, at, receiptNumber: null, by: null } }),
    at,
  );
  assert.equal(countsAt({ kind: 'no-sale', noSale: { at, by: null, reason: '' } }), at);
  const movement = {
    shiftId: 'sh',
    direction: 'in',
    reason: 'other',
    note: 'x',
    amount: 1,
    at,
    by: null,
  } as const;
  assert.equal(countsAt({ kind: 'cash-movement', movement }), at);
  assert.equal(countsAt({ kind: 'shift', shift: { closedAt: at } as ShiftView }), at);
  assert.equal(countsAt({ kind: 'shift', shift: { closedAt: null } as ShiftView }), null);
});

test('a sum read from outside is whole numbers under section|row|field keys, or it is refused', () => {
  const good = contributionOf(sale('2026-03-29T10:00:00.000Z'), ctx);
  assert.deepEqual(contributionSchema.parse(JSON.parse(JSON.stringify(good))), good);
  const refused = (c: unknown) => !contributionSchema.safeParse(c).success;
  const sums = (s: Record<string, number>): Contribution => ({ ...emptyContribution(), sums: s });
  assert.ok(refused(sums({ 'sales||amount': 1.5 })), 'a fraction of a penny');
  assert.ok(refused(sums({ 'sales||amount': 2 ** 53 })), 'beyond exact integers');
  assert.ok(refused(sums({ 'sales-amount': 1 })), 'a key without its parts');
  assert.ok(refused(sums({ 'sales||': 1 })), 'a key without its field');
  assert.ok(refused({ ...good, extra: 1 }), 'a field it does not know');
  assert.ok(refused({ ...good, machines: { T1: { name: 'A' } } }), 'a machine without whether it was named');
  assert.ok(refused(sums({ 'vat|20%|gross': 1 })), 'a VAT rate not in basis points');
  assert.ok(refused(sums({ 'vat||gross': 1 })), 'a VAT row without its rate');
  assert.ok(refused(sums({ 'hour|24|count': 1 })), 'an hour past 23');
  assert.ok(refused(sums({ 'hour|-1|count': 1 })), 'an hour before 0');
  for (const fine of [
    'product|a|b|quantity',
    'vat|2000|gross',
    'vat|none|gross',
    'hour|0|count',
    'hour|23|count',
    'hour|9|amount',
  ])
    assert.ok(!refused(sums({ [fine]: 2 })), fine);
  const problem = contributionSchema.safeParse(sums({ 'hour|25|count': 1 })).error?.issues[0]?.message;
  assert.equal(problem, 'hour|25|count: an hour is 0 to 23');
});

test('names: the first met stays, whatever an id is called; a machine whose name did not travel shows as unnamed', () => {
  const served = (id: string, name: string): Contribution => ({
    ...emptyContribution(),
    sums: { [`cashier|${id}|count`]: 1, [`cashier|${id}|amount`]: 100 },
    cashiers: { [id]: name },
  });
  const sum = sumContributions([
    served('constructor', 'Ann'),
    served('constructor', 'Annie'),
    served('b', 'Ben'),
    served('__proto__', 'Cy'),
  ]);
  assert.deepEqual(sum.cashiers, { constructor: 'Ann', b: 'Ben', ['__proto__']: 'Cy' });
  assert.equal(Object.getPrototypeOf(sum.cashiers), Object.prototype);
  // Worked out from a row, too.
  const stamped = (id: string) => contributionOf(cardPayment({ by: { id, name: `Staff ${id}` } }), ctx);
  assert.deepEqual(stamped('__proto__').cashiers, { ['__proto__']: 'Staff __proto__' });
  assert.deepEqual(stamped('toString').cashiers, { toString: 'Staff toString' });
  const body = reportFromContributions(
    {
      ...sum,
      sums: {
        ...sum.sums,
        'tender|card:T9|count': 1,
        'tender|card:T9|amount': 5,
        // A section this till does not know, and a key without a row: neither is any figure.
        'tips|x|amount': 3,
        'sales|count': 7,
      },
    },
    options,
  );
  assert.deepEqual(body.cashiers, [
    { name: 'Ann', count: 2, amount: 200, refunds: 0, net: 200 },
    { name: 'Ben', count: 1, amount: 100, refunds: 0, net: 100 },
    { name: 'Cy', count: 1, amount: 100, refunds: 0, net: 100 },
  ]);
  assert.deepEqual(body.tenders, [
    {
      key: 'card:T9',
      label: 'Card machine ending T9',
      terminal: { id: 'T9', named: false },
      count: 1,
      amount: 5,
    },
  ]);
  assert.deepEqual(body.sales, { count: 0, amount: 0, refunds: 0, net: 0 });
  // A machine whose id is `unknown` is that machine, not the row of payments no machine was known for.
  const odd = reportFromContributions(
    {
      ...emptyContribution(),
      sums: { 'tender|card:unknown|count': 1, 'tender|card:unknown|amount': 5 },
      machines: { unknown: { name: 'Odd one', named: true } },
    },
    options,
  );
  assert.deepEqual(odd.tenders, [
    { key: 'card:unknown', label: 'Odd one', terminal: { id: 'unknown', named: true }, count: 1, amount: 5 },
  ]);
});

test('an empty sum is a report of nothing; No-sales are null where they are not recorded', () => {
  const body = reportFromContributions(emptyContribution(), options);
  const nothing = { count: 0, amount: 0 };
  assert.deepEqual(body.sales, { ...nothing, refunds: 0, net: 0 });
  assert.deepEqual(
    [body.tenders, body.refunds, body.vat, body.categories, body.cashiers],
    [[], [], [], [], []],
  );
  assert.deepEqual(
    [body.discounts, body.priceOverrides, body.voids, body.refundsWithoutItems],
    [nothing, nothing, nothing, nothing],
  );
  assert.deepEqual(
    body.hours,
    Array.from({ length: 24 }, (_, hour) => ({ hour, ...nothing })),
  );
  assert.deepEqual(body.noSales, { count: 0 });
  assert.equal(
    reportFromContributions(emptyContribution(), { ...options, noSalesKept: false }).noSales,
    null,
  );
});

test('in canonical order: cash, by hand, machines by id, not known last; largest first then by name; in before out; shifts by number', () => {
  const row = (key: string, count: number, amount: number) => ({
    [`${key}|count`]: count,
    [`${key}|amount`]: amount,
  });
  const sum: Contribution = {
    sums: {
      ...row('tender|card:unknown', 1, 9),
      ...row('tender|card:T2', 1, 9),
      ...row('tender|manual_card', 1, 9),
      ...row('tender|card:T1', 1, 9),
      ...row('tender|cash', 1, 9),
      ...row('refund|card:T1', 1, 9),
      ...row('refund|cash', 1, 9),
      'product|tea|amount': 100,
      'product|stock|amount': 100,
      'product|espresso|amount': 300,
      ...row('cashier|z', 1, 100),
      ...row('cashier|y', 1, 100),
      ...row('cashier|x', 1, 50),
      ...row('cash-movement|out:bank_drop', 1, 9),
      ...row('cash-movement|in:other', 1, 9),
      ...row('cash-movement|in:float_top_up', 1, 9),
    },
    cashiers: { z: 'Ann', y: 'Ben', x: 'Cy' },
    machines: {
      T2: { name: 'Bar', named: true },
      T1: { name: 'Front counter', named: true },
    },
    shifts: [4, 2, 3].map((number) => ({
      number,
      float: 0,
      expected: 0,
      counted: 0,
      difference: 0,
      countedBy: null,
    })),
  };
  const body = inCanonicalOrder(
    reportFromContributions(sum, {
      ...options,
      categories: new Map([
        ['tea', 'Tea'],
        ['espresso', 'Coffee'],
      ]),
    }),
  );
  assert.deepEqual(
    body.tenders.map((t) => t.key),
    ['cash', 'manual_card', 'card:T1', 'card:T2', 'card:unknown'],
  );
  assert.deepEqual(
    body.refunds.map((t) => t.key),
    ['cash', 'card:T1'],
  );
  assert.deepEqual(
    body.categories.map((c) => [c.category, c.amount]),
    [
      ['Coffee', 300],
      [NO_CATEGORY, 100],
      ['Tea', 100],
    ],
  );
  assert.deepEqual(
    body.cashiers.map((c) => c.name),
    ['Ann', 'Ben', 'Cy'],
  );
  assert.deepEqual(
    body.cashMovements.map((m) => `${m.direction}:${m.reason}`),
    ['in:float_top_up', 'in:other', 'out:bank_drop'],
  );
  assert.deepEqual(
    body.shifts.map((s) => s.number),
    [2, 3, 4],
  );
  // As added up, the till's own order: the order each row first appeared in.
  assert.deepEqual(
    reportFromContributions(sum, options).tenders.map((t) => t.key),
    ['card:unknown', 'card:T2', 'manual_card', 'card:T1', 'cash'],
  );
});

test('by till: the shop’s figures and each till’s own, VAT as each receipt printed it', () => {
  const tillOne = contributionOf(
    sale('2026-03-29T10:00:00.000Z', {
      lines: [line('espresso', 1, 262, 262, 2000)],
      tenders: [{ kind: 'cash', amount: 262, given: 300, paymentId: null, takenAt: '' }],
    }),
    ctx,
  );
  const tillTwo = contributionOf(
    sale('2026-03-29T11:00:00.000Z', {
      lines: [line('espresso', 2, 131, 262, 2000)],
      servedBy: BEN,
      tenders: [{ kind: 'card', amount: 262, given: null, paymentId: 'pay-1', takenAt: '' }],
    }),
    ctx,
  );
  const { shop, tills } = reportByTill(
    [
      { till: 'Counter', sum: tillOne },
      { till: 'Bar', sum: tillTwo },
    ],
    options,
  );
  assert.deepEqual(shop.sales, { count: 2, amount: 524, refunds: 0, net: 524 });
  assert.deepEqual(
    shop.cashiers.map((c) => [c.name, c.amount]),
    [
      ['Ann', 262],
      ['Ben', 262],
    ],
  );
  assert.deepEqual(shop.categories, [{ category: 'Drinks', quantity: 3, amount: 524, refunds: 0, net: 524 }]);
  assert.deepEqual(
    tills.map((t) => [
      t.till,
      t.report.sales.amount,
      t.report.vat[0]!.vat,
      t.report.tenders.map((r) => r.key),
    ]),
    [
      ['Counter', 262, 44, ['cash']],
      ['Bar', 262, 44, ['card:T2']],
    ],
  );
  // Each receipt's VAT, added: 262 → 43.67 → 44, twice; never 524 → 87.33 → 87 worked out again.
  assert.deepEqual(shop.vat, [{ basisPoints: 2000, gross: 524, vat: 88, net: 436 }]);
});
