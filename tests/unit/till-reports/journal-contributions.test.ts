// Each journal row that counts for reports carries its contribution (`body.report`) for the shop
// server, worked out from the same sources as the till's own X: found by id (a refund's cash and
// itemised parts both), in a period ending at the instant its report counts it; null while the
// row counts nowhere yet; rows of other kinds untouched; instants far apart read apart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ShiftView } from '../../../shared/contract';
import type { JournalEntry, JournalKind } from '../../../electron/services/shop-server/journal-source';
import { contributionOf } from '../../../electron/services/till-reports/contribution';
import { instantOf, withContributions } from '../../../electron/services/till-reports/journal-contributions';
import { hourReader } from '../../../electron/services/till-reports/row-rules';
import type {
  CardPaymentFact,
  DaySources,
  EndedSale,
  ItemsGivenBack,
  NoSaleFact,
} from '../../../electron/services/till-reports/sources';
import type { CashMovement } from '../../../electron/services/shifts/store';
import { namedTerminal } from '../../../shared/terminal-names';

const AT = '2026-03-29T10:00:00.000Z';
const LATER = '2026-03-29T10:05:00.000Z';
const ANN = { id: 'ann', name: 'Ann' };

const sale = (saleId: string, completedAt: string, total: number): EndedSale => ({
  saleId,
  receiptNumber: saleId,
  state: 'completed',
  endedBecause: null,
  currency: 'GBP',
  lines: [
    {
      productId: 'tea',
      sku: 'T',
      name: 'Tea',
      quantity: 1,
      unitPrice: total,
      lineTotal: total,
      vatRate: 2000,
      priceOverride: null,
    },
  ],
  total,
  servedBy: ANN,
  createdAt: completedAt,
  completedAt,
  tenders: [{ kind: 'card', amount: total, given: null, paymentId: 'pay-1', takenAt: completedAt }],
});
const itemised: ItemsGivenBack = {
  refundId: 'r1',
  saleId: 's1',
  receiptNumber: 's1',
  at: AT,
  cardPaymentId: null,
  cardAmount: 0,
  cardTerminalId: null,
  by: ANN,
  lines: [{ productId: 'tea', name: 'Tea', quantity: 1, amount: 300, vatRate: 2000 }],
};
const movement: CashMovement = {
  shiftId: 'sh',
  direction: 'out',
  reason: 'paid_out',
  note: 'Milk',
  amount: 120,
  at: AT,
  by: ANN,
};
const movementAlike: CashMovement = { ...movement, direction: 'in', amount: 999 };

/** Sources holding these facts (or others given), answering each period (since, until] as the till's do; calls kept. */
function sources(
  lists: {
    sales?: EndedSale[];
    cardPayments?: CardPaymentFact[];
    itemisedRefunds?: ItemsGivenBack[];
    noSales?: NoSaleFact[];
    cashMovements?: CashMovement[];
  } = {},
) {
  const calls: string[] = [];
  const within =
    <T>(list: T[], at: (t: T) => string, name: string) =>
    (since: string, until: string) => {
      calls.push(`${name} ${since} ${until}`);
      return list.filter((x) => at(x) > since && at(x) <= until);
    };
  const s: DaySources = {
    sales: within(
      lists.sales ?? [sale('s1', AT, 300), sale('s2', AT, 450), sale('s3', LATER, 500)],
      (x) => x.completedAt!,
      'sales',
    ),
    cardPayments: within(lists.cardPayments ?? [], (x) => x.createdAt, 'cardPayments'),
    paymentTerminal: (id) => (id === 'pay-1' ? 'T1' : null),
    terminalName: (id) => namedTerminal({ T1: 'Front' }, id),
    categories: () => new Map(),
    cashRefunds: within(
      [
        { refundId: 'r1', amount: 300, at: AT, receiptNumber: 's1', by: ANN },
        { refundId: 'r2', amount: 77, at: AT, receiptNumber: 's2', by: ANN },
      ],
      (x) => x.at,
      'cashRefunds',
    ),
    itemisedRefunds: within(lists.itemisedRefunds ?? [itemised], (x) => x.at, 'itemisedRefunds'),
    noSales: within(lists.noSales ?? [{ at: AT, by: ANN, reason: 'Change' }], (x) => x.at, 'noSales'),
    cashMovements: within(lists.cashMovements ?? [movementAlike, movement], (x) => x.at, 'cashMovements'),
    shiftsClosed: within(
      [
        {
          id: 'sh',
          number: 1,
          closedAt: AT,
          float: 0,
          expected: 0,
          counted: 0,
          difference: 0,
          countedBy: ANN,
        } as unknown as ShiftView,
      ],
      (x) => x.closedAt!,
      'shiftsClosed',
    ),
  };
  return { s, calls };
}

