// The till reports screen's store: the report showing (the day so far, or a past Z), past Z
// reports, printing, the CSV files, and the supervisor's approval a Z may need. With a shop
// server on, the same for the whole shop (scope 'shop': shopReports.*), each till's part beside it.
import { create } from 'zustand';
import type {
  ShopReportView,
  ShopZSummary,
  TillApi,
  TillReportView,
  ZSummary,
} from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval } from './manager-approval';

export type ReportScope = 'till' | 'shop';

export interface TillReportsState {
  /** This till's own reports, or the whole shop's. */
  scope: ReportScope;
  report: TillReportView | null;
  /** With a shop report: each till's part of it. */
  tills: ShopReportView['tills'] | null;
  past: ZSummary[];
  busy: boolean;
  problem: string | null;
  /** What just happened (printed, exported), in words for the screen. */
  done: 'printed' | 'exported' | null;
  managerNeeded: string | null;
  load(): Promise<void>;
  runX(): Promise<void>;
  runZ(): Promise<void>;
  open(zNumber: number): Promise<void>;
  print(): Promise<void>;
  /** The showing report's two CSV files, handed to `save` one after the other. */
  exportCsv(save: (file: { fileName: string; text: string }) => void): Promise<void>;
  approve(pin: string): Promise<void>;
  setScope(scope: ReportScope): Promise<void>;
}

/** A past shop Z as the past list shows a Z (its number alone: it is the shop's, not a till's). */
const asSummary = (z: ShopZSummary): ZSummary => ({
  number: z.number,
  currency: z.currency,
  since: z.since,
  until: z.until,
  runBy: null,
  gross: z.gross,
  net: z.net,
});

export function createTillReportsStore(api: TillApi) {
  return create<TillReportsState>((set, get) => {
    const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));
    async function run(work: () => Promise<Partial<TillReportsState>>): Promise<void> {
      set({ busy: true, problem: null, done: null });
      try {
        set(await work());
      } catch (error) {
        set({ problem: describeCallError(error) });
      } finally {
        set({ busy: false });
      }
    }
    const shop = () => get().scope === 'shop';
    const shown = (view: TillReportView | ShopReportView) =>
      'tills' in view ? { report: view.report, tills: view.tills } : { report: view, tills: null };
    const past = async () =>
      shop()
        ? (await api.invoke('shopReports.list', { limit: 30 })).map(asSummary)
        : await api.invoke('tillReports.list', { limit: 30 });
    const which = () => {
      const r = get().report;
      return r?.kind === 'Z' && r.number !== null ? { zNumber: r.number } : {};
    };
    return {
      scope: 'till',
      report: null,
      tills: null,
      past: [],
      busy: false,
      problem: null,
      done: null,
      managerNeeded: null,
      load: () => run(async () => ({ past: await past() })),
      runX: () =>
        run(async () =>
          shown(shop() ? await api.invoke('shopReports.x', {}) : await api.invoke('tillReports.x', {})),
        ),
      runZ: () =>
        run(async () => {
          const view = await approval.attempt<TillReportView | ShopReportView>(
            'a Z report needs a supervisor or manager',
            () => (shop() ? api.invoke('shopReports.z', {}) : api.invoke('tillReports.z', {})),
            () => get().runZ(),
            'z-report',
          );
          return { ...shown(view), past: await past() };
        }),
      open: (zNumber) =>
        run(async () =>
          shown(
            shop()
              ? await api.invoke('shopReports.get', { zNumber })
              : await api.invoke('tillReports.get', { zNumber }),
          ),
        ),
      print: () =>
        run(async () => {
          await api.invoke(shop() ? 'shopReports.print' : 'tillReports.print', which());
          return { done: 'printed' };
        }),
      exportCsv: (save) =>
        run(async () => {
          if (shop()) {
            const files = await api.invoke('shopReports.exportCsv', which());
            save(files.summary);
            save(files.tills);
          } else {
            const files = await api.invoke('tillReports.exportCsv', which());
            save(files.summary);
            save(files.lines);
          }
          return { done: 'exported' };
        }),
      setScope: async (scope) => {
        if (scope === get().scope) return;
        set({ scope, report: null, tills: null, past: [], done: null, problem: null });
        await get().load();
      },
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
    };
  });
}

export type TillReportsStore = ReturnType<typeof createTillReportsStore>;

export const useTillReports = createTillReportsStore(till ?? disconnectedTill);
