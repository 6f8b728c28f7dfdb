// `npm run start:browser -- --port <p> --data-dir <dir> [--keychain-name <name>]`: the till in a
// browser, on loopback.
// An entry point: it starts the sandbox stand-ins for the till and the host in front of it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { portOption, runCommand } from '../common/cli-support';
import { markStart } from '../common/start-timings';
import { startSandboxServices } from '../sandbox/index';
import { createRestartableTill } from '../services/app/restartable-till';
import { TILL_MIGRATIONS } from '../services/app/migrations';
import { restoreAtStart } from '../services/backup/restore';
import { createLogger } from '../services/common/logger';
import { KeychainSecretStore } from '../services/storage/secret-store-keychain';
import { JsonFileSettingsStore } from '../services/storage/settings';
import { startBrowserHost } from './server';

// Every import above has been loaded and run by now.
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

runCommand(async () => {
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
      secretStores: [
        new KeychainSecretStore({
          service: values['keychain-name'],
          savedDatesFile: resolve(dataDir, 'secret-dates.json'),
        }),
      ],
    }),
    standIns: () => startSandboxServices({ speed: Number(values['sandbox-speed']) }),
  });
  markStart('till ready');
  const host = await startBrowserHost({ till, rendererDir: values['renderer-dir'], port });
  markStart('listening');
  process.stdout.write(`Paydesk till: ${host.url}\n`);
  return async () => {
    await host.close();
    await till.close();
  };
});
