import { useEffect } from 'react';
import { till, bridgeConnection } from './till';
import { followTillEvents } from './state/events';
import { usePrinting } from './state/printing';
import { useSale } from './state/sale';
import { useSettings } from './state/settings';
import { SCREENS, useShell, type ScreenId } from './state/shell';
import { StatusBar } from './components/StatusBar';
import { sandboxBannerWords } from './components/sandbox-banner';
import { ComingSoon } from './screens/ComingSoon';
import { TerminalsScreen } from './screens/TerminalsScreen';
import { SellScreen } from './screens/sell/SellScreen';
import { PrinterScreen } from './screens/printer/PrinterScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { ReportsScreen } from './screens/reports/ReportsScreen';
import { SuppliesScreen } from './screens/supplies/SuppliesScreen';
import { useSupplies } from './state/supplies';

function Screen({ id }: { id: ScreenId }) {
  switch (id) {
    case 'terminals':
      return <TerminalsScreen />;
    case 'sell':
      return <SellScreen />;
    case 'reports':
      return <ReportsScreen />;
    case 'printer':
      return <PrinterScreen />;
    case 'supplies':
      return <SuppliesScreen />;
    case 'merchant':
      return <ComingSoon title="Merchant tools" what="the merchant dashboard's tools, after signing in." />;
    case 'settings':
      return <SettingsScreen />;
  }
}

export function App() {
  const { screen, go, info, status } = useShell();

  // The one place the renderer subscribes to the services' events.
  useEffect(() => {
    if (!till) return;
    void useShell.getState().refresh();
    return followTillEvents(
      till,
      { shell: useShell, sale: useSale, printing: usePrinting, settings: useSettings, supplies: useSupplies },
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
    </div>
  );
}
