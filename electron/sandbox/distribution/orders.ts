// The stand-in supplier's orders: what a creation must contain (the shared address rule, known
// products in stock, positive quantities), and how an order moves from received to invoiced as
// (sped-up) time passes. Progress is worked out from the order's age on each read, so the
// stand-in needs no timers and a test's clock moves it exactly.
import {
  ADDRESS_FIELDS,
  addressProblems,
  normaliseAddress,
  type DeliveryAddress,
} from '../../../shared/supplies';
import type { StandInProduct } from './catalogue';

/** When each status starts, in ms after creation at speed 1 (a day from received to invoiced). */
export const STATUS_TIMES: readonly [status: string, atMs: number][] = [
  ['received', 0],
  ['pending', 2 * 60_000],
  ['partially shipped', 20 * 60_000],
  ['shipped', 60 * 60_000],
  ['invoiced', 24 * 60 * 60_000],
];

export interface FieldFault {
  field: string;
  reason: 'required' | 'invalid' | 'unknown_product' | 'out_of_stock' | 'not_positive' | 'too_long';
  message: string;
}

export class OrderRefused extends Error {
  constructor(readonly errors: FieldFault[]) {
    super('The order is invalid');
  }
}

interface StoredOrder {
  id: number;
  referenceNumber: string;
  createdAt: number;
  lines: { productId: number; quantity: number; price: number }[];
  address: Partial<DeliveryAddress>;
  /** A status a test set by hand, shown instead of the timed one. */
  statusOverride: string | null;
}

export interface OrderBookOptions {
  products: readonly StandInProduct[];
  now: () => number;
  speed: number;
}

export class OrderBook {
  private readonly orders = new Map<number, StoredOrder>();
  private nextId = 5001;
  /** The supplier's own time runs `speed` times faster than the clock from `anchor` on. */
  private anchor: { clock: number; supplier: number };
  private speed: number;

  constructor(private readonly options: OrderBookOptions) {
    this.speed = options.speed;
    this.anchor = { clock: options.now(), supplier: options.now() };
  }

  /** Changes the pace from now on; orders already under way keep the time they have had. */
  setSpeed(speed: number): void {
    if (!(speed > 0)) return;
    this.anchor = { clock: this.options.now(), supplier: this.supplierNow() };
    this.speed = speed;
  }

  private supplierNow(): number {
    return this.anchor.supplier + (this.options.now() - this.anchor.clock) * this.speed;
  }

  get size(): number {
    return this.orders.size;
  }

  /** Checks and stores a creation; the answer carries `received`, prices and the total. */
  create(body: unknown): Record<string, unknown> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors = [...this.addressFaults(input.address), ...this.lineFaults(input.lines)];
    if (errors.length > 0) throw new OrderRefused(errors);
    const id = this.nextId++;
    const address = input.address as Record<string, unknown>;
    const kept: Partial<DeliveryAddress> = {};
    const normal = normaliseAddress(address);
    for (const field of ADDRESS_FIELDS) if (normal[field] !== '') kept[field] = normal[field];
    const order: StoredOrder = {
      id,
      referenceNumber: `SUP-${String(id).padStart(7, '0')}`,
      createdAt: this.supplierNow(),
      lines: (input.lines as { productId: number; quantity: number }[]).map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        price: this.product(l.productId)!.price,
      })),
      address: kept,
      statusOverride: null,
    };
    this.orders.set(id, order);
    return {
      ...this.view(order, true),
      status: 'received',
      totalPrice: order.lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    };
  }

  list(): Record<string, unknown>[] {
    return [...this.orders.values()].map((o) => this.view(o, false));
  }

  get(id: number): Record<string, unknown> | null {
    const order = this.orders.get(id);
    return order ? this.view(order, false) : null;
  }

  setStatus(id: number, status: string): boolean {
    const order = this.orders.get(id);
    if (order) order.statusOverride = status;
    return order !== undefined;
  }

  private product(id: unknown): StandInProduct | undefined {
    return this.options.products.find((p) => p.id === id);
  }

  private addressFaults(address: unknown): FieldFault[] {
    if (typeof address !== 'object' || address === null)
      return [{ field: 'address', reason: 'required', message: 'address is required' }];
    const problems = addressProblems(address as Record<string, unknown>);
    return Object.entries(problems).map(([field, message]) => {
      const value = (address as Record<string, unknown>)[field];
      const missing = typeof value !== 'string' || value.trim() === '';
      return {
        field: `address.${field}`,
        reason: missing ? 'required' : /too long/.test(message) ? 'too_long' : 'invalid',
        message: missing ? `${field} is required` : `${field} is not valid`,
      };
    });
  }

  private lineFaults(lines: unknown): FieldFault[] {
    if (!Array.isArray(lines) || lines.length === 0)
      return [{ field: 'lines', reason: 'required', message: 'at least one line is required' }];
    return lines.flatMap((raw: unknown, index): FieldFault[] => {
      const line = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const at = `lines[${index}]`;
      const product = this.product(line.productId);
      if (!product)
        return [{ field: `${at}.productId`, reason: 'unknown_product', message: 'unknown product' }];
      if (typeof line.quantity !== 'number' || !Number.isInteger(line.quantity) || line.quantity < 1)
        return [
          { field: `${at}.quantity`, reason: 'not_positive', message: 'quantity must be a positive integer' },
        ];
      if (product.inventory !== 'inStock')
        return [
          { field: `${at}.productId`, reason: 'out_of_stock', message: `${product.sku} is out of stock` },
        ];
      return [];
    });
  }

  private status(order: StoredOrder): string {
    if (order.statusOverride !== null) return order.statusOverride;
    const age = this.supplierNow() - order.createdAt;
    let status = STATUS_TIMES[0]![0];
    for (const [name, at] of STATUS_TIMES) if (age >= at) status = name;
    return status;
  }

  private view(order: StoredOrder, withPrices: boolean): Record<string, unknown> {
    const status = this.status(order);
    const stage = STATUS_TIMES.findIndex(([name]) => name === status);
    const shipments = [];
    if (stage >= 2) shipments.push({ trackingId: `RM${order.id}01GB`, carrier: 'Royal Mail' });
    if (stage >= 3) shipments.push({ trackingId: `DPD${order.id}02`, carrier: 'DPD' });
    return {
      id: order.id,
      referenceNumber: order.referenceNumber,
      status,
      lines: order.lines.map((l) =>
        withPrices ? { ...l } : { productId: l.productId, quantity: l.quantity },
      ),
      address: { ...order.address },
      shipments,
    };
  }
}
