// What a cash-up or report screen shows under its buttons: the last problem in staff's words, and
// the approver form when the services refused an action for want of a supervisor or manager.
import { ManagerPinForm } from './ManagerPinForm';

export function ProblemAndApproval({
  problem,
  managerNeeded,
  busy,
  onApprove,
}: {
  problem: string | null;
  /** Why an approver is needed; null: nothing waits for one. */
  managerNeeded: string | null;
  busy: boolean;
  onApprove: (pin: string) => Promise<unknown>;
}) {
  return (
    <>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {managerNeeded && <ManagerPinForm reason={managerNeeded} busy={busy} onApprove={onApprove} />}
    </>
  );
}
