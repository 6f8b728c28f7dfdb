// The back office's Staff tab (managers only; the services refuse anyone else): the people who
// may serve, their roles and PINs, and how long the till waits before signing a cashier out.
import { useEffect, useState } from 'react';
import { STAFF_ROLES, type StaffMemberView, type StaffRole } from '../../../../../shared/contract';
import { useStaff } from '../../../state/staff';
import { useTranslation } from '../../../i18n';

function RoleSelect({
  value,
  onChange,
  label,
}: {
  value: StaffRole;
  onChange(role: StaffRole): void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`backOffice.staff.role.${role}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function AddPerson() {
  const { t } = useTranslation();
  const busy = useStaff((s) => s.busy);
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('cashier');
  const [pin, setPin] = useState('');
  return (
    <form
      className="row wrap"
      aria-label={t('backOffice.staff.addPerson')}
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
        {t('backOffice.staff.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </label>
      <RoleSelect label={t('backOffice.staff.roleLabel')} value={role} onChange={setRole} />
      <label className="field">
        {t('backOffice.staff.theirPin')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={busy || !name.trim() || !/^\d{4,8}$/.test(pin)}>
        {t('backOffice.staff.add')}
      </button>
    </form>
  );
}

function PersonRow({ person }: { person: StaffMemberView }) {
  const { t } = useTranslation();
  const busy = useStaff((s) => s.busy);
  const [newPin, setNewPin] = useState('');
  const store = useStaff.getState();
  return (
    <tr data-testid="staff-row">
      <th scope="row">{person.name}</th>
      <td>
        <RoleSelect
          label={t('backOffice.staff.roleOf', { name: person.name })}
          value={person.role}
          onChange={(role) => void store.updatePerson(person.id, { role })}
        />
      </td>
      <td>
        <form
          className="row"
          aria-label={t('backOffice.staff.newPinFor', { name: person.name })}
          onSubmit={(e) => {
            e.preventDefault();
            void store.updatePerson(person.id, { pin: newPin }).then((saved) => saved && setNewPin(''));
          }}
        >
          <input
            aria-label={t('backOffice.staff.newPinFor', { name: person.name })}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={newPin}
            onChange={(e) => setNewPin(e.target.value)}
          />
          <button type="submit" disabled={busy || !/^\d{4,8}$/.test(newPin)}>
            {t('backOffice.staff.changePin')}
          </button>
        </form>
      </td>
      <td>
        <button type="button" disabled={busy} onClick={() => void store.removePerson(person.id)}>
          {t('backOffice.staff.remove', { name: person.name })}
        </button>
      </td>
    </tr>
  );
}

function IdleSetting() {
  const { t } = useTranslation();
  const minutes = useStaff((s) => s.session?.idleSignOutMinutes ?? 5);
  const [value, setValue] = useState(String(minutes));
  useEffect(() => setValue(String(minutes)), [minutes]);
  return (
    <form
      className="row wrap"
      aria-label={t('backOffice.staff.idle')}
      onSubmit={(e) => {
        e.preventDefault();
        void useStaff.getState().setIdleMinutes(Number(value));
      }}
    >
      <label className="field">
        {t('backOffice.staff.idleLabel')}
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
        {t('backOffice.staff.save')}
      </button>
    </form>
  );
}

export function StaffPanel() {
  const { t } = useTranslation();
  const people = useStaff((s) => s.people);
  const problem = useStaff((s) => s.problem);
  const notice = useStaff((s) => s.notice);
  useEffect(() => {
    void useStaff.getState().loadPeople();
  }, []);
  const active = (people ?? []).filter((p) => p.active);
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title">{t('backOffice.staff.title')}</h2>
      <p>{t('backOffice.staff.intro')}</p>
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
            <th scope="col">{t('backOffice.staff.name')}</th>
            <th scope="col">{t('backOffice.staff.roleLabel')}</th>
            <th scope="col">{t('backOffice.staff.pin')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('backOffice.staff.removeColumn')}</span>
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
