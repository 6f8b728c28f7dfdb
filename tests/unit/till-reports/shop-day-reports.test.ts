// The shop's day as the till builds it (createShopDay), over a database in memory and a data
// folder of its own, with the other areas' answers set by hand: X and Z reports in the shop's
// time zone, a card payment begun before the day placed on its machine, the Z number's mark file,
// what each slip prints (a reprint says so), and refusals in words when nobody is signed in or
// the number cannot be recorded. Amounts are integer minor units.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import type { CatalogueAdmin, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import type { PaymentRow } from '../../../electron/services/payments/journal';
import { RECONCILIATION_MIGRATIONS } from '../../../electron/services/reconciliation/store';
import type { ReceiptSettings } from '../../../electron/services/sales/checkout';
import { SHIFTS_MIGRATIONS } from '../../../electron/services/shifts/store';
import { applyMigrations } from '../../../electron/services/storage/database';
import type { EndedSale } from '../../../electron/services/till-reports/sources';
import { createShopDay, Z_NUMBER_MARK_FILE } from '../../../electron/services/till-reports/shop-day';
import { TILL_REPORTS_MIGRATIONS } from '../../../electron/services/till-reports/store';
import { auditOn } from '../../support/audit';
import { ManualClock, settleMicrotasks } from '../../support/manual-clock';

const ANN: StaffStamp = { id: 'a', name: 'Ann' };
const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const SOLD_AT = '2026-03-02T09:30:00.000Z';

/** A coffee for £3.50, paid £1.50 on a payment the journal knows and £2.00 on one it lost. */
const SALE: EndedSale = {
  saleId: 'id-S1',
  receiptNumber: 'S1',
  state: 'completed',
  endedBecause: null,
  currency: 'GBP',
  total: 350,
  servedBy: ANN,
  createdAt: SOLD_AT,
  completedAt: SOLD_AT,
  lines: [
    {
      productId: 'coffee',
      sku: 'coffee',
      name: 'Coffee',
      quantity: 1,
      unitPrice: 350,
      lineTotal: 350,
      vatRate: 2000,
      priceOverride: null,
    },
  ],
  tenders: [
    { kind: 'card', amount: 150, given: null, paymentId: 'pay-yesterday', takenAt: SOLD_AT },
    { kind: 'card', amount: 200, given: null, paymentId: 'pay-lost', takenAt: SOLD_AT },
  ],
};

interface Options {
  timeZone?: string;
  printerFails?: boolean;
  /** What the Z number's mark file holds before the till starts. */
  mark?: string;
  /** The shop's locale (en-GB unless given). */
  locale?: string;
  /** The names the shop gave its card machines (T7 is "Back bar" unless given). */
  terminalNames?: Record<string, string>;
}

