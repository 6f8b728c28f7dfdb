// The one manager-approval flow, used by refunds and reports: a guarded call the services
// refuse for want of the manager (not_allowed) is kept with the reason in words; the screen
// shows the PIN form with that reason; `approve(pin)` unlocks the till and runs the refused
// action again. The owning store keeps the reason in its own state (`show`).
import { TillError, type TillApi } from '../../../shared/contract';

export function needsManager(error: unknown): boolean {
  return error instanceof TillError && error.code === 'not_allowed';
}

export interface ManagerApproval {
  /**
   * Runs `call`. When the services refuse it for want of the manager, keeps `again` (the whole
   * action to repeat) and shows `reason`; any error is rethrown. Success hides the prompt.
   */
  attempt<T>(reason: string, call: () => Promise<T>, again: () => Promise<void>): Promise<T>;
  /**
   * Unlocks the till with the manager's PIN, then runs the refused action again. A wrong or
   * locked-out PIN throws, in the words the services chose.
   */
  approve(pin: string): Promise<void>;
  /** Forgets the refused action and hides the prompt. */
  cancel(): void;
}

export function createManagerApproval(api: TillApi, show: (reason: string | null) => void): ManagerApproval {
  let waiting: (() => Promise<void>) | null = null;

  return {
    async attempt(reason, call, again) {
      try {
        const result = await call();
        waiting = null;
        show(null);
        return result;
      } catch (error) {
        if (needsManager(error)) {
          waiting = again;
          show(reason);
        }
        throw error;
      }
    },
    async approve(pin) {
      const answer = await api.invoke('manager.unlock', { pin });
      if (!answer.ok) throw new Error(answer.message);
      const again = waiting;
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
