// The Reports screen's store: the report running on a card machine, its result, and the
// manager's approval for the reports that reset the totals (Z and end of day).
import { create } from 'zustand';
import type { ReportType, ReportView, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval } from './manager-approval';
import { i18n } from '../i18n';

/** The reports offered, in order; their names and what they do are `reports.choice.<type>`. */
export const REPORT_CHOICES: readonly ReportType[] = ['X_BAL', 'Z_BAL', 'BANKING', 'END_OF_DAY'];

/** "Z report", "Banking report": the report's name in a sentence. */
export function reportName(type: ReportType): string {
  return i18n.t(`reports.choice.${type}.report`);
}

export interface ReportsState {
  running: ReportType | null;
  problem: string | null;
  /** Why the refused report waits for the manager's PIN; it runs again once the PIN is accepted. */
  managerNeeded: string | null;
  report: ReportView | null;
  run(terminalId: string, type: ReportType): Promise<void>;
  approve(pin: string): Promise<void>;
  /** A fresh screen: no result, no problem, nothing waiting. */
  reset(): void;
}

export function createReportsStore(api: TillApi) {
  return create<ReportsState>((set, get) => {
    const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));
    return {
      running: null,
      problem: null,
      managerNeeded: null,
      report: null,
      async run(terminalId, type) {
        set({ running: type, problem: null });
        try {
          const report = await approval.attempt(
            i18n.t('reports.resetsTotals', { report: reportName(type) }),
            () => api.invoke('reports.run', { terminalId, type }),
            () => get().run(terminalId, type),
            'z-report',
          );
          set({ report });
        } catch (error) {
          set({ problem: describeCallError(error) });
        } finally {
          set({ running: null });
        }
      },
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
      reset() {
        approval.cancel();
        set({ running: null, problem: null, report: null });
      },
    };
  });
}

export type ReportsStore = ReturnType<typeof createReportsStore>;

export const useReports = createReportsStore(till ?? disconnectedTill);
