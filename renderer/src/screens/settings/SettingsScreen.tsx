// Settings, behind the manager PIN once one is set: each outside service (sandbox or live,
// address, sign-in kept in the keychain), printers, shop details, the shop server and start-up. Each section
// saves on its own; the services validate the whole settings and refuse with a reason.
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isUnlocked, useSettings } from '../../state/settings';
import { ManagerSection, PinGate, SetPinPanel } from './ManagerPin';
import { PrintersSection } from './PrintersSection';
import { SectionCard, Toggle, useAction, useDraft } from './section';
import { ServiceSection } from './ServiceSection';
import { QuitTill } from './QuitTill';
import { ShopSection } from './ShopSection';
import { CounterSection } from './CounterSection';
import { LanguageSection } from './LanguageSection';
import { useFormat, useTranslation } from '../../i18n';
import './settings.css';
import { BackupSummary } from '../backup/BackupSummary';
import { ShopServerSection } from '../shop-server/ShopServerSection';

/** The sections in page order; their names are `settings.sections.<id>` in the catalogues. */
const SECTIONS = [
  'card-payments',
  'supplies',
  'merchant-tools',
  'printers',
  'shop',
  'shop-server',
  'language',
  'startup',
  'backups',
  'manager',
] as const;

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
  const { t } = useTranslation();
  const settings = useSettings((s) => s.view?.settings);
  const source = { kioskMode: settings?.kioskMode ?? false, startOnLogin: settings?.startOnLogin ?? false };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const save = useAction();
  return (
    <SectionCard
      id="startup"
      title={t('settings.sections.startup')}
      intro={t('settings.startup.intro')}
      save={{
        dirty,
        state: save.state,
        onSave: () => void save.run(() => useSettings.getState().update(draft), t('settings.startup.saved')),
        onUndo: reset,
      }}
    >
      <div className="toggle-list">
        <Toggle
          label={t('settings.startup.kiosk')}
          hint={t('settings.startup.kioskHint')}
          checked={draft.kioskMode}
          onChange={(kioskMode) => setDraft((d) => ({ ...d, kioskMode }))}
        />
        <Toggle
          label={t('settings.startup.login')}
          hint={t('settings.startup.loginHint')}
          checked={draft.startOnLogin}
          onChange={(startOnLogin) => setDraft((d) => ({ ...d, startOnLogin }))}
        />
      </div>
      <QuitTill />
    </SectionCard>
  );
}

function Problems() {
  const { t } = useTranslation();
  const problems = useSettings((s) => s.view?.problems ?? []);
  if (problems.length === 0) return null;
  return (
    <div className="settings-problems" role="alert" aria-label={t('settings.problems.label')}>
      <h2>{t('settings.problems.title')}</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.message}
            {p.keptAt && (
              <span className="kept-at"> {t('settings.problems.keptAt', { place: p.keptAt })}</span>
            )}
          </li>
        ))}
      </ul>
      <p>{t('settings.problems.next')}</p>
    </div>
  );
}

function UnlockedBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const until = useSettings((s) => s.view?.manager.unlockedUntil);
  const [problem, setProblem] = useState<unknown>(null);
  if (!until) return null;
  const time = format.time(until);
  return (
    <div className="unlocked-bar" role="status">
      <span>{t('settings.unlocked.until', { time })}</span>
      <button type="button" onClick={() => useSettings.getState().lock().catch(setProblem)}>
        {t('settings.unlocked.lock')}
      </button>
      <ErrorNotice error={problem} />
    </div>
  );
}

function Sections({ keychainProblem }: { keychainProblem: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <ServiceSection
        id="card-payments"
        service="payAtCounter"
        title={t('settings.service.card-payments.title')}
        intro={t('settings.service.card-payments.intro')}
        secrets={[
          { key: 'payAtCounter.username', label: t('settings.service.username'), masked: false },
          { key: 'payAtCounter.password', label: t('settings.service.password'), masked: true },
        ]}
        canTest
        withDefaultTerminal
        keychainProblem={keychainProblem}
      />
      <ServiceSection
        id="supplies"
        service="distribution"
        title={t('settings.service.supplies.title')}
        intro={t('settings.service.supplies.intro')}
        secrets={[{ key: 'distribution.apiKey', label: t('settings.service.apiKey'), masked: true }]}
        canTest
        withOrderMethod
        keychainProblem={keychainProblem}
      />
      <ServiceSection
        id="merchant-tools"
        service="merchant"
        title={t('settings.service.merchant-tools.title')}
        intro={t('settings.service.merchant-tools.intro')}
        secrets={[]}
        signInNote={t('settings.service.merchant-tools.signInNote')}
        liveNote={t('settings.service.merchant-tools.liveNote')}
        canTest={false}
        keychainProblem={keychainProblem}
      />
      <PrintersSection />
      <ShopSection />
      <ShopServerSection keychainProblem={keychainProblem} />
      <CounterSection />
      <LanguageSection />
      <StartupSection />
      <BackupSummary />
    </>
  );
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const view = useSettings((s) => s.view);
  const loadError = useSettings((s) => s.loadError);
  const unlocked = useUnlockedNow(view?.manager.unlockedUntil);

  // Changes made elsewhere arrive through state/events.ts.
  useEffect(() => {
    void useSettings.getState().load();
  }, []);

  const title = (
    <div className="settings-head">
      <h1 id="screen-title">{t('settings.title')}</h1>
    </div>
  );
  if (!view) {
    return (
      <section className="screen settings-screen" aria-labelledby="screen-title">
        {title}
        <ErrorNotice error={loadError} />
        {!loadError && <p className="muted">{t('settings.loading')}</p>}
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
            <div className="notice notice-warn" role="alert" aria-label={t('settings.keychain.label')}>
              <strong>{t('settings.keychain.title')}</strong> {keychainProblem}
            </div>
          )}
          <ErrorNotice error={loadError} />
          <nav className="settings-jump" aria-label={t('settings.sectionsNav')}>
            {SECTIONS.filter((id) => id !== 'manager' || view.manager.pinSet).map((id) => (
              <button
                key={id}
                type="button"
                className="jump-link"
                onClick={() =>
                  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }
              >
                {t(`settings.sections.${id}`)}
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
