// The catalogue's migrations by the ids every shop's database records: a database from before
// catalogue-2 gets only catalogue-2, its products keeping their data at the UK standard rate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_MIGRATIONS } from '../../../electron/services/catalogue/schema';
import { ProductCatalogue } from '../../../electron/services/catalogue/store';
import { openDatabase } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';

test('a database at catalogue-1 is brought to catalogue-2, its product at 20 % in its category', (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-catalogue-schema-'));
  const file = join(folder, 'paydesk.sqlite');
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const old = openDatabase(file, [{ id: 'catalogue-1', sql: CATALOGUE_MIGRATIONS[0]!.sql }], clock);
  old.prepare("INSERT INTO products (sku, name, category, price) VALUES ('T1', 'Tea', 'Drinks', 250)").run();
  old.close();

  const db = openDatabase(file, CATALOGUE_MIGRATIONS, clock);
  t.after(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  assert.deepEqual(
    (db.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as { id: string }[]).map((r) => r.id),
    ['catalogue-1', 'catalogue-2'],
  );
  const admin = new ProductCatalogue(db, 'GBP').admin();
  assert.deepEqual(
    admin.products.map((p) => [p.sku, p.name, p.category, p.price, p.vatRate, p.barcodes]),
    [['T1', 'Tea', 'Drinks', 250, 2000, []]],
  );
  assert.deepEqual(
    admin.categories.map((c) => c.name),
    ['Drinks'],
  );
});
