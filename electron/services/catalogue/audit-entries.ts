// What the back office's changes put on the audit trail. A product's new price is a "prices"
// entry, its new VAT rate a "vat" entry, anything else about it a "catalogue" entry; each carries
// only the fields that changed. A change to many products at once is one entry per area naming
// them (the first NAMED_AT_MOST by name, the rest counted), never one entry per product.
import type { AuditArea, AuditValues, CategoryView, Product, VatRateView } from '../../../shared/contract';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { AuditLog, AuditRecord } from '../audit/journal';
import { changedFields, NAMED_AT_MOST, sameValue } from '../audit/values';
import type { ProductCatalogue, ProductSeed } from './store';

type By = StaffStamp | null;
type Json = AuditValues[string];

/** A product as the trail keeps it: its picture only as there or not (never the picture itself). */
function auditable(p: Product): Record<string, Json> {
  return {
    sku: p.sku,
    name: p.name,
    category: p.category,
    price: p.price,
    vatRate: p.vatRate,
    colour: p.colour,
    barcodes: p.barcodes,
    active: p.active,
    picture: p.image ? 'set' : 'none',
  };
}

const AREA_OF_FIELD: Readonly<Record<string, AuditArea>> = { price: 'prices', vatRate: 'vat' };
const ACTION_OF_AREA: Partial<Record<AuditArea, string>> = {
  prices: 'price-changed',
  vat: 'vat-rate-changed',
  catalogue: 'product-changed',
};

/** One product's change, split by area, only the fields that changed; a new picture is "changed". */
function changesByArea(
  before: Product,
  after: Product,
): Map<AuditArea, { before: AuditValues; after: AuditValues }> {
  const was = auditable(before);
  const now = auditable(after);
  if (before.image && after.image && before.image !== after.image) now.picture = 'changed';
  const out = new Map<AuditArea, { before: AuditValues; after: AuditValues }>();
  for (const field of Object.keys(was)) {
    if (sameValue(was[field], now[field])) continue;
    const area = AREA_OF_FIELD[field] ?? 'catalogue';
    let change = out.get(area);
    if (!change) out.set(area, (change = { before: {}, after: {} }));
    change.before[field] = was[field]!;
    change.after[field] = now[field]!;
  }
  return out;
}

/** "12 products" for the CSV; the screens word it from the `products` count. */
const many = (n: number) => `${n} products`;

/**
 * The entries for products before and after one change (`before` null: added by it, one entry
 * each: the back office adds one at a time). Products the change left as they were write nothing.
 */
export function productEntries(
  by: By,
  pairs: ReadonlyArray<{ before: Product | null; after: Product }>,
): AuditRecord[] {
  const entries: AuditRecord[] = [];
  for (const { before, after } of pairs) {
    if (before === null) {
      entries.push({
        by,
        area: 'catalogue',
        action: 'product-added',
        subject: after.name,
        after: auditable(after),
      });
    }
  }
  const byArea = new Map<AuditArea, Array<{ product: Product; before: AuditValues; after: AuditValues }>>();
  for (const { before, after } of pairs) {
    if (before === null) continue;
    for (const [area, change] of changesByArea(before, after)) {
      const list = byArea.get(area);
      if (list) list.push({ product: after, ...change });
      else byArea.set(area, [{ product: after, ...change }]);
    }
  }
  for (const [area, changes] of byArea) {
    const action = ACTION_OF_AREA[area]!;
    if (changes.length === 1) {
      const [{ product, before, after }] = changes as [(typeof changes)[number]];
      entries.push({ by, area, action, subject: product.name, before, after });
      continue;
    }
    // Many products: each field maps product names to their values; a second "Tea" is named with
    // its SKU. defineProperty: a product called "__proto__" is a name, not a prototype.
    const before: Record<string, Record<string, Json>> = {};
    const after: Record<string, Record<string, Json>> = {};
    const named = new Set<string>();
    const put = (side: Record<string, Record<string, Json>>, values: AuditValues, key: string) => {
      for (const [field, value] of Object.entries(values)) {
        Object.defineProperty((side[field] ??= {}), key, { value, enumerable: true });
      }
    };
    for (const change of changes.slice(0, NAMED_AT_MOST)) {
      const key = named.has(change.product.name)
        ? `${change.product.name} (${change.product.sku})`
        : change.product.name;
      named.add(key);
      put(before, change.before, key);
      put(after, change.after, key);
    }
    entries.push({
      by,
      area,
      action,
      subject: many(changes.length),
      before,
      after: { ...after, products: changes.length },
    });
  }
  return entries;
}

/** The categories' order and colours, before → after. */
export function categoriesEntry(
  by: By,
  before: readonly CategoryView[],
  after: readonly CategoryView[],
): AuditRecord | null {
  const shape = (list: readonly CategoryView[]) => ({
    categories: list.map((c) => c.name),
    colours: Object.fromEntries(list.filter((c) => c.colour !== null).map((c) => [c.name, c.colour!])),
  });
  const changed = changedFields(shape(before), shape(after));
  return changed && { by, area: 'catalogue', action: 'categories-changed', subject: '', ...changed };
}

/** The shop's VAT rates (and the country they came from), before → after. */
export function vatRatesEntry(
  by: By,
  before: { rates: readonly VatRateView[]; country: string | null },
  after: { rates: readonly VatRateView[]; country: string | null },
): AuditRecord | null {
  const shape = (v: typeof before) => ({
    rates: v.rates.map((r) => ({ basisPoints: r.basisPoints, label: r.label })),
    country: v.country,
  });
  const changed = changedFields(shape(before), shape(after));
  return changed && { by, area: 'vat', action: 'vat-rates-changed', subject: '', ...changed };
}

/** The demo products a sandbox till starts with, put in by the till itself: one entry. */
export function seedJournaled(
  catalogue: Pick<ProductCatalogue, 'change' | 'seed' | 'isEmpty' | 'admin'>,
  products: readonly ProductSeed[],
  audit: AuditLog,
): void {
  catalogue.change(() => {
    const before = catalogue.admin().products.length;
    catalogue.seed(products);
    const added = catalogue.admin().products.length - before;
    if (added > 0) {
      audit.record({
        by: null,
        area: 'catalogue',
        action: 'products-added',
        subject: many(added),
        after: { products: added },
      });
    }
  });
}
