// What a change of settings does to the running till: a card service or supplier switched between
// sandbox and live, or given a new live address, is shown in its new mode at once and checked
// again; a change to anything else leaves the top bar as it was; new live card credentials are used
// from the next call; and a keychain that worked at start is not probed again (a probe writes).
import { test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import type { ConnectionState, TillStatus } from '../../../shared/contract';
import type { SecretStore } from '../../../electron/services/storage/secret-store';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../../support/encryption';
import { TEST_STAFF } from '../../support/staff';
import { waitUntil } from '../../support/wait';
import { ALL_LIVE, DEAD_ADDRESS, startAppTill, type AppTill } from './support';

const CHECKED = ['payAtCounter', 'distribution'];

/** The card service and the supplier as the bar shows them: mode, state and words. */
async function bar(t: AppTill): Promise<Record<string, Pick<ConnectionState, 'mode' | 'state' | 'detail'>>> {
  const { connections } = await t.call('status.get', {});
  return Object.fromEntries(
    connections
      .filter((c) => CHECKED.includes(c.service))
      .map((c) => [c.service, { mode: c.mode, state: c.state, detail: c.detail }]),
  );
}

/** Waits until the bar shows both services checked (no longer "Not checked yet"). */
function bothChecked(t: AppTill, from = 0): Promise<TillStatus> {
  return t.event(
    'status.changed',
    (s) =>
      CHECKED.every((service) => s.connections.some((c) => c.service === service && c.state !== 'unknown')),
    from,
  );
}

test('switching only the mode (the live address kept) shows the new mode at once, then checks it', async () => {
  const t = await startAppTill({ settings: ALL_LIVE });
  try {
    await bothChecked(t);
    const from = t.events.length;
    t.till.settings.update({
      payAtCounter: { mode: 'sandbox', liveBaseUrl: DEAD_ADDRESS },
      distribution: { mode: 'sandbox', liveBaseUrl: DEAD_ADDRESS },
    });
    const unchecked = { mode: 'sandbox', state: 'unknown', detail: 'Not checked yet' };
    assert.deepEqual(await bar(t), { payAtCounter: unchecked, distribution: unchecked });
    await t.event(
      'status.changed',
      (s) =>
        CHECKED.every((service) => s.connections.some((c) => c.service === service && c.state === 'online')),
      from,
    );
    const online = { mode: 'sandbox', state: 'online', detail: 'Connected' };
    assert.deepEqual(await bar(t), { payAtCounter: online, distribution: online });
  } finally {
    await t.close();
  }
});

test('a new live address (the mode kept) is checked again, and found not answering either', async () => {
  const t = await startAppTill({ settings: ALL_LIVE });
  try {
    // With the live sign-ins saved, so that the check really goes out to the address.
    await t.call('staff.createFirstManager', TEST_STAFF.manager);
    await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin });
    for (const [key, value] of [
      ['payAtCounter.username', 'shop-7'],
      ['payAtCounter.password', 'pass-7'],
      ['distribution.apiKey', 'supplier-key-7'],
    ] as const) {
      await t.call('secrets.save', { key, profile: 'live', value });
    }
    await bothChecked(t);
    const from = t.events.length;
    const elsewhere = 'http://127.0.0.1:1';
    t.till.settings.update({
      payAtCounter: { mode: 'live', liveBaseUrl: elsewhere },
      distribution: { mode: 'live', liveBaseUrl: elsewhere },
    });
    const unchecked = { mode: 'live', state: 'unknown', detail: 'Not checked yet' };
    assert.deepEqual(await bar(t), { payAtCounter: unchecked, distribution: unchecked });
    await bothChecked(t, from);
    // Really asked there, not taken as answering.
    assert.deepEqual(await bar(t), {
      payAtCounter: { mode: 'live', state: 'offline', detail: 'The card service cannot be reached.' },
      distribution: {
        mode: 'live',
        state: 'offline',
        detail: "The supplier can't be reached. Check the internet connection, then try again.",
      },
    });
  } finally {
    await t.close();
  }
});

test('a change to anything else leaves the card service and the supplier as the bar showed them', async () => {
  const t = await startAppTill();
  try {
    await t.event('status.changed', (s) =>
      CHECKED.every((service) => s.connections.some((c) => c.service === service && c.state === 'online')),
    );
    const before = await bar(t);
    t.till.settings.update({ shop: { name: 'The Corner Café' } });
    assert.deepEqual(await bar(t), before);
  } finally {
    await t.close();
  }
});

test('new live card credentials are used from the next call, not the ones read before', async () => {
  const t = await startAppTill();
  try {
    await t.call('staff.createFirstManager', TEST_STAFF.manager);
    await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin });
    // The stand-in card service, taken as the shop's live one.
    const service = (await t.till.sandbox()).payAtCounter;
    const save = (key: 'payAtCounter.username' | 'payAtCounter.password', value: string) =>
      t.call('secrets.save', { key, profile: 'live', value });
    await save('payAtCounter.username', service.username);
    await save('payAtCounter.password', 'not-the-password');
    t.till.settings.update({ payAtCounter: { mode: 'live', liveBaseUrl: service.baseUrl } });
    assert.equal((await t.failure('terminals.list', {})).code, 'bad_credentials');
    await save('payAtCounter.password', service.password);
    const terminals = await t.call('terminals.list', {});
    assert.deepEqual(terminals.map((x) => x.terminalId).sort(), ['22900001', '22900002']);
  } finally {
    await t.close();
  }
});

test('a keychain that worked at start is not probed again: Settings still says it can be used', async (ctx) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-settings-changes-'));
  ctx.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: aesBackend() });
  // Works when the till first asks; any later probe would find it locked.
  let probes = 0;
  const once: SecretStore = Object.assign(Object.create(file) as SecretStore, {
    availability: async () =>
      probes++ < 2 ? file.availability() : { ok: false as const, reason: 'The keychain is locked.' },
  });
  const working = await file.availability();
  assert.ok(working.ok);
  const t = await startAppTill({ dataDir, secretStores: [once] });
  try {
    for (let i = 0; i < 2; i++) {
      assert.deepEqual((await t.call('settings.get', {})).keychain, { ok: true, detail: working.backend });
    }
  } finally {
    await t.close();
  }
});

test('a Settings screen that cannot be brought up to date after a staff change is logged', async (ctx) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-settings-changes-'));
  ctx.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: aesBackend() });
  // Works when the till picks it, is locked at start, and then cannot even say why.
  const answers = [
    async () => file.availability(),
    async () => ({ ok: false as const, reason: 'The keychain is locked.' }),
  ];
  const flaky: SecretStore = Object.assign(Object.create(file) as SecretStore, {
    availability: () => (answers.shift() ?? (async () => Promise.reject(new Error('keychain gone'))))(),
  });
  const errors: string[] = [];
  const logger = {
    info: () => {},
    warn: () => {},
    error: (message: string, error: unknown) => void errors.push(`${message}: ${String(error)}`),
  };
  const t = await startAppTill({ dataDir, secretStores: [flaky], logger });
  try {
    await t.call('staff.createFirstManager', TEST_STAFF.manager);
    const failed = () => errors.filter((e) => e === 'settings view: Error: keychain gone').length;
    const first = await waitUntil(() => failed() > 0 && failed(), 'the first failure in the log', 2_000);
    // Signing out changes nothing in the settings: only the staff change brings the screen up to date.
    await t.call('staff.signOut', {});
    await waitUntil(() => failed() > first, 'the failure after signing out in the log', 2_000);
  } finally {
    await t.close();
  }
});
