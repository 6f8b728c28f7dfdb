// The basket before a sale is opened: lines of product ids and counts. Its total here is an
// estimate from catalogue prices (integer minor units); the services price the real sale.
import type { DiscountInput, SaleView } from '../../../shared/contract';
import {
  oversizedDiscount,
  priceBasket,
  type OversizedDiscount,
  type PricedBasket,
  type PricingLine,
} from '../../../shared/pricing';
import type { CatalogueIndex } from './catalogue-index';

export interface BasketLine {
  productId: string;
  quantity: number;
  /**
   * The price when it went in: the basket keeps it if the catalogue changes, and the services
   * refuse the sale (price_changed) until the cashier accepts the new one.
   */
  unitPrice?: number;
  /** Off the whole line (the services check it against the shop's limit). */
  discount?: DiscountInput;
  /** A price set at the counter, with the reason (needs a supervisor or manager). */
  priceOverride?: { unitPrice: number; reason: string };
}

/** The contract's limit for one line. */
export const MAX_QUANTITY = 9_999;

/**
 * `count` more of a product (one by default; a typed quantity such as `3 *` gives more): a new
 * line (at `unitPrice`, when given), or added to its line.
 */
export function addOne(
  lines: readonly BasketLine[],
  productId: string,
  unitPrice?: number,
  count = 1,
): BasketLine[] {
  const at = lines.findIndex((l) => l.productId === productId);
  const quantity = (from: number) => Math.min(MAX_QUANTITY, from + count);
  if (at === -1)
    return [...lines, { productId, quantity: quantity(0), ...(unitPrice !== undefined && { unitPrice }) }];
  const next = lines.slice();
  next[at] = { ...lines[at]!, quantity: quantity(lines[at]!.quantity) };
  return next;
}

/** The line with `change` applied (a discount, a price override, or either taken off). */
export function withLine(
  lines: readonly BasketLine[],
  productId: string,
  change: Partial<Pick<BasketLine, 'discount' | 'priceOverride'>>,
): BasketLine[] {
  return lines.map((l) => {
    if (l.productId !== productId) return l;
    const next: BasketLine = { ...l, ...change };
    if (next.discount === undefined) delete next.discount;
    if (next.priceOverride === undefined) delete next.priceOverride;
    return next;
  });
}

/** Lines whose kept price is no longer the catalogue's (products gone from sale included). */
export function changedPrices(lines: readonly BasketLine[], index: CatalogueIndex): BasketLine[] {
  return lines.filter((l) => l.unitPrice !== undefined && index.byId.get(l.productId)?.price !== l.unitPrice);
}

/** The cashier accepted the catalogue's prices: every line takes it (lines no longer for sale go). */
export function withNewPrices(lines: readonly BasketLine[], index: CatalogueIndex): BasketLine[] {
  return lines.flatMap((l) => {
    const product = index.byId.get(l.productId);
    return product ? [{ ...l, unitPrice: product.price }] : [];
  });
}

/** A line set to `quantity` (capped); below one the line goes. */
export function withQuantity(
  lines: readonly BasketLine[],
  productId: string,
  quantity: number,
): BasketLine[] {
  if (quantity < 1) return withoutProduct(lines, productId);
  return lines.map((l) =>
    l.productId === productId ? { ...l, quantity: Math.min(MAX_QUANTITY, quantity) } : l,
  );
}

export function withoutProduct(lines: readonly BasketLine[], productId: string): BasketLine[] {
  return lines.filter((l) => l.productId !== productId);
}

/** The price a line is shown at: its override, the price it went in at, else the catalogue's. */
export function shownPrice(line: BasketLine, index: CatalogueIndex): number {
  return line.priceOverride?.unitPrice ?? line.unitPrice ?? index.byId.get(line.productId)?.price ?? 0;
}

/** The basket as priced on screen, and the discount the services would refuse as too large, if any. */
export interface ShownBasket extends PricedBasket {
  /** Left out of the figures above and said in words, never capped: the cashier makes it smaller. */
  oversized: OversizedDiscount | null;
}

/**
 * The basket priced with the services' own maths (shared/pricing.ts); unknown products count 0.
 * A discount larger than what it applies to (a quantity lowered after it was given) is left out of
 * the figures and named in `oversized`, as the services would refuse it.
 */
export function pricedBasket(
  lines: readonly BasketLine[],
  index: CatalogueIndex,
  discount: DiscountInput | null = null,
): ShownBasket {
  const pricing: PricingLine[] = lines.map((l) => ({
    unitPrice: shownPrice(l, index),
    quantity: l.quantity,
    discount: l.discount,
  }));
  const oversized = oversizedDiscount(pricing, discount);
  // Each line whose discount is too large is priced without it; then the basket's, if still too large.
  let fair = pricing;
  let left = oversized;
  while (left?.on === 'line') {
    const at = left.index;
    fair = fair.map((l, i) => (i === at ? { ...l, discount: null } : l));
    left = oversizedDiscount(fair, discount);
  }
  return { ...priceBasket(fair, left ? null : discount), oversized };
}

/** Items in the basket and its estimate in minor units, discounts included; the services price the real sale. */
export function basketTotals(
  lines: readonly BasketLine[],
  index: CatalogueIndex,
  discount: DiscountInput | null = null,
): { itemCount: number; estimate: number } {
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  return { itemCount, estimate: pricedBasket(lines, index, discount).total };
}

/** The basket of a sale resumed after a reload. */
export function linesOf(sale: SaleView): BasketLine[] {
  return sale.lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    unitPrice: l.priceOverride?.listPrice ?? l.unitPrice,
    ...(l.discount && { discount: discountOf(l.discount) }),
    ...(l.priceOverride && { priceOverride: { unitPrice: l.unitPrice, reason: l.priceOverride.reason } }),
  }));
}

/** A discount as the sale kept it, as the basket asks for it again. */
export function discountOf(applied: { kind: 'percent' | 'amount'; value: number }): DiscountInput {
  return applied.kind === 'percent'
    ? { kind: 'percent', basisPoints: applied.value }
    : { kind: 'amount', minor: applied.value };
}
