// Electron main: thin. It builds the same till services as the browser host (with the sandbox
// stand-ins, started when sandbox mode first needs them), binds the contract to IPC, and keeps
// one hardened window (kiosk-capable) alive.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fillBackupWords } from '../../shared/backup-words';
import { TillError } from '../../shared/contract/errors';
import { startSandboxServices } from '../sandbox/index';
import type { Till } from '../services/app/create-till';
import { TILL_MIGRATIONS } from '../services/app/migrations';
import { createRestartableTill } from '../services/app/restartable-till';
import { restoreAtStart } from '../services/backup/restore';
import { createLogger } from '../services/common/logger';
import { keychainStoreFor } from '../services/storage/secret-store-keychain';
import { EncryptedFileSecretStore } from '../services/storage/secret-store-encrypted-file';
import { createElectronSettingsStore } from './electron-store-settings';
import { isOpenableAddress } from './external-address';
import { applyStartOnLogin } from './login-item';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/contract/channels';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../shared/security';
import {
  allowPermission,
  APP_ENTRY,
  APP_HOST,
  APP_SCHEME,
  hardenContents,
  isKioskEscape,
  refuseForeignCaller,
} from './window-policy';

const logger = createLogger('main');
let kiosk = process.argv.includes('--kiosk');
let till: Till | null = null;
let window: BrowserWindow | null = null;
let quitting = false;

// codeCache: Chromium keeps the machine code it compiled from the till's scripts, so the window
// opens each morning without compiling them again (as a browser does for the browser host).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.enableSandbox();
  void app.whenReady().then(start);
}

function serveRenderer(): void {
  const root = join(__dirname, '../renderer');
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (url.host !== APP_HOST || !file.startsWith(root + sep))
      return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY_HEADER);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    backgroundColor: '#f4f5f7',
    autoHideMenuBar: true,
    kiosk,
    fullscreen: kiosk,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: !kiosk,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('render-process-gone', (_e, details) => {
    logger.error(`renderer gone (${details.reason}); reloading`);
    if (!win.isDestroyed()) win.reload();
  });
  win.on('unresponsive', () => {
    logger.warn('renderer unresponsive; reloading');
    win.webContents.forcefullyCrashRenderer();
    win.reload();
  });
  if (kiosk) {
    win.webContents.on('before-input-event', (event, input) => {
      if (isKioskEscape(input)) event.preventDefault();
    });
    win.on('close', (event) => {
      // A kiosk till closes only through the app's own guarded quit.
      if (!quitting) event.preventDefault();
    });
  }
  void win.loadURL(APP_ENTRY);
  return win;
}

async function start(): Promise<void> {
  if (kiosk) Menu.setApplicationMenu(null);
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) =>
    callback(allowPermission(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => allowPermission(permission));
  app.on('web-contents-created', (_e, contents) => hardenContents(contents));
  app.on('child-process-gone', (_e, details) =>
    logger.warn(`child process gone: ${details.type} ${details.reason}`),
  );
  serveRenderer();

  const dataDir = app.getPath('userData');
  const settingsStore = createElectronSettingsStore(dataDir);
  kiosk ||= settingsStore.load().kioskMode;
  applyStartOnLogin(settingsStore.load().startOnLogin, logger);
  const pendingRestore = restoreFromArgs(dataDir, settingsStore);
  till = await createRestartableTill({
    pendingRestore,
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    kiosk,
    standIns: () => startSandboxServices(),
    settingsStore,
    // The OS keychain first; else safeStorage ciphertext, which refuses to work without a
    // real OS backend (never Chromium's built-in "basic_text" key).
    secretStores: [
      keychainStoreFor(dataDir),
      new EncryptedFileSecretStore({
        file: join(dataDir, 'secrets.enc.json'),
        encryption: {
          isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
          backendName: () =>
            process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform,
          encrypt: (text) => safeStorage.encryptString(text),
          decrypt: (buf) => safeStorage.decryptString(buf),
        },
      }),
    ],
    quit: () => {
      quitting = true;
      app.quit();
    },
    // The merchant dashboard's sign-in opens in the system browser, never in a till window.
    openExternal: async (url) => {
      if (!isOpenableAddress(url)) throw new Error('only a sign-in page is opened in the browser');
      await shell.openExternal(url);
    },
  });
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, message: unknown) => {
    const refusal = refuseForeignCaller(event.senderFrame?.url);
    if (refusal) {
      logger.warn('refused a call from a frame outside the app');
      return refusal;
    }
    const { method, input } = (message ?? {}) as { method?: unknown; input?: unknown };
    if (!till) return { ok: false, error: { code: 'unreachable', message: 'The till is closing.' } };
    return till.dispatch(method, input);
  });
  till.events.subscribe((event, payload) => {
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, { event, payload });
  });

  window = createWindow();
  window.on('closed', () => (window = null));
}

/**
 * `--restore <file>`: restored before the till opens its data folder when it holds no sales;
 * otherwise the file waits on the Backups screen for a manager. A bad backup is said in a box.
 */
function restoreFromArgs(
  dataDir: string,
  settings: Parameters<typeof restoreAtStart>[0]['settings'],
): string | null {
  const at = process.argv.indexOf('--restore');
  const file = at >= 0 ? process.argv[at + 1] : undefined;
  if (!file) return null;
  try {
    const outcome = restoreAtStart({
      file,
      dataDir,
      settings,
      knownMigrations: new Set(TILL_MIGRATIONS.map((m) => m.id)),
      now: Date.now,
      logger,
    });
    return outcome.pending;
  } catch (error) {
    logger.error('restore at start failed', error);
    // A refusal carries staff words; anything else (the system's own message, with its paths and
    // codes) stays in the log.
    dialog.showErrorBox(
      'Paydesk: the backup was not restored',
      error instanceof TillError ? error.message : fillBackupWords('unreadable'),
    );
    return null;
  }
}

// Quitting (the guarded kiosk quit, Cmd+Q, the OS shutting down) first closes the services
// in order, so a card start in flight is journaled and no print job is cut off mid-send.
let servicesClosed = false;
app.on('before-quit', (event) => {
  quitting = true;
  if (servicesClosed || !till) return;
  event.preventDefault();
  const closing = till;
  till = null;
  void closing
    .close()
    .catch((error: unknown) => logger.error('closing the till services failed', error))
    .finally(() => {
      servicesClosed = true;
      app.quit();
    });
});
app.on('window-all-closed', () => app.quit());
