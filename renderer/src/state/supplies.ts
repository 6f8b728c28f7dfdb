// The Supplies screen's store: the supplier's catalogue, the cart, the delivery address checked
// as staff type, placing the order (the services make sure it is placed at most once), the
// orders with their progress, and the shop's usual order.
import { create } from 'zustand';
import type {
  PlaceOrderResult,
  ReorderItem,
  SupplierReach,
  SupplyOrder,
  SupplyProduct,
  OrderAttempt,
  TillApi,
} from '../../../shared/contract';
import {
  addressProblemsWorded,
  countryName,
  normaliseAddress,
  type AddressField,
  type DeliveryAddress,
} from '../../../shared/supplies';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { browserClock, type Clock, type TimerHandle } from './clock';
import { i18n } from '../i18n';
import { wordsText } from '../i18n/words';

/** The address's problems in the shop's language (a country named as that language names it). */
function addressProblems(
  address: Partial<Record<AddressField, unknown>>,
): Partial<Record<AddressField, string>> {
  return Object.fromEntries(
    Object.entries(addressProblemsWorded(address)).map(([field, { message, words }]) => {
      const named =
        words.params?.['country'] === undefined
          ? words
          : {
              ...words,
              params: {
                ...words.params,
                country: countryName(normaliseAddress(address).country, i18n.language),
              },
            };
      return [field, wordsText(named, message)];
    }),
  );
}

export type SuppliesStep = 'browse' | 'address' | 'confirm';
/** The screen's tabs: ordering (cart, address, confirmation), the orders, the usual order. */
export type SuppliesTab = 'order' | 'orders' | 'usual';
export interface CartLine {
  productId: number;
  quantity: number;
}

/** How often an open order is read again while staff watch it. */
export const ORDER_REFRESH_MS = 3_000;
/** How soon the Orders tab asks again while the supplier does not answer. */
export const ORDERS_RETRY_MS = 15_000;

const EMPTY_ADDRESS: DeliveryAddress = normaliseAddress({});

export interface SuppliesState {
  products: SupplyProduct[] | null;
  currency: string;
  problem: string | null;
  search: string;
  cart: CartLine[];
  tab: SuppliesTab;
  step: SuppliesStep;
  address: DeliveryAddress;
  addressProblems: Partial<Record<AddressField, string>>;
  placing: boolean;
  result: PlaceOrderResult | null;
  /** What "Check again" on the Orders tab found (the cart is left as it is). */
  checked: PlaceOrderResult | null;
  orders: SupplyOrder[] | null;
  inDoubt: OrderAttempt[];
  /** Whether the supplier answered the last orders read (when not, `orders` are the till's own records). */
  supplierReach: SupplierReach | null;
  order: SupplyOrder | null;
  usual: ReorderItem[];
  notice: string | null;

  loadProducts(): Promise<void>;
  setSearch(text: string): void;
  setQuantity(productId: number, quantity: number): void;
  add(productId: number, quantity?: number): void;
  clearCart(): void;
  showTab(tab: SuppliesTab): void;
  go(step: SuppliesStep): Promise<void>;
  setAddressField(field: AddressField, value: string): void;
  place(confirmRepeat?: boolean): Promise<void>;
  /** Check again on the order just placed from the cart (found: the cart was that order). */
  checkAttempt(attemptId: string): Promise<void>;
  /** Check again on the Orders tab: the cart, whatever it holds now, is kept. */
  checkFromOrders(attemptId: string): Promise<void>;
  loadOrders(): Promise<void>;
  openOrder(orderId: number | null): Promise<void>;
  orderAgain(order: SupplyOrder): void;
  loadUsual(): Promise<void>;
  addUsual(): void;
  keepCartAsUsual(): Promise<void>;
  print(orderId: number): Promise<void>;
  /** The services say an order changed (event). */
  changed(orderId: number | null): void;
}

export function cartTotal(cart: readonly CartLine[], products: readonly SupplyProduct[] | null): number {
  return cart.reduce(
    (sum, l) => sum + (products?.find((p) => p.id === l.productId)?.price ?? 0) * l.quantity,
    0,
  );
}

