// The reconciliation screen's store: the card machines by the shop's names, the check just run (or
// opened from the list), past checks, and the manager's approval when someone else is serving.
import { create } from 'zustand';
import type {
  NamedTerminal,
  ReconciliationSource,
  ReconciliationSummary,
  ReconciliationView,
  TillApi,
} from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval } from './manager-approval';

export interface ReconciliationState {
  terminals: NamedTerminal[] | null;
  history: ReconciliationSummary[];
  current: ReconciliationView | null;
  busy: boolean;
  problem: string | null;
  /** Why the refused action waits for a manager's PIN; it runs again once the PIN is accepted. */
  managerNeeded: string | null;
  load(): Promise<void>;
  check(terminalId: string, source: ReconciliationSource): Promise<void>;
  resolve(differenceId: string, note: string): Promise<void>;
  name(terminalId: string, name: string): Promise<void>;
  open(checkId: string): Promise<void>;
  approve(pin: string): Promise<void>;
  reset(): void;
}

const MANAGER_REASON = 'checking the card machines is for a manager';

export function createReconciliationStore(api: TillApi) {
  return create<ReconciliationState>((set, get) => {
    const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));
    /** Runs a call that may need the manager; a refusal waits for the PIN, other errors are worded. */
    async function guarded<T>(call: () => Promise<T>, again: () => Promise<void>): Promise<T | null> {
      set({ busy: true, problem: null });
      try {
        return await approval.attempt(MANAGER_REASON, call, again, 'reconcile');
      } catch (error) {
        set({ problem: describeCallError(error) });
        return null;
      } finally {
        set({ busy: false });
      }
    }
    const refreshHistory = async () =>
      set({ history: await api.invoke('reconciliation.history', { limit: 20 }) });
    return {
      terminals: null,
      history: [],
      current: null,
      busy: false,
      problem: null,
      managerNeeded: null,
      async load() {
        try {
          set({ terminals: await api.invoke('reconciliation.terminals', {}) });
          await refreshHistory();
        } catch (error) {
          set({ problem: describeCallError(error) });
        }
      },
      async check(terminalId, source) {
        const view = await guarded(
          () => api.invoke('reconciliation.check', { terminalId, source }),
          () => get().check(terminalId, source),
        );
        if (view) {
          set({ current: view });
          await refreshHistory().catch(() => undefined);
        }
      },
      async resolve(differenceId, note) {
        const checkId = get().current?.id;
        if (!checkId) return;
        const view = await guarded(
          () => api.invoke('reconciliation.resolve', { checkId, differenceId, note }),
          () => get().resolve(differenceId, note),
        );
        if (view) {
          set({ current: view });
          await refreshHistory().catch(() => undefined);
        }
      },
      async name(terminalId, name) {
        const terminals = await guarded(
          () => api.invoke('reconciliation.nameTerminal', { terminalId, name }),
          () => get().name(terminalId, name),
        );
        if (terminals) set({ terminals });
      },
      async open(checkId) {
        try {
          set({ current: await api.invoke('reconciliation.get', { checkId }), problem: null });
        } catch (error) {
          set({ problem: describeCallError(error) });
        }
      },
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
      reset() {
        approval.cancel();
        set({ current: null, problem: null, busy: false });
      },
    };
  });
}

export type ReconciliationStore = ReturnType<typeof createReconciliationStore>;

export const useReconciliation = createReconciliationStore(till ?? disconnectedTill);