/** The shop's day over fresh storage; `signedIn` is whether anybody is serving. */
function shopDay(t: TestContext, options: Options = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-shop-day-'));
  const db = new Database(':memory:');
  t.after(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  applyMigrations(db, [...SHIFTS_MIGRATIONS, ...TILL_REPORTS_MIGRATIONS, ...RECONCILIATION_MIGRATIONS]);
  if (options.mark !== undefined) writeFileSync(join(dataDir, Z_NUMBER_MARK_FILE), options.mark);
  const printed: { id: string; lines: ReceiptLine[] }[] = [];
  const logged: string[] = [];
  const state = { signedIn: true };
  const day = createShopDay({
    db,
    dataDir,
    clock: new ManualClock(NOW),
    currency: 'GBP',
    logger: {
      info: (message) => logged.push(message),
      warn: (message) => logged.push(message),
      error: (message, error) => logged.push(`${message}: ${error instanceof Error ? error.message : ''}`),
    },
    serving: () => {
      if (!state.signedIn) throw new TillError('not_allowed', 'Sign in first.');
      return ANN;
    },
    require: () => ANN,
    ledger: { endedBetween: () => [SALE], cashTakenBetween: () => 0 },
    journal: {
      // The payment began before this period: only the journal's own record places it.
      createdBetween: () => [],
      get: (id) => (id === 'pay-yesterday' ? ({ id, terminalId: 'T7' } as PaymentRow) : null),
    },
    catalogue: {
      admin: () => ({ products: [{ id: 'coffee', category: 'Drinks' }] }) as unknown as CatalogueAdmin,
    },
    terminalNames: () => options.terminalNames ?? { T7: 'Back bar' },
    refunds: { cashGivenBack: () => [], completedWithItems: () => [], itemisedCardPayments: () => new Set() },
    printReceipt: (id, lines) => {
      if (options.printerFails) return Promise.reject(new Error('Paper out'));
      printed.push({ id, lines });
      return Promise.resolve();
    },
    receiptSettings: () =>
      ({
        shop: { name: 'Corner Café' },
        paperWidth: 80,
        locale: options.locale ?? 'en-GB',
        ...(options.timeZone !== undefined && { timeZone: options.timeZone }),
      }) as unknown as ReceiptSettings,
    audit: auditOn(db),
  });
  return { ...day, dataDir, printed, logged, state };
}

const texts = (lines: ReceiptLine[]) => lines.map((l) => l.value);

function refusal(act: () => unknown): TillError {
  try {
    act();
  } catch (error) {
    assert.ok(error instanceof TillError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

test('a card payment begun before the day is put on its machine; one the journal lost is not', (t) => {
  const { reports } = shopDay(t);
  assert.deepEqual(reports.x().tenders, [
    { key: 'card:T7', label: 'Back bar', terminal: { id: 'T7', named: true }, count: 1, amount: 150 },
    { key: 'card:unknown', label: 'Card machine not known', count: 1, amount: 200 },
  ]);
});

test('a German till’s Z words a card machine the shop has not named in German, on paper and when reprinted', async (t) => {
  const names: Record<string, string> = {};
  const { reports, printed } = shopDay(t, { locale: 'de-DE', terminalNames: names });
  const z = reports.z();
  // The services' English fallback stays the label (the CSV's, the API's); the row says it is unnamed.
  assert.deepEqual(z.tenders[0], {
    key: 'card:T7',
    label: 'Card machine ending T7',
    terminal: { id: 'T7', named: false },
    count: 1,
    amount: 150,
  });
  // Named afterwards: the Z kept what closed the day.
  names.T7 = 'Card machine ending T7';
  reports.printReport(1);
  await settleMicrotasks();
  for (const slip of printed) {
    const lines = texts(slip.lines);
    assert.ok(
      lines.some((l) => /^Kartenterminal mit Endung T7 \(1\) +1,50 £$/.test(l)),
      lines.join('\n'),
    );
    assert.ok(!lines.some((l) => l.includes('Card machine ending')), lines.join('\n'));
  }
  assert.equal(printed.length, 2);
  // A machine the shop named prints its name, even one that reads like another's fallback.
  assert.deepEqual(reports.x().tenders[0]?.terminal, { id: 'T7', named: true });
  reports.printReport();
  await settleMicrotasks();
  assert.ok(texts(printed[2]!.lines).some((l) => /^Card machine ending T7 \(1\) +1,50 £$/.test(l)));
});

test('what was sold is put under the category the catalogue gives its product', (t) => {
  const { reports } = shopDay(t);
  // The coffee is in Drinks: its £3.50 counts there, not as uncategorised.
  assert.deepEqual(reports.x().categories, [
    { category: 'Drinks', quantity: 1, amount: 350, refunds: 0, net: 350 },
  ]);
});

test('the hours and the slip’s times are the shop’s time zone’s, not the machine’s', (t) => {
  // Tokyo is 9 hours on from UTC all year; the machine's own zone must not be the one checked.
  const zone =
    Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo' ? 'America/Bogota' : 'Asia/Tokyo';
  const local = (iso: string) => {
    const hour = new Date(iso).getUTCHours() + (zone === 'Asia/Tokyo' ? 9 : -5);
    return (hour + 24) % 24;
  };
  const { reports, printed } = shopDay(t, { timeZone: zone });
  assert.deepEqual(
    reports.x().hours.filter((h) => h.count > 0),
    [{ hour: local(SOLD_AT), count: 1, amount: 350 }],
  );
  reports.z();
  // The day ran to 11:59:59.999 UTC.
  const to = `To   02/03/2026 ${String(local('2026-03-02T11:59:00.000Z')).padStart(2, '0')}:59`;
  assert.ok(texts(printed[0]!.lines).includes(to), texts(printed[0]!.lines).join('\n'));
});

test('the Z prints once as itself; a reprint says it is one; an X is no reprint', async (t) => {
  const { reports, printed } = shopDay(t);
  const z = reports.z();
  assert.equal(z.number, 1);
  assert.equal(z.sales.amount, 350);
  assert.deepEqual(reports.printReport(1), { ok: true });
  assert.deepEqual(reports.printReport(), { ok: true });
  await settleMicrotasks();
  assert.equal(printed.length, 3);
  const [closing, again, x] = printed;
  assert.equal(closing!.id, 'z-1');
  assert.deepEqual(texts(closing!.lines).slice(0, 2), ['Corner Café', 'Z REPORT 1']);
  assert.match(again!.id, /^z-1-reprint-[0-9a-f-]{36}$/);
  assert.deepEqual(texts(again!.lines).slice(0, 3), ['REPRINT', 'Corner Café', 'Z REPORT 1']);
  assert.match(x!.id, /^x-[0-9a-f-]{36}$/);
  assert.deepEqual(texts(x!.lines).slice(0, 2), ['Corner Café', 'X REPORT (day so far)']);
});

test('with nobody signed in a past Z is neither printed nor exported', async (t) => {
  const { reports, printed, state } = shopDay(t);
  reports.z();
  await settleMicrotasks();
  state.signedIn = false;
  assert.equal(refusal(() => reports.printReport(1)).message, 'Sign in first.');
  assert.equal(refusal(() => reports.exportCsv(1)).message, 'Sign in first.');
  await settleMicrotasks();
  assert.deepEqual(
    printed.map((p) => p.id),
    ['z-1'],
  );
});

test('the day so far exports as an X report', (t) => {
  const { reports } = shopDay(t);
  const { summary } = reports.exportCsv();
  const rows = summary.text.split(/\r?\n/);
  assert.deepEqual(rows.slice(1, 3), ['report,kind,X,,,,,', 'report,number,,,,,,']);
});

test('a past Z that is not there is refused in words with its number', (t) => {
  const { reports } = shopDay(t);
  const missing = refusal(() => reports.get(9));
  assert.deepEqual(
    [missing.code, missing.message, missing.words],
    ['not_found', 'There is no Z report 9 on this till.', { key: 'tillReport.noZ', params: { number: 9 } }],
  );
});

test('Z numbers go on from the mark file beside the database', (t) => {
  const { reports, dataDir } = shopDay(t, { mark: '{"highestZNumber":7}\n' });
  assert.equal(reports.z().number, 8);
  const mark = JSON.parse(readFileSync(join(dataDir, Z_NUMBER_MARK_FILE), 'utf8')) as Record<string, unknown>;
  assert.equal(mark.highestZNumber, 8);
});

test('a Z number that cannot be recorded refuses the Z in words', (t) => {
  const { reports, logged } = shopDay(t, { mark: 'not json' });
  const refused = refusal(() => reports.z());
  assert.deepEqual([refused.code, refused.words], ['storage', { key: 'tillReport.zNotRecorded' }]);
  assert.deepEqual(reports.list(5), []);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /^could not reserve a Z number: /);
});

test('a printer that cannot take the slip leaves the Z closed and says so in the log', async (t) => {
  const { reports, logged } = shopDay(t, { printerFails: true });
  assert.equal(reports.z().number, 1);
  await settleMicrotasks();
  assert.deepEqual(logged, ['could not queue till report z-1: Paper out']);
  assert.deepEqual(
    reports.list(5).map((z) => [z.number, z.gross]),
    [[1, 350]],
  );
});