export function createSuppliesStore(api: TillApi, clock: Clock = browserClock) {
  let refresh: TimerHandle | null = null;
  let ordersRetry: TimerHandle | null = null;
  const stopOrdersRetry = () => {
    ordersRetry?.cancel();
    ordersRetry = null;
  };
  return create<SuppliesState>((set, get) => {
    const attempt = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        set({ problem: describeCallError(error) });
      }
    };
    const followOrder = () => {
      refresh?.cancel();
      refresh = null;
      const order = get().order;
      if (!order || order.stage === 4) return;
      refresh = clock.setTimer(() => {
        const open = get().order;
        if (!open) return;
        void api
          .invoke('supplies.order', { orderId: open.id })
          .then((next) => {
            if (get().order?.id === next.id) set({ order: next });
          })
          .catch(() => undefined)
          .finally(followOrder);
      }, ORDER_REFRESH_MS);
    };
    const showResult = (result: PlaceOrderResult) => {
      set({ result });
      if (result.outcome === 'placed') set({ cart: [] });
      if (result.outcome === 'refused') {
        const fromSupplier = Object.fromEntries(
          result.problems.map((p) => [p.field, wordsText(p.words, p.message)]),
        );
        set({ addressProblems: { ...get().addressProblems, ...fromSupplier } });
      }
    };

    return {
      products: null,
      currency: 'GBP',
      problem: null,
      search: '',
      cart: [],
      tab: 'order',
      step: 'browse',
      address: EMPTY_ADDRESS,
      addressProblems: {},
      placing: false,
      result: null,
      checked: null,
      orders: null,
      inDoubt: [],
      supplierReach: null,
      order: null,
      usual: [],
      notice: null,

      loadProducts: () =>
        attempt(async () => {
          const { products, currency } = await api.invoke('supplies.products', {});
          set({ products, currency, problem: null });
        }),
      setSearch: (search) => set({ search }),
      setQuantity(productId, quantity) {
        const q = Math.max(0, Math.min(9999, Math.floor(quantity)));
        const cart = get().cart;
        const next = cart.some((l) => l.productId === productId)
          ? cart.map((l) => (l.productId === productId ? { productId, quantity: q } : l))
          : [...cart, { productId, quantity: q }];
        set({ cart: next.filter((l) => l.quantity > 0), result: null });
      },
      add(productId, quantity = 1) {
        const current = get().cart.find((l) => l.productId === productId)?.quantity ?? 0;
        get().setQuantity(productId, current + quantity);
      },
      clearCart: () => set({ cart: [], result: null }),
      showTab(tab) {
        if (tab !== 'orders') stopOrdersRetry();
        set({ tab, checked: null });
      },
      async go(step) {
        set({ step, result: null });
        if (step === 'address' && get().address === EMPTY_ADDRESS) {
          await attempt(async () => {
            const saved = await api.invoke('supplies.deliveryAddress', {});
            // What was typed while the saved address loaded wins over it, field by field.
            const typed = Object.entries(get().address).filter(
              ([field, value]) => value !== EMPTY_ADDRESS[field as AddressField],
            );
            const address = { ...saved, ...Object.fromEntries(typed) };
            set({ address, addressProblems: addressProblems(address) });
          });
        }
      },
      setAddressField(field, value) {
        const address = { ...get().address, [field]: value };
        set({ address, addressProblems: addressProblems(address) });
      },
      async place(confirmRepeat = false) {
        if (get().placing) return;
        set({ placing: true, result: null, problem: null });
        try {
          showResult(
            await api.invoke('supplies.placeOrder', {
              lines: get().cart,
              address: get().address,
              confirmRepeat,
            }),
          );
        } catch (error) {
          set({ problem: describeCallError(error) });
        } finally {
          set({ placing: false });
        }
      },
      checkAttempt: (attemptId) =>
        attempt(async () => {
          showResult(await api.invoke('supplies.checkAttempt', { attemptId }));
          await get().loadOrders();
        }),
      checkFromOrders: (attemptId) =>
        attempt(async () => {
          const checked = await api.invoke('supplies.checkAttempt', { attemptId });
          set({ checked });
          // Settled: the confirmation step stops saying this order is in doubt; its cart stays.
          const shown = get().result;
          const settled = checked.outcome !== 'in_doubt';
          if (settled && shown?.outcome === 'in_doubt' && shown.attempt.attemptId === attemptId)
            set({ result: null });
          await get().loadOrders();
        }),
      loadOrders: () =>
        attempt(async () => {
          const { orders, inDoubt, supplier, currency } = await api.invoke('supplies.orders', {});
          set({ orders, inDoubt, supplierReach: supplier, currency, problem: null });
          // The supplier's list comes back by itself once it answers, while the tab stays open.
          stopOrdersRetry();
          if (!supplier.reachable && get().tab === 'orders')
            ordersRetry = clock.setTimer(() => {
              ordersRetry = null;
              if (get().tab === 'orders') void get().loadOrders();
            }, ORDERS_RETRY_MS);
        }),
      async openOrder(orderId) {
        if (orderId === null) {
          refresh?.cancel();
          return set({ order: null });
        }
        await attempt(async () => {
          set({ order: await api.invoke('supplies.order', { orderId }), problem: null });
          followOrder();
        });
      },
      orderAgain(order) {
        set({
          cart: order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          tab: 'order',
          step: 'browse',
          result: null,
          order: null,
        });
        refresh?.cancel();
      },
      loadUsual: () =>
        attempt(async () => {
          set({ usual: (await api.invoke('supplies.reorderList', {})).items });
        }),
      addUsual() {
        for (const item of get().usual) get().add(item.productId, item.usualQuantity);
      },
      keepCartAsUsual: () =>
        attempt(async () => {
          const products = get().products ?? [];
          const items = get().cart.map((l) => ({
            productId: l.productId,
            usualQuantity: l.quantity,
            name: products.find((p) => p.id === l.productId)?.name ?? 'Product',
          }));
          set({
            usual: (await api.invoke('supplies.saveReorderList', { items })).items,
            notice: i18n.t('supplies.keptAsUsual'),
          });
        }),
      print: (orderId) =>
        attempt(async () => {
          await api.invoke('supplies.printOrder', { orderId });
          set({ notice: i18n.t('supplies.printing') });
        }),
      changed(orderId) {
        if (get().orders !== null) void get().loadOrders();
        // No order named: the usual order may have changed (on this till or another, via the shop server).
        if (orderId === null) void get().loadUsual();
        if (orderId !== null && get().order?.id === orderId) void get().openOrder(orderId);
      },
    };
  });
}

export type SuppliesStore = ReturnType<typeof createSuppliesStore>;

export const useSupplies = createSuppliesStore(till ?? disconnectedTill);
