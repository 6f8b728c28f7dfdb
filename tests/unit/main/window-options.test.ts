// Reads the BrowserWindow options literally written in electron/main/index.ts (the Electron
// binary cannot run here) and checks every security-relevant setting; runs the window policy
// (electron/main/window-policy.ts) against stand-ins, and checks main applies it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import {
  allowPermission,
  hardenContents,
  isAppUrl,
  isKioskEscape,
  refuseForeignCaller,
} from '../../../electron/main/window-policy';

function literalOptions(source: string): Map<string, string> {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.ES2022, true);
  const found = new Map<string, string>();
  let windows = 0;
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'BrowserWindow') {
      windows++;
      const options = node.arguments?.[0];
      assert.ok(
        options && ts.isObjectLiteralExpression(options),
        'BrowserWindow options must be an object literal',
      );
      const collect = (obj: ts.ObjectLiteralExpression, prefix: string) => {
        for (const p of obj.properties) {
          if (ts.isPropertyAssignment(p)) {
            const key = prefix + p.name.getText();
            if (ts.isObjectLiteralExpression(p.initializer)) collect(p.initializer, `${key}.`);
            else found.set(key, p.initializer.getText());
          } else if (ts.isShorthandPropertyAssignment(p)) {
            found.set(prefix + p.name.getText(), p.name.getText());
          }
        }
      };
      collect(options, '');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  assert.equal(windows, 1, 'exactly one BrowserWindow is created');
  return found;
}

const mainSource = readFileSync('electron/main/index.ts', 'utf8');

test('the till window is hardened', () => {
  const o = literalOptions(mainSource);
  const expected: Record<string, string> = {
    'webPreferences.contextIsolation': 'true',
    'webPreferences.sandbox': 'true',
    'webPreferences.nodeIntegration': 'false',
    'webPreferences.nodeIntegrationInWorker': 'false',
    'webPreferences.nodeIntegrationInSubFrames': 'false',
    'webPreferences.webSecurity': 'true',
    'webPreferences.allowRunningInsecureContent': 'false',
    'webPreferences.webviewTag': 'false',
    'webPreferences.experimentalFeatures': 'false',
    'webPreferences.devTools': '!kiosk',
    kiosk: 'kiosk',
  };
  for (const [key, value] of Object.entries(expected)) assert.equal(o.get(key), value, key);
  assert.ok(!o.has('webPreferences.enableBlinkFeatures'));
  assert.match(o.get('webPreferences.preload') ?? '', /preload\/index\.js/);
});

/** A stand-in for Electron's WebContents that records what hardening registers. */
function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  let openHandler: (() => { action: string }) | null = null;
  const contents = {
    setWindowOpenHandler: (handler: () => { action: 'deny' }) => void (openHandler = handler),
    on: (name: string, listener: (event: { preventDefault(): void }, url: string) => void) =>
      void listeners.set(name, listener),
  };
  /** Fires `name` as Electron would; says whether the listener prevented it. */
  const fire = (name: string, url = '') => {
    let prevented = false;
    listeners.get(name)?.({ preventDefault: () => void (prevented = true) }, url);
    return prevented;
  };
  return { contents, fire, listeners, openWindow: () => openHandler?.() };
}

test('every web contents is denied new windows, navigation off the app and webviews', () => {
  const { contents, fire, listeners, openWindow } = fakeContents();
  hardenContents(contents);
  assert.deepEqual(openWindow(), { action: 'deny' });
  assert.deepEqual([...listeners.keys()].sort(), ['will-attach-webview', 'will-navigate', 'will-redirect']);
  for (const event of ['will-navigate', 'will-redirect']) {
    assert.equal(fire(event, 'https://evil.example/'), true, `${event} off the app is stopped`);
    assert.equal(fire(event, 'file:///etc/passwd'), true, `${event} to a file is stopped`);
    assert.equal(fire(event, 'app://till/index.html#/settings'), false, `${event} inside the app goes on`);
  }
  assert.equal(fire('will-attach-webview'), true);
});

test('contract calls from a frame outside the app are refused, the app’s own pass', () => {
  for (const url of ['https://evil.example/', 'app://evil/index.html', undefined, null]) {
    assert.deepEqual(refuseForeignCaller(url), {
      ok: false,
      error: { code: 'not_allowed', message: 'Calls are accepted only from the till window.' },
    });
  }
  assert.equal(refuseForeignCaller('app://till/index.html'), null);
  for (const permission of [
    'media',
    'geolocation',
    'notifications',
    'usb',
    'serial',
    'clipboard-read',
    'openExternal',
  ]) {
    assert.equal(allowPermission(permission), false, permission);
  }
});

