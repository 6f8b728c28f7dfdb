import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import {
  EncryptedFileSecretStore,
  type EncryptionBackend,
} from '../../../electron/services/storage/secret-store-encrypted-file';
import { KeychainSecretStore } from '../../../electron/services/storage/secret-store-keychain';
import type { KeychainBackend } from '../../../electron/services/storage/keychain-backends';
import {
  SECRET_KEYS,
  UnavailableSecretStore,
  chooseSecretStore,
  parseSecretAccount,
  secretAccount,
} from '../../../electron/services/storage/secret-store';
import { realFs } from '../../../electron/services/storage/settings-files';
import { aesBackend } from '../../support/encryption';
import { internalsIn } from '../i18n/staff-words';

function tempFolder(t: { after: (fn: () => void) => void }): string {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-secrets-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const PASSWORD = 'correct-horse-battery-staple-42';

test('account names join profile and key, and only the closed lists are accepted', () => {
  assert.equal(secretAccount('payAtCounter.password', 'live'), 'live/payAtCounter.password');
  for (const key of SECRET_KEYS)
    assert.deepEqual(parseSecretAccount(secretAccount(key, 'sandbox')), { key, profile: 'sandbox' });
  assert.throws(() => secretAccount('payAtCounter.pin' as never, 'live'));
  assert.throws(() => secretAccount('distribution.apiKey', 'staging' as never));
  assert.equal(parseSecretAccount('live/unknown.key'), null);
  assert.equal(parseSecretAccount('live/payAtCounter.password/extra'), null);
});

test('encrypted file: save, read, replace, forget; only ciphertext and dates on disk', async (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'secrets.enc.json');
  let now = Date.parse('2026-11-22T08:30:00.000Z');
  const store = new EncryptedFileSecretStore({ file, encryption: aesBackend(), clock: { now: () => now } });

  assert.deepEqual(await store.availability(), { ok: true, backend: 'encrypted file (gnome_libsecret)' });
  assert.equal(await store.get('payAtCounter.password', 'live'), null);
  await store.set('payAtCounter.password', 'live', PASSWORD);
  await store.set('payAtCounter.password', 'sandbox', 'sandbox-password');
  assert.equal(await store.get('payAtCounter.password', 'live'), PASSWORD);
  assert.equal(await store.get('payAtCounter.password', 'sandbox'), 'sandbox-password');
  assert.equal(await store.savedAt('payAtCounter.password', 'live'), '2026-11-22T08:30:00.000Z');

  const onDisk = readFileSync(file, 'utf8');
  assert.equal(onDisk.includes(PASSWORD), false);
  assert.equal(onDisk.includes(Buffer.from(PASSWORD).toString('base64')), false);
  assert.equal(onDisk.includes('sandbox-password'), false);

  now += 24 * 3600 * 1000;
  await store.set('payAtCounter.password', 'live', 'replaced-password');
  assert.equal(await store.get('payAtCounter.password', 'live'), 'replaced-password');
  assert.equal(await store.savedAt('payAtCounter.password', 'live'), '2026-11-23T08:30:00.000Z');
  assert.deepEqual(
    (await store.list()).sort((a, b) => a.profile.localeCompare(b.profile)),
    [
      { key: 'payAtCounter.password', profile: 'live', savedAt: '2026-11-23T08:30:00.000Z' },
      { key: 'payAtCounter.password', profile: 'sandbox', savedAt: '2026-11-22T08:30:00.000Z' },
    ],
  );

  assert.equal(await store.delete('payAtCounter.password', 'live'), true);
  assert.equal(await store.delete('payAtCounter.password', 'live'), false);
  assert.equal(await store.get('payAtCounter.password', 'live'), null);
  assert.equal(await store.savedAt('payAtCounter.password', 'live'), null);
  assert.equal(await store.get('payAtCounter.password', 'sandbox'), 'sandbox-password');
  assert.deepEqual(readdirSync(folder), ['secrets.enc.json']);
});

test('encrypted file: ciphertext from another key (another user or computer) is reported, not returned', async (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'secrets.enc.json');
  await new EncryptedFileSecretStore({ file, encryption: aesBackend() }).set(
    'distribution.apiKey',
    'live',
    PASSWORD,
  );
  const otherKey = new EncryptedFileSecretStore({ file, encryption: aesBackend() });
  await assert.rejects(
    otherKey.get('distribution.apiKey', 'live'),
    (e: unknown) => e instanceof TillError && e.code === 'storage' && !e.message.includes(PASSWORD),
  );
});

