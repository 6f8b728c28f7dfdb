// Live needs its sign-in: a service is switched to Live only once its sign-in is saved in the
// keychain and a real call to the live address with it succeeds. Each refusal says what to do,
// and changes nothing. A second pay-at-counter instance on loopback plays the live service.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TillStatus } from '../../../shared/contract';
import { startTestTill, type TestTill } from '../../support/till';
import { aesBackend } from '../../support/encryption';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../../electron/sandbox/pay-at-counter/server';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { startDistributionSandbox } from '../../../electron/sandbox/distribution/server';

const PIN = '4826';
const LIVE_PASSWORD = `live-${randomBytes(6).toString('hex')}`;
const LIVE_SUPPLIER_KEY = `supplier-${randomBytes(6).toString('hex')}`;

let live: PayAtCounterSandbox;
let dataDir: string;
/** A till whose keychain works (an encrypted file under a test key). */
let t: TestTill;
/** A till on a computer with no keychain at all. */
let noKeychain: TestTill;

before(async () => {
  live = await startPayAtCounterSandbox({ username: 'live-user', password: LIVE_PASSWORD, speed: 50 });
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-live-sign-in-'));
  t = await startTestTill({
    dataDir: join(dataDir, 'keychain'),
    secretStores: [
      new EncryptedFileSecretStore({
        file: join(dataDir, 'secrets.enc.json'),
        encryption: aesBackend('test-aes-gcm'),
      }),
    ],
  });
  noKeychain = await startTestTill({ dataDir: join(dataDir, 'none'), secretStores: [] });
  for (const till of [t, noKeychain]) {
    await till.call('manager.setPin', { newPin: PIN });
    await till.call('manager.unlock', { pin: PIN });
  }
});

