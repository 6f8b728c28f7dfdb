import { useEffect } from 'react';
import { till, bridgeConnection } from './till';
import { followTillEvents } from './state/events';
import { usePrinting } from './state/printing';
import { useSale } from './state/sale';
import { useSettings } from './state/settings';
import { SCREENS, useShell } from './state/shell';
import { preloadScreen, Screen } from './screens/Screen';
import { StatusBar } from './components/StatusBar';
import { sandboxBannerWords } from './components/sandbox-banner';
import { useHistory } from './state/history';
import { useSupplies } from './state/supplies';
import { followStaff, useStaff } from './state/staff';
import { followWorkInProgress } from './state/work-in-progress';
import { browserClock } from './state/clock';
import { SignInScreen, StaffSwitch, useSignInShowing } from './screens/staff-sign-in/SignInScreen';
import { useMerchant } from './state/merchant';
import { useBackup } from './state/backup';
import { useTranslation } from './i18n';
import { followShopLocale } from './i18n/follow-locale';

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
              onPointerEnter={() => preloadScreen(s.id)}
              onFocus={() => preloadScreen(s.id)}
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
