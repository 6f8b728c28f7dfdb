// The catalogue on its own, for tests of its rules without a whole till: a ProductCatalogue over
// a real SQLite file in a folder of its own (removed after the test), on a hand-moved clock, with
// the audit trail beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductInput } from '../../../shared/contract/catalogue';
import { CATALOGUE_MIGRATIONS } from '../../../electron/services/catalogue/schema';
import { ProductCatalogue, type ProductFields } from '../../../electron/services/catalogue/store';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import type { AuditJournal } from '../../../electron/services/audit/journal';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';

export function catalogueInTempFolder(t: { after: (fn: () => void) => void }): {
  catalogue: ProductCatalogue;
  db: Db;
  clock: ManualClock;
  /** The audit trail in the same file, for the back office's handlers. */
  audit: AuditJournal;
} {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-catalogue-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(join(folder, 'paydesk.sqlite'), CATALOGUE_MIGRATIONS, clock);
  t.after(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return { catalogue: new ProductCatalogue(db, 'GBP'), db, clock, audit: auditOn(db, clock) };
}

/** A good product, as the store and the back office both take it (each gets its own barcode list). */
const TEA = {
  sku: '',
  name: 'Tea',
  category: 'Drinks',
  price: 250,
  vatRate: 2000,
  colour: null,
  active: true,
};

/** A product to write, a good one unless told otherwise. */
export const fields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
  ...TEA,
  barcodes: [],
  ...overrides,
});

/** The same product as the back office sends it (ids are strings on the contract). */
export const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  ...TEA,
  image: null,
  barcodes: [],
  ...overrides,
});
