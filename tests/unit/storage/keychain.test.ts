// Against the real OS keychain (the Secret Service on Linux). In CI this runs inside
// scripts/with-keyring.sh, which sets PAYDESK_KEYRING=1: then an unreachable keychain FAILS the
// test. Without that variable (a developer machine without a keyring) the tests skip, saying why.
//
//   bash scripts/with-keyring.sh node --import tsx --test tests/unit/storage/keychain.test.ts
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { TillError } from '../../../shared/contract/errors';
import { KeychainSecretStore } from '../../../electron/services/storage/secret-store-keychain';
import {
  loadNapiKeyringBackend,
  type KeychainBackend,
} from '../../../electron/services/storage/keychain-backends';
import { SECRET_KEYS, SECRET_PROFILES, secretAccount } from '../../../electron/services/storage/secret-store';

const execFileAsync = promisify(execFile);
const required = process.env.PAYDESK_KEYRING === '1';
// A service name of our own, so nothing of a real Paydesk install is touched.
const service = `PaydeskTest-${process.pid}-${randomBytes(4).toString('hex')}`;
const folder = mkdtempSync(join(tmpdir(), 'paydesk-keychain-'));
const savedDatesFile = join(folder, 'secrets-saved.json');
let backend: KeychainBackend | null = null;
let unavailable: string | null = null;

before(async () => {
  try {
    backend = await loadNapiKeyringBackend();
  } catch (error) {
    unavailable = `the keychain module did not load: ${String(error)}`;
    return;
  }
  const availability = await new KeychainSecretStore({ backend, service, savedDatesFile }).availability();
  if (!availability.ok) unavailable = availability.reason;
});

after(async () => {
  if (backend && !unavailable) {
    const cleaner = new KeychainSecretStore({ backend, service, savedDatesFile });
    for (const profile of SECRET_PROFILES) for (const key of SECRET_KEYS) await cleaner.delete(key, profile);
  }
  rmSync(folder, { recursive: true, force: true });
});

/** The keychain backend, or skips (or fails, when CI requires a keychain). */
function keychainOrSkip(t: TestContext): KeychainBackend | null {
  if (backend && !unavailable) return backend;
  const reason = `no usable OS keychain: ${unavailable ?? 'not probed'}`;
  if (required) assert.fail(`PAYDESK_KEYRING=1 but ${reason}`);
  t.skip(`${reason} (run under scripts/with-keyring.sh to test against a real one)`);
  return null;
}

/** What the Secret Service itself holds, read with libsecret's own tool, independent of our code. */
function secretToolLookup(account: string): string | null {
  const result = spawnSync('secret-tool', ['lookup', 'service', service, 'username', account], {
    encoding: 'utf8',
  });
  if (result.error) return null;
  return result.status === 0 ? result.stdout : null;
}
const haveSecretTool = process.platform === 'linux' && !spawnSync('secret-tool', ['--version']).error;

test('keychain: libsecret’s own tool is here to check what the Secret Service holds', (t) => {
  // Without it the checks below cannot tell the Secret Service from a keychain that forgets at
  // reboot (the kernel keyring); CI installs it (scripts/setup-test-machine.sh).
  if (process.platform !== 'linux') return t.skip('the Secret Service is Linux only');
  if (!haveSecretTool && !required) return t.skip('secret-tool is not installed (package libsecret-tools)');
  assert.ok(haveSecretTool, 'PAYDESK_KEYRING=1 but secret-tool (package libsecret-tools) is missing');
});

test('keychain: save, read, replace and forget a secret', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  let now = Date.parse('2026-11-22T07:00:00.000Z');
  const store = new KeychainSecretStore({ backend: b, service, savedDatesFile, clock: { now: () => now } });
  const account = secretAccount('payAtCounter.password', 'live');
  const first = `pw-${randomBytes(8).toString('hex')}`;

  assert.equal(await store.get('payAtCounter.password', 'live'), null);
  await store.set('payAtCounter.password', 'live', first);
  assert.equal(await store.get('payAtCounter.password', 'live'), first);
  if (haveSecretTool) assert.equal(secretToolLookup(account), first, 'really in the Secret Service');
  assert.equal(await store.savedAt('payAtCounter.password', 'live'), '2026-11-22T07:00:00.000Z');
  assert.equal(readFileSync(savedDatesFile, 'utf8').includes(first), false, 'the dates file holds no secret');

  // A second store (as after a restart) reads the same entry.
  const reopened = new KeychainSecretStore({ backend: b, service, savedDatesFile });
  assert.equal(await reopened.get('payAtCounter.password', 'live'), first);

  now += 3600_000;
  const second = `pw-ü€-${randomBytes(8).toString('hex')}`;
  await store.set('payAtCounter.password', 'live', second);
  assert.equal(await store.get('payAtCounter.password', 'live'), second);
  assert.equal(await store.savedAt('payAtCounter.password', 'live'), '2026-11-22T08:00:00.000Z');

  assert.equal(await store.delete('payAtCounter.password', 'live'), true);
  assert.equal(await store.get('payAtCounter.password', 'live'), null);
  assert.equal(await store.delete('payAtCounter.password', 'live'), false);
  assert.equal(await store.savedAt('payAtCounter.password', 'live'), null);
  if (haveSecretTool) assert.equal(secretToolLookup(account), null, 'gone from the Secret Service');
});

