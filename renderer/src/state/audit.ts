// The Audit screen's store: the filters, the entries shown (newest first, a page at a time), the
// people to filter by, and the exported file waiting to be saved. Reading the trail is a manager's:
// refused, it waits for a manager's PIN (state/manager-approval.ts) and is asked again once approved.
import { create } from 'zustand';
import type { AuditEntry, AuditFilter, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval, needsManager } from './manager-approval';
import { i18n } from '../i18n';

export const AUDIT_PAGE = 50;

export interface AuditState {
  filter: AuditFilter;
  entries: AuditEntry[];
  /** Where the next (older) page starts; null when everything is shown. */
  nextBeforeSeq: number | null;
  people: Array<{ id: string; name: string }>;
  /** Whether the entries for the current filter have been read. */
  loaded: boolean;
  busy: boolean;
  problem: string | null;
  notice: string | null;
  /** Why the screen waits for a manager's PIN; null when it does not. */
  managerNeeded: string | null;
  /** An exported file waiting to be saved by the screen. */
  exported: { fileName: string; text: string } | null;
  /** Reads the first page for `filter` (the current one when absent). */
  load(filter?: AuditFilter): Promise<void>;
  more(): Promise<void>;
  exportCsv(): Promise<void>;
  exportTaken(): void;
  approve(pin: string): Promise<void>;
}

export function createAuditStore(api: TillApi) {
  return create<AuditState>((set, get) => {
    const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));
    /** A manager's call: refused, `again` runs once a manager approves; other errors are worded. */
    async function guarded<T>(call: () => Promise<T>, again: () => Promise<void>): Promise<T | null> {
      set({ busy: true, problem: null });
      try {
        return await approval.attempt(i18n.t('audit.needsManager'), call, again, 'back-office');
      } catch (error) {
        if (!needsManager(error)) set({ problem: describeCallError(error) });
        return null;
      } finally {
        set({ busy: false });
      }
    }
    return {
      filter: {},
      entries: [],
      nextBeforeSeq: null,
      people: [],
      loaded: false,
      busy: false,
      problem: null,
      notice: null,
      managerNeeded: null,
      exported: null,

      async load(filter = get().filter) {
        set({ filter, notice: null });
        const page = await guarded(
          () => api.invoke('audit.list', { ...filter, limit: AUDIT_PAGE }),
          () => get().load(filter),
        );
        if (!page) return;
        set({ entries: page.entries, nextBeforeSeq: page.nextBeforeSeq, loaded: true });
        const people = await guarded(
          () => api.invoke('audit.people', {}),
          async () => undefined,
        );
        if (people) set({ people });
      },
      async more() {
        const { filter, nextBeforeSeq } = get();
        if (nextBeforeSeq === null) return;
        const page = await guarded(
          () => api.invoke('audit.list', { ...filter, beforeSeq: nextBeforeSeq, limit: AUDIT_PAGE }),
          () => get().more(),
        );
        if (page) set({ entries: [...get().entries, ...page.entries], nextBeforeSeq: page.nextBeforeSeq });
      },
      async exportCsv() {
        const file = await guarded(
          () => api.invoke('audit.exportCsv', get().filter),
          () => get().exportCsv(),
        );
        if (!file) return;
        // The export is itself on the trail: shown at the top at once.
        await get().load();
        set({
          exported: { fileName: file.fileName, text: file.text },
          notice: i18n.t('audit.exported', { count: file.entries }),
        });
      },
      exportTaken: () => set({ exported: null }),
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
    };
  });
}

export type AuditStore = ReturnType<typeof createAuditStore>;

export const useAudit = createAuditStore(till ?? disconnectedTill);
