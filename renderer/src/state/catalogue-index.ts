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
  /** Every barcode of every product (unique across the catalogue, the services see to it). */
  byBarcode: Map<string, Product>;
  /** The tile colour of each category the shop coloured. */
  categoryColours: Record<string, string>;
  byCategory: Map<string, Product[]>;
  /** Lower-cased "name sku" per product, built once so a keystroke filter is a plain scan. */
  searchKeys: Map<Product, string>;
}

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const byId = new Map<string, Product>();
  const bySku = new Map<string, Product>();
  const bySkuLower = new Map<string, Product>();
  const byBarcode = new Map<string, Product>();
  const byCategory = new Map<string, Product[]>();
  const searchKeys = new Map<Product, string>();
  for (const product of catalogue.products) {
    byId.set(product.id, product);
    bySku.set(product.sku, product);
    bySkuLower.set(product.sku.toLowerCase(), product);
    for (const code of product.barcodes) byBarcode.set(code, product);
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
    byBarcode,
    categoryColours: catalogue.categoryColours,
    byCategory,
    searchKeys,
  };
}

/**
 * Products in `category` ('' = all) whose name or SKU contains `query`, case-blind. Names that
 * start with it come first, then names with a word that starts with it, then the rest, each in
 * the catalogue's order: so "lat" puts Latte before Iced latte, and Enter picks the likely one.
 */
export function filterProducts(index: CatalogueIndex, category: string, query: string): Product[] {
  const pool = category ? (index.byCategory.get(category) ?? []) : index.all;
  const needle = query.trim().toLowerCase();
  if (!needle) return pool;
  const ranked: Product[][] = [[], [], []];
  for (const p of pool) {
    const key = index.searchKeys.get(p)!;
    if (!key.includes(needle)) continue;
    const name = key.slice(0, key.indexOf('\u0000'));
    const rank = name.startsWith(needle) ? 0 : name.includes(` ${needle}`) ? 1 : 2;
    ranked[rank]!.push(p);
  }
  return ranked.flat();
}

/** The product a scanned code names: one of its barcodes, else its exact SKU, then SKU ignoring case. */
export function findBySku(index: CatalogueIndex, code: string): Product | undefined {
  return index.byBarcode.get(code) ?? index.bySku.get(code) ?? index.bySkuLower.get(code.toLowerCase());
}

/** A tile's colour: the product's own, else its category's, else none. */
export function tileColour(index: CatalogueIndex, product: Product): string | null {
  return product.colour ?? index.categoryColours[product.category] ?? null;
}

/**
 * What Enter in the search adds: a SKU or barcode typed in full, else the highlighted match of
 * the results on screen, or, when the screen has not caught up with the typing yet (`shownQuery`
 * differs from `typed`), the first match of what was typed — Enter never waits on the screen.
 */
export function productForEnter(
  index: CatalogueIndex,
  category: string,
  typed: string,
  shown: { query: string; highlight: number },
): Product | null {
  const text = typed.trim();
  if (!text) return null;
  const bySku = findBySku(index, text);
  if (bySku) return bySku;
  const current = shown.query === typed;
  const matches = filterProducts(index, category, typed);
  return matches[current ? Math.min(shown.highlight, matches.length - 1) : 0] ?? null;
}
