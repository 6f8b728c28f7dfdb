// The supplies area's side of the contract: the supplier's catalogue and orders, placing an
// order under the order-once rule, the delivery address, the shop's usual order, and printing
// an order confirmation.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
import type { SupplierReach, SupplyOrder } from '../../../shared/contract/supplies';
import { normaliseAddress, orderFingerprint, type DeliveryAddress } from '../../../shared/supplies';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { PrintingService } from '../printing/index';
import type { Db } from '../storage/database';
import type { Settings, SettingsStore } from '../storage/settings';
import { buildOrderConfirmation } from './confirmation-receipt';
import type { DistributionConnection } from './connection';
import type { DistributionClient } from './distribution-client';
import { networkError } from './distribution-errors';
import type { WireOrder } from './distribution-records';
import { OrderAttempts } from './order-attempts';
import { OrderOnce } from './order-once';
import { recordedOrder, toSupplyOrder, toSupplyProduct } from './order-views';

export interface SuppliesDeps {
  db: Db;
  connection: DistributionConnection;
  settings: SettingsStore;
  clock: Clock;
  log: Logger;
  /** The shop's currency: the supplier's prices are in its minor units. */
  currency: string;
  printReceipt: PrintingService['printReceipt'];
  onChange: (orderId: number | null) => void;
  /** Reports each read's outcome to the status bar's connection list (passes it through). */
  track?: <T>(work: Promise<T>) => Promise<T>;
  repeatWindowMs?: number;
}

