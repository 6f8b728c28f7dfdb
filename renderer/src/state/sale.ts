// The Sell screen's state: catalogue index, basket, the open sale and the card payment the
// cashier is following. Prices shown in the basket are the catalogue's; the services compute
// the sale's real total from product ids and counts.
import { create } from 'zustand';
import {
  TillError,
  type Catalogue,
  type PaymentView,
  type Product,
  type SaleView,
} from '../../../shared/contract';
import { till } from '../till';

export interface BasketLine {
  productId: string;
  quantity: number;
}

export interface CatalogueIndex {
  currency: string;
  categories: string[];
  all: Product[];
  byId: Map<string, Product>;
  bySku: Map<string, Product>;
  bySkuLower: Map<string, Product>;
  byCategory: Map<string, Product[]>;
  /** Lower-cased "name sku" per product, built once so a keystroke filter is a plain scan. */
  searchKeys: Map<Product, string>;
}

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const byId = new Map<string, Product>();
  const bySku = new Map<string, Product>();
  const bySkuLower = new Map<string, Product>();
  const byCategory = new Map<string, Product[]>();
  const searchKeys = new Map<Product, string>();
  for (const product of catalogue.products) {
    byId.set(product.id, product);
    bySku.set(product.sku, product);
    bySkuLower.set(product.sku.toLowerCase(), product);
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
    byCategory,
    searchKeys,
  };
}

export function filterProducts(index: CatalogueIndex, category: string, query: string): Product[] {
  const pool = category ? (index.byCategory.get(category) ?? []) : index.all;
  const needle = query.trim().toLowerCase();
  if (!needle) return pool;
  return pool.filter((p) => index.searchKeys.get(p)!.includes(needle));
}

export function findBySku(index: CatalogueIndex, code: string): Product | undefined {
  return index.bySku.get(code) ?? index.bySkuLower.get(code.toLowerCase());
}

export type SellPhase = 'basket' | 'tender' | 'payment' | 'completed' | 'refunds';
export type TenderMethod = 'card' | 'cash' | 'split';

