// Settings, behind the manager PIN once one is set: each outside service (sandbox or live,
// address, sign-in kept in the keychain), printers, shop details and start-up. Each section
// saves on its own; the services validate the whole settings and refuse with a reason.
import { useEffect, useState } from 'react';
import { till } from '../../till';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isUnlocked, useSettings } from '../../state/settings';
import { ManagerSection, PinGate, SetPinPanel } from './ManagerPin';
import { PrintersSection } from './PrintersSection';
import { SaveBar, SectionCard, Toggle, useAction, useDraft } from './section';
import { ServiceSection } from './ServiceSection';
import { useShell } from '../../state/shell';
import { ShopSection } from './ShopSection';
import './settings.css';

const SECTIONS = [
  { id: 'card-payments', label: 'Card payments' },
  { id: 'supplies', label: 'Supplies' },
  { id: 'merchant-tools', label: 'Merchant tools' },
  { id: 'printers', label: 'Printers' },
  { id: 'shop', label: 'Shop details' },
  { id: 'startup', label: 'Start-up' },
  { id: 'manager', label: 'Manager PIN' },
];

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Re-renders when the manager's unlocked window closes, so the lock appears on time. */
function useUnlockedNow(unlockedUntil: string | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!unlockedUntil) return;
    const wait = new Date(unlockedUntil).getTime() - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [unlockedUntil]);
  const view = useSettings((s) => s.view);
  // A render after a fresh unlock sees a newer clock than `now`; take the later of the two.
  return isUnlocked(view, Math.max(now, Date.now()));
}

function StartupSection() {
  const settings = useSettings((s) => s.view?.settings);
  const source = { kioskMode: settings?.kioskMode ?? false, startOnLogin: settings?.startOnLogin ?? false };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const save = useAction();
  return (
    <SectionCard
      id="startup"
      title="Start-up"
      intro="These take effect the next time Paydesk starts."
      footer={
        <SaveBar
          dirty={dirty}
          state={save.state}
          onSave={() =>
            void save.run(() => useSettings.getState().update(draft), 'Saved. Restart Paydesk to apply.')
          }
          onUndo={reset}
          label="Save Start-up"
        />
      }
    >
      <div className="toggle-list">
        <Toggle
          label="Kiosk mode"
          hint="Full screen, no way out to the desktop without the manager."
          checked={draft.kioskMode}
          onChange={(kioskMode) => setDraft((d) => ({ ...d, kioskMode }))}
        />
        <Toggle
          label="Start on login"
          hint="Paydesk opens when this computer's user logs in."
          checked={draft.startOnLogin}
          onChange={(startOnLogin) => setDraft((d) => ({ ...d, startOnLogin }))}
        />
      </div>
      <QuitTill />
    </SectionCard>
  );
}

/** The only way out of a kiosk till: the services refuse it without the manager or mid-payment. */
function QuitTill() {
  const host = useShell((s) => s.info?.host);
  const [error, setError] = useState<unknown>(null);
  if (host !== 'electron') return null;
  return (
    <div className="quit-till">
      <button
        type="button"
        className="danger"
        onClick={() => {
          setError(null);
          till?.invoke('app.quit', {}).catch(setError);
        }}
      >
        Quit Paydesk
      </button>
      <ErrorNotice error={error} />
    </div>
  );
}

function Problems() {
  const problems = useSettings((s) => s.view?.problems ?? []);
  if (problems.length === 0) return null;
  return (
    <div className="settings-problems" role="alert" aria-label="Settings problems">
      <h2>Settings were damaged and have been reset</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.message}
            {p.keptAt && <span className="kept-at"> Kept at {p.keptAt}</span>}
          </li>
        ))}
      </ul>
      <p>Check every section below and save it again. The manager PIN may need setting again too.</p>
    </div>
  );
}

function UnlockedBar() {
  const until = useSettings((s) => s.view?.manager.unlockedUntil);
  const [problem, setProblem] = useState<unknown>(null);
  if (!until) return null;
  const time = new Date(until).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="unlocked-bar" role="status">
      <span>Unlocked for the manager until {time}.</span>
      <button type="button" onClick={() => useSettings.getState().lock().catch(setProblem)}>
        Lock settings
      </button>
      <ErrorNotice error={problem} />
    </div>
  );
}

function Sections({ keychainProblem }: { keychainProblem: string | null }) {
  return (
    <>
      <ServiceSection
        id="card-payments"
        service="payAtCounter"
        title="Card payments"
        intro="The pay-at-counter service that runs the card terminals."
        secrets={[
          { key: 'payAtCounter.username', label: 'Username', masked: false },
          { key: 'payAtCounter.password', label: 'Password', masked: true },
        ]}
        canTest
        withDefaultTerminal
        keychainProblem={keychainProblem}
      />
      <ServiceSection
        id="supplies"
        service="distribution"
        title="Supplies"
        intro="The product distribution service the shop orders stock from."
        secrets={[{ key: 'distribution.apiKey', label: 'API key', masked: true }]}
        canTest
        withOrderMethod
        keychainProblem={keychainProblem}
      />
      <ServiceSection
        id="merchant-tools"
        service="merchant"
        title="Merchant tools"
        intro="The merchant dashboard’s tools."
        secrets={[]}
        signInNote="Live: the address of the merchant tools (it ends in /mcp). Staff sign in with their dashboard account on the Merchant tools screen, in the browser; the sign-in is kept in this computer’s keychain."
        canTest={false}
        keychainProblem={keychainProblem}
      />
      <PrintersSection />
      <ShopSection />
      <StartupSection />
    </>
  );
}

export function SettingsScreen() {
  const view = useSettings((s) => s.view);
  const loadError = useSettings((s) => s.loadError);
  const unlocked = useUnlockedNow(view?.manager.unlockedUntil);

  // Changes made elsewhere arrive through state/events.ts.
  useEffect(() => {
    void useSettings.getState().load();
  }, []);

  const title = (
    <div className="settings-head">
      <h1 id="screen-title">Settings</h1>
    </div>
  );
  if (!view) {
    return (
      <section className="screen settings-screen" aria-labelledby="screen-title">
        {title}
        <ErrorNotice error={loadError} />
        {!loadError && <p className="muted">Loading settings…</p>}
      </section>
    );
  }

  const locked = view.manager.pinSet && !unlocked;
  const keychainProblem = view.keychain.ok ? null : sentence(view.keychain.detail);
  return (
    <section className="screen settings-screen" aria-labelledby="screen-title">
      {title}
      <Problems />
      {locked ? (
        <PinGate />
      ) : (
        <>
          {!view.manager.pinSet && <SetPinPanel />}
          {view.manager.pinSet && <UnlockedBar />}
          {keychainProblem && (
            <div className="notice notice-warn" role="alert" aria-label="Keychain unavailable">
              <strong>Passwords can’t be saved on this computer.</strong> {keychainProblem}
            </div>
          )}
          <ErrorNotice error={loadError} />
          <nav className="settings-jump" aria-label="Settings sections">
            {SECTIONS.filter((s) => s.id !== 'manager' || view.manager.pinSet).map((s) => (
              <button
                key={s.id}
                type="button"
                className="jump-link"
                onClick={() =>
                  document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }
              >
                {s.label}
              </button>
            ))}
          </nav>
          <div className="settings-sections">
            <Sections keychainProblem={keychainProblem} />
            {view.manager.pinSet && <ManagerSection />}
          </div>
        </>
      )}
    </section>
  );
}
