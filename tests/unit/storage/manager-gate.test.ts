// The manager gate over staff PINs: what the till says on each try, how long a manager's PIN
// opens Settings, and that the wrong-try lock follows the injected clock (no real waiting) and
// survives a restart. (Before staff, the gate guarded one manager PIN and nothing at all until it
// was set; now guarded actions ask for the first manager instead.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';
import { openStaffGate } from '../../support/staff';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PIN = '2468';

function setup(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-gate-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const opened: Array<{ close(): void }> = [];
  t.after(() => {
    for (const o of opened) o.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const open = () => {
    const o = openStaffGate(join(folder, 'paydesk.sqlite'), clock);
    opened.push(o);
    return o.gate;
  };
  return { clock, open };
}

const notAllowed = (e: unknown) => e instanceof TillError && e.code === 'not_allowed';

test('without a manager, guarded actions ask for one to be created; only settings stay open, and unlocking says none is set', async (t) => {
  const gate = setup(t).open();
  assert.equal(gate.require('settings'), null, 'a new till can be set up');
  assert.throws(
    () => gate.require('z-report'),
    /needs a manager, and this till has none yet: create the first manager/,
  );
  assert.throws(() => gate.require('refund'), notAllowed);
  assert.deepEqual(await gate.unlock(PIN), {
    ok: false,
    reason: 'not_set',
    message: 'No manager is set up on this till yet.',
    words: { key: 'staff.noManager' },
    retryAfterMs: 0,
  });
  assert.equal(gate.unlockedUntil(), null);
});

test('a manager’s PIN opens settings for five minutes of the clock, and lock() ends it at once', async (t) => {
  const { clock, open } = setup(t);
  const gate = open();
  await gate.setPin(PIN); // the first manager, "Manager", signed in
  assert.equal(gate.require('settings')?.name, 'Manager');
  gate.lock(); // the manager signs out
  assert.throws(() => gate.require('settings'), /Nobody is signed in/);

  const unlocked = await gate.unlock(PIN);
  const until = new Date(clock.now() + 5 * MINUTE).toISOString();
  assert.deepEqual(unlocked, { ok: true, unlockedUntil: until, approvedBy: 'Manager' });
  assert.equal(gate.unlockedUntil(), until);
  await clock.advance(5 * MINUTE - 1);
  assert.equal(gate.require('settings')?.name, 'Manager');
  await clock.advance(1);
  assert.equal(gate.unlockedUntil(), null);
  assert.throws(() => gate.require('settings'), notAllowed);

  await gate.unlock(PIN);
  gate.lock();
  assert.equal(gate.unlockedUntil(), null);
  assert.throws(() => gate.require('back-office'), notAllowed);
});

test('three wrong tries lock for 30 s on the clock, doubling, and the words say so', async (t) => {
  const { clock, open } = setup(t);
  const gate = open();
  await gate.setPin(PIN);
  gate.lock();
  assert.deepEqual(await gate.unlock('1357'), {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. 2 tries left before a wait.',
    words: { key: 'staff.wrongPin.tries', params: { count: 2 } },
    retryAfterMs: 0,
  });
  const second = await gate.unlock('1357');
  assert.equal(second.ok === false && second.message, 'Wrong PIN. 1 try left before a wait.');
  assert.deepEqual(await gate.unlock('1357'), {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. Too many wrong tries: wait 30 s.',
    words: { key: 'staff.wrongPin.wait', params: { seconds: 30 } },
    retryAfterMs: 30 * SECOND,
  });

  await clock.advance(10 * SECOND);
  assert.deepEqual(await gate.unlock(PIN), {
    ok: false,
    reason: 'locked',
    message: 'Too many wrong PINs. Try again in 20 s.',
    words: { key: 'staff.pinLocked', params: { seconds: 20 } },
    retryAfterMs: 20 * SECOND,
  });
  assert.throws(() => gate.require('settings'), notAllowed, 'a locked try does not unlock');

  await clock.advance(20 * SECOND);
  assert.deepEqual(await gate.unlock('1357'), {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. Too many wrong tries: wait 60 s.',
    words: { key: 'staff.wrongPin.wait', params: { seconds: 60 } },
    retryAfterMs: MINUTE,
  });
  await clock.advance(MINUTE);
  assert.equal((await gate.unlock(PIN)).ok, true);
  gate.require('settings');
});

test('the lock survives a restart: a new gate on the same database is still locked', async (t) => {
  const { clock, open } = setup(t);
  const first = open();
  await first.setPin(PIN);
  for (let i = 0; i < 3; i++) await first.unlock('1357');

  await clock.advance(29 * SECOND);
  const restarted = open();
  assert.equal(restarted.onDuty(), null, 'a restart asks who is serving again');
  const refused = await restarted.unlock(PIN);
  assert.equal(refused.ok, false);
  assert.equal(refused.retryAfterMs, 1 * SECOND);
  assert.equal(restarted.unlockedUntil(), null, 'a restart ends every unlock');
  await clock.advance(1 * SECOND);
  assert.equal((await restarted.unlock(PIN)).ok, true);
});

test('changing a set PIN needs a manager and their current PIN', async (t) => {
  const gate = setup(t).open();
  await gate.setPin(PIN);
  gate.lock();
  await assert.rejects(gate.setPin('8642', PIN), /Changing the manager PIN needs a manager\./);
  await gate.unlock(PIN);
  await assert.rejects(gate.setPin('8642', '1357'), notAllowed);
  await gate.setPin('8642', PIN);
  gate.lock();
  assert.equal((await gate.unlock(PIN)).ok, false);
  assert.equal((await gate.unlock('8642')).ok, true);
});
