// What the composition root does as the till starts and runs, seen from outside: the data folder
// tightened to the till's own user; the log (the one passed in, or the till's own on stderr)
// saying what was wrong with the settings file and, with the system's own words, why the keychain
// cannot be used; the Settings lock following a manager's PIN; the supplier really asked when its
// connection is tested; the merchant sign-in page opened in the system browser.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxServices } from '../../../electron/sandbox/index';
import { createTill } from '../../../electron/services/app/create-till';
import type { SecretStore } from '../../../electron/services/storage/secret-store';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../../support/encryption';
import { waitUntil } from '../../support/wait';
import { loggedDuring } from '../../support/stderr-log';
import { TEST_STAFF } from '../../support/staff';
import { DEAD_ADDRESS, quietLogger, startAppTill, type AppTill } from './support';

/** A data folder holding a settings file cut off mid-write; removed after the file. */
function folderWithDamagedSettings(context: { after: (fn: () => void) => void }): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-start-up-'));
  context.after(() => rmSync(dataDir, { recursive: true, force: true }));
  writeFileSync(join(dataDir, 'settings.json'), '{"schemaVersion": 1, "shop": {');
  return dataDir;
}

/** A keychain the system refuses, with its own message (e.g. no secret service on Linux). */
const refusingKeychain = {
  availability: async () => ({
    ok: false,
    reason: 'The keychain could not be opened.',
    detail: 'org.freedesktop.secrets was not provided',
  }),
} as unknown as SecretStore;

const DAMAGED = /^settings: The settings file was damaged; a copy was kept as settings\.corrupt-.*\.json\./;

test('the log passed in says what was wrong with the settings file and why the keychain cannot be used', async (context) => {
  const lines: string[] = [];
  const log = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  const t = await startAppTill({
    dataDir: folderWithDamagedSettings(context),
    secretStores: [refusingKeychain],
    logger: { info: log('INFO'), warn: log('WARN'), error: log('ERROR') },
  });
  await t.close();
  const warnings = lines.filter((l) => l.startsWith('WARN ')).map((l) => l.slice(5));
  assert.ok(
    warnings.some((w) => DAMAGED.test(w)),
    warnings.join('\n'),
  );
  assert.ok(warnings.includes('keychain unavailable: org.freedesktop.secrets was not provided'));
});

test('without a log passed in, the till logs on stderr as "till"; a folder others could read is closed to them', async (context) => {
  const dataDir = folderWithDamagedSettings(context);
  // As an older version, or a hand-made folder, may have left them.
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'settings.json'), 0o644);
  let t: AppTill | undefined;
  // No secure storage at all: staff are told so on Settings, the log has no system message to add.
  const logged = await loggedDuring(async () => {
    t = await startAppTill({ dataDir, secretStores: [], logger: undefined });
  });
  // Closed once its first look at the supplier is over: a look cut short by the close retries on
  // its own, and would log after the test.
  await t?.event('status.changed', (s) =>
    s.connections.some((c) => c.service === 'distribution' && c.state === 'online'),
  );
  await t?.close();
  assert.match(logged, /WARN \[till\] settings: The settings file was damaged/);
  assert.doesNotMatch(logged, /keychain/);
  assert.equal(statSync(dataDir).mode & 0o777, 0o700);
  assert.equal(statSync(join(dataDir, 'paydesk.sqlite')).mode & 0o777, 0o600);
});

test('a Settings screen that cannot be brought up to date is logged, not left unhandled', async (context) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-start-up-'));
  context.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: aesBackend() });
  // Works when the till picks it, is locked a moment later, and then cannot even say why.
  const answers = [
    async () => file.availability(),
    async () => ({ ok: false as const, reason: 'The keychain is locked.' }),
  ];
  const flaky: SecretStore = Object.assign(Object.create(file) as SecretStore, {
    availability: () => (answers.shift() ?? (async () => Promise.reject(new Error('keychain gone'))))(),
  });
  const errors: string[] = [];
  const t = await startAppTill({
    dataDir,
    secretStores: [flaky],
    logger: {
      info: () => {},
      warn: () => {},
      error: (message, error) => errors.push(`${message}: ${String(error)}`),
    },
  });
  try {
    t.till.settings.update({ shop: { name: 'The Corner Café' } });
    await waitUntil(
      () => errors.includes('settings view: Error: keychain gone'),
      'the failure in the log',
      2_000,
    );
    assert.equal(t.till.settings.load().shop.name, 'The Corner Café', 'the change itself is kept');
  } finally {
    await t.close();
  }
});

test('stand-in services that bring no demo products: a first sandbox run starts with an empty catalogue', async (context) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-start-up-'));
  context.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const till = await createTill({
    dataDir,
    host: 'browser',
    version: 'test-version',
    logger: quietLogger,
    secretStores: [
      new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: aesBackend() }),
    ],
    pinScryptCost: 1024,
    standIns: async () => {
      const { payAtCounter, distribution, merchant, close } = await startSandboxServices({ speed: 50 });
      return { payAtCounter, distribution, ...(merchant && { merchant }), close };
    },
  });
  try {
    const reply = await till.dispatch('catalogue.get', {});
    assert.ok(reply.ok);
    assert.deepEqual((reply.value as { products: unknown[] }).products, []);
  } finally {
    await till.close();
  }
});

describe('a till with a working keychain, the supplier live at an address nothing answers on', () => {
  let t: AppTill;
  const opened: string[] = [];
  const warnings: string[] = [];
  before(async () => {
    t = await startAppTill({
      settings: { distribution: { mode: 'live', liveBaseUrl: DEAD_ADDRESS } },
      logger: { info: () => {}, warn: (message) => warnings.push(message), error: () => {} },
      openExternal: async (url) => {
        opened.push(url);
      },
    });
    await t.call('staff.createFirstManager', TEST_STAFF.manager);
  });
  after(() => t?.close());

  test('a manager unlocking Settings with the PIN is announced to the Settings screen', async () => {
    await t.call('manager.lock', {});
    const from = t.events.length;
    const unlocked = await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin });
    assert.ok(unlocked.ok);
    const announced = await t.event('settings.changed', (s) => s.manager.unlockedUntil !== null, from);
    assert.equal(announced.manager.unlockedUntil, unlocked.unlockedUntil);
  });

  test('testing the supplier’s connection really asks it: one that does not answer is said so', async () => {
    await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin });
    await t.call('secrets.save', { key: 'distribution.apiKey', profile: 'live', value: 'supplier-key-7' });
    const answer = await t.call('settings.testConnection', { service: 'distribution' });
    assert.deepEqual(answer, {
      ok: false,
      message: "The supplier service can't be reached: check the internet connection.",
    });
    // Each try the supplier did not answer is in the till's own log, for whoever mends the network.
    assert.ok(warnings.some((w) => w.startsWith('GET /products failed (unreachable); trying again')));
  });

  test('signing in to the merchant tools opens the sign-in page in the system browser', async () => {
    const status = await t.call('merchant.connect', {});
    assert.equal(status.state, 'signing_in');
    assert.equal(status.openedInBrowser, true);
    assert.deepEqual(opened, [status.authorizationUrl]);
  });
});
