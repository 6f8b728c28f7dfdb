// The Backups screen's state: the services' backup status (folder, schedule, last results,
// missing sales), the backups found in a folder, and what a restore brought.
import { create } from 'zustand';
import type { BackupStatus, FoundBackup, RestoreResult, TillApi } from '../../../shared/contract';
import type { BackupWords } from '../../../shared/contract/backup';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';

export interface BackupState {
  status: BackupStatus | null;
  found: FoundBackup[] | null;
  foundProblem: BackupWords | null;
  restored: RestoreResult | null;
  load(): Promise<void>;
  changed(status: BackupStatus): void;
  configure(change: { folder?: string | null; scheduleOn?: boolean; keep?: number }): Promise<void>;
  runNow(): Promise<BackupWords & { ok: boolean }>;
  list(folder: string): Promise<void>;
  restore(file: string, replaceSales: boolean): Promise<RestoreResult>;
  acceptMissingSales(pin: string): Promise<void>;
  /** A new till's owner chose "Start fresh": no more restore offer on the Sell screen. */
  startFresh(): Promise<void>;
}

export function createBackupStore(api: TillApi) {
  return create<BackupState>((set) => ({
    status: null,
    found: null,
    foundProblem: null,
    restored: null,
    async load() {
      set({ status: await api.invoke('backup.status', {}) });
    },
    changed: (status) => set({ status }),
    async configure(change) {
      set({ status: await api.invoke('backup.configure', change) });
    },
    async runNow() {
      const run = await api.invoke('backup.runNow', {});
      set({ status: await api.invoke('backup.status', {}) });
      return { ok: run.ok, ...run.result };
    },
    async list(folder) {
      const answer = await api.invoke('backup.list', { folder });
      set({ found: answer.backups, foundProblem: answer.problem });
    },
    async restore(file, replaceSales) {
      const restored = await api.invoke('backup.restore', { file, replaceSales });
      set({ restored, found: null });
      return restored;
    },
    async acceptMissingSales(pin) {
      set({ status: await api.invoke('backup.acceptMissingSales', { pin }) });
    },
    async startFresh() {
      set({ status: await api.invoke('backup.startFresh', {}) });
    },
  }));
}

export type BackupStore = ReturnType<typeof createBackupStore>;

export const useBackup = createBackupStore(till ?? disconnectedTill);
