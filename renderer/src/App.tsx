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
import { PrinterScreen } from './screens/printer/PrinterScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { ReportsScreen } from './screens/reports/ReportsScreen';
import { ReconciliationScreen } from './screens/reconciliation/ReconciliationScreen';
import { SuppliesScreen } from './screens/supplies/SuppliesScreen';
import { BackOfficeScreen } from './screens/back-office/BackOfficeScreen';
import { useSupplies } from './state/supplies';
import { followStaff, useStaff } from './state/staff';
import { browserClock } from './state/clock';
import { SignInScreen, StaffSwitch, useSignInShowing } from './screens/staff-sign-in/SignInScreen';
import { MerchantScreen } from './screens/merchant/MerchantScreen';
import { useMerchant } from './state/merchant';

function Screen({ id }: { id: ScreenId }) {
  switch (id) {
    case 'terminals':
      return <TerminalsScreen />;
    case 'sell':
      return <SellScreen />;
    case 'reports':
      return <ReportsScreen />;
    case 'reconciliation':
      return <ReconciliationScreen />;
    case 'printer':
      return <PrinterScreen />;
    case 'supplies':
      return <SuppliesScreen />;
    case 'merchant':
      return <MerchantScreen />;
    case 'back-office':
      return <BackOfficeScreen />;
    case 'settings':
      return <SettingsScreen />;
  }
}

export function App() {
  const { screen, go, info, status } = useShell();
  const signInShowing = useSignInShowing();

  // Who is serving comes from the services; any key or tap is activity for the idle sign-out.
  useEffect(() => {
    if (!till) return;
    const stop = followStaff(till);
    const active = () => useStaff.getState().touch(browserClock.now());
    window.addEventListener('pointerdown', active, true);
    window.addEventListener('keydown', active, true);
    return () => {
      stop();
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
      },
      { connection: bridgeConnection },
    );
  }, []);

  // The banner follows the live connection modes, so switching a service to Live changes it at once.
  // Before the first status, only the card service's mode is known (app.info).
  const banner = status
    ? sandboxBannerWords(status.connections)
    : sandboxBannerWords(info?.sandbox ? [{ service: 'payAtCounter', mode: 'sandbox' }] : []);

  if (!till) {
    return (
      <main className="fatal" role="alert">
        <h1>Paydesk cannot reach its till service</h1>
        <p>Open the till with the full address that the start command printed (it carries a one-time key).</p>
      </main>
    );
  }

  return (
    <div className="app">
      {banner && (
        <div className="sandbox-banner" role="note" aria-label="Sandbox mode" data-testid="sandbox-banner">
          {banner}
        </div>
      )}
      <header className="top-bar">
        <span className="brand">Paydesk</span>
        <StaffSwitch />
        <StatusBar />
      </header>
      <div className="body">
        <nav className="side-nav" aria-label="Main">
          {SCREENS.map((s) => (
            <button
              key={s.id}
              type="button"
              className={s.id === screen ? 'nav-item active' : 'nav-item'}
              aria-current={s.id === screen ? 'page' : undefined}
              onClick={() => go(s.id)}
            >
              {s.label}
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
