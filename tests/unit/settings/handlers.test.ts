// The settings area's handlers on real stores (a settings file, an encrypted secrets file and a
// staff database in a temp folder): what a connection test answers, and the words when going
// live cannot be checked because the keychain cannot be read or no client exists yet; the
// Settings screen still opens, with the settings problems it must show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import type { ServiceName } from '../../../shared/contract';
import { settingsHandlers, type SettingsHandlerDeps } from '../../../electron/services/settings/handlers';
import { ManagerGate } from '../../../electron/services/manager-gate';
import { StaffDirectory } from '../../../electron/services/staff/directory';
import { STAFF_MIGRATIONS, StaffStore } from '../../../electron/services/staff/store';
import { closeDatabase, openDatabase } from '../../../electron/services/storage/database';
import { DEFAULT_SCRYPT_PARAMS } from '../../../electron/services/storage/manager-pin';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { aesBackend } from '../../support/encryption';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';

const LIVE = { payAtCounter: { mode: 'live', liveBaseUrl: 'https://cards.example.com' } } as const;

/** The handlers over real stores in a temp folder; `testConnection` is the service's answer. */
function setup(
  t: { after: (fn: () => void) => void },
  testConnection: (service: ServiceName, liveBaseUrl?: string) => Promise<void> = async () => {},
  overrides: Partial<SettingsHandlerDeps> = {},
) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-settings-handlers-'));
  const clock = new ManualClock(Date.parse('2026-11-23T09:00:00.000Z'));
  const db = openDatabase(join(folder, 'staff.sqlite'), STAFF_MIGRATIONS, clock);
  t.after(() => {
    closeDatabase(db, () => {});
    rmSync(folder, { recursive: true, force: true });
  });
  const settingsFile = join(folder, 'settings.json');
  const secretsFile = join(folder, 'secrets.enc.json');
  const settings = new JsonFileSettingsStore({ file: settingsFile, clock });
  const secrets = new EncryptedFileSecretStore({ file: secretsFile, encryption: aesBackend(), clock });
  const audit = auditOn(db, clock);
  const directory = new StaffDirectory({
    store: new StaffStore(db, clock),
    clock,
    scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 },
    audit,
  });
  const handlers = settingsHandlers({
    settings,
    secrets,
    manager: new ManagerGate({ directory, clock }),
    testConnection,
    cardPaymentRunning: () => false,
    onSecretsChanged: () => {},
    keychainStatus: async () => ({ ok: true, backend: 'encrypted file (test)' }),
    audit,
    ...overrides,
  });
  return { folder, settingsFile, secretsFile, settings, secrets, handlers, audit, directory };
}

test('a connection test says whether it worked in staff words; a refusal to test is passed on', async (t) => {
  let failure: unknown = null;
  const { handlers } = setup(t, async () => {
    if (failure) throw failure;
  });
  const check = async () => handlers['settings.testConnection']({ service: 'payAtCounter' });
  assert.deepEqual(await check(), { ok: true, message: 'Connected: the address and sign-in details work.' });
  failure = new TillError('unreachable', 'connect ECONNREFUSED 10.0.0.5:443');
  assert.deepEqual(await check(), {
    ok: false,
    message: "The card service can't be reached: check the internet connection.",
  });
  failure = new Error('socket hang up');
  assert.deepEqual(await check(), {
    ok: false,
    message:
      'The card service could not be checked because of an unexpected problem. Try again, and if it keeps happening, restart Paydesk.',
  });
  const refusal = new TillError('not_allowed', 'Testing the card service needs a manager.');
  failure = refusal;
  await assert.rejects(check, (error: unknown) => error === refusal);
});

test('going live with the sign-in saved but no client for the service yet: refused in words, nothing saved', async (t) => {
  const { handlers, settings } = setup(t, async () => {
    throw new TillError('not_configured', 'no client');
  });
  await handlers['manager.setPin']({ newPin: '4826' });
  await handlers['secrets.save']({ key: 'payAtCounter.username', profile: 'live', value: 'till-7' });
  await handlers['secrets.save']({ key: 'payAtCounter.password', profile: 'live', value: 'live-pass-7' });
  await assert.rejects(
    async () => handlers['settings.update']({ patch: LIVE }),
    (error: unknown) =>
      error instanceof TillError &&
      error.code === 'not_allowed' &&
      error.message === "The card service stays on Sandbox: this version of Paydesk can't connect to it yet.",
  );
  assert.equal(settings.load().payAtCounter.mode, 'sandbox');
});

