// A Z closed before price overrides, card refunds without items and rows' refunds were reported opens again with
// those figures as "not kept" (null), never as a made-up zero, and its other figures unchanged;
// one closed before its card machines' rows said which machine they were prints each machine's
// label as it closed.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { applyMigrations } from '../../../electron/services/storage/database';
import { reportReceipt } from '../../../electron/services/till-reports/print';
import { TILL_REPORTS_MIGRATIONS, TillReportStore } from '../../../electron/services/till-reports/store';
import { row } from '../printing/slip-support';

const closedBefore = {
  kind: 'Z',
  number: 7,
  currency: 'GBP',
  since: null,
  until: '2025-03-01T22:00:00.000Z',
  runBy: null,
  sales: { count: 2, amount: 1250, refunds: 0, net: 1250 },
  tenders: [
    { key: 'cash', label: 'Cash', count: 1, amount: 450 },
    { key: 'card:22900001', label: 'Card machine ending 0001', count: 1, amount: 500 },
    { key: 'card:22900002', label: 'Theke', count: 1, amount: 300 },
  ],
  vat: [{ basisPoints: 2000, gross: 1250, vat: 208, net: 1042 }],
  categories: [{ category: 'Coffee', quantity: 2, amount: 1250 }],
  cashiers: [{ name: 'Ana', count: 2, amount: 1250 }],
  hours: [],
  refunds: [{ key: 'card:22900001', label: 'Card machine ending 0001', count: 1, amount: 100 }],
  discounts: { count: 0, amount: 0 },
  voids: { count: 1, amount: 300 },
  noSales: { count: 0 },
  cashMovements: [],
  shifts: [],
};

/** The store over a database holding the Z as it was closed before. */
function storedBefore(t: TestContext): TillReportStore {
  const db = new Database(':memory:');
  t.after(() => db.close());
  applyMigrations(db, TILL_REPORTS_MIGRATIONS);
  db.prepare(
    'INSERT INTO z_reports (number, since, until, run_by, report, line_rows, closed_at) VALUES (?, NULL, ?, NULL, ?, ?, ?)',
  ).run(7, closedBefore.until, JSON.stringify(closedBefore), gzipSync('[]'), closedBefore.until);
  return new TillReportStore(db);
}

test('a Z stored without the newer figures shows them as not kept', (t) => {
  const stored = storedBefore(t).get(7);
  assert.equal(stored?.report.priceOverrides, null);
  assert.equal(stored?.report.refundsWithoutItems, null);
  // Rows closed gross of refunds: their refunds and net were not kept.
  assert.deepEqual(stored?.report.categories, [
    { category: 'Coffee', quantity: 2, amount: 1250, refunds: null, net: null },
  ]);
  assert.deepEqual(stored?.report.cashiers, [
    { name: 'Ana', count: 2, amount: 1250, refunds: null, net: null },
  ]);
  assert.deepEqual(stored?.report.vat, closedBefore.vat);
  assert.deepEqual(stored?.report.voids, closedBefore.voids);
  // Its rows do not say which card machine they were: none is made up.
  assert.deepEqual(stored?.report.tenders, closedBefore.tenders);
  assert.deepEqual(stored?.report.refunds, closedBefore.refunds);
});

test('a Z stored before rows named their card machine reprints in German, each machine as it closed', (t) => {
  const report = storedBefore(t).get(7)!.report;
  const lines = reportReceipt(report, {
    shopName: 'Eckladen',
    paperWidth: 80,
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
    reprint: true,
  }).map((l) => l.value);
  const after = (heading: string, count: number) =>
    lines.slice(lines.indexOf(heading) + 1, lines.indexOf(heading) + 1 + count);
  assert.deepEqual(after('Nach Zahlungsart', 3), [
    row('Bar (1)', '4,50 £'),
    row('Card machine ending 0001 (1)', '5,00 £'),
    row('Theke (1)', '3,00 £'),
  ]);
  assert.deepEqual(after('Erstattungen', 1), [row('Card machine ending 0001 (1)', '1,00 £')]);
  assert.equal(lines[0], 'NACHDRUCK');
});

test('the Z table’s step is recorded under its shipped id, so a till in use never applies it twice', () => {
  // Tills in use have this id recorded: under another, opening their database would create the
  // table again and fail.
  const db = new Database(':memory:');
  try {
    applyMigrations(db, TILL_REPORTS_MIGRATIONS);
    const ids = (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id);
    assert.deepEqual(ids, ['till-reports-1']);
  } finally {
    db.close();
  }
});
