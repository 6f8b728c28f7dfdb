// Which facts each till report reads, on a manual clock: before any Z the day runs from the start
// of time; a Z ends its day a millisecond before it ran and the next report starts there, so each
// sale belongs to exactly one day; a clock set back never makes a day end before it began. A Z
// takes the next number above both the database's and the mark file's, and a refused Z closes
// nothing and uses no number.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { StaffStamp } from '../../../shared/contract';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { TillReportService } from '../../../electron/services/till-reports/service';
import type { DaySources, EndedSale } from '../../../electron/services/till-reports/sources';
import { TILL_REPORTS_MIGRATIONS, TillReportStore } from '../../../electron/services/till-reports/store';

const MANAGER: StaffStamp = { id: 'm', name: 'Mia' };
const START = Date.parse('2026-03-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let db: Db;
afterEach(() => db.close());

/** A till's reports over a day of cash sales the test rings up at the clock's time. */
function reports(options: { markHighest?: number; markLost?: boolean } = {}) {
  let now = START;
  /** The till's clock, moved (or set back) by the test. */
  const clock = { now: () => now, set: (ms: number) => (now = ms), advance: (ms: number) => (now += ms) };
  db = openDatabase(':memory:', TILL_REPORTS_MIGRATIONS, clock);
  const sold: EndedSale[] = [];
  const asked: Array<[string, string]> = [];
  const raised: number[] = [];
  let mark = options.markHighest ?? 0;
  let shiftOpen = false;
  const none = () => [];
  const sources: DaySources = {
    sales: (since, until) => {
      asked.push([since, until]);
      return sold.filter((s) => s.completedAt! > since && s.completedAt! <= until);
    },
    cardPayments: none,
    paymentTerminal: () => null,
    terminalName: (id) => ({ name: id, named: true }),
    categories: () => new Map(),
    cashRefunds: none,
    itemisedRefunds: none,
    noSales: none,
    cashMovements: none,
    shiftsClosed: none,
  };
  const service = new TillReportService({
    store: new TillReportStore(db),
    sources,
    currency: 'GBP',
    clock,
    serving: () => MANAGER,
    requireZ: () => MANAGER,
    shiftOpen: () => shiftOpen,
    numbers: {
      highest: () => (options.markLost ? 0 : mark),
      raise: (n) => {
        raised.push(n);
        mark = Math.max(mark, n);
      },
    },
    printReceipt: async () => undefined,
    printSettings: () => ({ shopName: 'Test café', paperWidth: 80, timeZone: 'Europe/London' }),
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const sell = (amount: number, at = clock.now()) =>
    sold.push({
      saleId: `s${sold.length}`,
      receiptNumber: `S${sold.length}`,
      state: 'completed',
      endedBecause: null,
      currency: 'GBP',
      lines: [
        {
          productId: 'p',
          sku: 'p',
          name: 'Tea',
          quantity: 1,
          unitPrice: amount,
          lineTotal: amount,
          vatRate: 0,
        },
      ],
      total: amount,
      servedBy: MANAGER,
      createdAt: iso(at),
      completedAt: iso(at),
      tenders: [{ kind: 'cash', amount, given: null, paymentId: null, takenAt: iso(at) }],
    });
  return {
    service,
    clock,
    asked,
    raised,
    sell,
    setShiftOpen: (open: boolean) => (shiftOpen = open),
  };
}

test('before any Z, X runs from the start of time to a millisecond before now', () => {
  const r = reports();
  r.sell(500, START - 3 * 86_400_000);
  r.sell(250);
  const x = r.service.x();
  assert.deepEqual(r.asked, [[iso(0), iso(START - 1)]]);
  assert.equal(x.since, null);
  assert.equal(x.until, iso(START - 1));
  assert.deepEqual(
    x.sales,
    { count: 1, amount: 500, refunds: 0, net: 500 },
    'the sale of this very millisecond is the next one’s',
  );
  r.clock.advance(1);
  assert.equal(r.service.x().sales.amount, 750);
});

test('a Z closes the day; the next report starts where it ended and no sale is in both or neither', () => {
  const r = reports();
  r.sell(100, START - 1);
  r.sell(200); // the Z's own millisecond: the next day's
  const z1 = r.service.z();
  assert.equal(z1.number, 1);
  assert.equal(z1.until, iso(START - 1));
  assert.deepEqual(z1.sales, { count: 1, amount: 100, refunds: 0, net: 100 });

  r.clock.advance(60_000);
  r.sell(400);
  const x = r.service.x();
  assert.equal(x.since, iso(START - 1));
  assert.equal(x.until, iso(START + 60_000 - 1));
  assert.deepEqual(x.sales, { count: 1, amount: 200, refunds: 0, net: 200 });
  r.clock.advance(1);
  const z2 = r.service.z();
  assert.equal(z2.number, 2);
  assert.equal(z2.sales.amount, 600);
  assert.deepEqual(r.raised, [1, 2]);
  r.clock.advance(1);
  assert.equal(r.service.x().since, z2.until, 'after two Zs, the day starts at the last');
  assert.equal(r.service.get(1).sales.amount, 100, 'a Z is kept as it closed');
  assert.deepEqual(
    r.service.list(10).map((z) => z.number),
    [2, 1],
  );
});

test('a Z takes the next number above the mark file’s too', () => {
  const r = reports({ markHighest: 41 });
  assert.equal(r.service.z().number, 42);
  assert.equal(r.service.z().number, 43);
});

test('with its mark file lost, the database still knows the numbers used', () => {
  const r = reports({ markLost: true });
  assert.deepEqual(
    [r.service.z(), r.service.z(), r.service.z()].map((z) => z.number),
    [1, 2, 3],
  );
});

test('a clock set back before the last Z never makes a day end before it began', () => {
  const r = reports();
  const z = r.service.z();
  r.sell(900, START - 3_600_000);
  r.clock.set(START - 3_600_000);
  const x = r.service.x();
  assert.equal(x.since, z.until);
  assert.equal(x.until, z.until, 'an empty day, not a negative one');
  assert.deepEqual(x.sales, { count: 0, amount: 0, refunds: 0, net: 0 });
});

test('a Z while a shift is open is refused in words, closes nothing and uses no number', () => {
  const r = reports();
  r.sell(300, START - 10);
  r.setShiftOpen(true);
  assert.throws(() => r.service.z(), {
    code: 'conflict',
    message: 'A shift is still open: count the drawer and close the shift, then run the Z report.',
  });
  assert.deepEqual(r.raised, []);
  assert.deepEqual(r.service.list(10), []);
  r.setShiftOpen(false);
  const z = r.service.z();
  assert.equal(z.number, 1);
  assert.equal(z.sales.amount, 300);
});
