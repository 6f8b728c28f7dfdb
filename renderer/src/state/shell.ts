import { create } from 'zustand';
import type { AppInfo, TillStatus } from '../../../shared/contract';

export const SCREENS = [
  { id: 'sell', label: 'Sell' },
  { id: 'terminals', label: 'Terminals' },
  { id: 'reports', label: 'Reports' },
  { id: 'printer', label: 'Printer' },
  { id: 'supplies', label: 'Supplies' },
  { id: 'merchant', label: 'Merchant tools' },
  { id: 'settings', label: 'Settings' },
] as const;
export type ScreenId = (typeof SCREENS)[number]['id'];

interface ShellState {
  screen: ScreenId;
  info: AppInfo | null;
  status: TillStatus | null;
  /** Whether the renderer's link to the till services is up (the WebSocket in a browser). */
  linked: boolean;
  go(screen: ScreenId): void;
  setInfo(info: AppInfo): void;
  setStatus(status: TillStatus): void;
  setLinked(linked: boolean): void;
}

export const useShell = create<ShellState>((set) => ({
  screen: 'sell',
  info: null,
  status: null,
  linked: true,
  go: (screen) => set({ screen }),
  setInfo: (info) => set({ info }),
  setStatus: (status) => set({ status }),
  setLinked: (linked) => set({ linked }),
}));
