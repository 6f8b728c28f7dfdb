// The one counter-approval flow, used by refunds, reports, overrides and the back office: a
// guarded call the services refuse (not_allowed) is kept with the reason in words; the screen
// shows the approval form (components/ManagerPinForm.tsx), where the approver taps their name and
// enters their own PIN; `approve(pin)` sends it for that one action (`manager.unlock` with the
// action and the approver: a one-shot approval, not a sign-in switch; without an action, a
// manager's PIN opens Settings and the back office for a few minutes) and runs the refused action
// again. The owning store keeps the reason in its own state (`show`).
import { create } from 'zustand';
import type { GuardedAction, TillApi } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/till-error';
import { describeCallError } from './call-errors';
import { wordsText } from '../i18n/words';

export function needsManager(error: unknown): boolean {
  return error instanceof TillError && error.code === 'not_allowed';
}

/**
 * What the approval form on screen asks for: the refused action (its rights say who may approve)
 * and the approver tapped. One for the whole window, as one form shows at a time; the stores'
 * approvals keep their own refused action and read the approver from here.
 */
export interface CounterApprovalState {
  /** The last refused action; undefined = a manager for Settings and the back office. */
  action: GuardedAction | undefined;
  /** The person who tapped their name; only their PIN is checked. */
  approverId: string | null;
  pick(approverId: string | null): void;
}

export const useCounterApproval = create<CounterApprovalState>((set) => ({
  action: undefined,
  approverId: null,
  pick: (approverId) => set({ approverId }),
}));

export interface ManagerApproval {
  /**
   * Runs `call`. When the services refuse it for want of a supervisor or manager, keeps `again`
   * (the whole action to repeat) and `action` (what the PIN approves), and shows `reason`; any
   * error is rethrown. Success hides the prompt.
   */
  attempt<T>(
    reason: string,
    call: () => Promise<T>,
    again: () => Promise<void>,
    action?: GuardedAction,
  ): Promise<T>;
  /**
   * Approves the refused action with the PIN of the approver picked on the form (or, with nobody
   * picked, of any supervisor or manager allowed), then runs it again. A wrong or locked-out PIN
   * throws, in the words the services chose.
   */
  approve(pin: string): Promise<void>;
  /** Forgets the refused action and hides the prompt. */
  cancel(): void;
}

export function createManagerApproval(api: TillApi, show: (reason: string | null) => void): ManagerApproval {
  let waiting: { again: () => Promise<void>; action: GuardedAction | undefined } | null = null;
  const hide = () => {
    // Another store's call succeeding leaves the pick on an open form alone.
    if (waiting) useCounterApproval.setState({ approverId: null });
    waiting = null;
    show(null);
  };

  return {
    async attempt(reason, call, again, action) {
      try {
        const result = await call();
        hide();
        return result;
      } catch (error) {
        if (needsManager(error)) {
          waiting = { again, action };
          useCounterApproval.setState({ action, approverId: null });
          show(reason);
        }
        throw error;
      }
    },
    async approve(pin) {
      const action = waiting?.action;
      const staffId = useCounterApproval.getState().approverId;
      const answer = await api.invoke('manager.unlock', {
        pin,
        ...(action && { action }),
        ...(staffId && { staffId }),
      });
      if (!answer.ok) throw new Error(wordsText(answer.words, answer.message));
      const again = waiting?.again;
      hide();
      if (again) await again();
    },
    cancel: hide,
  };
}

/** A screen store's `approve(pin)`: approves with `approval`; a refused PIN becomes the store's problem. */
export function approveOrShowProblem(
  approval: ManagerApproval,
  showProblem: (problem: string) => void,
): (pin: string) => Promise<void> {
  return async (pin) => {
    try {
      await approval.approve(pin);
    } catch (error) {
      showProblem(describeCallError(error));
    }
  };
}
