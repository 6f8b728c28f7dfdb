import { useEffect } from 'react';
import { till, bridgeConnection } from './till';
import { followTillEvents } from './state/events';
import { usePrinting } from './state/printing';
import { useSale } from './state/sale';
import { useSettings } from './state/settings';
import { SCREENS, useShell, type ScreenId } from './state/shell';
import { StatusBar } from './components/StatusBar';
import { sandboxBannerWords } from './components/sandbox-banner';
import { TerminalsScreen } from './screens/TerminalsScreen';
import { SellScreen } from './screens/sell/SellScreen';
import { HistoryScreen } from './screens/history/HistoryScreen';
import { useHistory } from './state/history';
import { PrinterScreen } from './screens/printer/PrinterScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { ReportsScreen } from './screens/reports/ReportsScreen';
import { ReconciliationScreen } from './screens/reconciliation/ReconciliationScreen';
import { ShiftScreen } from './screens/shift/ShiftScreen';
import { TillReportsScreen } from './screens/till-reports/TillReportsScreen';
import { SuppliesScreen } from './screens/supplies/SuppliesScreen';
import { BackOfficeScreen } from './screens/back-office/BackOfficeScreen';
import { AuditScreen } from './screens/audit/AuditScreen';
import { useSupplies } from './state/supplies';
import { followStaff, useStaff } from './state/staff';
import { followWorkInProgress } from './state/work-in-progress';
import { browserClock } from './state/clock';
import { SignInScreen, StaffSwitch, useSignInShowing } from './screens/staff-sign-in/SignInScreen';
import { MerchantScreen } from './screens/merchant/MerchantScreen';
import { useMerchant } from './state/merchant';
import { useBackup } from './state/backup';
import { BackupScreen } from './screens/backup/BackupScreen';
import { useTranslation } from './i18n';
import { followShopLocale } from './i18n/follow-locale';

function Screen({ id }: { id: ScreenId }) {
  switch (id) {
    case 'terminals':
      return <TerminalsScreen />;
    case 'sell':
      return <SellScreen />;
    case 'history':
      return <HistoryScreen />;
    case 'reports':
      return <ReportsScreen />;
    case 'reconciliation':
      return <ReconciliationScreen />;
    case 'shift':
      return <ShiftScreen />;
    case 'till-reports':
      return <TillReportsScreen />;
    case 'printer':
      return <PrinterScreen />;
    case 'supplies':
      return <SuppliesScreen />;
    case 'merchant':
      return <MerchantScreen />;
    case 'back-office':
      return <BackOfficeScreen />;
    case 'audit':
      return <AuditScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'backups':
      return <BackupScreen />;
  }
}

export function App() {
  const { screen, go, info, status } = useShell();
  const signInShowing = useSignInShowing();
  const { t } = useTranslation();

  // The screens speak the shop's language and follow a change in Settings at once.
  useEffect(() => (till ? followShopLocale(useSettings) : undefined), []);

  // Who is serving comes from the services; any key or tap is activity for the idle sign-out.
  useEffect(() => {
    if (!till) return;
    const stop = followStaff(till);
    // A report, card check or count in progress holds the idle sign-out until it ends.
    const stopWork = followWorkInProgress();
    const active = () => useStaff.getState().touch(browserClock.now());
    window.addEventListener('pointerdown', active, true);
    window.addEventListener('keydown', active, true);
    return () => {
      stop();
      stopWork();
      window.removeEventListener('pointerdown', active, true);
      window.removeEventListener('keydown', active, true);
    };
  }, []);

  // The one place the renderer subscribes to the services' events.
  useEffect(() => {
    if (!till) return;
    void useShell.getState().refresh();
    return followTillEvents(
      till,
      {
        shell: useShell,
        sale: useSale,
        printing: usePrinting,
        settings: useSettings,
        supplies: useSupplies,
        merchant: useMerchant,
        history: useHistory,
        backup: useBackup,
      },
      { connection: bridgeConnection },
    );
  }, []);

  // The banner follows the live connection modes, so switching a service to Live changes it at once.
  // Before the first status, only the card service's mode is known (app.info).
  const banner = status
    ? sandboxBannerWords(status.connections, status.printer.state)
    : sandboxBannerWords(info?.sandbox ? [{ service: 'payAtCounter', mode: 'sandbox' }] : []);

  if (!till) {
    return (
      <main className="fatal" role="alert">
        <h1>{t('shell.fatalTitle')}</h1>
        <p>{t('shell.fatalHint')}</p>
      </main>
    );
  }

  return (
    <div className="app">
      {banner && (
        // A region of its own: every piece of the page sits in a landmark (axe "region").
        <section className="sandbox-banner" aria-label={t('shell.sandboxLabel')} data-testid="sandbox-banner">
          <div role="note" aria-label={t('shell.sandboxLabel')}>
            {banner}
          </div>
        </section>
      )}
      <header className="top-bar">
        <span className="brand">Paydesk</span>
        <StaffSwitch />
        <StatusBar />
      </header>
      <div className="body">
        <nav className="side-nav" aria-label={t('shell.mainNav')}>
          {SCREENS.map((s) => (
            <button
              key={s.id}
              type="button"
              className={s.id === screen ? 'nav-item active' : 'nav-item'}
              aria-current={s.id === screen ? 'page' : undefined}
              onClick={() => go(s.id)}
            >
              {t(`shell.nav.${s.id}`, { defaultValue: s.label })}
            </button>
          ))}
        </nav>
        <main className="content">
          <Screen id={screen} />
        </main>
      </div>
      {signInShowing && <SignInScreen />}
    </div>
  );
}
