// The History screen's store: the search and its pages, the sale opened, its reprint, and
// itemised refunds (with a supervisor's PIN at the counter when the person serving may not refund).
import { create } from 'zustand';
import type {
  HistorySearch,
  RefundInput,
  RefundView,
  SaleRecord,
  SaleSummary,
  TillApi,
} from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { i18n } from '../i18n';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval } from './manager-approval';

export interface HistoryState {
  criteria: HistorySearch;
  sales: SaleSummary[];
  /** The cursor for the next page; null on the last. */
  next: number | null;
  searched: boolean;
  busy: boolean;
  problem: string | null;
  /** What just happened, for staff (a copy printing). */
  notice: string | null;
  record: SaleRecord | null;
  /** The refund just asked for, followed until its card part is done. */
  lastRefund: RefundView | null;
  /** Why the refund waits for a supervisor's or manager's PIN; it runs again once approved. */
  managerNeeded: string | null;
  search(criteria: HistorySearch): Promise<void>;
  more(): Promise<void>;
  open(saleId: string): Promise<void>;
  closeSale(): void;
  reprint(): Promise<void>;
  /** True when the refund was accepted (its card part may still be running). */
  refund(input: RefundInput): Promise<boolean>;
  approve(pin: string): Promise<void>;
  cancelApproval(): void;
  /** A refund moved on (the services' event). */
  refundUpdated(view: RefundView): void;
}

export function createHistoryStore(api: TillApi) {
  return create<HistoryState>((set, get) => {
    const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));
    async function attempt<T>(call: () => Promise<T>): Promise<T | null> {
      set({ busy: true, problem: null, notice: null });
      try {
        return await call();
      } catch (error) {
        set({ problem: describeCallError(error) });
        return null;
      } finally {
        set({ busy: false });
      }
    }
    /** Counts searches: an answer to one that a newer search replaced is dropped. */
    let searches = 0;
    const reload = async (saleId: string) => {
      const record = await api.invoke('history.sale', { saleId });
      if (get().record?.sale.saleId === saleId) set({ record });
    };
    return {
      criteria: {},
      sales: [],
      next: null,
      searched: false,
      busy: false,
      problem: null,
      notice: null,
      record: null,
      lastRefund: null,
      managerNeeded: null,
      async search(criteria) {
        // The list on opening and a search typed straight after are both under way: whichever
        // answers last, the list shows the newest search.
        const asked = ++searches;
        const page = await attempt(() => api.invoke('history.search', criteria));
        if (page && asked === searches) set({ criteria, sales: page.sales, next: page.next, searched: true });
      },
      async more() {
        const { criteria, next } = get();
        if (next === null) return;
        const asked = searches;
        const page = await attempt(() => api.invoke('history.search', { ...criteria, after: next }));
        if (page && asked === searches) set({ sales: [...get().sales, ...page.sales], next: page.next });
      },
      async open(saleId) {
        const record = await attempt(() => api.invoke('history.sale', { saleId }));
        if (record) set({ record, lastRefund: null });
      },
      closeSale() {
        approval.cancel();
        set({ record: null, lastRefund: null, problem: null, notice: null });
      },
      async reprint() {
        const saleId = get().record?.sale.saleId;
        if (!saleId) return;
        const done = await attempt(() => api.invoke('history.reprint', { saleId }));
        if (done) set({ notice: i18n.t('history.sale.copyPrinting') });
      },
      async refund(input) {
        set({ busy: true, problem: null, notice: null });
        try {
          const view = await approval.attempt(
            i18n.t('history.refund.needsApproval'),
            () => api.invoke('history.refund', input),
            async () => {
              await get().refund(input);
            },
            'refund',
          );
          set({ lastRefund: view });
          await reload(input.saleId);
          return true;
        } catch (error) {
          if (get().managerNeeded === null) set({ problem: describeCallError(error) });
          return false;
        } finally {
          set({ busy: false });
        }
      },
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
      cancelApproval() {
        approval.cancel();
      },
      refundUpdated(view) {
        if (get().lastRefund?.refundId === view.refundId) set({ lastRefund: view });
        if (get().record?.sale.saleId === view.saleId) void reload(view.saleId).catch(() => undefined);
      },
    };
  });
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;

export const useHistory = createHistoryStore(till ?? disconnectedTill);
