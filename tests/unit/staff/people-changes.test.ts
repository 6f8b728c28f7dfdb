// Changing a person in the back office (the staff.* handlers on the gate, as the till wires them):
// a new name or PIN for the person serving ends nothing (the manager's window and a counter
// approval stay), while a new role ends what was approved for them and their own rights follow
// the new role at once; removing the person serving signs them out. Whoever approved something
// (the manager's window, a counter approval) and is then given a role that may no longer approve
// it, or removed, takes it back: the action is refused until someone with the role approves again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StaffSessionView } from '../../../shared/contract/staff';
import type { ManagerGate } from '../../../electron/services/manager-gate';
import { staffHandlers } from '../../../electron/services/staff/handlers';
import { refusalOf } from '../../support/refusal';
import { staffedGateInTempFolder, TEST_STAFF } from '../../support/staff';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Casey serving; Morgan's PIN opened the back office and Sasha approved a refund for Casey. */
async function approvedForCasey(t: { after: (fn: () => void) => void }) {
  const sent: StaffSessionView[] = [];
  const opened = await staffedGateInTempFolder(t, {
    idleMinutes: 0,
    onChange: (g) => sent.push(g.view()),
  });
  const { gate, clock, supervisor } = opened;
  let peopleChanged = 0;
  const handlers = staffHandlers(gate, () => peopleChanged++);
  const windowUntil = iso(clock.now() + 5 * MINUTE);
  assert.equal((await gate.unlock(TEST_STAFF.manager.pin)).ok, true);
  assert.equal((await gate.unlock(TEST_STAFF.supervisor.pin, 'refund', supervisor.id)).ok, true);
  assert.equal(gate.view().managerWindowUntil, windowUntil);
  sent.length = 0;
  return { ...opened, handlers, sent, windowUntil, peopleChanged: () => peopleChanged };
}

/** What the gate answers when `cashier`, serving under `name`, does what `approver` approved. */
const servedWith = (
  cashier: { id: string },
  name: string,
  approver: { id: string },
  approverName: string,
) => ({
  id: cashier.id,
  name,
  approvedBy: { id: approver.id, name: approverName },
});

const refusalFor = (gate: ManagerGate, action: Parameters<ManagerGate['require']>[0]) =>
  refusalOf(Promise.resolve().then(() => gate.require(action)));

test('renaming the cashier serving keeps the manager’s window and the approval, under the new name', async (t) => {
  const { gate, handlers, cashier, manager, supervisor, windowUntil, peopleChanged } =
    await approvedForCasey(t);
  const renamed = await handlers['staff.update']({ staffId: cashier.id, name: ' Casey B. ' });
  assert.equal(renamed.name, 'Casey B.');
  assert.equal(peopleChanged(), 1, 'the screens hear of the new name');
  assert.deepEqual(gate.view().signedIn, { id: cashier.id, name: 'Casey B.', role: 'cashier' });
  assert.equal(gate.view().managerWindowUntil, windowUntil, 'the window is still open');
  assert.deepEqual(gate.require('back-office'), servedWith(cashier, 'Casey B.', manager, 'Morgan'));
  assert.deepEqual(gate.require('refund'), servedWith(cashier, 'Casey B.', supervisor, 'Sasha'));
});

test('a new PIN for the cashier serving, or a new name for the manager, ends nothing either', async (t) => {
  const { gate, handlers, cashier, manager, windowUntil, sent } = await approvedForCasey(t);
  await handlers['staff.update']({ staffId: cashier.id, pin: '5820' });
  await handlers['staff.update']({ staffId: manager.id, name: 'Morgan K.' });
  assert.equal(gate.view().managerWindowUntil, windowUntil);
  assert.equal(gate.allows('refund'), true);
  assert.equal(gate.view().signedIn?.name, 'Casey');
  assert.deepEqual(
    sent.map((v) => v.managerWindowUntil),
    sent.map(() => windowUntil),
    'no view the screens were sent says the window closed',
  );
  assert.equal((await gate.signIn(cashier.id, '5820')).ok, true, 'the new PIN is the one that works');
});

