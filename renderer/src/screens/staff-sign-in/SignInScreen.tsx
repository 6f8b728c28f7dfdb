// "Who is serving?": shown at start, after the idle sign-out, and when the cashier taps their name
// in the top bar. Tap your name, enter your PIN: the services check it and remember who serves.
import { useState, type FormEvent } from 'react';
import type { StaffPerson } from '../../../../shared/contract';
import { signInNeeded, useStaff } from '../../state/staff';
import { useTranslation } from '../../i18n';
import './staff-sign-in.css';

function PinEntry({ person, onBack }: { person: StaffPerson; onBack(): void }) {
  const { t } = useTranslation();
  const busy = useStaff((s) => s.busy);
  const [pin, setPin] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void useStaff
      .getState()
      .signIn(person.id, pin)
      .then(() => setPin(''));
  };
  return (
    <form className="sign-in-pin" aria-label={t('signIn.pinFor', { name: person.name })} onSubmit={submit}>
      <label className="field">
        {t('signIn.pinLabel', { name: person.name })}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
        />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={busy || !/^\d{4,8}$/.test(pin)}>
          {t('signIn.signIn')}
        </button>
        <button type="button" onClick={onBack}>
          {t('signIn.someoneElse')}
        </button>
      </div>
    </form>
  );
}

export function SignInScreen() {
  const { t } = useTranslation();
  const session = useStaff((s) => s.session);
  const problem = useStaff((s) => s.problem);
  const switching = useStaff((s) => s.switching);
  const [picked, setPicked] = useState<StaffPerson | null>(null);
  if (!session) return null;
  const signedIn = session.signedIn;
  return (
    <div className="sign-in-overlay" role="dialog" aria-modal="true" aria-labelledby="sign-in-title">
      <section className="sign-in-panel">
        <h1 id="sign-in-title">{t('signIn.title')}</h1>
        <p>{t('signIn.hint')}</p>
        {problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        {picked ? (
          <PinEntry person={picked} onBack={() => setPicked(null)} />
        ) : (
          <div className="sign-in-people" role="group" aria-label={t('signIn.staff')}>
            {session.people.map((person) => (
              <button
                key={person.id}
                type="button"
                className={person.id === signedIn?.id ? 'sign-in-person current' : 'sign-in-person'}
                onClick={() => setPicked(person)}
              >
                <span className="sign-in-name">{person.name}</span>
                <span className="sign-in-role">{t(`signIn.role.${person.role}`)}</span>
              </button>
            ))}
          </div>
        )}
        {switching && signedIn && (
          <div className="row">
            <button type="button" onClick={() => useStaff.getState().cancelSwitch()}>
              {t('signIn.keepServing', { name: signedIn.name })}
            </button>
            <button type="button" onClick={() => void useStaff.getState().signOut()}>
              {t('signIn.signOut', { name: signedIn.name })}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

/** The top bar's name: one tap opens the sign-in screen to switch cashier. */
export function StaffSwitch() {
  const { t } = useTranslation();
  const session = useStaff((s) => s.session);
  if (!session?.staffSetUp) return null;
  const name = session.signedIn?.name;
  return (
    <button
      type="button"
      className="staff-switch"
      aria-label={name ? t('signIn.servingSwitch', { name }) : t('signIn.nobodyServing')}
      onClick={() => useStaff.getState().startSwitch()}
    >
      {name ? t('signIn.serving', { name }) : t('signIn.signIn')}
    </button>
  );
}

/** Whether the sign-in screen covers the till now. */
export function useSignInShowing(): boolean {
  return useStaff(signInNeeded);
}
