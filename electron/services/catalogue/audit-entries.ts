// What the back office's changes put on the audit trail. A product's new price is a "prices"
// entry, its new VAT rate a "vat" entry, anything else about it a "catalogue" entry; each carries
// only the fields that changed. A change to many products at once is one entry per area naming
// them (the first NAMED_AT_MOST by name, the rest counted), never one entry per product.
import type { AuditArea, AuditValues, CategoryView, Product, VatRateView } from '../../../shared/contract';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { AuditLog, AuditRecord } from '../audit/journal';
import { changedFields, NAMED_AT_MOST } from '../audit/values';
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

/** One product's change, split by area; a picture replaced by another counts as "changed". */
function changesByArea(
  before: Product,
  after: Product,
): Map<AuditArea, { before: AuditValues; after: AuditValues }> {
  const was = auditable(before);
  const now = auditable(after);
  if (before.image && after.image && before.image !== after.image) now.picture = 'changed';
  const split = new Map<AuditArea, { was: Record<string, Json>; now: Record<string, Json> }>();
  for (const field of Object.keys(was)) {
    const area = AREA_OF_FIELD[field] ?? 'catalogue';
    const side = split.get(area) ?? { was: {}, now: {} };
    side.was[field] = was[field]!;
    side.now[field] = now[field]!;
    split.set(area, side);
  }
  const out = new Map<AuditArea, { before: AuditValues; after: AuditValues }>();
  for (const [area, side] of split) {
    const changed = changedFields(side.was, side.now);
    if (changed) out.set(area, changed);
  }
  return out;
}

/** "12 products" for the CSV; the screens word it from the `products` count. */
const many = (n: number) => `${n} products`;

/** Names that stay apart in one entry: a second "Latte" is named with its SKU. */
function keyFor(taken: Record<string, unknown>, p: Product): string {
  return p.name in taken ? `${p.name} (${p.sku})` : p.name;
}

/**
 * The entries for products before and after one change (`before` null: added by it). Products the
 * change left as they were write nothing.
 */
export function productEntries(
  by: By,
  pairs: ReadonlyArray<{ before: Product | null; after: Product }>,
): AuditRecord[] {
  const entries: AuditRecord[] = [];
  const added = pairs.filter((p) => p.before === null).map((p) => p.after);
  if (added.length === 1) {
    const [product] = added as [Product];
    entries.push({
      by,
      area: 'catalogue',
      action: 'product-added',
      subject: product.name,
      after: auditable(product),
    });
  } else if (added.length > 1) {
    entries.push({
      by,
      area: 'catalogue',
      action: 'products-added',
      subject: many(added.length),
      after: { products: added.length, names: added.slice(0, NAMED_AT_MOST).map((p) => p.name) },
    });
  }
  const byArea = new Map<AuditArea, Array<{ product: Product; before: AuditValues; after: AuditValues }>>();
  for (const { before, after } of pairs) {
    if (before === null) continue;
    for (const [area, change] of changesByArea(before, after)) {
      byArea.set(area, [...(byArea.get(area) ?? []), { product: after, ...change }]);
    }
  }
  for (const [area, changes] of byArea) {
    const action = ACTION_OF_AREA[area]!;
    if (changes.length === 1) {
      const [{ product, before, after }] = changes as [(typeof changes)[number]];
      entries.push({ by, area, action, subject: product.name, before, after });
      continue;
    }
    // Many products: each field maps product names to their values.
    const before: Record<string, Record<string, Json>> = {};
    const after: Record<string, Record<string, Json>> = {};
    const named: Record<string, true> = {};
    for (const change of changes.slice(0, NAMED_AT_MOST)) {
      const key = keyFor(named, change.product);
      named[key] = true;
      for (const [field, value] of Object.entries(change.before)) (before[field] ??= {})[key] = value;
      for (const [field, value] of Object.entries(change.after)) (after[field] ??= {})[key] = value;
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
