// The catalogue as the Sell screen searches it: built once per load, so a keystroke filter or
// a barcode scan is a map lookup or a plain scan, even with 10,000 products.
import type { Catalogue, Product } from '../../../shared/contract';

export interface CatalogueIndex {
  currency: string;
  categories: string[];
  all: Product[];
  byId: Map<string, Product>;
  bySku: Map<string, Product>;
  bySkuLower: Map<string, Product>;
  byCategory: Map<string, Product[]>;
  /** Lower-cased "name sku" per product, built once so a keystroke filter is a plain scan. */
  searchKeys: Map<Product, string>;
}

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const byId = new Map<string, Product>();
  const bySku = new Map<string, Product>();
  const bySkuLower = new Map<string, Product>();
  const byCategory = new Map<string, Product[]>();
  const searchKeys = new Map<Product, string>();
  for (const product of catalogue.products) {
    byId.set(product.id, product);
    bySku.set(product.sku, product);
    bySkuLower.set(product.sku.toLowerCase(), product);
    const list = byCategory.get(product.category);
    if (list) list.push(product);
    else byCategory.set(product.category, [product]);
    searchKeys.set(product, `${product.name}\u0000${product.sku}`.toLowerCase());
  }
  return {
    currency: catalogue.currency,
    categories: catalogue.categories,
    all: catalogue.products,
    byId,
    bySku,
    bySkuLower,
    byCategory,
    searchKeys,
  };
}

/** Products in `category` ('' = all) whose name or SKU contains `query`, case-blind. */
export function filterProducts(index: CatalogueIndex, category: string, query: string): Product[] {
  const pool = category ? (index.byCategory.get(category) ?? []) : index.all;
  const needle = query.trim().toLowerCase();
  if (!needle) return pool;
  return pool.filter((p) => index.searchKeys.get(p)!.includes(needle));
}

/** The product a scanned barcode names: exact SKU first, then ignoring case. */
export function findBySku(index: CatalogueIndex, code: string): Product | undefined {
  return index.bySku.get(code) ?? index.bySkuLower.get(code.toLowerCase());
}
