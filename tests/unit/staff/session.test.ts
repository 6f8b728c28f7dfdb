// Who is serving, on the session alone with a hand-moved clock: the idle sign-out at exactly the
// minutes set after the last activity (announced when the time passes), never with 0 minutes;
// activity only counts while someone is signed in; a change of someone else changes nothing;
// signing out twice is announced once; closing leaves no timer behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StaffPerson } from '../../../shared/contract/staff';
import { StaffSession } from '../../../electron/services/staff/session';
import { ManualClock } from '../../support/manual-clock';

const MINUTE = 60_000;
const casey: StaffPerson = { id: 'casey', name: 'Casey', role: 'cashier' };
const sasha: StaffPerson = { id: 'sasha', name: 'Sasha', role: 'supervisor' };

function session(t: { after: (fn: () => void) => void }, minutes = 5) {
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let idle = minutes;
  let changes = 0;
  const s = new StaffSession(
    clock,
    () => idle,
    () => changes++,
  );
  t.after(() => s.close());
  return {
    s,
    clock,
    changes: () => changes,
    setIdle: (m: number) => {
      idle = m;
    },
  };
}

test('the idle sign-out comes exactly the minutes set after the last activity, announced as the time passes', async (t) => {
  const { s, clock, changes } = session(t);
  s.signIn(casey);
  assert.equal(changes(), 1);
  assert.equal(s.idleExpiry(), clock.now() + 5 * MINUTE);
  await clock.advance(3 * MINUTE);
  s.touch();
  assert.equal(s.idleExpiry(), clock.now() + 5 * MINUTE, 'activity starts the time again');
  await clock.advance(5 * MINUTE - 1);
  assert.deepEqual(s.who(), casey);
  assert.equal(changes(), 1);
  await clock.advance(1);
  assert.equal(changes(), 2, 'announced by the timer, not only when asked');
  assert.equal(s.who(), null);
  assert.equal(s.idleExpiry(), Infinity);
  assert.equal(clock.timers, 0);
});

test('0 minutes never signs out; a new idle time takes effect from the last activity when rearmed', async (t) => {
  const { s, clock, setIdle } = session(t, 0);
  s.signIn(casey);
  assert.equal(s.idleExpiry(), Infinity);
  assert.equal(clock.timers, 0);
  await clock.advance(24 * 60 * MINUTE);
  assert.deepEqual(s.who(), casey);
  setIdle(2);
  s.rearm();
  assert.equal(s.who(), null, 'idle far longer than two minutes already');
  s.signIn(sasha);
  await clock.advance(MINUTE);
  setIdle(10);
  s.rearm();
  await clock.advance(2 * MINUTE);
  assert.deepEqual(s.who(), sasha, 'the longer time counts');
  await clock.advance(7 * MINUTE);
  assert.equal(s.who(), null);
});

test('activity with nobody signed in is nothing; signing out twice is announced once', async (t) => {
  const { s, clock, changes, setIdle } = session(t);
  s.touch();
  s.signOut();
  assert.equal(changes(), 0);
  assert.equal(s.who(), null);
  s.signIn(casey);
  s.signOut();
  s.signOut();
  assert.equal(changes(), 2);
  assert.equal(clock.timers, 0);

  s.signIn(casey);
  await clock.advance(3 * MINUTE);
  setIdle(2); // shortened, not yet rearmed: Casey's time is up already
  s.touch();
  assert.equal(s.who(), null, 'activity after the idle time does not bring the session back');
});

test('a change to someone else changes nothing; a new role for the person serving is announced, a new name is not', (t) => {
  const { s, changes } = session(t);
  s.signIn(casey);
  s.follow({ ...sasha, role: 'manager', active: false });
  assert.deepEqual([s.who(), changes()], [casey, 1]);
  s.follow({ ...casey, name: 'Casey B.', active: true });
  assert.deepEqual([s.who(), changes()], [{ ...casey, name: 'Casey B.' }, 1]);
  s.follow({ ...casey, name: 'Casey B.', role: 'supervisor', active: true });
  assert.deepEqual([s.who(), changes()], [{ ...casey, name: 'Casey B.', role: 'supervisor' }, 2]);
  s.follow({ ...casey, active: false });
  assert.deepEqual([s.who(), changes()], [null, 3]);
});

test('signing in someone else starts their own idle time; closing leaves no timer', async (t) => {
  const { s, clock } = session(t);
  s.signIn(casey);
  await clock.advance(4 * MINUTE);
  s.signIn(sasha);
  assert.equal(clock.timers, 1, 'one idle timer, not one each');
  await clock.advance(4 * MINUTE);
  assert.deepEqual(s.who(), sasha);
  s.close();
  assert.equal(clock.timers, 0);
});

test('a change to someone while nobody is serving changes nothing', (t) => {
  const { s, changes } = session(t);
  s.follow({ ...casey, active: false });
  s.follow({ ...sasha, role: 'manager', active: true });
  assert.equal(s.who(), null);
  assert.equal(changes(), 0);
});
