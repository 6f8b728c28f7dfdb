// The edges of the manager PIN's wrong-try limit: a lock that has run out leaves 0 ms to wait
// (never a negative time); a wrong try that starts no wait stores no lock, so a clock set back
// cannot lock the PIN; a PIN that is not text is a counted wrong try, not a crash; and changing
// the PIN asks for the current one without counting a try, refuses a wrong one with a wait only
// when one started, and says when the PIN is locked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { ManagerPin, type ScryptParams } from '../../../electron/services/storage/manager-pin';
import { refusalOf } from '../../support/refusal';

const TEST_PARAMS: ScryptParams = { cost: 2 ** 10, blockSize: 8, parallelization: 1, keyLength: 32 };
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A manager PIN "2468" over a settings file, on a wall clock the test may set forward or back. */
async function pinOnWallClock(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-pin-edges-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'settings.json');
  const wall = { now: Date.parse('2026-11-22T09:00:00.000Z') };
  const settings = new JsonFileSettingsStore({ file });
  const pin = new ManagerPin({ settings, clock: { now: () => wall.now }, scryptParams: TEST_PARAMS });
  await pin.setPin('2468');
  const lockout = () => JSON.parse(readFileSync(file, 'utf8')).managerPin.lockout;
  return { pin, wall, lockout };
}

test('once a lock has run out there is 0 ms to wait, never a negative time', async (t) => {
  const { pin, wall } = await pinOnWallClock(t);
  for (let i = 0; i < 3; i++) await pin.verify('1357');
  assert.equal(pin.lockedForMs(), 30 * SECOND);
  wall.now += 45 * SECOND;
  assert.equal(pin.lockedForMs(), 0);
});

test('a wrong try that starts no wait stores no lock: a clock set back cannot lock the PIN', async (t) => {
  const { pin, wall, lockout } = await pinOnWallClock(t);
  assert.deepEqual(await pin.verify('1357'), { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 });
  assert.deepEqual(lockout(), { failedAttempts: 1, lockedUntil: null });
  wall.now -= 10 * MINUTE;
  assert.equal(pin.lockedForMs(), 0);
  assert.deepEqual(await pin.verify('2468'), { ok: true });
});

test('a PIN that is not text is a counted wrong try, not a crash', async (t) => {
  const { pin } = await pinOnWallClock(t);
  assert.deepEqual(await pin.verify(undefined as unknown as string), {
    ok: false,
    reason: 'wrong',
    triesLeft: 2,
    retryAfterMs: 0,
  });
  assert.deepEqual(await pin.verify(2468 as unknown as string), {
    ok: false,
    reason: 'wrong',
    triesLeft: 1,
    retryAfterMs: 0,
  });
});

test('changing the PIN without the current one asks for it, and no try is counted', async (t) => {
  const { pin } = await pinOnWallClock(t);
  for (let i = 0; i < 4; i++) {
    assert.deepEqual(await refusalOf(pin.setPin('8642')), {
      code: 'not_allowed',
      message: 'Enter the current manager PIN to change it.',
    });
  }
  assert.deepEqual(await pin.verify('1357'), { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 });
});

test('a wrong current PIN is refused with a wait only once one starts; a locked PIN says so', async (t) => {
  const { pin, wall } = await pinOnWallClock(t);
  const wrong = { code: 'not_allowed', message: 'The current manager PIN is wrong.' };
  assert.deepEqual(await refusalOf(pin.setPin('8642', '1357')), wrong);
  assert.deepEqual(await refusalOf(pin.setPin('8642', '1357')), wrong);
  assert.deepEqual(await refusalOf(pin.setPin('8642', '1357')), { ...wrong, retryAfterMs: 30 * SECOND });
  wall.now += 10 * SECOND;
  assert.deepEqual(await refusalOf(pin.setPin('8642', '2468')), {
    code: 'not_allowed',
    message: 'The manager PIN is locked for now.',
    retryAfterMs: 20 * SECOND,
  });
  wall.now += 20 * SECOND;
  await pin.setPin('8642', '2468');
  assert.deepEqual(await pin.verify('8642'), { ok: true });
});
