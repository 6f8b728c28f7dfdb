// The back office's Conflicts section: shop-wide data changed both on this till and on the shop
// server since this till's version (docs/shop-server.md, "Shop-wide data"). A manager sees both
// and keeps one; the services journal the choice on the audit trail.
import { create } from 'zustand';
import type { MethodOutput, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';

type ConflictsView = MethodOutput<'shopServer.conflicts'>;

export interface ShopConflictsState {
  view: ConflictsView | null;
  busy: boolean;
  problem: string | null;
  load(): Promise<void>;
  keep(kind: ConflictsView['conflicts'][number]['kind'], key: string, keep: 'till' | 'server'): Promise<void>;
}

export function createShopConflictsStore(api: TillApi) {
  return create<ShopConflictsState>((set) => {
    const call = async (work: () => Promise<ConflictsView>) => {
      set({ busy: true, problem: null });
      try {
        set({ view: await work() });
      } catch (error) {
        set({ problem: describeCallError(error) });
      } finally {
        set({ busy: false });
      }
    };
    return {
      view: null,
      busy: false,
      problem: null,
      load: () => call(() => api.invoke('shopServer.conflicts', {})),
      keep: (kind, key, keep) => call(() => api.invoke('shopServer.resolveConflict', { kind, key, keep })),
    };
  });
}

export const useShopConflicts = createShopConflictsStore(till ?? disconnectedTill);