/**
 * The calls main makes (the Electron binary cannot run here), from the TypeScript syntax tree:
 * each as "callee" or "callee('first argument')", with the functions called inside its arguments.
 */
function callsIn(source: string): Map<string, Set<string>> {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.ES2022, true);
  const calls = new Map<string, Set<string>>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const name =
        first && ts.isStringLiteralLike(first)
          ? `${node.expression.getText()}('${first.text}')`
          : node.expression.getText();
      const inside = calls.get(name) ?? new Set<string>();
      const collect = (n: ts.Node) => {
        if (ts.isCallExpression(n)) inside.add(n.expression.getText());
        ts.forEachChild(n, collect);
      };
      node.arguments.forEach(collect);
      calls.set(name, inside);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

test('main applies the policy: every web contents hardened, IPC senders checked, one instance', () => {
  const calls = callsIn(mainSource);
  assert.ok(
    calls.get("app.on('web-contents-created')")?.has('hardenContents'),
    'every web contents is hardened',
  );
  assert.ok(calls.get('ipcMain.handle')?.has('refuseForeignCaller'), 'every contract call checks its sender');
  assert.ok(calls.has('app.requestSingleInstanceLock'), 'a second start focuses the first');
  assert.ok(
    calls.get("win.webContents.on('render-process-gone')")?.has('win.reload'),
    'a crashed renderer is reloaded',
  );
  assert.ok(
    calls.get('session.defaultSession.setPermissionRequestHandler')?.has('allowPermission') &&
      calls.get('session.defaultSession.setPermissionCheckHandler')?.has('allowPermission'),
    'permission requests and checks go through allowPermission',
  );
});

test('only the app origin counts as the app', () => {
  assert.equal(isAppUrl('app://till/index.html'), true);
  for (const url of [
    'https://till/index.html',
    'app://evil/index.html',
    'file:///etc/passwd',
    'http://127.0.0.1/',
    '',
    null,
    'not a url',
  ]) {
    assert.equal(isAppUrl(url), false, String(url));
  }
});

test('kiosk mode swallows the escape combinations but not typing', () => {
  const key = (
    k: string,
    m: Partial<{ control: boolean; meta: boolean; alt: boolean; shift: boolean }> = {},
  ) => ({
    key: k,
    control: false,
    meta: false,
    alt: false,
    shift: false,
    ...m,
  });
  for (const combo of [
    key('F5'),
    key('F11'),
    key('F12'),
    key('F4', { alt: true }),
    key('r', { control: true }),
    key('w', { control: true }),
    key('I', { control: true, shift: true }),
    key('q', { meta: true }),
  ]) {
    assert.equal(isKioskEscape(combo), true, JSON.stringify(combo));
  }
  for (const combo of [
    key('a'),
    key('1'),
    key('Enter'),
    key('Backspace'),
    key('r'),
    key('I', { shift: true }),
  ]) {
    assert.equal(isKioskEscape(combo), false, JSON.stringify(combo));
  }
});

test('the preload exposes one narrow transport on the contract channels and never ipcRenderer itself', () => {
  const preload = readFileSync('electron/preload/index.ts', 'utf8');
  const exposures = [...preload.matchAll(/exposeInMainWorld\('([^']+)'/g)].map((m) => m[1]);
  assert.deepEqual(exposures, ['paydeskTransport']);
  assert.doesNotMatch(preload, /exposeInMainWorld\([^)]*ipcRenderer/);
  const channels = [...preload.matchAll(/ipcRenderer\.(?:invoke|on|send)\(([A-Z_]+)/g)]
    .map((m) => m[1])
    .sort();
  assert.deepEqual(channels, ['IPC_EVENT_CHANNEL', 'IPC_INVOKE_CHANNEL']);
});

test('the CSP in index.html is the one the hosts send', async () => {
  const { CONTENT_SECURITY_POLICY } = await import('../../../shared/security');
  const html = readFileSync('renderer/index.html', 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  assert.equal(meta?.[1], CONTENT_SECURITY_POLICY);
  assert.match(CONTENT_SECURITY_POLICY, /script-src 'self'(;|$)/);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval/);
});
