// The basket before a sale is opened: lines of product ids and counts. Its total here is an
// estimate from catalogue prices (integer minor units); the services price the real sale.
import type { SaleView } from '../../../shared/contract';
import type { CatalogueIndex } from './catalogue-index';

export interface BasketLine {
  productId: string;
  quantity: number;
  /**
   * The price when it went in: the basket keeps it if the catalogue changes, and the services
   * refuse the sale (price_changed) until the cashier accepts the new one.
   */
  unitPrice?: number;
}

/** The contract's limit for one line. */
export const MAX_QUANTITY = 9_999;

/** One more of a product: a new line (at `unitPrice`, when given), or one added to its line. */
export function addOne(lines: readonly BasketLine[], productId: string, unitPrice?: number): BasketLine[] {
  const at = lines.findIndex((l) => l.productId === productId);
  if (at === -1) return [...lines, { productId, quantity: 1, ...(unitPrice !== undefined && { unitPrice }) }];
  const next = lines.slice();
  next[at] = { ...lines[at]!, quantity: Math.min(MAX_QUANTITY, lines[at]!.quantity + 1) };
  return next;
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

/** Items in the basket and their estimated total in minor units (unknown products count 0). */
export function basketTotals(
  lines: readonly BasketLine[],
  index: CatalogueIndex,
): { itemCount: number; estimate: number } {
  let itemCount = 0;
  let estimate = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    estimate += (line.unitPrice ?? index.byId.get(line.productId)?.price ?? 0) * line.quantity;
  }
  return { itemCount, estimate };
}

/** The basket of a sale resumed after a reload. */
export function linesOf(sale: SaleView): BasketLine[] {
  return sale.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPrice: l.unitPrice }));
}