/** The till's product `tea` has the shop's SKU `T`. */
const SKUS = new Map([['tea', 'T']]);
const options = (s: DaySources, skus = SKUS) => ({
  sources: s,
  currency: 'GBP',
  timeZone: () => 'Europe/London',
  skus: () => skus,
});
const ctx = (s: DaySources) => ({
  currency: 'GBP',
  hourOf: hourReader('Europe/London'),
  terminalOf: s.paymentTerminal,
  terminalName: s.terminalName,
  categories: new Map<string, string>(),
  productKey: (id: string) => SKUS.get(id) ?? id,
});
const entry = (kind: JournalKind, id: string, body: Record<string, unknown>, seq = 1): JournalEntry => ({
  seq,
  kind,
  id,
  body,
});
const reportOf = (e: JournalEntry) => (e.body as { report: unknown }).report;

test('a completed sale carries its own contribution, found by id among others at the same instant', () => {
  const { s, calls } = sources();
  const [one, two, open] = withContributions(
    'sale',
    [
      entry('sale', 's1', { state: 'completed', createdAt: AT, completedAt: AT, number: 1 }),
      entry('sale', 's2', { state: 'completed', createdAt: AT, completedAt: AT }),
      entry('sale', 's9', { state: 'open', createdAt: AT, completedAt: null }),
    ],
    options(s),
  );
  assert.deepEqual(reportOf(one!), contributionOf({ kind: 'sale', sale: sale('s1', AT, 300) }, ctx(s)));
  assert.deepEqual(reportOf(two!), contributionOf({ kind: 'sale', sale: sale('s2', AT, 450) }, ctx(s)));
  assert.equal(reportOf(open!), null);
  // The body is kept as it was, beside its report.
  assert.equal((one!.body as { number: number }).number, 1);
  // One read for the instant, the period ending on it.
  assert.deepEqual(calls, [`sales 2026-03-29T09:59:59.999Z ${AT}`]);
});

test('instants more than a minute apart are read apart; a sale whose facts are not there carries none', () => {
  const { s, calls } = sources();
  const out = withContributions(
    'sale',
    [
      entry('sale', 's1', { state: 'completed', createdAt: AT, completedAt: AT }),
      entry('sale', 's3', { state: 'completed', createdAt: LATER, completedAt: LATER }),
      entry('sale', 'gone', { state: 'completed', createdAt: LATER, completedAt: LATER }),
    ],
    options(s),
  );
  assert.deepEqual(
    out.map((e) => (reportOf(e) as { sums: Record<string, number> } | null)?.sums['sales||amount'] ?? null),
    [300, 500, null],
  );
  assert.equal(calls.length, 2);
  assert.equal(reportOf(out[2]!), null);
});

test('a refund carries its cash and its itemised parts, and nobody else’s; one under way carries none', () => {
  const { s } = sources();
  const [done, pending] = withContributions(
    'refund',
    [
      entry('refund', 'r1', { state: 'completed', completedAt: AT }),
      entry('refund', 'r3', { state: 'pending', completedAt: null }),
    ],
    options(s),
  );
  assert.deepEqual(
    reportOf(done!),
    contributionOf(
      [
        {
          kind: 'cash-refund',
          refund: { refundId: 'r1', amount: 300, at: AT, receiptNumber: 's1', by: ANN },
        },
        { kind: 'itemised-refund', refund: itemised },
      ],
      ctx(s),
    ),
  );
  assert.equal(reportOf(pending!), null);
});

test('a cash movement is matched by what it adds; a No-sale counts one; a shift only once counted', () => {
  const { s } = sources();
  const [moved] = withContributions(
    'cash-movement',
    [entry('cash-movement', '7', { ...movement })],
    options(s),
  );
  assert.deepEqual(reportOf(moved!), contributionOf({ kind: 'cash-movement', movement }, ctx(s)));
  const [noSale] = withContributions('no-sale', [entry('no-sale', '3', { at: AT })], options(s));
  assert.deepEqual((reportOf(noSale!) as { sums: unknown }).sums, { 'no-sales||count': 1 });
  const [counted, open] = withContributions(
    'shift',
    [entry('shift', 'sh', { closedAt: AT }), entry('shift', 'sh2', { closedAt: null })],
    options(s),
  );
  assert.equal((reportOf(counted!) as { shifts: unknown[] }).shifts.length, 1);
  assert.equal(reportOf(open!), null);
});

