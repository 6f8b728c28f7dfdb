// The Reports screen's store: the report running on a card machine, its result, and the
// manager's approval for the reports that reset the totals (Z and end of day).
import { create } from 'zustand';
import type { ReportType, ReportView, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { createManagerApproval } from './manager-approval';

interface ReportChoice {
  type: ReportType;
  name: string;
  what: string;
}

export const REPORT_CHOICES: readonly ReportChoice[] = [
  { type: 'X_BAL', name: 'X report', what: 'Totals so far. Resets nothing.' },
  {
    type: 'Z_BAL',
    name: 'Z report',
    what: 'Totals so far, then resets the card machine’s totals to zero. Needs the manager.',
  },
  {
    type: 'BANKING',
    name: 'Banking',
    what: 'Sends the takings to the bank and starts a new banking session.',
  },
  {
    type: 'END_OF_DAY',
    name: 'End of day',
    what: 'Banking and a Z report together: resets the totals. Needs the manager.',
  },
];

export function reportName(type: ReportType): string {
  const name = REPORT_CHOICES.find((c) => c.type === type)!.name;
  return name.endsWith('report') ? name : `${name} report`;
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
            `the ${reportName(type)} resets the totals`,
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
      async approve(pin) {
        try {
          await approval.approve(pin);
        } catch (error) {
          set({ problem: describeCallError(error) });
        }
      },
      reset() {
        approval.cancel();
        set({ running: null, problem: null, report: null });
      },
    };
  });
}

export type ReportsStore = ReturnType<typeof createReportsStore>;

export const useReports = createReportsStore(till ?? disconnectedTill);