test('encrypted file: refuses without real OS encryption, and writes nothing', async (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'secrets.enc.json');
  const real = aesBackend();
  const cases: Array<[string, EncryptionBackend]> = [
    ['unavailable', { ...real, isEncryptionAvailable: () => false }],
    ['basic_text', aesBackend('basic_text')],
    ['unknown', aesBackend('unknown')],
    [
      'throws',
      {
        ...real,
        isEncryptionAvailable: () => {
          throw new Error('not ready');
        },
      },
    ],
  ];
  for (const [label, encryption] of cases) {
    const store = new EncryptedFileSecretStore({ file, encryption });
    const availability = await store.availability();
    assert.equal(availability.ok, false, label);
    assert.ok(!availability.ok && availability.reason.length > 10, label);
    await assert.rejects(
      store.set('payAtCounter.password', 'live', PASSWORD),
      (e: unknown) =>
        e instanceof TillError && e.code === 'not_configured' && /can't be saved/.test(e.message),
      label,
    );
    await assert.rejects(store.get('payAtCounter.password', 'live'), TillError, label);
  }
  assert.equal(existsSync(file), false);
});

test('encrypted file: an "encryption" that hands back the text is refused', async (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'secrets.enc.json');
  const identity: EncryptionBackend = {
    isEncryptionAvailable: () => true,
    backendName: () => 'kwallet5',
    encrypt: (text) => Buffer.concat([Buffer.from('v10'), Buffer.from(text)]),
    decrypt: (buf) => buf.subarray(3).toString(),
  };
  const store = new EncryptedFileSecretStore({ file, encryption: identity });
  await assert.rejects(store.set('distribution.apiKey', 'live', PASSWORD), /encryption did not work/);
  assert.equal(existsSync(file), false);
});

test('values are checked: empty or oversized values are refused', async (t) => {
  const folder = tempFolder(t);
  const store = new EncryptedFileSecretStore({ file: join(folder, 's.json'), encryption: aesBackend() });
  await assert.rejects(store.set('distribution.apiKey', 'live', ''), /empty/);
  await assert.rejects(store.set('distribution.apiKey', 'live', 'x'.repeat(16 * 1024 + 1)), /too long/);
});

test('chooseSecretStore takes the first available store, or refuses saying why', async (t) => {
  const folder = tempFolder(t);
  const plainOnly = new EncryptedFileSecretStore({
    file: join(folder, 'a.json'),
    encryption: aesBackend('basic_text'),
  });
  const working = new EncryptedFileSecretStore({ file: join(folder, 'b.json'), encryption: aesBackend() });
  assert.equal(await chooseSecretStore([plainOnly, working]), working);

  const none = await chooseSecretStore([plainOnly]);
  assert.ok(none instanceof UnavailableSecretStore);
  const availability = await none.availability();
  assert.ok(!availability.ok && /basic_text/.test(availability.reason));
  await assert.rejects(
    none.set('merchant.oauthTokens', 'live', '{"access_token":"abc"}'),
    (e: unknown) => e instanceof TillError && e.code === 'not_configured' && /basic_text/.test(e.message),
  );
  await assert.rejects(none.get('merchant.oauthTokens', 'live'), TillError);
  assert.deepEqual(await none.list(), []);
});

test('keychain store: a failing keychain becomes TillError storage, never a silent loss', async (t) => {
  const folder = tempFolder(t);
  const failing = {
    name: 'broken',
    getPassword: async () => {
      throw new Error('Platform failure: DBus error: no session bus');
    },
    setPassword: async () => {
      throw new Error('Platform failure: DBus error: no session bus');
    },
    deletePassword: async () => {
      throw new Error('Platform failure: DBus error: no session bus');
    },
  };
  const datesFile = join(folder, 'secrets-saved.json');
  const store = new KeychainSecretStore({
    backend: failing,
    service: 'PaydeskTest',
    savedDatesFile: datesFile,
  });
  const availability = await store.availability();
  // Staff read what to do; the system's own message (D-Bus here) is only for the log.
  assert.ok(!availability.ok);
  assert.match(availability.reason, /keychain did not answer.*restart Paydesk/);
  assert.deepEqual(internalsIn(availability.reason), []);
  assert.match(availability.detail ?? '', /DBus error: no session bus/);
  const chosen = await chooseSecretStore([store]);
  const refused = await chosen.availability();
  assert.ok(!refused.ok && refused.reason === availability.reason && /DBus/.test(refused.detail ?? ''));
  await assert.rejects(
    store.set('payAtCounter.password', 'live', PASSWORD),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'storage' &&
      !e.message.includes(PASSWORD) &&
      internalsIn(e.message).length === 0 &&
      /DBus/.test(String((e.cause as Error).message)),
  );
  assert.equal(existsSync(datesFile), false, 'no "saved" date for a secret that was not saved');
  await assert.rejects(store.get('payAtCounter.password', 'live'), TillError);
});