test('products are summed by their SKU, the key every till of the shop shares; one no longer known keeps its id', () => {
  const { s } = sources();
  const sumsOf = (e: JournalEntry) => (reportOf(e) as { sums: Record<string, number> }).sums;
  const [sold] = withContributions(
    'sale',
    [entry('sale', 's1', { state: 'completed', createdAt: AT, completedAt: AT })],
    options(s),
  );
  assert.equal(sumsOf(sold!)['product|T|amount'], 300);
  assert.equal(sumsOf(sold!)['product|T|quantity'], 1);
  assert.equal(sumsOf(sold!)['product|tea|amount'], undefined);
  const [refunded] = withContributions(
    'refund',
    [entry('refund', 'r1', { state: 'completed', completedAt: AT })],
    options(s),
  );
  assert.equal(sumsOf(refunded!)['product|T|refunds'], 300);
  const [unknown] = withContributions(
    'sale',
    [entry('sale', 's1', { state: 'completed', createdAt: AT, completedAt: AT })],
    options(s, new Map()),
  );
  assert.equal(sumsOf(unknown!)['product|tea|amount'], 300);
});

test('rows no report counts are sent as they are', () => {
  const { s, calls } = sources();
  const rows = [entry('z-report', '1', { until: AT }), entry('audit', '2', { at: AT })];
  assert.deepEqual(withContributions('z-report', [rows[0]!], options(s)), [rows[0]]);
  assert.deepEqual(withContributions('audit', [rows[1]!], options(s)), [rows[1]]);
  assert.deepEqual(calls, []);
});

test('the instant a row counts at, read from its body as the till report places it', () => {
  assert.equal(instantOf('sale', { state: 'completed', createdAt: AT, completedAt: LATER }), LATER);
  assert.equal(instantOf('sale', { state: 'completed', createdAt: AT, completedAt: null }), AT);
  assert.equal(instantOf('sale', { state: 'abandoned', createdAt: AT, completedAt: LATER }), AT);
  assert.equal(instantOf('sale', { state: 'open', createdAt: AT }), null);
  assert.equal(instantOf('card-payment', { createdAt: AT }), AT);
  assert.equal(instantOf('refund', { state: 'completed', completedAt: LATER }), LATER);
  assert.equal(instantOf('refund', { state: 'failed', completedAt: LATER }), null);
  assert.equal(instantOf('no-sale', { at: AT }), AT);
  assert.equal(instantOf('cash-movement', { at: LATER }), LATER);
  assert.equal(instantOf('shift', { closedAt: '' }), null);
  // A number is no instant: only the text the till writes is.
  assert.equal(instantOf('shift', { closedAt: Date.parse(AT) }), null);
  assert.equal(instantOf('audit', { at: AT }), null);
});

/** The instant `ms` milliseconds after AT. */
const after = (ms: number) => new Date(Date.parse(AT) + ms).toISOString();
const completed = (at: string) => ({ state: 'completed', createdAt: at, completedAt: at });
const salesOf = (e: JournalEntry) =>
  (reportOf(e) as { sums: Record<string, number> } | null)?.sums['sales||amount'] ?? null;

test('a period spans at most a minute from its first instant, read in time order whatever order the rows come in', () => {
  const { s, calls } = sources({
    sales: [
      sale('s1', AT, 100),
      sale('s2', after(30_000), 200),
      sale('s3', after(60_000), 300),
      sale('s4', after(60_001), 400),
      sale('s5', after(60_001), 500),
    ],
  });
  const out = withContributions(
    'sale',
    [
      entry('sale', 's3', completed(after(60_000))),
      entry('sale', 's4', completed(after(60_001))),
      entry('sale', 's1', completed(AT)),
      entry('sale', 'open', { state: 'open', createdAt: AT, completedAt: null }),
      entry('sale', 's5', completed(after(60_001))),
      entry('sale', 's2', completed(after(30_000))),
    ],
    options(s),
  );
  assert.deepEqual(out.map(salesOf), [300, 400, 100, null, 500, 200]);
  // Exactly a minute after the first instant is still its period; a millisecond more starts the next.
  assert.deepEqual(calls, [`sales ${after(-1)} ${after(60_000)}`, `sales ${after(60_000)} ${after(60_001)}`]);
});

test('a row still open between two close instants does not split their period', () => {
  const { s, calls } = sources({ sales: [sale('s1', AT, 100), sale('s2', after(30_000), 200)] });
  const out = withContributions(
    'sale',
    [
      entry('sale', 's1', completed(AT)),
      entry('sale', 'open', { state: 'open', createdAt: AT, completedAt: null }),
      entry('sale', 's2', completed(after(30_000))),
    ],
    options(s),
  );
  assert.deepEqual(out.map(salesOf), [100, null, 200]);
  assert.deepEqual(calls, [`sales ${after(-1)} ${after(30_000)}`]);
});

