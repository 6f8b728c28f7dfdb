// A Z closed before price overrides, card refunds without items and rows' refunds were reported opens again with
// those figures as "not kept" (null), never as a made-up zero, and its other figures unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { applyMigrations } from '../../../electron/services/storage/database';
import { TILL_REPORTS_MIGRATIONS, TillReportStore } from '../../../electron/services/till-reports/store';

const closedBefore = {
  kind: 'Z',
  number: 7,
  currency: 'GBP',
  since: null,
  until: '2025-03-01T22:00:00.000Z',
  runBy: null,
  sales: { count: 2, amount: 1250, refunds: 0, net: 1250 },
  tenders: [{ key: 'cash', label: 'Cash', count: 2, amount: 1250 }],
  vat: [{ basisPoints: 2000, gross: 1250, vat: 208, net: 1042 }],
  categories: [{ category: 'Coffee', quantity: 2, amount: 1250 }],
  cashiers: [{ name: 'Ana', count: 2, amount: 1250 }],
  hours: [],
  refunds: [],
  discounts: { count: 0, amount: 0 },
  voids: { count: 1, amount: 300 },
  noSales: { count: 0 },
  cashMovements: [],
  shifts: [],
};

test('a Z stored without the newer figures shows them as not kept', () => {
  const db = new Database(':memory:');
  try {
    applyMigrations(db, TILL_REPORTS_MIGRATIONS);
    db.prepare(
      'INSERT INTO z_reports (number, since, until, run_by, report, line_rows, closed_at) VALUES (?, NULL, ?, NULL, ?, ?, ?)',
    ).run(7, closedBefore.until, JSON.stringify(closedBefore), gzipSync('[]'), closedBefore.until);
    const stored = new TillReportStore(db).get(7);
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
  } finally {
    db.close();
  }
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