/** Names are read with the catalogue and kept a while, so order lines show names without a read each time. */
const NAMES_FRESH_MS = 5 * 60_000;
/** How many of this till's own orders are listed while the supplier cannot be asked. */
export const OWN_ORDERS_SHOWN = 20;
const POSTCODE_AT_END = /\s*([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;

/** A first delivery address from the shop's details (the postcode picked out of its address lines). */
export function addressFromShop(shop: Settings['shop']): DeliveryAddress {
  const rest: string[] = [];
  let postalCode = '';
  for (const raw of shop.addressLines.map((l) => l.trim()).filter(Boolean)) {
    const match = POSTCODE_AT_END.exec(raw);
    if (match && !postalCode) {
      postalCode = match[1]!.toUpperCase();
      const before = raw.slice(0, match.index).replace(/,\s*$/, '').trim();
      if (before) rest.push(before);
    } else rest.push(raw);
  }
  return normaliseAddress({
    companyName: shop.name,
    phoneNumber: shop.phone,
    lineOne: rest[0] ?? '',
    lineTwo: rest.length > 2 ? rest.slice(1, -1).join(', ') : '',
    city: rest.length > 1 ? rest[rest.length - 1] : '',
    postalCode,
    country: 'GB',
  });
}

export function suppliesHandlers(deps: SuppliesDeps): HandlersOf<'supplies'> {
  const attempts = new OrderAttempts(deps.db, () => deps.clock.now());
  const supplier = () => deps.connection.current();
  let names: { map: Map<number, string>; at: number } = { map: new Map(), at: -Infinity };

  const track = deps.track ?? (<T>(work: Promise<T>) => work);
  /** One read of the supplier in use, its outcome told to the connection list. */
  const read = <T>(work: (c: DistributionClient, supplier: string) => Promise<T>) =>
    track(supplier().then((current) => work(current.client, current.supplier)));
  /** This till's record of placing `order` at `supplier`, if it placed it. */
  const placedHere = (supplier: string, order: WireOrder) =>
    attempts.placedOrder(supplier, order.id, orderFingerprint(order.lines, order.address));

  const listProducts = async () => {
    const products = await read((c) => c.listProducts());
    names = { map: new Map(products.map((p) => [p.id, p.name])), at: deps.clock.now() };
    return products;
  };
  const productNames = async (): Promise<ReadonlyMap<number, string>> => {
    if (deps.clock.now() - names.at > NAMES_FRESH_MS) await listProducts().catch(() => undefined);
    return names.map;
  };
  const orderOnce = new OrderOnce({
    attempts,
    supplier,
    orderMethod: () => deps.connection.orderMethod(),
    names: productNames,
    clock: deps.clock,
    log: deps.log,
    onChange: deps.onChange,
    ...(deps.repeatWindowMs !== undefined && { repeatWindowMs: deps.repeatWindowMs }),
  });
  /** The supplier's orders as last read (this launch), shown while it does not answer. */
  let lastRead: { supplier: string; orders: SupplyOrder[]; at: number } | null = null;
  /**
   * Orders as the till last knew them at `at`: the last read there, and this till's own newer
   * orders as it placed them (the supplier may have moved them on since).
   */
  const lastKnown = (at: string, map: ReadonlyMap<number, string>) => {
    const read = lastRead?.supplier === at ? lastRead : null;
    const own = attempts
      .placedAt(at, OWN_ORDERS_SHOWN)
      .filter((a) => !read?.orders.some((o) => o.id === a.orderId))
      .map((a) => toSupplyOrder(recordedOrder(a), map, a));
    return {
      orders: [...own, ...(read?.orders ?? [])].sort((a, b) => b.id - a.id),
      ordersReadAt: read ? new Date(read.at).toISOString() : null,
    };
  };
  /** The orders tab: the supplier's orders, or, when it does not answer, the till's own records. */
  const ordersNow = async () => {
    const names = productNames();
    const asked: { supplier: string | null } = { supplier: null };
    let listed: WireOrder[];
    try {
      listed = await read((c, at) => {
        asked.supplier = at;
        return c.listOrders();
      });
    } catch (error) {
      deps.log.warn('supplier orders: could not read them; showing the till’s own records', error);
      const problem = error instanceof TillError ? error : networkError(error);
      const at = asked.supplier ?? '';
      const known = at ? lastKnown(at, await names) : { orders: [], ordersReadAt: null };
      const supplier: SupplierReach = {
        reachable: false,
        message: problem.message,
        ...(problem.words && { words: problem.words }),
        ordersReadAt: known.ordersReadAt,
      };
      return { orders: known.orders, inDoubt: orderOnce.inDoubtList(at), supplier };
    }
    const at = asked.supplier!;
    const map = await names;
    const orders = listed.map((o) => toSupplyOrder(o, map, placedHere(at, o))).sort((a, b) => b.id - a.id);
    lastRead = { supplier: at, orders, at: deps.clock.now() };
    const supplier: SupplierReach = { reachable: true };
    return { orders, inDoubt: orderOnce.inDoubtList(at), supplier };
  };
  const orderView = async (orderId: number) => {
    const { order, local } = await read(async (c, at) => {
      const order = await c.getOrder(orderId);
      return { order, local: placedHere(at, order) };
    });
    return toSupplyOrder(order, await productNames(), local);
  };

  return {
    'supplies.products': async () => ({
      products: (await listProducts()).map(toSupplyProduct),
      currency: deps.currency,
    }),
    'supplies.product': async ({ productId }) => toSupplyProduct(await read((c) => c.getProduct(productId))),
    'supplies.orders': async () => ({ ...(await ordersNow()), currency: deps.currency }),
    'supplies.order': ({ orderId }) => orderView(orderId),
    'supplies.placeOrder': (input) => orderOnce.place(input),
    'supplies.checkAttempt': ({ attemptId }) => orderOnce.check(attemptId),
    'supplies.deliveryAddress': () => attempts.lastAddress() ?? addressFromShop(deps.settings.load().shop),
    'supplies.reorderList': () => ({ items: attempts.reorderList() }),
    'supplies.saveReorderList': ({ items }) => {
      const saved = attempts.saveReorderList(items);
      // The usual order is shop-wide: the shop server (if any) notes the edit on this event.
      deps.onChange(null);
      return { items: saved };
    },
    'supplies.printOrder': async ({ orderId }) => {
      const settings = deps.settings.load();
      const printer = settings.printers.find((p) => p.id === settings.receiptPrinterId);
      const lines = buildOrderConfirmation({
        order: await orderView(orderId),
        shopName: settings.shop.name,
        currency: deps.currency,
        paperWidth: printer?.paperWidth ?? 80,
        printedAt: new Date(deps.clock.now()),
        locale: settings.shop.locale,
        ...(settings.shop.timeZone && { timeZone: settings.shop.timeZone }),
      });
      await deps.printReceipt(`supplies-order-${orderId}-${deps.clock.now()}`, lines);
      return { ok: true as const };
    },
  };
}
