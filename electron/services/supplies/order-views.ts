// The supplier's records as the till UI sees them: staff words for statuses, product names on
// order lines, and the total from what the supplier said (or what this till recorded).
import type { SupplyOrder, SupplyProduct } from '../../../shared/contract/supplies';
import { ADDRESS_FIELDS, orderStage, orderStatusWords, type DeliveryAddress } from '../../../shared/supplies';
import type { WireOrder, WireProduct } from './distribution-records';
import type { AttemptRecord } from './order-attempts';

export function toSupplyProduct(product: WireProduct): SupplyProduct {
  return { ...product, inStock: product.inventory === 'inStock' };
}

function addressOf(raw: Record<string, unknown>): DeliveryAddress {
  const address = {} as DeliveryAddress;
  for (const field of ADDRESS_FIELDS) {
    const value = raw[field];
    address[field] = typeof value === 'string' ? value.slice(0, 400) : '';
  }
  return address;
}

/** `local` is this till's record of placing it (prices and total from the creation answer). */
export function toSupplyOrder(
  order: WireOrder,
  names: ReadonlyMap<number, string>,
  local: AttemptRecord | null,
): SupplyOrder {
  const lines = order.lines.map((l) => ({
    productId: l.productId,
    name: names.get(l.productId) ?? null,
    quantity: l.quantity,
    price: l.price ?? local?.linePrices?.[String(l.productId)] ?? null,
  }));
  const linesTotal = lines.every((l) => l.price !== null)
    ? lines.reduce((sum, l) => sum + l.price! * l.quantity, 0)
    : null;
  return {
    id: order.id,
    referenceNumber: order.referenceNumber || local?.referenceNumber || '',
    status: order.status,
    statusWords: orderStatusWords(order.status),
    stage: orderStage(order.status),
    lines,
    address: addressOf(order.address),
    shipments: order.shipments,
    totalPrice: order.totalPrice ?? local?.totalPrice ?? (lines.length > 0 ? linesTotal : null),
    placedAt: local ? new Date(local.createdAt).toISOString() : null,
  };
}

/** Unit prices the creation answer gave, by product id, for orders read back without them. */
export function linePricesOf(order: WireOrder): Record<string, number> | null {
  const priced = order.lines.filter((l) => l.price !== undefined);
  if (priced.length === 0) return null;
  return Object.fromEntries(priced.map((l) => [String(l.productId), l.price!]));
}

/** An order as this till recorded placing it (for a supplier not asked now), status as sent then. */
export function recordedOrder(attempt: AttemptRecord): WireOrder {
  return {
    id: attempt.orderId!,
    referenceNumber: attempt.referenceNumber ?? '',
    status: 'received',
    lines: attempt.request.lines,
    address: { ...attempt.request.address },
    shipments: [],
  };
}
