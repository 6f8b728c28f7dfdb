// The one counter-approval flow, used by refunds, reports and the back office: a guarded call the
// services refuse (not_allowed) is kept with the reason in words; the screen shows the PIN form
// with that reason; `approve(pin)` sends the supervisor's or manager's own PIN for that one action
// (`manager.unlock` with the action: a one-shot approval, not a sign-in switch; without an action,
// a manager's PIN opens Settings and the back office for a few minutes) and runs the refused action
// again. The owning store keeps the reason in its own state (`show`).
import { TillError, type GuardedAction, type TillApi } from '../../../shared/contract';

export function needsManager(error: unknown): boolean {
  return error instanceof TillError && error.code === 'not_allowed';
}

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
   * Approves the refused action with a supervisor's or manager's PIN, then runs it again. A wrong
   * or locked-out PIN throws, in the words the services chose.
   */
  approve(pin: string): Promise<void>;
  /** Forgets the refused action and hides the prompt. */
  cancel(): void;
}

export function createManagerApproval(api: TillApi, show: (reason: string | null) => void): ManagerApproval {
  let waiting: { again: () => Promise<void>; action: GuardedAction | undefined } | null = null;

  return {
    async attempt(reason, call, again, action) {
      try {
        const result = await call();
        waiting = null;
        show(null);
        return result;
      } catch (error) {
        if (needsManager(error)) {
          waiting = { again, action };
          show(reason);
        }
        throw error;
      }
    },
    async approve(pin) {
      const action = waiting?.action;
      const answer = await api.invoke('manager.unlock', { pin, ...(action && { action }) });
      if (!answer.ok) throw new Error(answer.message);
      const again = waiting?.again;
      waiting = null;
      show(null);
      if (again) await again();
    },
    cancel() {
      waiting = null;
      show(null);
    },
  };
}
