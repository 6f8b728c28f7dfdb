// Asks for an approver when a guarded action was refused (not_allowed): the people whose role may
// approve it (the rights table) as big name buttons; the one who taps their name enters their own
// PIN, and only that PIN is checked. The store's approval (state/manager-approval.ts) approves that
// one action with it and repeats it. On a till with no manager yet, it asks to create the first
// manager instead (signed in at once).
import { useState } from 'react';
import type { StaffPerson } from '../../../shared/contract';
import { approverRoles } from '../../../shared/staff-rights';
import { useTranslation } from '../i18n';
import { useCounterApproval } from '../state/manager-approval';
import { useStaff } from '../state/staff';
import './ManagerPinForm.css';

const PIN_PATTERN = /^\d{4,8}$/;
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function FirstManagerForm({
  busy,
  onCreated,
}: {
  busy: boolean;
  onCreated: (pin: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const problem = useStaff((s) => s.problem);
  const ready = name.trim() !== '' && PIN_PATTERN.test(pin) && pin === again;
  return (
    <form
      className="manager-pin row wrap"
      aria-label={t('approval.first.label')}
      onSubmit={(e) => {
        e.preventDefault();
        void useStaff
          .getState()
          .createFirstManager(name, pin)
          .then((created) => (created ? onCreated(pin) : undefined));
      }}
    >
      <p>{t('approval.first.intro')}</p>
      <label className="field">
        {t('approval.first.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </label>
      <label className="field">
        {t('approval.first.pin')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
      </label>
      <label className="field">
        {t('approval.first.again')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={busy || !ready}>
        {t('approval.first.create')}
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
  /** Why approval is needed, in words: shown when the refused action is not known. */
  reason: string;
  busy: boolean;
  onApprove: (pin: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const session = useStaff((s) => s.session);
  const action = useCounterApproval((s) => s.action);
  const approverId = useCounterApproval((s) => s.approverId);
  if (session !== null && !session.managerExists)
    return <FirstManagerForm busy={busy} onCreated={onApprove} />;
  const roles = approverRoles(action);
  // Who may approve, as the catalogue words it: supervisors (and managers), or managers only.
  const who = roles.includes('supervisor') ? 'supervisor' : 'manager';
  const approvers: StaffPerson[] = (session?.people ?? []).filter((p) => roles.includes(p.role));
  // One person who may approve needs no tap; nobody listed (not loaded yet) falls back to any PIN.
  const picked =
    approvers.find((p) => p.id === approverId) ?? (approvers.length === 1 ? approvers[0]! : null);
  const askPin = picked !== null || approvers.length === 0;
  const why = action ? t(`approval.needs.${action}`) : `${sentence(reason)}.`;
  const pick = (id: string) => {
    setPin('');
    useCounterApproval.getState().pick(id);
  };
  return (
    <form
      className="manager-pin"
      aria-label={t(`approval.label.${who}`)}
      onSubmit={(e) => {
        e.preventDefault();
        if (!askPin || !PIN_PATTERN.test(pin)) return;
        useCounterApproval.getState().pick(picked?.id ?? null);
        void onApprove(pin).then(() => setPin(''));
      }}
    >
      <p className="approval-why">
        {why}
        {approvers.length > 1 && ` ${t('approval.tapName')}`}
      </p>
      {approvers.length > 1 && (
        <div className="approver-list" role="group" aria-label={t('approval.whoApproves')}>
          {approvers.map((person) => (
            <button
              key={person.id}
              type="button"
              className="approver"
              aria-pressed={person.id === picked?.id}
              onClick={() => pick(person.id)}
            >
              <span className="approver-name">{person.name}</span>
              <span className="approver-role">{t(`signIn.role.${person.role}`)}</span>
            </button>
          ))}
        </div>
      )}
      {askPin && (
        <div className="row wrap">
          <label className="field">
            {picked ? t('signIn.pinLabel', { name: picked.name }) : t(`approval.pinOf.${who}`)}
            <input
              key={picked?.id}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              autoFocus={approvers.length > 1}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
            />
          </label>
          <button type="submit" className="primary" disabled={busy || !PIN_PATTERN.test(pin)}>
            {t('approval.approve')}
          </button>
        </div>
      )}
    </form>
  );
}
