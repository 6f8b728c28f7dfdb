// The catalogue's side of the contract. The Sell screen's read is open to everyone at the till;
// the back office's read and every change are back-office actions (`requireBackOffice` throws
// not_allowed otherwise), and every change is announced so the Sell screen reloads at once.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
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
  /** Throws not_allowed unless whoever is at the till may use the back office. */
  requireBackOffice: () => void;
  /** Reads one product from the supplier (the supplies area's client). */
  supplierProduct: (id: number) => Promise<SupplierProduct>;
  onChange: (version: number) => void;
  /** The shop's calendar day ("2026-11-22", in its time zone), for the export's file name. */
  today: () => string;
}

const PRODUCT_GONE = { words: { key: 'catalogue.productGone' } };

export function catalogueHandlers(deps: CatalogueHandlerDeps): HandlersOf<'catalogue'> {
  const { catalogue } = deps;
  const imports = new CatalogueImports(catalogue);
  /** A guarded change: checked first, announced after. */
  const change = <T>(work: () => T): T => {
    deps.requireBackOffice();
    const result = work();
    deps.onChange(catalogue.version);
    return result;
  };
  const productOf = (id: number) => {
    const product = catalogue.get(String(id));
    if (!product)
      throw new TillError('not_found', 'That product is no longer in the catalogue.', PRODUCT_GONE);
    return product;
  };

  return {
    'catalogue.get': () => catalogue.all(),
    'catalogue.admin': () => {
      deps.requireBackOffice();
      return catalogue.admin();
    },
    'catalogue.saveProduct': (input) =>
      change(() => {
        const id = input.id === undefined ? undefined : Number(input.id);
        if (id !== undefined && !Number.isSafeInteger(id)) {
          throw new TillError('not_found', 'That product is no longer in the catalogue.', PRODUCT_GONE);
        }
        const [saved] = catalogue.write([{ ...input, id }]);
        return productOf(saved!);
      }),
    'catalogue.setArchived': ({ ids, archived }) =>
      change(() => ({ changed: setArchived(catalogue, ids, archived) })),
    'catalogue.bulkEdit': ({ ids, change: what }) =>
      change(() => ({ changed: bulkEdit(catalogue, ids, what) })),
    'catalogue.saveCategories': ({ categories }) =>
      change(() => {
        saveCategories(catalogue, categories);
        return catalogue.admin();
      }),
    'catalogue.saveVatRates': ({ country, rates }) =>
      change(() => {
        saveVatRates(catalogue, country, rates);
        return catalogue.admin();
      }),
    'catalogue.uploadImport': ({ uploadId, text }) => {
      deps.requireBackOffice();
      return imports.append(uploadId, text);
    },
    'catalogue.previewImport': ({ uploadId }) => {
      deps.requireBackOffice();
      return imports.preview(uploadId);
    },
    'catalogue.confirmImport': ({ importId, skipBadRows }) =>
      change(() => imports.confirm(importId, skipBadRows)),
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
      return change(() => {
        const [id] = catalogue.write([
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
        ]);
        return productOf(id!);
      });
    },
  };
}
