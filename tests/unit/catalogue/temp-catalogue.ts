// The catalogue on its own, for tests of its rules without a whole till: a ProductCatalogue over
// a real SQLite file in a folder of its own (removed after the test), on a hand-moved clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_MIGRATIONS } from '../../../electron/services/catalogue/schema';
import { ProductCatalogue, type ProductFields } from '../../../electron/services/catalogue/store';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';

export function catalogueInTempFolder(t: { after: (fn: () => void) => void }): {
  catalogue: ProductCatalogue;
  db: Db;
  clock: ManualClock;
} {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-catalogue-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(join(folder, 'paydesk.sqlite'), CATALOGUE_MIGRATIONS, clock);
  t.after(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return { catalogue: new ProductCatalogue(db, 'GBP'), db, clock };
}

/** A product to write, a good one unless told otherwise. */
export const fields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
  sku: '',
  name: 'Tea',
  category: 'Drinks',
  price: 250,
  vatRate: 2000,
  colour: null,
  barcodes: [],
  active: true,
  ...overrides,
});
