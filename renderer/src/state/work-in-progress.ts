// What the person serving is in the middle of, for the idle sign-out: a report running (card
// machine or till), a card check running, a drawer count entered and not yet saved. The services
// hold the sign-out while any is, and start the idle time again when the last one ends.
import { useEffect } from 'react';
import type { StaffTask } from '../../../shared/contract';
import { useReconciliation, type ReconciliationStore } from './reconciliation';
import { useReports, type ReportsStore } from './reports';
import { useStaff, type StaffStore } from './staff';
import { useTillReports, type TillReportsStore } from './till-reports';

interface Followed<S> {
  getState(): S;
  subscribe(listener: (state: S) => void): () => void;
}

export interface WorkSources {
  reports: Pick<ReportsStore, 'getState' | 'subscribe'>;
  tillReports: Pick<TillReportsStore, 'getState' | 'subscribe'>;
  reconciliation: Pick<ReconciliationStore, 'getState' | 'subscribe'>;
}

/** Follows the stores whose calls are work in progress; returns the unsubscribe. */
export function followWorkInProgress(
  staff: StaffStore = useStaff,
  sources: WorkSources = {
    reports: useReports,
    tillReports: useTillReports,
    reconciliation: useReconciliation,
  },
): () => void {
  const follow = <S>(store: Followed<S>, source: string, task: StaffTask, busy: (state: S) => boolean) => {
    const update = (state: S) => staff.getState().setWorking(source, busy(state) ? task : null);
    update(store.getState());
    return store.subscribe(update);
  };
  const stops = [
    follow(sources.reports, 'card-machine-report', 'report', (s) => s.running !== null),
    follow(sources.tillReports, 'till-report', 'report', (s) => s.busy),
    follow(sources.reconciliation, 'card-check', 'card-check', (s) => s.busy),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** A screen's own work (say, a count being entered): in progress while `active` and mounted. */
export function useWorkInProgress(source: string, task: StaffTask, active: boolean): void {
  useEffect(() => {
    useStaff.getState().setWorking(source, active ? task : null);
    return () => useStaff.getState().setWorking(source, null);
  }, [source, task, active]);
}
