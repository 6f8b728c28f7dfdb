// "Who is serving?": shown at start, after the idle sign-out, and when the cashier taps their name
// in the top bar. Tap your name, enter your PIN: the services check it and remember who serves.
import { useState, type FormEvent } from 'react';
import type { StaffPerson } from '../../../../shared/contract';
import { useStaff } from '../../state/staff';
import './staff-sign-in.css';

const ROLE_WORDS: Record<StaffPerson['role'], string> = {
  cashier: 'Cashier',
  supervisor: 'Supervisor',
  manager: 'Manager',
};

function PinEntry({ person, onBack }: { person: StaffPerson; onBack(): void }) {
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
    <form className="sign-in-pin" aria-label={`PIN for ${person.name}`} onSubmit={submit}>
      <label className="field">
        {person.name}’s PIN
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
          Sign in
        </button>
        <button type="button" onClick={onBack}>
          Someone else
        </button>
      </div>
    </form>
  );
}

export function SignInScreen() {
  const session = useStaff((s) => s.session);
  const problem = useStaff((s) => s.problem);
  const switching = useStaff((s) => s.switching);
  const [picked, setPicked] = useState<StaffPerson | null>(null);
  if (!session) return null;
  const signedIn = session.signedIn;
  return (
    <div className="sign-in-overlay" role="dialog" aria-modal="true" aria-labelledby="sign-in-title">
      <section className="sign-in-panel">
        <h1 id="sign-in-title">Who is serving?</h1>
        <p>Tap your name, then enter your PIN.</p>
        {problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        {picked ? (
          <PinEntry person={picked} onBack={() => setPicked(null)} />
        ) : (
          <div className="sign-in-people" role="group" aria-label="Staff">
            {session.people.map((person) => (
              <button
                key={person.id}
                type="button"
                className={person.id === signedIn?.id ? 'sign-in-person current' : 'sign-in-person'}
                onClick={() => setPicked(person)}
              >
                <span className="sign-in-name">{person.name}</span>
                <span className="sign-in-role">{ROLE_WORDS[person.role]}</span>
              </button>
            ))}
          </div>
        )}
        {switching && signedIn && (
          <div className="row">
            <button type="button" onClick={() => useStaff.getState().cancelSwitch()}>
              Keep serving as {signedIn.name}
            </button>
            <button type="button" onClick={() => void useStaff.getState().signOut()}>
              Sign {signedIn.name} out
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

/** The top bar's name: one tap opens the sign-in screen to switch cashier. */
export function StaffSwitch() {
  const session = useStaff((s) => s.session);
  if (!session?.staffSetUp) return null;
  const name = session.signedIn?.name;
  return (
    <button
      type="button"
      className="staff-switch"
      aria-label={name ? `Serving: ${name}. Switch cashier` : 'Nobody is serving. Sign in'}
      onClick={() => useStaff.getState().startSwitch()}
    >
      {name ? `Serving: ${name}` : 'Sign in'}
    </button>
  );
}

/** Whether the sign-in screen covers the till now. */
export function useSignInShowing(): boolean {
  return useStaff((s) => Boolean(s.session?.staffSetUp && (!s.session.signedIn || s.switching)));
}