test('encrypted file: an "encryption" that hands back the text unchanged, or nothing, is refused even for a short secret', async (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'secrets.enc.json');
  const broken = (encrypt: (text: string) => Buffer): EncryptionBackend => ({ ...aesBackend(), encrypt });
  for (const [label, encryption] of [
    ['unchanged', broken((text) => Buffer.from(text))],
    ['nothing', broken(() => Buffer.alloc(0))],
  ] as const) {
    await assert.rejects(
      new EncryptedFileSecretStore({ file, encryption }).set('payAtCounter.username', 'live', 'till7'),
      (e: unknown) =>
        e instanceof TillError && e.code === 'not_configured' && /encryption did not work/.test(e.message),
      label,
    );
  }
  assert.equal(existsSync(file), false);
  assert.deepEqual(await new EncryptedFileSecretStore({ file, encryption: aesBackend('') }).availability(), {
    ok: false,
    reason: 'The operating system offers no real encryption here (none), only a built-in key.',
  });
});

test('encrypted file: a damaged file is reported in words and left as it is, not overwritten', async (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'secrets.enc.json');
  const encryption = aesBackend();
  for (const damaged of ['{"version":1,"entries":{"live/distri', '{"version":2,"entries":{}}\n']) {
    writeFileSync(file, damaged);
    const store = new EncryptedFileSecretStore({ file, encryption });
    const isDamaged = (e: unknown) =>
      e instanceof TillError &&
      e.code === 'storage' &&
      e.message === 'The saved passwords file is damaged: enter the credentials again.';
    await assert.rejects(store.get('distribution.apiKey', 'live'), isDamaged);
    await assert.rejects(store.set('distribution.apiKey', 'live', PASSWORD), isDamaged);
    await assert.rejects(store.list(), isDamaged);
    assert.equal(readFileSync(file, 'utf8'), damaged, 'kept for whoever looks after the till');
  }
});

test('no store at all: forgetting is refused too, and nothing is ever "saved"', async () => {
  const none = new UnavailableSecretStore('no keychain here.');
  await assert.rejects(
    none.delete('distribution.apiKey', 'live'),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'not_configured' &&
      e.message === "Passwords can't be saved on this computer: no keychain here.",
  );
  assert.equal(await none.savedAt('distribution.apiKey', 'live'), null);
});

test('encrypted file: an 8-character secret inside the "ciphertext" is refused; a shorter one that happens to appear is kept', async (t) => {
  const file = join(tempFolder(t), 'secrets.enc.json');
  // Electron's safeStorage output starts with a version tag such as "v10".
  const tagged = (inner: EncryptionBackend): EncryptionBackend => ({
    ...inner,
    encrypt: (text) => Buffer.concat([Buffer.from('v10'), inner.encrypt(text)]),
    decrypt: (buf) => inner.decrypt(buf.subarray(3)),
  });
  const store = new EncryptedFileSecretStore({ file, encryption: tagged(aesBackend()) });
  await store.set('payAtCounter.username', 'live', 'v10');
  assert.equal(await store.get('payAtCounter.username', 'live'), 'v10');
  await assert.rejects(
    new EncryptedFileSecretStore({
      file,
      encryption: tagged({ ...aesBackend(), encrypt: (text) => Buffer.from(text) }),
    }).set('payAtCounter.password', 'live', 'till-007'),
    /encryption did not work/,
  );
  assert.deepEqual(
    (await store.list()).map((s) => s.key),
    ['payAtCounter.username'],
  );
});

