// The sales tables' database steps are recorded under the ids tills in use already hold: under
// another id, opening such a till's database would create its tables again and fail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { applyMigrations } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS } from '../../../electron/services/sales/sales-ledger';
import { NO_SALE_MIGRATIONS } from '../../../electron/services/sales/no-sale';
import { PARKED_MIGRATIONS } from '../../../electron/services/sales/parked';

test('the sales, no-sale and parked-sale steps are recorded under their shipped ids, in order', () => {
  const db = new Database(':memory:');
  try {
    applyMigrations(db, [...SALES_MIGRATIONS, ...NO_SALE_MIGRATIONS, ...PARKED_MIGRATIONS]);
    const ids = (db.prepare('SELECT id FROM schema_migrations ORDER BY rowid').all() as { id: string }[]).map(
      (r) => r.id,
    );
    assert.deepEqual(ids, [
      'sales-1',
      'sales-staff',
      'sales-basket-discount',
      'sales-end-reason',
      'no-sales-1',
      'parked-sales-1',
    ]);
  } finally {
    db.close();
  }
});
