// The catalogue's side of the contract. The Sell screen's read is open to everyone at the till;
// the back office's read and every change are back-office actions (`requireBackOffice` throws
// not_allowed otherwise), and every change is announced so the Sell screen reloads at once. Each
// change and its audit trail entries are one database transaction (./audit-entries.ts).
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { AuditLog } from '../audit/journal';
import { categoriesEntry, productEntries, vatRatesEntry } from './audit-entries';
import { catalogueToCsv } from './csv';
import { bulkEdit, saveCategories, saveVatRates, setArchived } from './edits';
import { CatalogueImports } from './import';
import type { ProductCatalogue } from './store';

/** A product of the supplier's catalogue, as the supplies client reads it. */
export interface SupplierProduct {
  sku: string;
  name: string;
}

export interface CatalogueHandlerDeps {
  catalogue: ProductCatalogue;
  /** Throws not_allowed unless whoever is at the till may use the back office; says who. */
  requireBackOffice: () => StaffStamp | null;
  /** Reads one product from the supplier (the supplies area's client). */
  supplierProduct: (id: number) => Promise<SupplierProduct>;
  onChange: (version: number) => void;
  /** The shop's calendar day ("2026-11-22", in its time zone), for the export's file name. */
  today: () => string;
  audit: AuditLog;
}

type By = StaffStamp | null;

const PRODUCT_GONE = { words: { key: 'catalogue.productGone' } };

export function catalogueHandlers(deps: CatalogueHandlerDeps): HandlersOf<'catalogue'> {
  const { catalogue } = deps;
  const imports = new CatalogueImports(catalogue);
  /** The file being imported, as the manager chose it (for the audit trail). */
  let importFile: { uploadId: string; name: string } | null = null;
  /** A guarded change: checked first, made and journaled in one transaction, announced after. */
  const change = <T>(work: (by: By) => T): T => {
    const by = deps.requireBackOffice();
    const result = catalogue.change(() => work(by));
    deps.onChange(catalogue.version);
    return result;
  };
  const productOf = (id: number) => {
    const product = catalogue.get(String(id));
    if (!product)
      throw new TillError('not_found', 'That product is no longer in the catalogue.', PRODUCT_GONE);
    return product;
  };
  /**
   * Journals what `work` did to the products `ids` (read as the edits read them: "007" is 7) and
   * to any it added (`addedIds` of its result): one entry per area, in the change's transaction.
   */
  const journalProducts = <T>(
    by: By,
    ids: readonly string[],
    work: () => T,
    addedIds: (result: T) => number[] = () => [],
  ): T => {
    const wanted = (list: number[]) => [...new Set(list.filter((n) => Number.isSafeInteger(n)))];
    const before = catalogue.read(wanted(ids.map(Number)));
    const result = work();
    const touched = wanted([...ids.map(Number), ...addedIds(result)]);
    const after = catalogue.read(touched);
    const pairs = [...after.values()].map((now) => ({ before: before.get(now.id) ?? null, after: now }));
    for (const entry of productEntries(by, pairs)) deps.audit.record(entry);
    return result;
  };
  const record = (entry: Parameters<AuditLog['record']>[0] | null) => entry && deps.audit.record(entry);
  return {
    'catalogue.get': () => catalogue.all(),
    'catalogue.admin': () => {
      deps.requireBackOffice();
      return catalogue.admin();
    },
    'catalogue.saveProduct': (input) =>
      change((by) => {
        const id = input.id === undefined ? undefined : Number(input.id);
        if (id !== undefined && !Number.isSafeInteger(id)) {
          throw new TillError('not_found', 'That product is no longer in the catalogue.', PRODUCT_GONE);
        }
        const saved = journalProducts(
          by,
          input.id === undefined ? [] : [input.id],
          () => catalogue.write([{ ...input, id }])[0]!,
          (savedId) => [savedId],
        );
        return productOf(saved);
      }),
    'catalogue.setArchived': ({ ids, archived }) =>
      change((by) => ({ changed: journalProducts(by, ids, () => setArchived(catalogue, ids, archived)) })),
    'catalogue.bulkEdit': ({ ids, change: what }) =>
      change((by) => ({ changed: journalProducts(by, ids, () => bulkEdit(catalogue, ids, what)) })),
    'catalogue.saveCategories': ({ categories }) =>
      change((by) => {
        const before = catalogue.admin().categories;
        saveCategories(catalogue, categories);
        record(categoriesEntry(by, before, catalogue.admin().categories));
        return catalogue.admin();
      }),
    'catalogue.saveVatRates': ({ country, rates }) =>
      change((by) => {
        const was = catalogue.admin();
        saveVatRates(catalogue, country, rates);
        const now = catalogue.admin();
        record(
          vatRatesEntry(
            by,
            { rates: was.vatRates, country: was.vatCountry },
            { rates: now.vatRates, country: now.vatCountry },
          ),
        );
        return now;
      }),
    'catalogue.uploadImport': ({ uploadId, text, fileName }) => {
      deps.requireBackOffice();
      const upload = imports.append(uploadId, text);
      if (uploadId === null) importFile = { uploadId: upload.uploadId, name: fileName ?? '' };
      return upload;
    },
    'catalogue.previewImport': ({ uploadId }) => {
      deps.requireBackOffice();
      return imports.preview(uploadId);
    },
    'catalogue.confirmImport': ({ importId, skipBadRows }) =>
      change((by) => {
        const counts = imports.confirm(importId, skipBadRows);
        // One entry for the whole file, however many rows it had.
        const file = importFile?.uploadId === importId ? importFile.name : '';
        deps.audit.record({
          by,
          area: 'catalogue',
          action: 'imported',
          subject: file,
          after: { file, ...counts },
        });
        return counts;
      }),
    'catalogue.exportCsv': () => {
      deps.requireBackOffice();
      const products = catalogue.admin().products;
      return {
        fileName: `catalogue-${deps.today()}.csv`,
        csv: catalogueToCsv(products),
        products: products.length,
      };
    },
    'catalogue.addFromSupplier': async ({ supplierProductId, price, vatRate, category }) => {
      deps.requireBackOffice();
      const supplied = await deps.supplierProduct(supplierProductId);
      const sku = supplied.sku.trim().slice(0, 40);
      return change((by) => {
        const id = journalProducts(
          by,
          [],
          () =>
            catalogue.write([
              {
                sku,
                name: supplied.name.trim().slice(0, 80) || sku,
                category,
                price,
                vatRate,
                colour: null,
                barcodes: [],
                active: true,
              },
            ])[0]!,
          (added) => [added],
        );
        return productOf(id);
      });
    },
  };
}