test('a new role for the person serving ends what was approved for them, and the screens are told', async (t) => {
  const { gate, handlers, cashier, sent } = await approvedForCasey(t);
  await handlers['staff.update']({ staffId: cashier.id, role: 'supervisor' });
  assert.equal(gate.view().managerWindowUntil, null);
  assert.deepEqual(gate.view().signedIn, { id: cashier.id, name: 'Casey', role: 'supervisor' });
  assert.equal(sent.at(-1)?.managerWindowUntil, null, 'the screens were sent the closed window');
  assert.deepEqual(sent.at(-1)?.signedIn, { id: cashier.id, name: 'Casey', role: 'supervisor' });
  assert.equal(gate.allows('back-office'), false);
  assert.deepEqual(await refusalFor(gate, 'back-office'), {
    code: 'not_allowed',
    message: 'The back office needs a manager: ask one to approve it with their own PIN.',
    words: { key: 'staff.askApprover.back-office' },
  });
  // As a supervisor Casey now refunds on their own role: no approval is named, none is spent.
  assert.deepEqual(gate.require('refund'), { id: cashier.id, name: 'Casey' });
});

test('a manager serving who is made a cashier loses the back office at once', async (t) => {
  const { gate, manager, supervisor } = await staffedGateInTempFolder(t, { idleMinutes: 0 });
  const handlers = staffHandlers(gate, () => {});
  assert.equal((await gate.signIn(manager.id, TEST_STAFF.manager.pin)).ok, true);
  await handlers['staff.update']({ staffId: supervisor.id, role: 'manager' });
  assert.equal(gate.allows('back-office'), true);
  assert.notEqual(gate.unlockedUntil(), null);
  await handlers['staff.update']({ staffId: manager.id, role: 'cashier' });
  assert.deepEqual(gate.view().signedIn, { id: manager.id, name: 'Morgan', role: 'cashier' });
  assert.equal(gate.allows('back-office'), false);
  assert.equal(gate.allows('refund'), false);
  assert.equal(gate.unlockedUntil(), null);
  assert.equal((await refusalFor(gate, 'settings')).code, 'not_allowed');
});

test('removing the person serving signs them out and ends what was approved; removing someone else does not', async (t) => {
  const { gate, handlers, cashier, supervisor, windowUntil, peopleChanged } = await approvedForCasey(t);
  const sasha = await handlers['staff.remove']({ staffId: supervisor.id });
  assert.equal(sasha.active, false);
  assert.equal(gate.view().signedIn?.name, 'Casey', 'someone else removed: Casey keeps serving');
  assert.equal(gate.view().managerWindowUntil, windowUntil);
  await handlers['staff.remove']({ staffId: cashier.id });
  assert.equal(gate.view().signedIn, null);
  assert.equal(gate.view().managerWindowUntil, null);
  assert.equal(peopleChanged(), 2);
  assert.deepEqual(
    gate.view().people.map((p) => p.name),
    ['Morgan'],
  );
});

test('a manager whose PIN opened the back office and who is made a supervisor closes it: back-office changes are refused until a manager approves again', async (t) => {
  const { gate, handlers, manager, cashier, supervisor, sent } = await approvedForCasey(t);
  const robin = await handlers['staff.add']({ name: 'Robin', role: 'manager', pin: '5820' });
  assert.equal((await gate.unlock(TEST_STAFF.manager.pin, 'discount', manager.id)).ok, true);
  sent.length = 0;

  await handlers['staff.update']({ staffId: manager.id, role: 'supervisor' });
  assert.equal(gate.view().managerWindowUntil, null);
  assert.equal(sent.at(-1)?.managerWindowUntil, null, 'the screens were sent the closed window');
  assert.equal(gate.allows('back-office'), false);
  assert.deepEqual(await refusalFor(gate, 'settings'), {
    code: 'not_allowed',
    message: 'Changing settings needs a manager: ask one to approve it with their own PIN.',
    words: { key: 'staff.askApprover.settings' },
  });
  const added = await refusalOf(
    Promise.resolve().then(() => handlers['staff.add']({ name: 'Jo', role: 'manager', pin: '5931' })),
  );
  assert.equal(added.code, 'not_allowed');
  assert.equal(
    gate.directory.active().some((p) => p.name === 'Jo'),
    false,
    'nobody was added under the old window',
  );
  // What a supervisor may still approve stands: Morgan's discount and Sasha's refund.
  assert.deepEqual(gate.require('discount'), servedWith(cashier, 'Casey', manager, 'Morgan'));
  assert.deepEqual(gate.require('refund'), servedWith(cashier, 'Casey', supervisor, 'Sasha'));

  assert.equal((await gate.unlock('5820', undefined, robin.id)).ok, true, 'a manager approves again');
  assert.deepEqual(gate.require('back-office'), servedWith(cashier, 'Casey', robin, 'Robin'));
});

