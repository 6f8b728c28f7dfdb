// The rules for what the till window may load, open and ask for: pure functions, so plain-Node
// tests check them. The window's own options are written out literally in index.ts, where
// electronegativity and tests/unit/main/window-options.test.ts read them.
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
