import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadShopWords } from './i18n/follow-locale';
import { useSettings } from './state/settings';
import { useShell } from './state/shell';
import { till } from './till';
import './styles.css';

/** How long the first render waits for the settings and the status before it shows what it has. */
const SETTINGS_WAIT_MS = 3000;

const giveUp = new Promise((resolve) => setTimeout(resolve, SETTINGS_WAIT_MS));
// The first render waits for the shop's words, so no key ever shows in their place, and for the
// status, asked beside the settings, so the status bar's first frame already says how the card
// service and the printer are (the shell asks again once it follows the events).
void Promise.all([
  loadShopWords(till ? useSettings : null, giveUp),
  till ? Promise.race([useShell.getState().refresh(), giveUp]) : null,
]).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