test('encrypted file: a backend that fails to name itself is refused; a stray entry is not listed; an undecryptable one keeps its cause', async (t) => {
  const file = join(tempFolder(t), 'secrets.enc.json');
  const nameless: EncryptionBackend = {
    ...aesBackend(),
    backendName: () => {
      throw new Error('no name');
    },
  };
  assert.deepEqual(await new EncryptedFileSecretStore({ file, encryption: nameless }).availability(), {
    ok: false,
    reason: 'The operating system cannot encrypt passwords here.',
  });
  const broken = new Error('bad decrypt');
  const store = new EncryptedFileSecretStore({
    file,
    encryption: {
      ...aesBackend(),
      decrypt: () => {
        throw broken;
      },
    },
  });
  await store.set('distribution.apiKey', 'live', PASSWORD);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, unknown> };
  saved.entries['live/unknown.key'] = saved.entries['live/distribution.apiKey'];
  writeFileSync(file, JSON.stringify(saved));
  assert.deepEqual(
    (await store.list()).map((s) => [s.profile, s.key]),
    [['live', 'distribution.apiKey']],
  );
  await assert.rejects(
    store.get('distribution.apiKey', 'live'),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'storage' &&
      e.message ===
        'A saved password could not be decrypted (saved under another user account or computer?): enter it again.' &&
      e.cause === broken,
  );
});

test('encrypted file: saving goes through the file system it was given (a full disk refuses, nothing written)', async (t) => {
  const file = join(tempFolder(t), 'secrets.enc.json');
  const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const fullDisk = {
    ...realFs,
    writeSync: (() => {
      throw full;
    }) as typeof realFs.writeSync,
  };
  const store = new EncryptedFileSecretStore({ file, encryption: aesBackend(), fs: fullDisk });
  await assert.rejects(store.set('distribution.apiKey', 'live', PASSWORD));
  assert.equal(existsSync(file), false);
});

/** A keychain in memory, one entry per "service account": for what the store does around the keychain. */
function memoryKeychain(): KeychainBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const name = (service: string, account: string) => `${service} ${account}`;
  return {
    name: 'memory',
    entries,
    getPassword: async (service, account) => entries.get(name(service, account)) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(name(service, account), password);
    },
    deletePassword: async (service, account) => entries.delete(name(service, account)),
  };
}

/** A keychain whose every call fails with the system's own `message`. */
function failingKeychain(folder: string, message: string): KeychainSecretStore {
  const fail = async (): Promise<never> => {
    throw new Error(message);
  };
  return new KeychainSecretStore({
    backend: { name: 'broken', getPassword: fail, setPassword: fail, deletePassword: fail },
    service: 'PaydeskTest',
    savedDatesFile: join(folder, 'secrets-saved.json'),
  });
}

test('values that are not text, or are empty or too long, are refused as wrong input in words that never repeat them', async (t) => {
  const folder = tempFolder(t);
  const stores = [
    new EncryptedFileSecretStore({ file: join(folder, 'secrets.enc.json'), encryption: aesBackend() }),
    new KeychainSecretStore({
      backend: memoryKeychain(),
      savedDatesFile: join(folder, 'secrets-saved.json'),
    }),
  ];
  const refused = (message: string) => (e: unknown) =>
    e instanceof TillError && e.code === 'invalid_input' && e.message === message;
  // A value crosses from the renderer, so anything may arrive, not only text.
  for (const store of stores) {
    for (const value of ['', 12345, null, undefined, { length: 3 }])
      await assert.rejects(
        store.set('distribution.apiKey', 'live', value as never),
        refused('Nothing to save: the value is empty.'),
        `${store.constructor.name}: ${JSON.stringify(value)}`,
      );
    await assert.rejects(
      store.set('distribution.apiKey', 'live', 's'.repeat(16 * 1024 + 1)),
      refused('That value is too long to save (over 16384 characters).'),
    );
    assert.deepEqual(await store.list(), [], 'nothing saved');
    await store.set('distribution.apiKey', 'live', 's'.repeat(16 * 1024));
    assert.equal(await store.get('distribution.apiKey', 'live'), 's'.repeat(16 * 1024));
  }
});

test('chooseSecretStore with no candidate refuses saying no secure storage is set up, with nothing for the log', async () => {
  const none = await chooseSecretStore([]);
  assert.deepEqual(await none.availability(), { ok: false, reason: 'no secure storage is set up.' });
  await assert.rejects(
    none.set('distribution.apiKey', 'live', PASSWORD),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'not_configured' &&
      e.message === "Passwords can't be saved on this computer: no secure storage is set up.",
  );
});

