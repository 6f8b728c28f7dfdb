import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadShopWords } from './i18n/follow-locale';
import { useSettings } from './state/settings';
import { useShell } from './state/shell';
import { till } from './till';
import './styles.css';

/** How long the first render waits for the settings before it shows the default language. */
const SETTINGS_WAIT_MS = 3000;

// The status bar's first frame shows how the card service and printer are: asked now, beside the
// settings, rather than after the first render (the shell asks again once it follows the events).
if (till) void useShell.getState().refresh();
// The first render waits for the shop's words, so no key ever shows in their place.
void loadShopWords(
  till ? useSettings : null,
  new Promise((resolve) => setTimeout(resolve, SETTINGS_WAIT_MS)),
).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
