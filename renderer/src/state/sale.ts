// The Sell screen's store: the catalogue index, the basket, the open sale and its tenders.
// Its parts live beside it: basket.ts (lines and totals), catalogue-index.ts (search and
// barcodes), card-payment.ts (the card payment and refunds, with the manager's approval) and
// sale-events.ts (events and resuming after a reload). Prices shown in the basket are the
// catalogue's; the services compute the sale's real total from product ids and counts.
import { create } from 'zustand';
import type { TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { addOne, withNewPrices, withoutProduct, withQuantity } from './basket';
import { describeCallError, isCardServiceDown } from './call-errors';
import { cardPaymentActions } from './card-payment';
import { counterActions } from './counter';
import { findBySku, indexCatalogue } from './catalogue-index';
import { browserClock, type Clock } from './clock';
import { RecentPayments } from './payment-views';
import { saleEventActions } from './sale-events';
import type { SaleFields, SaleKit, SaleState } from './sale-state';
import { i18n } from '../i18n';

export type { SaleState, SellPhase, TenderMethod } from './sale-state';

export const initialSaleFields: SaleFields = {
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
  basketDiscount: null,
  pendingQuantity: null,
  parked: [],
  counterNeeded: null,
  receiptMessage: null,
  nextSaleAsked: false,
};

/** A sale store talking to `api`; the app has one (`useSale`), each unit test its own. */
export function createSaleStore(api: TillApi, clock: Clock = browserClock) {
  return create<SaleState>((set, get) => {
    const kit: SaleKit = {
      api,
      clock,
      get,
      set,
      async run(work) {
        set({ busy: true, problem: null });
        try {
          await work();
        } catch (error) {
          set({
            problem: describeCallError(error),
            ...(isCardServiceDown(error) && { cardServiceDownAt: new Date(clock.now()).toISOString() }),
          });
        } finally {
          set({ busy: false });
          const { nextSaleAsked, phase, problem } = get();
          if (nextSaleAsked) {
            if (phase === 'completed' && !problem) get().newSale();
            else set({ nextSaleAsked: false });
          }
        }
      },
      showSale(sale) {
        if (sale.state === 'completed') set({ sale, phase: 'completed' });
        else set({ sale });
      },
      payments: new RecentPayments(),
    };
    const { run, showSale } = kit;
    /** The basket is fixed once a sale is opened for it. */
    const editLines = (edit: (lines: SaleFields['lines']) => SaleFields['lines']) => {
      if (!get().sale) set({ lines: edit(get().lines) });
    };

    return {
      ...initialSaleFields,

      async loadCatalogue() {
        if (get().index) return;
        await get().refreshCatalogue();
      },
      async refreshCatalogue() {
        try {
          const catalogue = await api.invoke('catalogue.get', {});
          set({ index: indexCatalogue(catalogue), catalogueError: null });
        } catch (error) {
          set({ catalogueError: describeCallError(error) });
        }
      },

      add(productId) {
        const count = get().pendingQuantity ?? 1;
        editLines((lines) => addOne(lines, productId, get().index?.byId.get(productId)?.price, count));
        set({ pendingQuantity: null });
      },
      useNewPrices() {
        const { index } = get();
        if (index) editLines((lines) => withNewPrices(lines, index));
        set({ problem: null });
      },
      setQuantity: (productId, quantity) => editLines((lines) => withQuantity(lines, productId, quantity)),
      remove: (productId) => editLines((lines) => withoutProduct(lines, productId)),
      clear() {
        if (get().sale) return;
        set({ lines: [], note: null, basketDiscount: null, pendingQuantity: null });
      },
      scan(code) {
        const { index, sale } = get();
        if (!index) return;
        if (sale) {
          set({ note: i18n.t('sell.notes.finishFirst') });
          return;
        }
        const product = findBySku(index, code);
        if (!product) {
          set({ note: i18n.t('sell.notes.unknownBarcode', { code }) });
          return;
        }
        get().add(product.id);
        set({ note: i18n.t('sell.notes.scanned', { name: product.name }) });
      },
      setNote: (note) => set({ note }),
      setTerminal: (terminalId) => set({ terminalId }),
      setPhase: (phase) => set({ phase, problem: null }),
      setTenderMethod: (tenderMethod) => set({ tenderMethod, problem: null }),

      async payCash(amountGiven) {
        const { sale } = get();
        if (!sale) return;
        await run(async () =>
          showSale(await api.invoke('sales.payCash', { saleId: sale.saleId, amountGiven })),
        );
      },
      async recordManualCard(amount, reference) {
        const { sale } = get();
        if (!sale) return;
        await run(async () =>
          showSale(await api.invoke('sales.recordManualCard', { saleId: sale.saleId, amount, reference })),
        );
      },
      async backToBasket() {
        const { sale } = get();
        if (!sale) {
          set({ phase: 'basket' });
          return;
        }
        await run(async () => {
          await api.invoke('sales.abandon', { saleId: sale.saleId });
          set({ sale: null, payment: null, phase: 'basket' });
        });
      },
      async abandon() {
        const { sale } = get();
        await run(async () => {
          if (sale) await api.invoke('sales.abandon', { saleId: sale.saleId });
          set({
            sale: null,
            payment: null,
            lines: [],
            basketDiscount: null,
            phase: 'basket',
            note: i18n.t('sell.notes.abandoned'),
          });
        });
      },
      newSale() {
        set({
          sale: null,
          payment: null,
          lines: [],
          basketDiscount: null,
          phase: 'basket',
          problem: null,
          note: null,
          receiptMessage: null,
          nextSaleAsked: false,
        });
      },
      askNextSale() {
        const { phase, busy } = get();
        if (phase !== 'completed') return;
        if (busy) set({ nextSaleAsked: true });
        else get().newSale();
      },

      ...cardPaymentActions(kit),
      ...counterActions(kit),
      ...saleEventActions(kit),
    };
  });
}

export type SaleStore = ReturnType<typeof createSaleStore>;

export const useSale = createSaleStore(till ?? disconnectedTill);
