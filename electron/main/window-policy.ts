// The rules for what the till window may load, open and ask for: pure functions over
// structural types, so plain-Node tests run them. The window's own options are written out
// literally in index.ts, where electronegativity and tests/unit/main/window-options.test.ts read them.
export const APP_SCHEME = 'app';
export const APP_HOST = 'till';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** Only pages of the app itself may talk to the main process or be navigated to. */
export function isAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Key combinations a kiosk swallows: reload, devtools, close window, full-screen toggle, zoom. */
export function isKioskEscape(input: {
  key: string;
  control: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}): boolean {
  const key = input.key.toLowerCase();
  const mod = input.control || input.meta;
  if (['f5', 'f11', 'f12'].includes(key)) return true;
  if (input.alt && key === 'f4') return true;
  if (mod && ['r', 'w', 'q', 'n', 't', 'p', '+', '-', '=', '0'].includes(key)) return true;
  if (mod && input.shift && ['i', 'j', 'c'].includes(key)) return true;
  return false;
}

/** Every permission a page might ask for (camera, notifications, USB…) is refused. */
export function allowPermission(_permission: string): boolean {
  return false;
}

/**
 * The part of Electron's WebContents that hardening uses, written structurally so this file
 * (and its tests) never load electron.
 */
export interface HardenableContents {
  setWindowOpenHandler(handler: () => { action: 'deny' }): void;
  on(event: string, listener: (event: { preventDefault(): void }, url: string) => void): unknown;
}

/** Every web contents: no new windows, no navigation or redirect off the app, no webviews. */
export function hardenContents(contents: HardenableContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The reply to a contract call from a frame outside the app; null when the app itself called. */
export function refuseForeignCaller(senderUrl: string | undefined | null) {
  if (isAppUrl(senderUrl)) return null;
  return {
    ok: false as const,
    error: { code: 'not_allowed' as const, message: 'Calls are accepted only from the till window.' },
  };
}
