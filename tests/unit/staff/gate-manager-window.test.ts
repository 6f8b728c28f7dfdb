// The manager's window and what the screens are told: under a window opened by a manager's PIN
// the person serving does the work and the manager is named as approving it (never as their own
// approver); for a manager serving, Settings stay open until their idle sign-out, or a day ahead
// when the till never signs out; the screens get a fresh view when the window opens and when
// lock() ends it; the view says whether staff and a manager exist; a closed gate leaves no timer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StaffSessionView } from '../../../shared/contract/staff';
import { MANAGER_WINDOW_MS } from '../../../electron/services/manager-gate';
import { gateInTempFolder, staffedGateInTempFolder } from '../../support/staff';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PINS = { manager: '2468', supervisor: '3691', cashier: '1470' };
const iso = (ms: number) => new Date(ms).toISOString();

/** A gate over its own database; every view the screens would be sent is kept in `sent`. */
function openGate(t: { after: (fn: () => void) => void }) {
  const sent: StaffSessionView[] = [];
  const { clock, gate, close } = gateInTempFolder(t, (g) => sent.push(g.view()));
  return { clock, gate, sent, close };
}

/** Morgan (manager), Sasha (supervisor) and Casey (cashier), with Casey serving. */
async function staffed(t: { after: (fn: () => void) => void }) {
  const sent: StaffSessionView[] = [];
  const opened = await staffedGateInTempFolder(t, { onChange: (g) => sent.push(g.view()) });
  return { ...opened, sent };
}

test('under a manager’s window the cashier does the work and the manager is named as approving it', async (t) => {
  const { gate, manager, cashier } = await staffed(t);
  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  const expected = { id: cashier.id, name: 'Casey', approvedBy: { id: manager.id, name: 'Morgan' } };
  assert.deepEqual(gate.require('back-office'), expected);
  assert.deepEqual(gate.require('settings'), expected, 'the window is not used up');
});

test('a manager who opened the window is not their own approver; with nobody serving the manager is named', async (t) => {
  const { gate } = openGate(t);
  await gate.createFirstManager('Morgan', PINS.manager);
  const manager = gate.directory.active()[0]!;
  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  assert.deepEqual(gate.require('settings'), { id: manager.id, name: 'Morgan' });

  gate.lock(); // Morgan signs out
  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  assert.equal(gate.onDuty(), null);
  assert.deepEqual(gate.require('back-office'), { id: manager.id, name: 'Morgan' });
});

test('for a manager serving, Settings stay open until their idle sign-out, or a day ahead when it is off', async (t) => {
  const { clock, gate } = openGate(t);
  gate.directory.store.setIdleSignOutMinutes(0);
  await gate.createFirstManager('Morgan', PINS.manager);
  const signedInAt = clock.now();
  assert.equal(gate.unlockedUntil(), iso(signedInAt + DAY));
  await clock.advance(90 * MINUTE);
  assert.equal(gate.unlockedUntil(), iso(signedInAt + 90 * MINUTE + DAY), 'always a day ahead');

  gate.directory.store.setIdleSignOutMinutes(5);
  assert.equal((await gate.signIn(gate.directory.active()[0]!.id, PINS.manager)).ok, true);
  assert.equal(gate.unlockedUntil(), iso(clock.now() + 5 * MINUTE));
});

test('the screens are sent a fresh view when the manager’s window opens and when lock() ends it', async (t) => {
  const { clock, gate, sent, cashier } = await staffed(t);
  sent.length = 0;
  const until = iso(clock.now() + MANAGER_WINDOW_MS);
  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  assert.equal(sent.at(-1)?.managerWindowUntil, until);

  sent.length = 0;
  gate.lock();
  assert.equal(sent.length > 0, true, 'lock() is announced even when the cashier stays serving');
  assert.equal(sent.at(-1)?.managerWindowUntil, null);
  assert.deepEqual(sent.at(-1)?.signedIn, { id: cashier.id, name: 'Casey', role: 'cashier' });
});

test('the view says whether staff are set up and whether a manager is among them', async (t) => {
  const empty = openGate(t).gate;
  assert.equal(empty.view().staffSetUp, false);
  assert.equal(empty.view().managerExists, false);
  await empty.createFirstManager('Morgan', PINS.manager);
  assert.deepEqual([empty.view().staffSetUp, empty.view().managerExists], [true, true], 'a manager alone');
  await empty.directory.add({ name: 'Casey', role: 'cashier', pin: PINS.cashier });
  assert.equal(empty.view().managerExists, true, 'a manager among others');

  const noManager = openGate(t).gate;
  await noManager.directory.add({ name: 'Sasha', role: 'supervisor', pin: PINS.supervisor });
  assert.deepEqual([noManager.view().staffSetUp, noManager.view().managerExists], [true, false]);
});

test('a closed gate leaves no idle sign-out pending to wake on a closed database', async (t) => {
  const { clock, gate, close } = await staffed(t);
  gate.directory.store.setIdleSignOutMinutes(5);
  gate.session.rearm();
  assert.equal(clock.timers, 1, 'the cashier’s idle sign-out');
  close();
  assert.equal(clock.timers, 0);
  await clock.advance(10 * MINUTE); // would run the sign-out against the closed database
});

test('a manager’s window needs both Settings and the back office: rights that lose either end it, keeping both keeps it', async (t) => {
  const { gate, sent, manager } = await staffed(t);
  for (const lost of ['settings', 'back-office'] as const) {
    assert.equal((await gate.unlock(PINS.manager)).ok, true);
    sent.length = 0;
    gate.revokeGrantsBy(manager.id, (action) => action !== lost);
    assert.equal(gate.allows('settings'), false, `${lost} lost`);
    assert.equal(gate.allows('back-office'), false, `${lost} lost`);
    assert.equal(sent.at(-1)?.managerWindowUntil, null, `${lost} lost: the screens are told`);
  }
  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  sent.length = 0;
  gate.revokeGrantsBy(manager.id, () => true);
  assert.equal(gate.allows('settings'), true, 'a new name or PIN keeps the window');
  assert.deepEqual(sent, [], 'nothing ended, nothing to tell');
});