/** Cashier words for a failed call: the codes the Sell screen can act on get their own. */
export function describeCallError(error: unknown): string {
  if (error instanceof TillError) {
    if (error.code === 'terminal_busy') return 'That card machine is busy with another payment.';
    if (error.code === 'unreachable' || error.code === 'timeout')
      return 'The card service cannot be reached. Take cash, or take the card on the card machine on its own.';
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** The basket of a sale resumed after a reload. */
function linesOf(sale: SaleView): BasketLine[] {
  return sale.lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
}

function isCardServiceDown(error: unknown): boolean {
  return error instanceof TillError && (error.code === 'unreachable' || error.code === 'timeout');
}

/** Newer views win; events and call answers can arrive in either order. */
function newerPayment(current: PaymentView | null | undefined, next: PaymentView): PaymentView {
  if (!current || current.paymentId !== next.paymentId) return next;
  return next.updatedAt >= current.updatedAt ? next : current;
}

/**
 * The latest event per payment, kept briefly: a fast card machine can report progress (even the
 * end) before the call that started the payment has answered.
 */
const recentEvents = new Map<string, PaymentView>();
const RECENT_EVENTS_KEPT = 20;
function rememberEvent(view: PaymentView): void {
  recentEvents.delete(view.paymentId);
  recentEvents.set(view.paymentId, newerPayment(recentEvents.get(view.paymentId), view));
  if (recentEvents.size > RECENT_EVENTS_KEPT) recentEvents.delete(recentEvents.keys().next().value!);
}
/** A started payment as the call answered it, or as a later event already told. */
function latestOf(view: PaymentView): PaymentView {
  return newerPayment(recentEvents.get(view.paymentId), view);
}

interface SaleStore {
  index: CatalogueIndex | null;
  catalogueError: string | null;
  lines: BasketLine[];
  sale: SaleView | null;
  payment: PaymentView | null;
  phase: SellPhase;
  busy: boolean;
  /** The last call's failure, in cashier words. */
  problem: string | null;
  /** When a call last failed to reach the card service (ISO time): offer cash or a manual card entry. */
  cardServiceDownAt: string | null;
  /** A short note such as "Added Flat white" or "No product with barcode …". */
  note: string | null;
  terminalId: string | null;
  tenderMethod: TenderMethod;
  /** A refund refused until a manager enters the PIN; it is sent again once the PIN is accepted. */
  managerNeeded: { terminalId: string; amount: number; originalPaymentId?: string } | null;

  loadCatalogue(): Promise<void>;
  add(productId: string): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
  scan(code: string): void;
  setNote(note: string | null): void;
  setTerminal(terminalId: string): void;
  setPhase(phase: SellPhase): void;
  setTenderMethod(method: TenderMethod): void;

  pay(): Promise<void>;
  payCard(amount: number): Promise<void>;
  payCash(amountGiven: number): Promise<void>;
  recordManualCard(amount: number, reference: string): Promise<void>;
  backToBasket(): Promise<void>;
  abandon(): Promise<void>;
  newSale(): void;

  cancelPayment(): Promise<void>;
  answerSignature(accepted: boolean): Promise<void>;
  resolveUnknown(outcome: 'paid' | 'not_paid'): Promise<void>;
  printLastReceipt(): Promise<void>;
  refund(terminalId: string, amount: number, originalPaymentId?: string): Promise<void>;
  leavePayment(): void;
  unlockManager(pin: string): Promise<boolean>;

  applyPayment(view: PaymentView): void;
  applySale(view: SaleView): void;
  resume(): Promise<void>;
}

export const useSale = create<SaleStore>((set, get) => {
  /** Runs one call with the busy flag and cashier-worded errors. */
  async function run(work: () => Promise<void>): Promise<void> {
    if (!till) return;
    set({ busy: true, problem: null });
    try {
      await work();
    } catch (error) {
      set({
        problem: describeCallError(error),
        ...(isCardServiceDown(error) && { cardServiceDownAt: new Date().toISOString() }),
      });
    } finally {
      set({ busy: false });
    }
  }

  function afterSaleChange(sale: SaleView): void {
    if (sale.state === 'completed') set({ sale, phase: 'completed' });
    else set({ sale });
  }

  return {
    index: null,
    catalogueError: null,
    lines: [],
    sale: null,
    payment: null,
    phase: 'basket',
    busy: false,
    problem: null,
    cardServiceDownAt: null,
    note: null,
    terminalId: null,
    tenderMethod: 'card',
    managerNeeded: null,

    async loadCatalogue() {
      if (!till || get().index) return;
      try {
        const catalogue = await till.invoke('catalogue.get', {});
        set({ index: indexCatalogue(catalogue), catalogueError: null });
      } catch (error) {
        set({ catalogueError: describeCallError(error) });
      }
    },

    add(productId) {
      if (get().sale) return;
      const lines = get().lines;
      const at = lines.findIndex((l) => l.productId === productId);
      if (at === -1) {
        set({ lines: [...lines, { productId, quantity: 1 }] });
        return;
      }
      const next = lines.slice();
      next[at] = { productId, quantity: Math.min(9_999, lines[at]!.quantity + 1) };
      set({ lines: next });
    },
    setQuantity(productId, quantity) {
      if (get().sale) return;
      if (quantity < 1) return get().remove(productId);
      set({
        lines: get().lines.map((l) =>
          l.productId === productId ? { productId, quantity: Math.min(9_999, quantity) } : l,
        ),
      });
    },
    remove(productId) {
      if (get().sale) return;
      set({ lines: get().lines.filter((l) => l.productId !== productId) });
    },
    clear() {
      if (get().sale) return;
      set({ lines: [], note: null });
    },
    scan(code) {
      const { index, sale } = get();
      if (!index) return;
      if (sale) {
        set({ note: 'Finish or abandon this sale before scanning the next item.' });
        return;
      }
      const product = findBySku(index, code);
      if (!product) {
        set({ note: `No product has the barcode ${code}.` });
        return;
      }
      get().add(product.id);
      set({ note: `Scanned: ${product.name}` });
    },
    setNote: (note) => set({ note }),
    setTerminal: (terminalId) => set({ terminalId }),
    setPhase: (phase) => set({ phase, problem: null }),
    setTenderMethod: (tenderMethod) => set({ tenderMethod, problem: null }),

    async pay() {
      const { sale, lines } = get();
      if (sale) {
        set({ phase: 'tender', problem: null });
        return;
      }
      if (lines.length === 0) return;
      await run(async () => {
        const opened = await till!.invoke('sales.open', { lines });
        set({ sale: opened, phase: 'tender', payment: null, tenderMethod: 'card', note: null });
      });
    },
    async payCard(amount) {
      const { sale, terminalId } = get();
      if (!sale || !terminalId) return;
      await run(async () => {
        const view = await till!.invoke('sales.payCard', { saleId: sale.saleId, terminalId, amount });
        // If the sale already completed (a very fast card machine), the completion stays on screen.
        const completed = get().sale?.state === 'completed';
        set({
          payment: latestOf(view),
          cardServiceDownAt: null,
          ...(!completed && { phase: 'payment' as const }),
        });
      });
    },
    async payCash(amountGiven) {
      const { sale } = get();
      if (!sale) return;
      await run(async () =>
        afterSaleChange(await till!.invoke('sales.payCash', { saleId: sale.saleId, amountGiven })),
      );
    },
    async recordManualCard(amount, reference) {
      const { sale } = get();
      if (!sale) return;
      await run(async () =>
        afterSaleChange(
          await till!.invoke('sales.recordManualCard', { saleId: sale.saleId, amount, reference }),
        ),
      );
    },
    async backToBasket() {
      const { sale } = get();
      if (!sale) {
        set({ phase: 'basket' });
        return;
      }
      await run(async () => {
        await till!.invoke('sales.abandon', { saleId: sale.saleId });
        set({ sale: null, payment: null, phase: 'basket' });
      });
    },
    async abandon() {
      const { sale } = get();
      await run(async () => {
        if (sale) await till!.invoke('sales.abandon', { saleId: sale.saleId });
        set({ sale: null, payment: null, lines: [], phase: 'basket', note: 'Sale abandoned.' });
      });
    },
    newSale() {
      set({ sale: null, payment: null, lines: [], phase: 'basket', problem: null, note: null });
    },

    async cancelPayment() {
      const { payment } = get();
      if (!payment) return;
      await run(async () =>
        set({
          payment: newerPayment(
            get().payment,
            await till!.invoke('payments.cancel', { paymentId: payment.paymentId }),
          ),
        }),
      );
    },
    async answerSignature(accepted) {
      const { payment } = get();
      if (!payment) return;
      await run(async () => {
        const view = await till!.invoke('payments.answerSignature', {
          paymentId: payment.paymentId,
          accepted,
        });
        set({ payment: newerPayment(get().payment, view) });
      });
    },
    async resolveUnknown(outcome) {
      const { payment } = get();
      if (!payment) return;
      await run(async () => {
        const view = await till!.invoke('payments.resolveUnknown', { paymentId: payment.paymentId, outcome });
        set({ payment: newerPayment(get().payment, view) });
        const { sale } = get();
        if (sale) afterSaleChange(await till!.invoke('sales.get', { saleId: sale.saleId }));
      });
    },
    async printLastReceipt() {
      const { payment } = get();
      if (!payment) return;
      await run(async () => {
        await till!.invoke('payments.duplicate', { terminalId: payment.terminalId });
        set({ note: 'Asked the card machine to print its last receipt.' });
      });
    },
    async refund(terminalId, amount, originalPaymentId) {
      await run(async () => {
        try {
          const view = await till!.invoke('payments.refund', {
            terminalId,
            amount,
            ...(originalPaymentId && { originalPaymentId }),
          });
          set({ payment: latestOf(view), phase: 'payment', managerNeeded: null });
        } catch (error) {
          if (error instanceof TillError && error.code === 'not_allowed')
            set({ managerNeeded: { terminalId, amount, ...(originalPaymentId && { originalPaymentId }) } });
          throw error;
        }
      });
    },
    async unlockManager(pin) {
      const pending = get().managerNeeded;
      let unlocked = false;
      await run(async () => {
        const answer = await till!.invoke('manager.unlock', { pin });
        if (!answer.ok) throw new Error(answer.message);
        unlocked = true;
        set({ managerNeeded: null });
      });
      if (unlocked && pending)
        await get().refund(pending.terminalId, pending.amount, pending.originalPaymentId);
      return unlocked;
    },
    leavePayment() {
      const { payment, sale } = get();
      if (payment?.type === 'REFUND') {
        set({ payment: null, phase: 'refunds', problem: null });
        return;
      }
      // After a card took part of the sale, the rest is usually cash.
      const rest = payment?.successful && sale?.state === 'open';
      set({
        payment: null,
        phase: sale?.state === 'completed' ? 'completed' : sale ? 'tender' : 'basket',
        problem: null,
        ...(rest && { tenderMethod: 'cash' as const }),
      });
    },

    applyPayment(view) {
      rememberEvent(view);
      const { payment } = get();
      if (!payment || payment.paymentId !== view.paymentId) return;
      set({ payment: newerPayment(payment, view) });
    },
    applySale(view) {
      const { sale } = get();
      if (!sale || sale.saleId !== view.saleId) return;
      // The completion panel also shows the card result (with any gratuity or cashback).
      afterSaleChange(view);
    },

    async resume() {
      if (!till || get().sale || get().payment) return;
      try {
        const active = await till.invoke('payments.active', {});
        const current = active.find((p) => p.type !== 'DUPLICATE');
        if (current) {
          const sale =
            current.saleId && current.type === 'SALE'
              ? await till.invoke('sales.get', { saleId: current.saleId })
              : null;
          set({
            payment: current,
            sale,
            phase: 'payment',
            terminalId: current.terminalId,
            ...(sale && { lines: linesOf(sale) }),
          });
          return;
        }
        // A sale part-paid before a reload (card taken, cash still to come) continues at the tender.
        const recent = await till.invoke('sales.recent', { limit: 5 });
        const partPaid = recent.find((s) => s.state === 'open' && s.paid > 0);
        if (partPaid && !get().sale)
          set({ sale: partPaid, lines: linesOf(partPaid), phase: 'tender', tenderMethod: 'cash' });
      } catch {
        // Nothing to resume, or the services are not up yet: the cashier starts afresh.
      }
    },
  };
});
