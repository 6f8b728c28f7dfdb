// The supplies area's side of the contract: the supplier's catalogue and orders, placing an
// order under the order-once rule, the delivery address, the shop's usual order, and printing
// an order confirmation.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { normaliseAddress, type DeliveryAddress } from '../../../shared/supplies';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { PrintingService } from '../printing/index';
import type { Db } from '../storage/database';
import type { Settings, SettingsStore } from '../storage/settings';
import { buildOrderConfirmation } from './confirmation-receipt';
import type { DistributionConnection } from './connection';
import { OrderAttempts } from './order-attempts';
import { OrderOnce } from './order-once';
import { toSupplyOrder, toSupplyProduct } from './order-views';

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
  const client = () => deps.connection.client();
  let names: { map: Map<number, string>; at: number } = { map: new Map(), at: -Infinity };

  const track = deps.track ?? (<T>(work: Promise<T>) => work);
  /** One read of the supplier, its outcome told to the connection list. */
  const read = <T>(work: (c: Awaited<ReturnType<typeof client>>) => Promise<T>) => track(client().then(work));

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
    client,
    orderMethod: () => deps.connection.orderMethod(),
    names: productNames,
    clock: deps.clock,
    log: deps.log,
    onChange: deps.onChange,
    ...(deps.repeatWindowMs !== undefined && { repeatWindowMs: deps.repeatWindowMs }),
  });
  const orderView = async (orderId: number) => {
    const order = await read((c) => c.getOrder(orderId));
    return toSupplyOrder(order, await productNames(), attempts.byOrderId(orderId));
  };

  return {
    'supplies.products': async () => ({
      products: (await listProducts()).map(toSupplyProduct),
      currency: deps.currency,
    }),
    'supplies.product': async ({ productId }) => toSupplyProduct(await read((c) => c.getProduct(productId))),
    'supplies.orders': async () => {
      const [orders, map] = await Promise.all([read((c) => c.listOrders()), productNames()]);
      return {
        orders: orders
          .map((o) => toSupplyOrder(o, map, attempts.byOrderId(o.id)))
          .sort((a, b) => b.id - a.id),
        inDoubt: orderOnce.inDoubtList(),
        currency: deps.currency,
      };
    },
    'supplies.order': ({ orderId }) => orderView(orderId),
    'supplies.placeOrder': (input) => orderOnce.place(input),
    'supplies.checkAttempt': ({ attemptId }) => orderOnce.check(attemptId),
    'supplies.deliveryAddress': () => attempts.lastAddress() ?? addressFromShop(deps.settings.load().shop),
    'supplies.reorderList': () => ({ items: attempts.reorderList() }),
    'supplies.saveReorderList': ({ items }) => ({ items: attempts.saveReorderList(items) }),
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
