// The manager gate over the PIN: what the till says on each try, how long a right PIN unlocks
// guarded actions, and that the lock follows the injected clock (no real waiting) and survives
// a restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { ManagerGate } from '../../../electron/services/manager-gate';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { ManualClock } from '../../support/manual-clock';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PIN = '2468';

function setup(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-gate-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const open = () =>
    new ManagerGate(new JsonFileSettingsStore({ file: join(folder, 'settings.json') }), {
      clock,
      scryptCost: 1024,
    });
  return { clock, open };
}

const notAllowed = (e: unknown) => e instanceof TillError && e.code === 'not_allowed';

test('without a PIN nothing is guarded and unlocking says no PIN is set', async (t) => {
  const gate = setup(t).open();
  gate.require('refund');
  assert.deepEqual(await gate.unlock(PIN), {
    ok: false,
    reason: 'not_set',
    message: 'No manager PIN is set yet.',
    retryAfterMs: 0,
  });
  assert.equal(gate.unlockedUntil(), null);
});

test('a right PIN unlocks for five minutes of the clock, and lock() ends it at once', async (t) => {
  const { clock, open } = setup(t);
  const gate = open();
  await gate.setPin(PIN);
  assert.throws(() => gate.require('z-report'), /A Z report needs the manager PIN\./);

  const unlocked = await gate.unlock(PIN);
  const until = new Date(clock.now() + 5 * MINUTE).toISOString();
  assert.deepEqual(unlocked, { ok: true, unlockedUntil: until });
  assert.equal(gate.unlockedUntil(), until);
  await clock.advance(5 * MINUTE - 1);
  gate.require('settings');
  await clock.advance(1);
  assert.equal(gate.unlockedUntil(), null);
  assert.throws(() => gate.require('override'), notAllowed);

  await gate.unlock(PIN);
  gate.lock();
  assert.equal(gate.unlockedUntil(), null);
  assert.throws(() => gate.require('refund'), /A refund needs the manager PIN\./);
});

test('three wrong tries lock for 30 s on the clock, doubling, and the words say so', async (t) => {
  const { clock, open } = setup(t);
  const gate = open();
  await gate.setPin(PIN);
  assert.deepEqual(await gate.unlock('1357'), {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. 2 tries left before a wait.',
    retryAfterMs: 0,
  });
  assert.equal((await gate.unlock('1357')).message, 'Wrong PIN. 1 try left before a wait.');
  assert.deepEqual(await gate.unlock('1357'), {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. Too many wrong tries: wait 30 s.',
    retryAfterMs: 30 * SECOND,
  });

  await clock.advance(10 * SECOND);
  assert.deepEqual(await gate.unlock(PIN), {
    ok: false,
    reason: 'locked',
    message: 'Too many wrong PINs. Try again in 20 s.',
    retryAfterMs: 20 * SECOND,
  });
  assert.throws(() => gate.require('settings'), notAllowed, 'a locked try does not unlock');

  await clock.advance(20 * SECOND);
  assert.deepEqual(await gate.unlock('1357'), {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. Too many wrong tries: wait 60 s.',
    retryAfterMs: MINUTE,
  });
  await clock.advance(MINUTE);
  assert.equal((await gate.unlock(PIN)).ok, true);
  gate.require('settings');
});

test('the lock survives a restart: a new gate on the same settings file is still locked', async (t) => {
  const { clock, open } = setup(t);
  const first = open();
  await first.setPin(PIN);
  for (let i = 0; i < 3; i++) await first.unlock('1357');

  await clock.advance(29 * SECOND);
  const restarted = open();
  const refused = await restarted.unlock(PIN);
  assert.equal(refused.ok, false);
  assert.equal(refused.retryAfterMs, 1 * SECOND);
  assert.equal(restarted.unlockedUntil(), null, 'a restart ends every unlock');
  await clock.advance(1 * SECOND);
  assert.equal((await restarted.unlock(PIN)).ok, true);
});

test('changing a set PIN needs an unlocked till and the current PIN', async (t) => {
  const gate = setup(t).open();
  await gate.setPin(PIN);
  await assert.rejects(gate.setPin('8642', PIN), /Changing settings needs the manager PIN\./);
  await gate.unlock(PIN);
  await assert.rejects(gate.setPin('8642', '1357'), notAllowed);
  await gate.setPin('8642', PIN);
  assert.equal((await gate.unlock(PIN)).ok, false);
  assert.equal((await gate.unlock('8642')).ok, true);
});
