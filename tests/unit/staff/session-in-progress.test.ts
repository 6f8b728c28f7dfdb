// The idle sign-out never interrupts a cash count, a report or a card check: while the screens
// say one is in progress the person stays signed in however long it takes, and once the last one
// ends the idle time starts again from that moment and signs them out when it passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STAFF_TASKS, type StaffPerson } from '../../../shared/contract/staff';
import { StaffSession } from '../../../electron/services/staff/session';
import { staffHandlers } from '../../../electron/services/staff/handlers';
import { ManualClock } from '../../support/manual-clock';
import { staffedGateInTempFolder } from '../../support/staff';

const MINUTE = 60_000;
const casey: StaffPerson = { id: 'casey', name: 'Casey', role: 'cashier' };

function session(t: { after: (fn: () => void) => void }) {
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let changes = 0;
  const s = new StaffSession(
    clock,
    () => 5,
    () => changes++,
  );
  t.after(() => s.close());
  return { s, clock, changes: () => changes };
}

for (const task of STAFF_TASKS) {
  test(`a ${task} in progress holds the idle sign-out; it comes the idle time after the ${task} ends`, async (t) => {
    const { s, clock, changes } = session(t);
    s.signIn(casey);
    await clock.advance(4 * MINUTE);
    s.setInProgress([task]);
    assert.equal(s.idleExpiry(), Infinity);
    assert.equal(clock.timers, 0, 'no timer waits to sign them out');
    await clock.advance(60 * MINUTE);
    assert.deepEqual(s.who(), casey, 'an hour on, still signed in');
    assert.equal(changes(), 1);

    s.setInProgress([]);
    assert.equal(s.idleExpiry(), clock.now() + 5 * MINUTE, 'the idle time starts when it ends');
    await clock.advance(5 * MINUTE - 1);
    assert.deepEqual(s.who(), casey);
    await clock.advance(1);
    assert.equal(changes(), 2, 'signed out by the timer as the time passes');
    assert.equal(s.who(), null);
  });
}

test('each call replaces the last: the sign-out waits for the last task to end', async (t) => {
  const { s, clock } = session(t);
  s.signIn(casey);
  s.setInProgress(['report', 'card-check']);
  await clock.advance(10 * MINUTE);
  s.setInProgress(['card-check']);
  assert.deepEqual(s.inProgress(), ['card-check']);
  await clock.advance(10 * MINUTE);
  assert.deepEqual(s.who(), casey, 'the card check still runs');
  s.setInProgress([]);
  await clock.advance(5 * MINUTE);
  assert.equal(s.who(), null);
});

test('a task begun before anyone signed in holds the one who signs in; nothing in progress changes nothing', async (t) => {
  const { s, clock } = session(t);
  s.setInProgress(['cash-count']);
  s.signIn(casey);
  await clock.advance(30 * MINUTE);
  assert.deepEqual(s.who(), casey);
  s.setInProgress([]);
  await clock.advance(3 * MINUTE);
  // Saying again that nothing is in progress does not start the idle time again.
  s.setInProgress([]);
  await clock.advance(2 * MINUTE);
  assert.equal(s.who(), null);
});

test('a task that ends after the idle time did not restart it is no activity of its own', async (t) => {
  const { s, clock } = session(t);
  s.signIn(casey);
  await clock.advance(4 * MINUTE);
  // Nothing was in progress: the idle time still counts from the sign-in.
  s.setInProgress([]);
  await clock.advance(MINUTE);
  assert.equal(s.who(), null);
});

test('the screens say what is in progress through staff.inProgress', async (t) => {
  const { gate, clock } = await staffedGateInTempFolder(t, { idleMinutes: 5 });
  const handlers = staffHandlers(gate, () => undefined);
  assert.deepEqual(handlers['staff.inProgress']({ tasks: ['cash-count'] }), { ok: true });
  await clock.advance(20 * MINUTE);
  assert.equal(gate.view().signedIn?.name, 'Casey', 'counting the drawer for twenty minutes');
  handlers['staff.inProgress']({ tasks: [] });
  await clock.advance(5 * MINUTE);
  assert.equal(gate.view().signedIn, null);
});

test('a task that ends after the person signed out changes nothing and arms no timer', async (t) => {
  const { s, clock, changes } = session(t);
  s.signIn(casey);
  s.setInProgress(['report']);
  s.signOut();
  assert.doesNotThrow(() => s.setInProgress([]));
  assert.equal(s.who(), null);
  assert.equal(clock.timers, 0);
  assert.equal(changes(), 2);
});
