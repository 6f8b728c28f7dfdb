// The manager PIN: the lock in front of Settings (with the wrong-try lock counting down), the
// first-time "set a PIN" panel, and changing the PIN.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSettings, type UnlockRefusal } from '../../state/settings';
import { ActionResult, SectionCard, useAction } from './section';
import { PinPad } from './PinPad';
import { i18n, useTranslation } from '../../i18n';
import { errorMessage } from '../../components/ErrorNotice';

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
  if (seconds < 60) return i18n.t('settings.pin.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest
    ? i18n.t('settings.pin.minutesSeconds', { minutes, seconds: rest })
    : i18n.t('settings.pin.minutes', { minutes });
}

/**
 * The services' message, except while a lock runs: then the wait is shown by the countdown
 * below, so the words say only why (a fixed "wait 30 s" would go stale).
 */
function refusalWords(refusal: UnlockRefusal): string {
  if (refusal.lockedUntil === null) return refusal.message;
  return refusal.reason === 'wrong' ? i18n.t('settings.pin.wrongTooMany') : i18n.t('settings.pin.tooMany');
}

export function PinGate() {
  const { t } = useTranslation();
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
      .catch((e: unknown) => setProblem(e instanceof Error ? errorMessage(e) : t('settings.pin.notChecked')))
      .finally(() => setBusy(false));
  };

  return (
    <div className="pin-gate">
      <div className="pin-card" role="group" aria-labelledby="pin-gate-title">
        <div className="lock-mark" aria-hidden="true" />
        <h2 id="pin-gate-title">{t('settings.pin.lockedTitle')}</h2>
        <p className="settings-intro">{t('settings.pin.lockedIntro')}</p>
        <PinPad
          label={t('settings.pin.managerPin')}
          submitLabel={busy ? t('settings.pin.checking') : t('settings.pin.unlock')}
          busy={busy}
          onSubmit={unlock}
        />
        <div className="pin-feedback" aria-live="polite">
          {busy && <p className="muted">{t('settings.pin.checkingPin')}</p>}
          {!busy && refusal && (
            <p className="pin-refusal" role="alert">
              {refusalWords(refusal)}
            </p>
          )}
          {!busy && refusal?.lockedUntil != null && (
            <p className="pin-wait" data-testid="pin-wait">
              {seconds > 0
                ? t('settings.pin.tryAgainIn', { wait: waitWords(seconds) })
                : t('settings.pin.tryNow')}
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
  const { t } = useTranslation();
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
      if (!/^\d{4,8}$/.test(newPin)) throw new Error(t('settings.pin.digits'));
      if (newPin !== repeated) throw new Error(t('settings.pin.differ'));
      await useSettings.getState().setPin(newPin, needsCurrent ? currentPin : undefined);
    }, t('settings.pin.saved'));
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
        {needsCurrent && pinInput(current, t('settings.pin.current'))}
        {pinInput(next, t('settings.pin.new'))}
        {pinInput(again, t('settings.pin.again'))}
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
  const { t } = useTranslation();
  return (
    <section className="set-pin-panel" aria-labelledby="set-pin-title">
      <h2 id="set-pin-title">{t('settings.pin.setTitle')}</h2>
      <p>{t('settings.pin.setIntro')}</p>
      <PinChangeForm needsCurrent={false} submitLabel={t('settings.pin.set')} />
    </section>
  );
}

export function ManagerSection() {
  const { t } = useTranslation();
  return (
    <SectionCard id="manager" title={t('settings.sections.manager')} intro={t('settings.pin.changeIntro')}>
      <PinChangeForm needsCurrent submitLabel={t('settings.pin.change')} />
    </SectionCard>
  );
}
