// The shell's store: which screen is showing, what the till runs as, and the connection and
// printer status the top bar shows.
import { create } from 'zustand';
import type { AppInfo, TillApi, TillStatus } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';

export const SCREENS = [
  { id: 'sell', label: 'Sell' },
  { id: 'history', label: 'History' },
  { id: 'terminals', label: 'Terminals' },
  { id: 'reports', label: 'Reports' },
  { id: 'shift', label: 'Cash drawer' },
  { id: 'till-reports', label: 'Till reports' },
  { id: 'reconciliation', label: 'Card checks' },
  { id: 'printer', label: 'Printer' },
  { id: 'supplies', label: 'Supplies' },
  { id: 'merchant', label: 'Merchant tools' },
  { id: 'back-office', label: 'Back office' },
  { id: 'audit', label: 'Audit' },
  { id: 'settings', label: 'Settings' },
  { id: 'backups', label: 'Backups' },
] as const;
export type ScreenId = (typeof SCREENS)[number]['id'];

export interface ShellState {
  screen: ScreenId;
  info: AppInfo | null;
  status: TillStatus | null;
  /** Whether the renderer's link to the till services is up (the WebSocket in a browser). */
  linked: boolean;
  go(screen: ScreenId): void;
  setInfo(info: AppInfo): void;
  setStatus(status: TillStatus): void;
  setLinked(linked: boolean): void;
  /** Asks the services what the till runs as and how its connections are; failures keep the old view. */
  refresh(): Promise<void>;
}

export function createShellStore(api: TillApi) {
  return create<ShellState>((set) => ({
    screen: 'sell',
    info: null,
    status: null,
    linked: true,
    go: (screen) => set({ screen }),
    setInfo: (info) => set({ info }),
    setStatus: (status) => set({ status }),
    setLinked: (linked) => set({ linked }),
    async refresh() {
      await Promise.all([
        api
          .invoke('app.info', {})
          .then((info) => set({ info }))
          .catch(() => undefined),
        api
          .invoke('status.get', {})
          .then((status) => set({ status }))
          .catch(() => undefined),
      ]);
    },
  }));
}

export type ShellStore = ReturnType<typeof createShellStore>;

export const useShell = createShellStore(till ?? disconnectedTill);
