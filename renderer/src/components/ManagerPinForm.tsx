// Asks for a supervisor's or manager's PIN when a guarded action was refused (not_allowed); the
// store's approval (state/manager-approval.ts) approves that one action with it and repeats it.
// On a till with no manager yet, it asks to create the first manager instead (signed in at once).
import { useState } from 'react';
import { useStaff } from '../state/staff';

const PIN_PATTERN = /^\d{4,8}$/;

function FirstManagerForm({
  busy,
  onCreated,
}: {
  busy: boolean;
  onCreated: (pin: string) => Promise<unknown>;
}) {
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const problem = useStaff((s) => s.problem);
  const ready = name.trim() !== '' && PIN_PATTERN.test(pin) && pin === again;
  return (
    <form
      className="manager-pin row wrap"
      aria-label="Create the first manager"
      onSubmit={(e) => {
        e.preventDefault();
        void useStaff
          .getState()
          .createFirstManager(name, pin)
          .then((created) => (created ? onCreated(pin) : undefined));
      }}
    >
      <p>
        This till has no manager yet. Create the first one: they can then approve this and set up the staff.
      </p>
      <label className="field">
        Manager’s name
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </label>
      <label className="field">
        Their PIN (4 to 8 digits)
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
      </label>
      <label className="field">
        The PIN again
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={busy || !ready}>
        Create manager
      </button>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

export function ManagerPinForm({
  reason,
  busy,
  onApprove,
}: {
  /** Why a supervisor or manager is needed, in the label: "refunds need a manager". */
  reason: string;
  busy: boolean;
  onApprove: (pin: string) => Promise<unknown>;
}) {
  const [pin, setPin] = useState('');
  const noManager = useStaff((s) => s.session !== null && !s.session.managerExists);
  if (noManager) return <FirstManagerForm busy={busy} onCreated={onApprove} />;
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
      <button type="submit" className="primary" disabled={busy || !PIN_PATTERN.test(pin)}>
        Approve
      </button>
    </form>
  );
}
