// The till reports screen's store: the report showing (the day so far, or a past Z), past Z
// reports, printing, the CSV files, and the supervisor's approval a Z may need.
import { create } from 'zustand';
import type { TillApi, TillReportView, ZSummary } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval } from './manager-approval';

export interface TillReportsState {
  report: TillReportView | null;
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
}

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
    const which = () => {
      const r = get().report;
      return r?.kind === 'Z' && r.number !== null ? { zNumber: r.number } : {};
    };
    return {
      report: null,
      past: [],
      busy: false,
      problem: null,
      done: null,
      managerNeeded: null,
      load: () => run(async () => ({ past: await api.invoke('tillReports.list', { limit: 30 }) })),
      runX: () => run(async () => ({ report: await api.invoke('tillReports.x', {}) })),
      runZ: () =>
        run(async () => {
          const report = await approval.attempt(
            'a Z report needs a supervisor or manager',
            () => api.invoke('tillReports.z', {}),
            () => get().runZ(),
            'z-report',
          );
          return { report, past: await api.invoke('tillReports.list', { limit: 30 }) };
        }),
      open: (zNumber) => run(async () => ({ report: await api.invoke('tillReports.get', { zNumber }) })),
      print: () =>
        run(async () => {
          await api.invoke('tillReports.print', which());
          return { done: 'printed' };
        }),
      exportCsv: (save) =>
        run(async () => {
          const files = await api.invoke('tillReports.exportCsv', which());
          save(files.summary);
          save(files.lines);
          return { done: 'exported' };
        }),
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
    };
  });
}

export type TillReportsStore = ReturnType<typeof createTillReportsStore>;

export const useTillReports = createTillReportsStore(till ?? disconnectedTill);
