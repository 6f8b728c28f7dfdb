import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import {
  DEFAULT_SCRYPT_PARAMS,
  ManagerPin,
  PIN_POLICY,
  hashPin,
  lockDurationMs,
  pinFormatProblem,
  pinMatches,
  type ScryptParams,
} from '../../../electron/services/storage/manager-pin';
import { ManualClock } from '../../support/manual-clock';

// A cheaper scrypt cost keeps the many tries below quick; one test checks the real default.
const TEST_PARAMS: ScryptParams = { cost: 2 ** 10, blockSize: 8, parallelization: 1, keyLength: 32 };
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function setup(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-pin-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'settings.json');
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const open = () => {
    const settings = new JsonFileSettingsStore({ file });
    return { settings, pin: new ManagerPin({ settings, clock, scryptParams: TEST_PARAMS }) };
  };
  return { file, clock, open };
}

test('the stored record is a salted scrypt hash that does not contain the PIN', async (t) => {
  const { file, open } = setup(t);
  const { pin } = open();
  assert.equal(pin.isSet(), false);
  await pin.setPin('58203917');
  assert.equal(pin.isSet(), true);

  const text = readFileSync(file, 'utf8');
  assert.equal(text.includes('58203917'), false);
  const record = JSON.parse(text).managerPin.hash;
  assert.equal(record.algorithm, 'scrypt');
  assert.equal(record.cost, TEST_PARAMS.cost);
  assert.equal(Buffer.from(record.salt, 'base64').length, 16);
  assert.equal(Buffer.from(record.hash, 'base64').length, 32);

  // Same PIN, new salt, different hash.
  const again = await hashPin('58203917', TEST_PARAMS, new Date());
  assert.notEqual(again.salt, record.salt);
  assert.notEqual(again.hash, record.hash);
  assert.equal(await pinMatches('58203917', again), true);
  assert.equal(await pinMatches('58203918', again), false);
});

test('the default parameters are strong scrypt ones and really work', async () => {
  assert.ok(DEFAULT_SCRYPT_PARAMS.cost >= 2 ** 17);
  assert.ok(DEFAULT_SCRYPT_PARAMS.blockSize >= 8);
  const record = await hashPin('2580', DEFAULT_SCRYPT_PARAMS, new Date());
  assert.equal(record.cost, 2 ** 17);
  // Both checks at once: each takes a core for a moment at this cost.
  const [right, wrong] = await Promise.all([pinMatches('2580', record), pinMatches('2581', record)]);
  assert.equal(right, true);
  assert.equal(wrong, false);
});

test('verify: right PIN passes, wrong PINs count down and then lock', async (t) => {
  const { open } = setup(t);
  const { pin } = open();
  assert.deepEqual(await pin.verify('2468'), { ok: false, reason: 'not_set' });
  await pin.setPin('2468');
  assert.deepEqual(await pin.verify('2468'), { ok: true });
  assert.deepEqual(await pin.verify('1111'), { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 });
  assert.deepEqual(await pin.verify('2469'), { ok: false, reason: 'wrong', triesLeft: 1, retryAfterMs: 0 });
  assert.deepEqual(await pin.verify(''), {
    ok: false,
    reason: 'wrong',
    triesLeft: 0,
    retryAfterMs: 30 * SECOND,
  });
  // While locked even the right PIN is refused.
  assert.deepEqual(await pin.verify('2468'), { ok: false, reason: 'locked', retryAfterMs: 30 * SECOND });
});

test('a right PIN after the lock ends resets the count', async (t) => {
  const { open, clock } = setup(t);
  const { pin } = open();
  await pin.setPin('2468');
  for (let i = 0; i < 3; i++) await pin.verify('0000');
  await clock.advance(30 * SECOND);
  assert.deepEqual(await pin.verify('2468'), { ok: true });
  assert.deepEqual(await pin.verify('0000'), { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 });
});

