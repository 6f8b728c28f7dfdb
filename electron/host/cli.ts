// `npm run start:browser -- --port <p> --data-dir <dir> [--keychain-name <name>]`: the till in a
// browser, on loopback.
// An entry point: it starts the sandbox stand-ins for the till and the host in front of it.
// The host listens and prints the till's address first, then the till's own modules load and
// its database opens while the browser fetches the page (calls made meanwhile wait): at a cold
// start the two overlap instead of following each other.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { portOption, runCommand } from '../common/cli-support';
import { markStart } from '../common/start-timings';
import { startBrowserHost } from './server';
import { tillOnceReady } from './till-once-ready';

// Every import above has been loaded and run by now; the till's are imported below, when used.
markStart('host modules loaded');

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string', default: 'out/renderer' },
    'sandbox-speed': { type: 'string', default: '1' },
    /** A backup to start from (docs/backups.md): restored at once into a data folder without sales. */
    restore: { type: 'string' },
    /**
     * The keychain entries' name ("Paydesk" by default): two tills tried on one computer each keep
     * their own passwords under their own name (docs/shop-server.md).
     */
    'keychain-name': { type: 'string' },
  },
});
const port = portOption(values.port);
const dataDir = resolve(values['data-dir'] ?? '.data');
const version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version;

/** Runs `load` after the event loop has had a turn (answers waiting to be written go first). */
async function betweenTurns<T>(load: () => Promise<T>): Promise<T> {
  await yieldToEventLoop();
  return load();
}

/** Restores a backup named on the command line, then opens the till. */
async function openTill() {
  // One module at a time, with a turn of the event loop between: the page and its files are
  // served meanwhile instead of waiting for all of the till's code to load (each is a block of
  // synchronous work; restartable-till, the largest, takes ~80 ms on an old 2-core PC).
  const { startSandboxServices } = await betweenTurns(() => import('../sandbox/index'));
  const { createRestartableTill } = await betweenTurns(() => import('../services/app/restartable-till'));
  const { TILL_MIGRATIONS } = await betweenTurns(() => import('../services/app/migrations'));
  const { restoreAtStart } = await betweenTurns(() => import('../services/backup/restore'));
  const { createLogger } = await betweenTurns(() => import('../services/common/logger'));
  const { keychainStoreFor } = await betweenTurns(() => import('../services/storage/secret-store-keychain'));
  const { JsonFileSettingsStore } = await betweenTurns(() => import('../services/storage/settings'));
  const logger = createLogger('till');
  const settingsStore = new JsonFileSettingsStore({ file: resolve(dataDir, 'settings.json') });
  let pendingRestore: string | null = null;
  if (values.restore) {
    const outcome = restoreAtStart({
      file: resolve(values.restore),
      dataDir,
      settings: settingsStore,
      knownMigrations: new Set(TILL_MIGRATIONS.map((m) => m.id)),
      now: Date.now,
      logger,
    });
    pendingRestore = outcome.pending;
    process.stdout.write(
      outcome.restored
        ? `Restored the backup of ${outcome.restored.manifest.createdAt}.\n`
        : `Not restored yet: ${outcome.message}\n`,
    );
  }
  const till = await createRestartableTill({
    dataDir,
    host: 'browser',
    version,
    logger,
    settingsStore,
    pendingRestore,
    ...(values['keychain-name'] && {
      secretStores: [keychainStoreFor(dataDir, { service: values['keychain-name'] })],
    }),
    standIns: () => startSandboxServices({ speed: Number(values['sandbox-speed']) }),
  });
  markStart('till ready');
  return till;
}

runCommand(async () => {
  // A restore says what it did before the till's address, as it always has.
  const restored = values.restore ? await openTill() : null;
  // Otherwise the till opens once the host listens; calls made before wait for it.
  let listening = () => undefined as void;
  const tillReady = new Promise<void>((resolve) => (listening = resolve)).then(() => restored ?? openTill());
  const host = await startBrowserHost({
    till: tillOnceReady(tillReady),
    rendererDir: values['renderer-dir'],
    port,
  });
  markStart('listening');
  process.stdout.write(`Paydesk till: ${host.url}\n`);
  listening();
  const till = await tillReady.catch(async (error: unknown) => {
    await host.close();
    throw error;
  });
  return async () => {
    await host.close();
    await till.close();
  };
});