after(async () => {
  await t?.close();
  await noKeychain?.close();
  await live?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const goLive = (till: TestTill, liveBaseUrl = live.baseUrl) =>
  till.failure('settings.update', { patch: { payAtCounter: { mode: 'live', liveBaseUrl } } });

/** What the till would use after a restart: the settings file itself. */
function savedMode(till: TestTill): string {
  // The manager's PIN lives with the staff (in the database), so nothing may have written the file yet.
  const path = join(till.dataDir, 'settings.json');
  if (!existsSync(path)) return 'sandbox';
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    payAtCounter?: { mode: string };
  };
  return file.payAtCounter?.mode ?? 'sandbox';
}

async function assertStillSandbox(till: TestTill) {
  assert.equal((await till.call('settings.get', {})).settings.payAtCounter.mode, 'sandbox');
  assert.equal(savedMode(till), 'sandbox', 'nothing was saved');
}

test('without a keychain, Live is refused: the sign-in has nowhere safe to live', async () => {
  const requests = live.stats().apiRequests;
  const refused = await goLive(noKeychain);
  assert.equal(refused.code, 'not_allowed');
  assert.match(refused.message, /^The card service stays on Sandbox: .*keychain, which can't be used/);
  assert.match(refused.message, /Set up the keychain, save the sign-in, then switch to Live\.$/);
  await assertStillSandbox(noKeychain);
  assert.equal(live.stats().apiRequests, requests, 'the live service was not called');
});

test('with no sign-in saved, or half of it, Live is refused and says what to save', async () => {
  const requests = live.stats().apiRequests;
  const none = await goLive(t);
  assert.equal(none.code, 'not_allowed');
  assert.equal(
    none.message,
    'The card service stays on Sandbox: save the live username and password under Live sign-in first, then save again.',
  );
  await t.call('secrets.save', { key: 'payAtCounter.username', profile: 'live', value: 'live-user' });
  // A sandbox password does not count for Live.
  await t.call('secrets.save', { key: 'payAtCounter.password', profile: 'sandbox', value: LIVE_PASSWORD });
  assert.equal((await goLive(t)).message, none.message);
  await assertStillSandbox(t);
  assert.equal(live.stats().apiRequests, requests, 'the live service was not called');
});

test('a sign-in the live service refuses, or an address that does not answer, keeps the till on Sandbox', async () => {
  await t.call('secrets.save', { key: 'payAtCounter.password', profile: 'live', value: 'not-the-password' });
  const wrong = await goLive(t);
  assert.equal(wrong.code, 'not_allowed');
  assert.equal(
    wrong.message,
    'The card service stays on Sandbox: the connection test did not pass. The username or password was not accepted. Check the address and sign-in, then save again.',
  );
  assert.ok(!wrong.message.includes(live.baseUrl), 'no address in the words');
  await assertStillSandbox(t);

  await t.call('secrets.save', { key: 'payAtCounter.password', profile: 'live', value: LIVE_PASSWORD });
  const nobody = await goLive(t, 'http://127.0.0.1:9');
  assert.match(nobody.message, /^The card service stays on Sandbox: .*can't be reached/);
  await assertStillSandbox(t);
});

test('the saved sign-in and a passing test switch to Live; the live sign-in cannot then be forgotten', async () => {
  const requests = live.stats().apiRequests;
  const view = await t.call('settings.update', {
    patch: { payAtCounter: { mode: 'live', liveBaseUrl: live.baseUrl } },
  });
  assert.equal(view.settings.payAtCounter.mode, 'live');
  assert.equal(savedMode(t), 'live');
  assert.ok(live.stats().apiRequests > requests, 'the live service was called before switching');
  assert.equal((await t.call('settings.testConnection', { service: 'payAtCounter' })).ok, true);

  // Saving again on the same address (e.g. a default terminal) does not test again.
  const before = live.stats().apiRequests;
  await t.call('settings.update', {
    patch: { payAtCounter: { mode: 'live', defaultTerminalId: '22900001' } },
  });
  assert.equal(live.stats().apiRequests, before);

  // A new live address is tested like a switch: one that does not answer is not saved.
  const moved = await t.failure('settings.update', {
    patch: { payAtCounter: { liveBaseUrl: 'http://127.0.0.1:9' } },
  });
  assert.match(moved.message, /^The card service's new live address was not saved: /);
  assert.equal(t.till.settings.load().payAtCounter.liveBaseUrl, live.baseUrl);

  const forget = await t.failure('secrets.forget', { key: 'payAtCounter.password', profile: 'live' });
  assert.equal(forget.code, 'not_allowed');
  assert.equal(
    forget.message,
    'The card service is on Live and signs in with this. Switch it to Sandbox first, then forget it.',
  );
  assert.ok((await t.call('settings.get', {})).secrets.some((s) => s.key === 'payAtCounter.password'));

  await t.call('settings.update', { patch: { payAtCounter: { mode: 'sandbox' } } });
  const forgotten = await t.call('secrets.forget', { key: 'payAtCounter.password', profile: 'live' });
  assert.ok(!forgotten.secrets.some((s) => s.key === 'payAtCounter.password' && s.profile === 'live'));
});

/** Waits (up to 5 s) until the status bar shows the supplier in `mode` and `state`. */
async function supplierShownAs(till: TestTill, mode: string, state: string): Promise<void> {
  const shown = (status: TillStatus) =>
    status.connections.some((c) => c.service === 'distribution' && c.mode === mode && c.state === state);
  if (shown(await till.call('status.get', {}))) return;
  await till.waitForEvent('status.changed', shown, 5_000);
}

test('the supplier goes Live only with its API key and a passing test; merchant tools only at an address that answers as merchant tools', async () => {
  const liveSupplier = await startDistributionSandbox({ apiKey: LIVE_SUPPLIER_KEY });
  try {
    const patch = { distribution: { mode: 'live', liveBaseUrl: liveSupplier.baseUrl } };
    const noKey = await t.failure('settings.update', { patch });
    assert.equal(
      noKey.message,
      'The supplier service stays on Sandbox: save the live API key under Live sign-in first, then save again.',
    );
    await t.call('secrets.save', { key: 'distribution.apiKey', profile: 'live', value: 'key-1' });
    const wrongKey = await t.failure('settings.update', { patch });
    assert.equal(wrongKey.code, 'not_allowed');
    assert.equal(
      wrongKey.message,
      'The supplier service stays on Sandbox: the connection test did not pass. The API key was not accepted. Check the address and sign-in, then save again.',
    );
    assert.equal(t.till.settings.load().distribution.mode, 'sandbox');

    await t.call('secrets.save', { key: 'distribution.apiKey', profile: 'live', value: LIVE_SUPPLIER_KEY });
    await t.call('settings.update', { patch });
    assert.equal(t.till.settings.load().distribution.mode, 'live');
    // Switching mode checks the new supplier once for the status bar: let that finish first.
    await supplierShownAs(t, 'live', 'online');
    const before = liveSupplier.stats().apiRequests;
    const { products } = await t.call('supplies.products', {});
    assert.equal(products.length, liveSupplier.products.length);
    assert.equal(liveSupplier.stats().apiRequests, before + 1, 'the catalogue came from the live supplier');
    const forget = await t.failure('secrets.forget', { key: 'distribution.apiKey', profile: 'live' });
    assert.equal(forget.code, 'not_allowed');
    await t.call('settings.update', { patch: { distribution: { mode: 'sandbox' } } });
  } finally {
    await liveSupplier.close();
  }
  const merchant = await t.failure('settings.update', {
    patch: { merchant: { mode: 'live', liveBaseUrl: 'http://127.0.0.1:9/mcp' } },
  });
  assert.match(
    merchant.message,
    /^The merchant service stays on Sandbox: the connection test did not pass\./,
  );
  assert.equal(t.till.settings.load().merchant.mode, 'sandbox');
  // An address where merchant tools answer (they ask for a sign-in) is taken; the sign-in follows.
  const merchantTools = (await t.till.sandbox()).merchant.mcpUrl;
  await t.call('settings.update', { patch: { merchant: { mode: 'live', liveBaseUrl: merchantTools } } });
  assert.equal(t.till.settings.load().merchant.liveBaseUrl, merchantTools);
  await t.call('settings.update', { patch: { merchant: { mode: 'sandbox' } } });
  const saved = t.till.settings.load();
  assert.equal(saved.distribution.mode, 'sandbox');
  assert.equal(saved.merchant.mode, 'sandbox');
});

test('an unusable live address is refused in its own words before anything is called', async () => {
  const requests = live.stats().apiRequests;
  const refused = await t.failure('settings.update', {
    patch: { payAtCounter: { mode: 'live', liveBaseUrl: 'http://payments.example.com' } },
  });
  assert.equal(refused.code, 'invalid_input');
  assert.match(refused.message, /Live services must use https:\/\//);
  assert.equal(live.stats().apiRequests, requests);
});