test('a row whose instant is not a date counts nowhere, even with its facts there', () => {
  const { s } = sources();
  const [odd] = withContributions('sale', [entry('sale', 's1', completed('soon'))], options(s));
  assert.equal(reportOf(odd!), null);
});

const cardRefund = (id: string, amount: number): CardPaymentFact => ({
  id,
  terminalId: 'T1',
  type: 'REFUND',
  amount,
  currency: 'GBP',
  paid: true,
  createdAt: AT,
  saleId: null,
  itemised: false,
  by: ANN,
});

test('a card payment carries its own contribution, found by id among others at the same instant', () => {
  const payments = [cardRefund('p1', 250), cardRefund('p2', 400)];
  const { s, calls } = sources({ cardPayments: payments });
  const [second, first, gone] = withContributions(
    'card-payment',
    [
      entry('card-payment', 'p2', { createdAt: AT }),
      entry('card-payment', 'p1', { createdAt: AT }),
      entry('card-payment', 'p9', { createdAt: AT }),
    ],
    options(s),
  );
  assert.deepEqual(
    reportOf(second!),
    contributionOf({ kind: 'card-payment', payment: payments[1]! }, ctx(s)),
  );
  assert.deepEqual(reportOf(first!), contributionOf({ kind: 'card-payment', payment: payments[0]! }, ctx(s)));
  assert.notDeepEqual(reportOf(first!), reportOf(second!));
  // One the card machine's records do not hold counts nowhere.
  assert.equal(reportOf(gone!), null);
  assert.deepEqual(calls, [`cardPayments ${after(-1)} ${AT}`]);
});

test('a refund carries only its own itemised part among several; one whose facts are missing carries none', () => {
  const other: ItemsGivenBack = {
    ...itemised,
    refundId: 'r2',
    lines: [{ productId: 'tea', name: 'Tea', quantity: 2, amount: 600, vatRate: 2000 }],
  };
  const { s } = sources({ itemisedRefunds: [other, itemised] });
  const [r1, r2, missing] = withContributions(
    'refund',
    [
      entry('refund', 'r1', { state: 'completed', completedAt: AT }),
      entry('refund', 'r2', { state: 'completed', completedAt: AT }),
      entry('refund', 'r4', { state: 'completed', completedAt: AT }),
    ],
    options(s),
  );
  const cash = (refundId: string, amount: number) => ({
    kind: 'cash-refund' as const,
    refund: { refundId, amount, at: AT, receiptNumber: refundId === 'r1' ? 's1' : 's2', by: ANN },
  });
  assert.deepEqual(
    reportOf(r1!),
    contributionOf([cash('r1', 300), { kind: 'itemised-refund', refund: itemised }], ctx(s)),
  );
  assert.deepEqual(
    reportOf(r2!),
    contributionOf([cash('r2', 77), { kind: 'itemised-refund', refund: other }], ctx(s)),
  );
  assert.equal(reportOf(missing!), null);
});

test('a No-sale, a shift or a cash movement whose facts are not in its period carries none', () => {
  const { s } = sources();
  const [there, notThere] = withContributions(
    'no-sale',
    [entry('no-sale', '3', { at: AT }), entry('no-sale', '4', { at: after(30_000) })],
    options(s),
  );
  assert.deepEqual((reportOf(there!) as { sums: unknown }).sums, { 'no-sales||count': 1 });
  assert.equal(reportOf(notThere!), null);
  const [shift] = withContributions('shift', [entry('shift', 'sh9', { closedAt: AT })], options(s));
  assert.equal(reportOf(shift!), null);
});

test('a cash movement is matched by its instant, direction, reason and amount, all four', () => {
  // Each movement in the sources differs from the one the row stands for in one of the four only.
  const wanted: CashMovement = { ...movement, at: after(20_000) };
  const elsewhen: CashMovement = { ...wanted, at: after(10_000) };
  const { s } = sources({
    cashMovements: [
      elsewhen,
      { ...wanted, direction: 'in' },
      { ...wanted, reason: 'bank_drop' },
      { ...wanted, amount: 121 },
      movement,
    ],
  });
  const [own, earlier, absent] = withContributions(
    'cash-movement',
    [
      entry('cash-movement', '1', { ...movement }),
      entry('cash-movement', '2', { ...elsewhen }),
      entry('cash-movement', '3', { ...wanted }),
    ],
    options(s),
  );
  assert.deepEqual(reportOf(own!), contributionOf({ kind: 'cash-movement', movement }, ctx(s)));
  assert.deepEqual(reportOf(earlier!), contributionOf({ kind: 'cash-movement', movement: elsewhen }, ctx(s)));
  assert.equal(reportOf(absent!), null);
});
