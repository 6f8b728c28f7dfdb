// A stored PIN hash and its parameters: the hash is the scrypt of the PIN with exactly the
// parameters stored beside it (checked against Node's own scrypt), any parameters a record may
// hold can be hashed (memory limit included), a stored hash of the wrong length is a wrong PIN and
// never a crash, and a hash weaker than today's parameters is rehashed on the next right PIN only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PinHashRecord } from '../../../shared/settings';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import {
  hashPin,
  ManagerPin,
  pinMatches,
  weakerThan,
  type ScryptParams,
} from '../../../electron/services/storage/manager-pin';
import { ManualClock } from '../../support/manual-clock';

// Cheap costs keep these quick; the default cost is checked in manager-pin.test.ts.
const OLD_PARAMS: ScryptParams = { cost: 2 ** 10, blockSize: 8, parallelization: 1, keyLength: 32 };
const TODAY: ScryptParams = { cost: 2 ** 11, blockSize: 8, parallelization: 1, keyLength: 32 };
const AT = new Date('2026-11-22T09:00:00.000Z');

const nodeScrypt = (pin: string, record: PinHashRecord) =>
  scryptSync(pin, Buffer.from(record.salt, 'base64'), record.keyLength, {
    N: record.cost,
    r: record.blockSize,
    p: record.parallelization,
    maxmem: 512 * 1024 * 1024,
  }).toString('base64');

test('the stored hash is scrypt with exactly the parameters stored beside it', async () => {
  for (const params of [OLD_PARAMS, { cost: 2 ** 12, blockSize: 4, parallelization: 2, keyLength: 24 }]) {
    const record = await hashPin('2468', params, AT);
    assert.equal(record.hash, nodeScrypt('2468', record), JSON.stringify(params));
  }
});

test('the smallest parameters a record may hold still hash and check (the memory limit has room)', async () => {
  const smallest: ScryptParams = { cost: 2, blockSize: 1, parallelization: 1, keyLength: 16 };
  const record = await hashPin('2468', smallest, AT);
  assert.equal(record.hash, nodeScrypt('2468', record));
  assert.equal(await pinMatches('2468', record), true);
});

test('a hash over several parallel lanes at 64 MiB still hashes: memory is counted for every lane', async () => {
  const lanes: ScryptParams = { cost: 2 ** 16, blockSize: 8, parallelization: 4, keyLength: 32 };
  const record = await hashPin('2468', lanes, AT);
  assert.equal(record.parallelization, 4);
  assert.equal(Buffer.from(record.hash, 'base64').length, 32);
});

test('a stored hash of another length is a wrong PIN, never a crash', async (t) => {
  const record = await hashPin('2468', OLD_PARAMS, AT);
  const short = { ...record, hash: Buffer.from(record.hash, 'base64').subarray(0, 16).toString('base64') };
  assert.equal(await pinMatches('2468', short), false);

  const folder = mkdtempSync(join(tmpdir(), 'paydesk-pin-length-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const settings = new JsonFileSettingsStore({ file: join(folder, 'settings.json') });
  settings.update({ managerPin: { hash: short } });
  const pin = new ManagerPin({ settings, clock: new ManualClock(AT.getTime()), scryptParams: OLD_PARAMS });
  assert.deepEqual(await pin.verify('2468'), { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 });
});

test('a stored hash is weaker when any of its cost, block size or key length is below today’s', () => {
  const record = (p: Partial<ScryptParams>): PinHashRecord => ({
    algorithm: 'scrypt',
    ...TODAY,
    ...p,
    salt: 'c2FsdA==',
    hash: 'aGFzaA==',
    setAt: AT.toISOString(),
  });
  assert.equal(weakerThan(record({}), TODAY), false, 'the same');
  assert.equal(weakerThan(record({ cost: 2 ** 10 }), TODAY), true, 'a lower cost');
  assert.equal(weakerThan(record({ blockSize: 4 }), TODAY), true, 'a smaller block');
  assert.equal(weakerThan(record({ keyLength: 16 }), TODAY), true, 'a shorter key');
  assert.equal(weakerThan(record({ cost: 2 ** 12, blockSize: 16, keyLength: 64 }), TODAY), false, 'stronger');
  assert.equal(
    weakerThan(record({ cost: 2 ** 12, keyLength: 16 }), TODAY),
    true,
    'a higher cost does not make up for a shorter key',
  );
});

test('a right PIN rehashes a weaker stored hash at today’s cost; a wrong PIN leaves it as it was', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-pin-upgrade-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'settings.json');
  const clock = new ManualClock(AT.getTime());
  const stored = (): PinHashRecord => JSON.parse(readFileSync(file, 'utf8')).managerPin.hash;

  const settings = new JsonFileSettingsStore({ file });
  await new ManagerPin({ settings, clock, scryptParams: OLD_PARAMS }).setPin('2468');
  const old = stored();
  assert.equal(old.cost, OLD_PARAMS.cost);

  // A newer till, stronger parameters, over the same settings file.
  const pin = new ManagerPin({ settings: new JsonFileSettingsStore({ file }), clock, scryptParams: TODAY });
  assert.equal((await pin.verify('1357')).ok, false);
  assert.deepEqual(stored(), old, 'a wrong PIN changes nothing');
  assert.equal(await pinMatches('1357', stored()), false);

  await clock.advance(60_000);
  assert.deepEqual(await pin.verify('2468'), { ok: true });
  const upgraded = stored();
  assert.equal(upgraded.cost, TODAY.cost);
  assert.notEqual(upgraded.salt, old.salt);
  assert.equal(upgraded.setAt, new Date(AT.getTime() + 60_000).toISOString());
  assert.equal(await pinMatches('2468', upgraded), true);
  assert.equal(pin.isSet(), true);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).managerPin.lockout, {
    failedAttempts: 0,
    lockedUntil: null,
  });

  assert.deepEqual(await pin.verify('2468'), { ok: true });
  assert.deepEqual(stored(), upgraded, 'not weaker now: kept');
});