test('keychain: sandbox and live profiles sit side by side; a token bundle of several KiB fits', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const store = new KeychainSecretStore({ backend: b, service, savedDatesFile });
  const tokens = JSON.stringify({
    access_token: randomBytes(1500).toString('base64url'),
    refresh_token: randomBytes(500).toString('base64url'),
    expires_at: '2026-11-22T09:00:00Z',
  });
  await store.set('merchant.oauthTokens', 'live', tokens);
  await store.set('merchant.oauthTokens', 'sandbox', 'sandbox-tokens');
  await store.set('distribution.apiKey', 'live', 'api-key-live');
  assert.equal(await store.get('merchant.oauthTokens', 'live'), tokens);
  assert.equal(await store.get('merchant.oauthTokens', 'sandbox'), 'sandbox-tokens');

  const listed = (await store.list()).map((s) => `${s.profile}/${s.key}`).sort();
  assert.deepEqual(listed, [
    'live/distribution.apiKey',
    'live/merchant.oauthTokens',
    'sandbox/merchant.oauthTokens',
  ]);

  await store.delete('merchant.oauthTokens', 'sandbox');
  assert.equal(await store.get('merchant.oauthTokens', 'live'), tokens);
  assert.equal(await store.get('merchant.oauthTokens', 'sandbox'), null);
});

test('keychain: long values are split over several entries, and replacing or forgetting removes them all', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const store = new KeychainSecretStore({ backend: b, service, savedDatesFile, partLength: 100 });
  const account = secretAccount('merchant.clientRegistration', 'live');
  const long = randomBytes(800).toString('base64url'); // 1067 characters: 11 parts
  await store.set('merchant.clientRegistration', 'live', long);
  assert.equal(await store.get('merchant.clientRegistration', 'live'), long);
  if (haveSecretTool) {
    assert.equal(secretToolLookup(account), 'paydesk-parts/v1:11');
    assert.equal(secretToolLookup(`${account}#11`), long.slice(1000));
  }

  const shorter = 'y'.repeat(250); // 3 parts: parts 4 to 11 must go
  await store.set('merchant.clientRegistration', 'live', shorter);
  assert.equal(await store.get('merchant.clientRegistration', 'live'), shorter);
  assert.equal(await b.getPassword(service, `${account}#4`), null);
  assert.equal(await b.getPassword(service, `${account}#11`), null);

  await store.set('merchant.clientRegistration', 'live', 'short');
  assert.equal(await b.getPassword(service, `${account}#1`), null);
  assert.equal(await store.get('merchant.clientRegistration', 'live'), 'short');

  // A value that merely looks like the marker is stored safely, not mistaken for parts.
  await store.set('merchant.clientRegistration', 'live', 'paydesk-parts/v1:3');
  assert.equal(await store.get('merchant.clientRegistration', 'live'), 'paydesk-parts/v1:3');

  await store.set('merchant.clientRegistration', 'live', long);
  assert.equal(await store.delete('merchant.clientRegistration', 'live'), true);
  for (const name of [account, `${account}#1`, `${account}#11`])
    assert.equal(await b.getPassword(service, name), null);
});

test('keychain: a value of exactly one part keeps its own entry; one of exactly two parts takes two, with no empty third', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const store = new KeychainSecretStore({ backend: b, service, savedDatesFile, partLength: 100 });
  const account = secretAccount('merchant.clientRegistration', 'sandbox');
  const onePart = 'a'.repeat(100);
  await store.set('merchant.clientRegistration', 'sandbox', onePart);
  assert.equal(await b.getPassword(service, account), onePart);
  assert.equal(await b.getPassword(service, `${account}#1`), null);

  const twoParts = `${'b'.repeat(100)}${'c'.repeat(100)}`;
  await store.set('merchant.clientRegistration', 'sandbox', twoParts);
  assert.equal(await b.getPassword(service, account), 'paydesk-parts/v1:2');
  assert.equal(await b.getPassword(service, `${account}#2`), 'c'.repeat(100));
  assert.equal(await b.getPassword(service, `${account}#3`), null);
  assert.equal(await store.get('merchant.clientRegistration', 'sandbox'), twoParts);
  assert.equal(await store.delete('merchant.clientRegistration', 'sandbox'), true);
});

test('keychain: a long value missing one of its parts is refused in words, never returned cut short', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const store = new KeychainSecretStore({ backend: b, service, savedDatesFile, partLength: 100 });
  const account = secretAccount('merchant.oauthTokens', 'sandbox');
  await store.set('merchant.oauthTokens', 'sandbox', 'z'.repeat(250));
  assert.equal(await b.deletePassword(service, `${account}#2`), true);
  await assert.rejects(
    store.get('merchant.oauthTokens', 'sandbox'),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'storage' &&
      e.message === 'A saved value is incomplete in the system keychain: enter it again.',
  );
  assert.equal(await store.delete('merchant.oauthTokens', 'sandbox'), true);
  assert.equal(await b.getPassword(service, `${account}#3`), null);
});