test('a secrets file that cannot be read: going live is refused in words, and Settings still opens', async (t) => {
  const { handlers, settings, secretsFile } = setup(t);
  await handlers['manager.setPin']({ newPin: '4826' });
  writeFileSync(secretsFile, '{"version":1,"entries":{"live/payAt');
  await assert.rejects(
    async () => handlers['settings.update']({ patch: LIVE }),
    (error: unknown) =>
      error instanceof TillError &&
      error.code === 'not_allowed' &&
      error.message ===
        "The card service stays on Sandbox: the keychain could not be read. Unlock this computer's keychain, then try again.",
  );
  assert.equal(settings.load().payAtCounter.mode, 'sandbox');
  const view = await handlers['settings.get']({});
  assert.deepEqual(view.secrets, []);
  assert.equal(view.manager.pinSet, true);
});

test('Settings shows what was wrong with the settings file, where the copy is, and when', async (t) => {
  const { handlers, settingsFile, folder } = setup(t);
  writeFileSync(settingsFile, '{"schemaVersion": 1, "shop": {');
  const { problems, settings } = await handlers['settings.get']({});
  const keptAt = join(folder, 'settings.corrupt-2026-11-23T09-00-00-000Z.json');
  assert.deepEqual(problems, [
    {
      message:
        'The settings file was damaged; a copy was kept as settings.corrupt-2026-11-23T09-00-00-000Z.json. Default settings are in use until you save new ones.',
      keptAt,
      at: '2026-11-23T09:00:00.000Z',
    },
  ]);
  assert.equal(settings.shop.name, 'My Shop');
});

/** Matches a TillError with exactly this code and these words. */
const refusedWith = (code: string, message: string) => (error: unknown) =>
  error instanceof TillError && error.code === code && error.message === message;

const CARD_RUNNING = 'A card payment is running: change the card service after it has finished.';

test('while a card payment runs, only the card service mode and live address are refused', async (t) => {
  const { handlers, settings } = setup(t, undefined, { cardPaymentRunning: () => true });
  for (const patch of [
    { payAtCounter: { mode: 'sandbox' } },
    { payAtCounter: { liveBaseUrl: 'https://cards.example.com' } },
    { distribution: { mode: 'sandbox' }, payAtCounter: { mode: 'sandbox' } },
  ]) {
    await assert.rejects(
      async () => handlers['settings.update']({ patch }),
      refusedWith('conflict', CARD_RUNNING),
    );
  }
  await handlers['settings.update']({ patch: { payAtCounter: { defaultTerminalId: '22900001' } } });
  await handlers['settings.update']({
    patch: { distribution: { mode: 'sandbox', liveBaseUrl: 'https://supplies.example.com' } },
  });
  await handlers['settings.update']({ patch: { kioskMode: true } });
  const saved = settings.load();
  assert.equal(saved.payAtCounter.defaultTerminalId, '22900001');
  assert.equal(saved.distribution.liveBaseUrl, 'https://supplies.example.com');
  assert.equal(saved.kioskMode, true);
});

test('a card payment that starts during the live connection test stops the switch', async (t) => {
  let running = false;
  const { handlers, settings } = setup(
    t,
    async () => {
      running = true;
    },
    { cardPaymentRunning: () => running },
  );
  await handlers['manager.setPin']({ newPin: '4826' });
  await handlers['secrets.save']({ key: 'payAtCounter.username', profile: 'live', value: 'till-7' });
  await handlers['secrets.save']({ key: 'payAtCounter.password', profile: 'live', value: 'live-pass-7' });
  await assert.rejects(
    async () => handlers['settings.update']({ patch: LIVE }),
    refusedWith('conflict', CARD_RUNNING),
  );
  assert.equal(settings.load().payAtCounter.mode, 'sandbox');
});