test('each wrong try after a lock doubles it, up to 15 minutes', async (t) => {
  const { open, clock } = setup(t);
  const { pin } = open();
  await pin.setPin('2468');
  const locks: number[] = [];
  for (let i = 0; i < 10; i++) {
    const result = await pin.verify('9999');
    assert.equal(result.ok, false);
    if (!result.ok && result.reason === 'wrong' && result.retryAfterMs > 0) {
      locks.push(result.retryAfterMs);
      await clock.advance(result.retryAfterMs - 1);
      // One millisecond before the end, tries are still refused and not counted.
      assert.deepEqual(await pin.verify('9999'), { ok: false, reason: 'locked', retryAfterMs: 1 });
      await clock.advance(1);
    }
  }
  assert.deepEqual(
    locks,
    [30, 60, 120, 240, 480, 900, 900, 900].map((s) => s * SECOND),
  );
  assert.deepEqual([3, 4, 5, 9, 50].map(lockDurationMs), [
    30 * SECOND,
    MINUTE,
    2 * MINUTE,
    PIN_POLICY.maxLockMs,
    PIN_POLICY.maxLockMs,
  ]);
});

test('the lockout survives a restart (a new store on the same file)', async (t) => {
  const { open, clock } = setup(t);
  const first = open();
  await first.pin.setPin('2468');
  for (let i = 0; i < 3; i++) await first.pin.verify('1357');

  await clock.advance(10 * SECOND);
  const restarted = open();
  assert.deepEqual(await restarted.pin.verify('2468'), {
    ok: false,
    reason: 'locked',
    retryAfterMs: 20 * SECOND,
  });
  await clock.advance(20 * SECOND);
  // The count also survived: the next wrong try locks again, for longer.
  assert.deepEqual(await restarted.pin.verify('1357'), {
    ok: false,
    reason: 'wrong',
    triesLeft: 0,
    retryAfterMs: MINUTE,
  });
});

test('a clock set back cannot stretch a lock beyond the longest one', async (t) => {
  const { file } = setup(t);
  // A wall clock can be set back, which a manual clock (time only moves on) cannot show.
  let now = Date.parse('2026-11-22T09:00:00.000Z');
  const settings = new JsonFileSettingsStore({ file });
  const pin = new ManagerPin({ settings, clock: { now: () => now }, scryptParams: TEST_PARAMS });
  await pin.setPin('2468');
  settings.update({ managerPin: { lockout: { failedAttempts: 3, lockedUntil: now + 30 * SECOND } } });
  assert.equal(pin.lockedForMs(), 30 * SECOND);
  now -= 24 * 60 * MINUTE;
  assert.equal(pin.lockedForMs(), PIN_POLICY.maxLockMs);
});

test('parallel guesses are counted one by one', async (t) => {
  const { open, file } = setup(t);
  const { pin } = open();
  await pin.setPin('2468');
  const results = await Promise.all(['1', '2', '3', '4', '5'].map((d) => pin.verify(d.repeat(4))));
  assert.deepEqual(
    results.map((r) => r.ok === false && r.reason),
    ['wrong', 'wrong', 'wrong', 'locked', 'locked'],
  );
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).managerPin.lockout.failedAttempts, 3);
});

test('changing the PIN needs the current one', async (t) => {
  const { open } = setup(t);
  const { pin } = open();
  await pin.setPin('2468');
  await assert.rejects(
    pin.setPin('8642'),
    (e: unknown) => e instanceof TillError && e.code === 'not_allowed',
  );
  await assert.rejects(
    pin.setPin('8642', '0000'),
    (e: unknown) => e instanceof TillError && e.code === 'not_allowed' && /wrong/.test(e.message),
  );
  await pin.setPin('8642', '2468');
  assert.deepEqual(await pin.verify('8642'), { ok: true });
  assert.equal((await pin.verify('2468')).ok, false);
});

test('PIN format: 4 to 8 digits, not trivially guessable', async (t) => {
  for (const bad of ['123', '123456789', '12a4', ' 1234', '1111', '1234', '98765', '00000000'])
    assert.notEqual(pinFormatProblem(bad), null, bad);
  for (const good of ['2468', '1357', '90210', '58203917', '1123'])
    assert.equal(pinFormatProblem(good), null, good);
  const { open } = setup(t);
  await assert.rejects(
    open().pin.setPin('1234'),
    (e: unknown) => e instanceof TillError && e.code === 'invalid_input',
  );
});
