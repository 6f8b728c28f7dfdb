// The manager PIN: the lock in front of Settings (with the wrong-try lock counting down), the
// first-time "set a PIN" panel, and changing the PIN.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSettings, type UnlockRefusal } from '../../state/settings';
import { ActionResult, SectionCard, useAction } from './section';
import { PinPad } from './PinPad';

/** Seconds until `until` (epoch ms), re-rendering once a second while positive. */
function useSecondsUntil(until: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

export function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/**
 * The services' message, except while a lock runs: then the wait is shown by the countdown
 * below, so the words say only why (a fixed "wait 30 s" would go stale).
 */
function refusalWords(refusal: UnlockRefusal): string {
  if (refusal.lockedUntil === null) return refusal.message;
  return refusal.reason === 'wrong' ? 'Wrong PIN. Too many wrong tries.' : 'Too many wrong PINs.';
}

export function PinGate() {
  const refusal = useSettings((s) => s.refusal);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seconds = useSecondsUntil(refusal?.lockedUntil ?? null);

  const unlock = (pin: string) => {
    setBusy(true);
    setProblem(null);
    useSettings
      .getState()
      .unlock(pin)
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : 'The PIN could not be checked.'))
      .finally(() => setBusy(false));
  };

  return (
    <div className="pin-gate">
      <div className="pin-card" role="group" aria-labelledby="pin-gate-title">
        <div className="lock-mark" aria-hidden="true" />
        <h2 id="pin-gate-title">Settings are locked</h2>
        <p className="settings-intro">Enter the manager PIN to change settings.</p>
        <PinPad
          label="Manager PIN"
          submitLabel={busy ? 'Checking…' : 'Unlock'}
          busy={busy}
          onSubmit={unlock}
        />
        <div className="pin-feedback" aria-live="polite">
          {busy && <p className="muted">Checking the PIN…</p>}
          {!busy && refusal && (
            <p className="pin-refusal" role="alert">
              {refusalWords(refusal)}
            </p>
          )}
          {!busy && refusal?.lockedUntil != null && (
            <p className="pin-wait" data-testid="pin-wait">
              {seconds > 0 ? `Try again in ${waitWords(seconds)}` : 'You can try again now.'}
            </p>
          )}
          {problem && (
            <p className="pin-refusal" role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Two or three PIN inputs (current, new, again), uncontrolled so no PIN is kept in React. */
function PinChangeForm({ needsCurrent, submitLabel }: { needsCurrent: boolean; submitLabel: string }) {
  const current = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLInputElement>(null);
  const again = useRef<HTMLInputElement>(null);
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = [current, next, again].map((r) => r.current?.value ?? '');
    for (const r of [current, next, again]) if (r.current) r.current.value = '';
    const [currentPin, newPin, repeated] = values as [string, string, string];
    void action.run(async () => {
      if (!/^\d{4,8}$/.test(newPin)) throw new Error('The PIN is 4 to 8 digits.');
      if (newPin !== repeated) throw new Error('The two new PINs differ. Type them again.');
      await useSettings.getState().setPin(newPin, needsCurrent ? currentPin : undefined);
    }, 'Manager PIN saved. Settings now ask for it.');
  };
  const pinInput = (ref: RefObject<HTMLInputElement | null>, label: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        ref={ref}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        aria-label={label}
      />
    </label>
  );
  return (
    <form className="pin-form" onSubmit={submit}>
      <div className="field-grid">
        {needsCurrent && pinInput(current, 'Current manager PIN')}
        {pinInput(next, 'New manager PIN')}
        {pinInput(again, 'New manager PIN again')}
      </div>
      <div className="save-bar">
        <button type="submit" className="primary" disabled={action.state.kind === 'busy'}>
          {submitLabel}
        </button>
        <ActionResult state={action.state} />
      </div>
    </form>
  );
}

export function SetPinPanel() {
  return (
    <section className="set-pin-panel" aria-labelledby="set-pin-title">
      <h2 id="set-pin-title">Set a manager PIN</h2>
      <p>
        Anyone at the till can change these settings until a manager PIN is set. Choose 4 to 8 digits that are
        not easy to guess (not 1234 or 0000).
      </p>
      <PinChangeForm needsCurrent={false} submitLabel="Set manager PIN" />
    </section>
  );
}

export function ManagerSection() {
  return (
    <SectionCard
      id="manager"
      title="Manager PIN"
      intro="Changing the PIN needs the current one. After 3 wrong tries the PIN locks for 30 s, then longer."
    >
      <PinChangeForm needsCurrent submitLabel="Change manager PIN" />
    </SectionCard>
  );
}
