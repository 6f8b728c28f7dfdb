// Asks for the manager PIN when a guarded action was refused (not_allowed); the store's
// manager approval (state/manager-approval.ts) unlocks the till with it and repeats the action.
import { useState } from 'react';

export function ManagerPinForm({
  reason,
  busy,
  onApprove,
}: {
  /** Why the manager is needed, in the label: "refunds need a manager". */
  reason: string;
  busy: boolean;
  onApprove: (pin: string) => Promise<unknown>;
}) {
  const [pin, setPin] = useState('');
  return (
    <form
      className="manager-pin row wrap"
      aria-label="Manager approval"
      onSubmit={(e) => {
        e.preventDefault();
        void onApprove(pin).then(() => setPin(''));
      }}
    >
      <label className="field">
        Manager PIN ({reason})
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={busy || !/^\d{4,8}$/.test(pin)}>
        Approve
      </button>
    </form>
  );
}
