// The cash drawer screen's store: the shop's notes and coins, the open shift (or none), past
// shifts, and the shift just closed (its expected cash, count and difference).
import { create } from 'zustand';
import type { DenominationCount } from '../../../shared/denominations';
import type { DrawerSetup, MethodInput, ShiftView, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { approveOrShowProblem, createManagerApproval } from './manager-approval';

export type CashMove = MethodInput<'shifts.moveCash'>;

export interface ShiftState {
  setup: DrawerSetup | null;
  current: ShiftView | null;
  /** The shift closed on this screen just now: what was expected, counted and the difference. */
  closed: ShiftView | null;
  history: ShiftView[];
  busy: boolean;
  problem: string | null;
  managerNeeded: string | null;
  load(): Promise<void>;
  open(float: DenominationCount[]): Promise<boolean>;
  moveCash(move: CashMove): Promise<boolean>;
  close(counted: DenominationCount[]): Promise<boolean>;
  setBlindCount(blind: boolean): Promise<void>;
  approve(pin: string): Promise<void>;
}

export function createShiftStore(api: TillApi) {
  return create<ShiftState>((set, get) => {
    const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));
    /** Runs a call; a refusal in words becomes the screen's problem. True when it worked. */
    async function run<T>(call: () => Promise<T>, then: (value: T) => Partial<ShiftState>): Promise<boolean> {
      set({ busy: true, problem: null });
      try {
        set(then(await call()));
        return true;
      } catch (error) {
        set({ problem: describeCallError(error) });
        return false;
      } finally {
        set({ busy: false });
      }
    }
    const refreshHistory = async () =>
      set({ history: await api.invoke('shifts.history', { limit: 10 }).catch(() => get().history) });
    return {
      setup: null,
      current: null,
      closed: null,
      history: [],
      busy: false,
      problem: null,
      managerNeeded: null,
      async load() {
        await run(
          async () => ({
            setup: await api.invoke('shifts.setup', {}),
            current: await api.invoke('shifts.current', {}),
          }),
          (value) => value,
        );
        await refreshHistory();
      },
      open: (float) =>
        run(
          () => api.invoke('shifts.open', { float }),
          (current) => ({ current, closed: null }),
        ),
      moveCash: (move) =>
        run(
          () => api.invoke('shifts.moveCash', move),
          (current) => ({ current }),
        ),
      async close(counted) {
        const ok = await run(
          () => api.invoke('shifts.close', { counted }),
          (closed) => ({ closed, current: null }),
        );
        if (ok) await refreshHistory();
        return ok;
      },
      async setBlindCount(blind) {
        set({ busy: true, problem: null });
        try {
          const setup = await approval.attempt(
            'changing how the drawer is counted is for a manager',
            () => api.invoke('shifts.setBlindCount', { blind }),
            () => get().setBlindCount(blind),
            'back-office',
          );
          set({ setup, current: await api.invoke('shifts.current', {}) });
        } catch (error) {
          set({ problem: describeCallError(error) });
        } finally {
          set({ busy: false });
        }
      },
      approve: approveOrShowProblem(approval, (problem) => set({ problem })),
    };
  });
}

export const useShift = createShiftStore(till ?? disconnectedTill);