test('without a manager nothing goes live, in words; sandbox changes and live addresses need no sign-in', async (t) => {
  const tested: ServiceName[] = [];
  const { handlers, settings } = setup(t, async (service) => {
    tested.push(service);
  });
  await assert.rejects(
    async () => handlers['settings.update']({ patch: { distribution: { mode: 'live' }, ...LIVE } }),
    refusedWith('not_allowed', 'Set a manager PIN (the first manager) before switching a service to live.'),
  );
  await handlers['settings.update']({
    patch: { payAtCounter: { mode: 'sandbox', liveBaseUrl: 'https://cards.example.com' } },
  });
  assert.equal(settings.load().payAtCounter.liveBaseUrl, 'https://cards.example.com');
  await handlers['manager.setPin']({ newPin: '4826' });
  await assert.rejects(
    async () =>
      handlers['settings.update']({
        patch: { payAtCounter: { mode: 'live', liveBaseUrl: 'http://x.example.com' } },
      }),
    (error: unknown) =>
      error instanceof TillError && error.code === 'invalid_input' && /https:\/\//.test(error.message),
  );
  assert.equal(settings.load().payAtCounter.mode, 'sandbox');
  assert.deepEqual(tested, []);
});

test('a keychain that cannot be used: going live is refused with its reason, and Settings shows it', async (t) => {
  const { handlers, settings } = setup(t, undefined, {
    keychainStatus: async () => ({ ok: false, reason: 'org.freedesktop.secrets was not provided.' }),
  });
  assert.deepEqual((await handlers['settings.get']({})).keychain, {
    ok: false,
    detail: 'org.freedesktop.secrets was not provided.',
  });
  await handlers['manager.setPin']({ newPin: '4826' });
  await assert.rejects(
    async () => handlers['settings.update']({ patch: LIVE }),
    refusedWith(
      'not_allowed',
      "The card service stays on Sandbox: its sign-in must be kept in this computer's keychain, which can't be used (org.freedesktop.secrets was not provided). Set up the keychain, save the sign-in, then switch to Live.",
    ),
  );
  assert.equal(settings.load().payAtCounter.mode, 'sandbox');
});

test('saved and forgotten secrets are announced, even when saving fails; a live service keeps only its live sign-in', async (t) => {
  let changes = 0;
  const { handlers, secretsFile } = setup(t, undefined, { onSecretsChanged: () => (changes += 1) });
  assert.deepEqual((await handlers['settings.get']({})).keychain, {
    ok: true,
    detail: 'encrypted file (test)',
  });
  await handlers['manager.setPin']({ newPin: '4826' });
  assert.deepEqual(handlers['manager.lock']({}), { ok: true });
  await handlers['manager.unlock']({ pin: '4826' });
  for (const profile of ['live', 'sandbox'] as const) {
    await handlers['secrets.save']({ key: 'payAtCounter.username', profile, value: 'till-7' });
    await handlers['secrets.save']({ key: 'payAtCounter.password', profile, value: `${profile}-pass-7` });
  }
  assert.equal(changes, 4);
  await handlers['settings.update']({ patch: LIVE });
  const view = await handlers['secrets.forget']({ key: 'payAtCounter.password', profile: 'sandbox' });
  assert.equal(changes, 5);
  assert.ok(!view.secrets.some((s) => s.key === 'payAtCounter.password' && s.profile === 'sandbox'));
  writeFileSync(secretsFile, '{"version":1,"entries":{"live/payAt');
  await assert.rejects(async () =>
    handlers['secrets.save']({ key: 'distribution.apiKey', profile: 'live', value: 'k' }),
  );
  await assert.rejects(async () =>
    handlers['secrets.forget']({ key: 'distribution.apiKey', profile: 'live' }),
  );
  assert.equal(changes, 7);
});

test('a service section that is null is refused as invalid input, in the settings words', async (t) => {
  const { handlers } = setup(t, undefined, { cardPaymentRunning: () => true });
  await assert.rejects(
    async () => handlers['settings.update']({ patch: { payAtCounter: null } as never }),
    refusedWith(
      'invalid_input',
      "These settings can't be saved: payAtCounter: Invalid input: expected object, received null",
    ),
  );
});

test('a live address that is not text is refused as invalid input, before any sign-in is asked for', async (t) => {
  const tested: ServiceName[] = [];
  const { handlers, settings } = setup(t, async (service) => {
    tested.push(service);
  });
  await handlers['manager.setPin']({ newPin: '4826' });
  // A list holding an address reads like that address when turned into text: it must not pass as one.
  await assert.rejects(
    async () =>
      handlers['settings.update']({
        patch: { payAtCounter: { mode: 'live', liveBaseUrl: ['https://cards.example.com'] } } as never,
      }),
    refusedWith(
      'invalid_input',
      "These settings can't be saved: payAtCounter.liveBaseUrl: Invalid input: expected string, received array",
    ),
  );
  assert.equal(settings.load().payAtCounter.mode, 'sandbox');
  assert.deepEqual(tested, []);
});