test('a manager removed while their window is open closes it', async (t) => {
  const { gate, handlers, manager, sent } = await approvedForCasey(t);
  await handlers['staff.add']({ name: 'Robin', role: 'manager', pin: '5820' });
  sent.length = 0;
  await handlers['staff.remove']({ staffId: manager.id });
  assert.equal(gate.view().managerWindowUntil, null);
  assert.equal(sent.at(-1)?.managerWindowUntil, null, 'the screens were sent the closed window');
  assert.equal(gate.allows('settings'), false);
  assert.equal((await refusalFor(gate, 'back-office')).code, 'not_allowed');
});

test('a supervisor who approved a refund and is made a cashier no longer approves it: refused until someone approves again', async (t) => {
  const { gate, handlers, supervisor, manager, cashier, windowUntil, sent } = await approvedForCasey(t);
  await handlers['staff.update']({ staffId: supervisor.id, role: 'manager' });
  assert.equal(gate.allows('refund'), true, 'a higher role keeps the approval');
  assert.equal(sent.length, 0);

  await handlers['staff.update']({ staffId: supervisor.id, role: 'cashier' });
  assert.equal(gate.allows('refund'), false);
  assert.equal(sent.length, 1, 'the screens hear of it');
  assert.deepEqual(await refusalFor(gate, 'refund'), {
    code: 'not_allowed',
    message: 'A refund needs a supervisor or manager: ask one to approve it with their own PIN.',
    words: { key: 'staff.askApprover.refund' },
  });
  assert.equal(gate.view().managerWindowUntil, windowUntil, 'Morgan’s window stays');

  assert.equal((await gate.unlock(TEST_STAFF.manager.pin, 'refund', manager.id)).ok, true);
  assert.deepEqual(gate.require('refund'), servedWith(cashier, 'Casey', manager, 'Morgan'));
});

test('a supervisor removed after approving a refund no longer approves it', async (t) => {
  const { gate, handlers, supervisor, sent } = await approvedForCasey(t);
  await handlers['staff.remove']({ staffId: supervisor.id });
  assert.equal(gate.allows('refund'), false);
  assert.equal(sent.length, 1, 'the screens hear of it');
  assert.equal((await refusalFor(gate, 'refund')).code, 'not_allowed');
});

test('without the back office every change to the staff is refused, changes nothing and tells no screen', async (t) => {
  const { gate, cashier, supervisor } = await staffedGateInTempFolder(t, { idleMinutes: 0 });
  let peopleChanged = 0;
  const handlers = staffHandlers(gate, () => peopleChanged++);
  const before = gate.directory.store.list();
  const calls: Array<[string, () => unknown]> = [
    ['list', () => handlers['staff.list']({})],
    ['add', () => handlers['staff.add']({ name: 'Robin', role: 'manager', pin: '5820' })],
    ['update', () => handlers['staff.update']({ staffId: cashier.id, role: 'manager' })],
    ['remove', () => handlers['staff.remove']({ staffId: supervisor.id })],
    ['setIdleSignOut', () => handlers['staff.setIdleSignOut']({ minutes: 1 })],
  ];
  for (const [what, call] of calls) {
    const refused = await refusalOf(Promise.resolve().then(call));
    assert.equal(refused.code, 'not_allowed', what);
  }
  assert.deepEqual(gate.directory.store.list(), before);
  assert.equal(gate.directory.store.idleSignOutMinutes(), 0);
  assert.equal(peopleChanged, 0);
});

test('a new idle time applies at once to the person serving', async (t) => {
  const { gate, clock, handlers, cashier, peopleChanged, sent } = await approvedForCasey(t);
  assert.equal(clock.timers, 0, 'no idle sign-out while it is off');
  const view = await handlers['staff.setIdleSignOut']({ minutes: 1 });
  assert.equal(view.idleSignOutMinutes, 1);
  assert.equal(peopleChanged(), 1);
  await clock.advance(MINUTE - 1);
  assert.equal(gate.view().signedIn?.id, cashier.id);
  sent.length = 0;
  await clock.advance(1);
  assert.equal(
    sent.at(-1)?.signedIn,
    null,
    'the screens are told as the minute passes, by the timer set then',
  );
  assert.equal(gate.view().signedIn, null);
});