test('keychain: one that accepts a save but keeps nothing is not available', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const forgetful: KeychainBackend = { ...b, setPassword: async () => {} };
  assert.deepEqual(
    await new KeychainSecretStore({ backend: forgetful, service, savedDatesFile }).availability(),
    {
      ok: false,
      reason: 'The system keychain did not give back what was saved.',
    },
  );
});

test('keychain: a damaged dates file loses only the dates; the secret is still read and the next save dates it', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const store = new KeychainSecretStore({
    backend: b,
    service,
    savedDatesFile,
    clock: { now: () => Date.parse('2026-11-24T10:00:00.000Z') },
  });
  await store.set('distribution.apiKey', 'sandbox', 'sandbox-key-1');
  writeFileSync(savedDatesFile, '{"version":1,"saved":{"sandbox/distrib');
  assert.equal(await store.savedAt('distribution.apiKey', 'sandbox'), null);
  assert.deepEqual(await store.list(), []);
  assert.equal(await store.get('distribution.apiKey', 'sandbox'), 'sandbox-key-1');
  await store.set('distribution.apiKey', 'sandbox', 'sandbox-key-2');
  assert.deepEqual(await store.list(), [
    { key: 'distribution.apiKey', profile: 'sandbox', savedAt: '2026-11-24T10:00:00.000Z' },
  ]);
  await store.delete('distribution.apiKey', 'sandbox');
});

test('keychain: the binding names the Secret Service only on Linux', async (t) => {
  if (!keychainOrSkip(t)) return;
  const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
  const named = async (value: string) => {
    Object.defineProperty(process, 'platform', { ...platform, value });
    try {
      return (await loadNapiKeyringBackend()).name;
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  };
  assert.equal(await named('linux'), '@napi-rs/keyring (Secret Service)');
  assert.equal(await named('darwin'), '@napi-rs/keyring');
  assert.equal(await named('win32'), '@napi-rs/keyring');
});

test('keychain: with no binding given, the store loads the real one itself', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  assert.deepEqual(await new KeychainSecretStore({ service, savedDatesFile }).availability(), {
    ok: true,
    backend: b.name,
  });
});

test('keychain: an entry that only looks like a pointer to parts (no count from 1 to 1000) is read as it is', async (t) => {
  const b = keychainOrSkip(t);
  if (!b) return;
  const store = new KeychainSecretStore({ backend: b, service, savedDatesFile });
  const account = secretAccount('merchant.oauthTokens', 'sandbox');
  await b.setPassword(service, `${account}#1`, 'a stray part');
  for (const head of ['paydesk-parts/v1:0', 'paydesk-parts/v1:1001']) {
    await b.setPassword(service, account, head);
    assert.equal(await store.get('merchant.oauthTokens', 'sandbox'), head);
  }
  // Counts up to 1000 point to parts: with one missing the value is refused, never handed out as it is.
  for (const head of ['paydesk-parts/v1:1000', 'paydesk-parts/v1:2']) {
    await b.setPassword(service, account, head);
    await assert.rejects(store.get('merchant.oauthTokens', 'sandbox'), TillError);
  }
  await b.deletePassword(service, `${account}#1`);
  assert.equal(await store.delete('merchant.oauthTokens', 'sandbox'), true);
});

test('keychain: with no Secret Service running it is unavailable, never the kernel keyring that forgets at reboot', async (t) => {
  if (process.platform !== 'linux') return t.skip('the Secret Service is Linux only');
  // A bus address where nothing listens: the keyring library's own fallback would be the kernel
  // keyring (lost at logout or reboot); the till must say its keychain is unusable instead.
  const noBus = join(folder, 'no-bus');
  const modules = ['secret-store-keychain.ts', 'keychain-backends.ts'].map(
    (file) => pathToFileURL(join(import.meta.dirname, '../../../electron/services/storage', file)).href,
  );
  const program = [
    `import { KeychainSecretStore } from ${JSON.stringify(modules[0])};`,
    `import { loadNapiKeyringBackend } from ${JSON.stringify(modules[1])};`,
    `const backend = await loadNapiKeyringBackend();`,
    `const s = new KeychainSecretStore({ backend, service: ${JSON.stringify(service)}, savedDatesFile: ${JSON.stringify(savedDatesFile)} });`,
    `console.log(JSON.stringify(await s.availability()));`,
  ].join('\n');
  const run = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', program],
    {
      timeout: 60_000,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${noBus}` },
    },
  );
  const availability = JSON.parse(run.stdout) as { ok: boolean; reason?: string; detail?: string };
  assert.equal(availability.ok, false);
  assert.match(availability.reason ?? '', /^The computer’s keychain did not answer\./);
  assert.match(availability.detail ?? '', /no-bus/, 'the log says the Secret Service could not be reached');
});
