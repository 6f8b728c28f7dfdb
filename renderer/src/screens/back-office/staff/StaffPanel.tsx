// The back office's Staff tab (managers only; the services refuse anyone else): the people who
// may serve, their roles and PINs, and how long the till waits before signing a cashier out.
import { useEffect, useState } from 'react';
import { STAFF_ROLES, type StaffMemberView, type StaffRole } from '../../../../../shared/contract';
import { useStaff } from '../../../state/staff';

const ROLE_WORDS: Record<StaffRole, string> = {
  cashier: 'Cashier: sells, takes cash and card, X reports',
  supervisor: 'Supervisor: also refunds, Z and end of day reports, overrides',
  manager: 'Manager: also the back office and settings',
};

function RoleSelect({
  value,
  onChange,
  label,
}: {
  value: StaffRole;
  onChange(role: StaffRole): void;
  label: string;
}) {
  return (
    <label className="field">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_WORDS[role]}
          </option>
        ))}
      </select>
    </label>
  );
}

function AddPerson() {
  const busy = useStaff((s) => s.busy);
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('cashier');
  const [pin, setPin] = useState('');
  return (
    <form
      className="row wrap"
      aria-label="Add a person"
      onSubmit={(e) => {
        e.preventDefault();
        void useStaff
          .getState()
          .addPerson({ name, role, pin })
          .then((added) => {
            if (!added) return;
            setName('');
            setPin('');
          });
      }}
    >
      <label className="field">
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </label>
      <RoleSelect label="Role" value={role} onChange={setRole} />
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
      <button type="submit" className="primary" disabled={busy || !name.trim() || !/^\d{4,8}$/.test(pin)}>
        Add person
      </button>
    </form>
  );
}

function PersonRow({ person }: { person: StaffMemberView }) {
  const busy = useStaff((s) => s.busy);
  const [newPin, setNewPin] = useState('');
  const store = useStaff.getState();
  return (
    <tr data-testid="staff-row">
      <th scope="row">{person.name}</th>
      <td>
        <RoleSelect
          label={`Role of ${person.name}`}
          value={person.role}
          onChange={(role) => void store.updatePerson(person.id, { role })}
        />
      </td>
      <td>
        <form
          className="row"
          aria-label={`New PIN for ${person.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            void store.updatePerson(person.id, { pin: newPin }).then((saved) => saved && setNewPin(''));
          }}
        >
          <input
            aria-label={`New PIN for ${person.name}`}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={newPin}
            onChange={(e) => setNewPin(e.target.value)}
          />
          <button type="submit" disabled={busy || !/^\d{4,8}$/.test(newPin)}>
            Change PIN
          </button>
        </form>
      </td>
      <td>
        <button type="button" disabled={busy} onClick={() => void store.removePerson(person.id)}>
          Remove {person.name}
        </button>
      </td>
    </tr>
  );
}

function IdleSetting() {
  const minutes = useStaff((s) => s.session?.idleSignOutMinutes ?? 5);
  const [value, setValue] = useState(String(minutes));
  useEffect(() => setValue(String(minutes)), [minutes]);
  return (
    <form
      className="row wrap"
      aria-label="Idle sign-out"
      onSubmit={(e) => {
        e.preventDefault();
        void useStaff.getState().setIdleMinutes(Number(value));
      }}
    >
      <label className="field">
        Sign the cashier out after this many idle minutes (0 = never)
        <input
          type="number"
          min={0}
          max={1440}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <button type="submit" disabled={!/^\d{1,4}$/.test(value)}>
        Save
      </button>
    </form>
  );
}

export function StaffPanel() {
  const people = useStaff((s) => s.people);
  const problem = useStaff((s) => s.problem);
  const notice = useStaff((s) => s.notice);
  useEffect(() => {
    void useStaff.getState().loadPeople();
  }, []);
  const active = (people ?? []).filter((p) => p.active);
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      <p>
        Everyone signs in with their own PIN. PINs are kept only as a one-way code: nobody can read them back.
      </p>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <AddPerson />
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">PIN</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {active.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </tbody>
      </table>
      <IdleSetting />
    </section>
  );
}