test('chooseSecretStore refusing: each different reason once, in order, one space apart; each system message for the log, "; " apart', async (t) => {
  const folder = tempFolder(t);
  const none = await chooseSecretStore([
    failingKeychain(folder, 'DBus error: no session bus'),
    new EncryptedFileSecretStore({ file: join(folder, 'a.json'), encryption: aesBackend('basic_text') }),
    // The same keychain failure again (say, a second binding): its words once, its message kept.
    failingKeychain(folder, 'DBus error: timed out'),
    new EncryptedFileSecretStore({
      file: join(folder, 'b.json'),
      encryption: { ...aesBackend(), isEncryptionAvailable: () => false },
    }),
  ]);
  const reason =
    'The computer’s keychain did not answer. Sign in to this computer’s desktop (which unlocks the keychain), then restart Paydesk. If it keeps happening, ask whoever looks after this computer.' +
    ' The operating system offers no real encryption here (basic_text), only a built-in key.' +
    ' The operating system cannot encrypt passwords here.';
  assert.deepEqual(await none.availability(), {
    ok: false,
    reason,
    // The encrypted-file stores give no system message: nothing empty sits between these two.
    detail: 'DBus error: no session bus; DBus error: timed out',
  });
  await assert.rejects(
    none.set('distribution.apiKey', 'live', PASSWORD),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'not_configured' &&
      e.message === `Passwords can't be saved on this computer: ${reason}` &&
      internalsIn(e.message).length === 0,
  );
});

test('keychain store: two Paydesk programs checking one keychain at the same moment each find it usable', async (t) => {
  // The till and its merchant command line start together on one computer: their checks of the
  // same keychain interleave, and one's probe entry must never be read, replaced or removed by
  // the other's (a shared entry made 17 to 19 of every 25 such checks fail).
  const keychain = memoryKeychain();
  const folder = tempFolder(t);
  const programs = ['till', 'command line'].map(
    (name) =>
      new KeychainSecretStore({ backend: keychain, savedDatesFile: join(folder, `${name}-saved.json`) }),
  );
  const checks = await Promise.all(programs.map((store) => store.availability()));
  assert.deepEqual(checks, [
    { ok: true, backend: 'memory' },
    { ok: true, backend: 'memory' },
  ]);
  assert.deepEqual([...keychain.entries], [], 'both probe entries removed');
});

test('keychain store: with no service named, secrets go under "Paydesk", where an installed till has always kept them', async (t) => {
  const keychain = memoryKeychain();
  const store = new KeychainSecretStore({
    backend: keychain,
    savedDatesFile: join(tempFolder(t), 'secrets-saved.json'),
  });
  await store.set('distribution.apiKey', 'live', PASSWORD);
  assert.deepEqual([...keychain.entries], [['Paydesk live/distribution.apiKey', PASSWORD]]);
  assert.equal(await store.get('distribution.apiKey', 'live'), PASSWORD);
});

test('keychain store: forgetting one secret keeps the other dates; names in the dates file that are not secrets are not listed', async (t) => {
  const datesFile = join(tempFolder(t), 'secrets-saved.json');
  let now = Date.parse('2026-11-22T08:30:00.000Z');
  const store = new KeychainSecretStore({
    backend: memoryKeychain(),
    savedDatesFile: datesFile,
    clock: { now: () => now },
  });
  await store.set('distribution.apiKey', 'live', PASSWORD);
  now += 3600_000;
  await store.set('payAtCounter.password', 'sandbox', 'sandbox-password');
  assert.equal(await store.delete('distribution.apiKey', 'live'), true);
  const left = [{ key: 'payAtCounter.password', profile: 'sandbox', savedAt: '2026-11-22T09:30:00.000Z' }];
  assert.deepEqual(await store.list(), left);
  assert.equal(await store.savedAt('distribution.apiKey', 'live'), null);

  // The probe's name, an unknown key, a part's name: dates of nothing the settings screen can show.
  const saved = JSON.parse(readFileSync(datesFile, 'utf8')) as { saved: Record<string, string> };
  for (const stray of ['paydesk-probe', 'live/unknown.key', 'sandbox/payAtCounter.password#1'])
    saved.saved[stray] = '2026-11-22T10:00:00.000Z';
  writeFileSync(datesFile, JSON.stringify(saved));
  assert.deepEqual(await store.list(), left);
  const onDisk = readFileSync(datesFile, 'utf8');
  assert.ok(!onDisk.includes(PASSWORD) && !onDisk.includes('sandbox-password'), 'dates only, no secret');
});
