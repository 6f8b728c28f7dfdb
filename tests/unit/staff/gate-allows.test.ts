// allows(action): whether require(action) would let the person serving go ahead now. A call that
// needs several guarded actions asks it first, so it must answer as require() does (by role, by
// the manager's window for Settings and the back office, by one live counter approval), never
// spend the approval it sees, and say no when nobody is serving or the till has no manager.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APPROVAL_TTL_MS, MANAGER_WINDOW_MS } from '../../../electron/services/manager-gate';
import { gateInTempFolder, staffedGateInTempFolder } from '../../support/staff';

const PINS = { manager: '2468', supervisor: '3691', cashier: '1470' };

test('with nobody serving nothing is allowed, not even with the manager’s window open', async (t) => {
  const { gate } = gateInTempFolder(t);
  await gate.createFirstManager('Morgan', PINS.manager);
  gate.lock(); // the manager serving signs out
  assert.equal(gate.onDuty(), null);
  assert.equal(gate.allows('refund'), false);
  assert.equal(gate.allows('settings'), false);

  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  assert.equal(gate.allows('settings'), false, 'nobody is serving to be allowed');
  assert.equal(gate.allows('back-office'), false);
});

test('by role: a supervisor may refund but not open Settings; a cashier may do neither', async (t) => {
  const { gate, supervisor } = await staffedGateInTempFolder(t);
  assert.equal(gate.allows('refund'), false);
  assert.equal(gate.allows('no-sale'), false);
  assert.equal(gate.allows('settings'), false);
  assert.equal(gate.allows('back-office'), false);

  assert.equal((await gate.signIn(supervisor.id, PINS.supervisor)).ok, true);
  assert.equal(gate.allows('refund'), true);
  assert.equal(gate.allows('z-report'), true);
  assert.equal(gate.allows('settings'), false);
  assert.equal(gate.allows('back-office'), false);
  assert.equal(gate.allows('reconcile'), false);
});

test('the manager’s window lets the cashier into Settings and the back office only, until it ends', async (t) => {
  const { clock, gate } = await staffedGateInTempFolder(t);
  assert.equal((await gate.unlock(PINS.manager)).ok, true);
  assert.equal(gate.allows('back-office'), true);
  assert.equal(gate.allows('settings'), true);
  assert.equal(gate.allows('refund'), false, 'a window is not a counter approval');
  assert.equal(gate.allows('z-report'), false);
  assert.equal(gate.allows('reconcile'), false);

  await clock.advance(MANAGER_WINDOW_MS - 1);
  assert.equal(gate.allows('back-office'), true);
  await clock.advance(1);
  assert.equal(gate.allows('back-office'), false);
  assert.equal(gate.allows('settings'), false);
});

test('a counter approval is allowed until it is used or runs out, and asking does not use it', async (t) => {
  const { clock, gate, supervisor, cashier } = await staffedGateInTempFolder(t);
  assert.equal((await gate.unlock(PINS.supervisor, 'refund', supervisor.id)).ok, true);
  assert.equal(gate.allows('refund'), true);
  assert.equal(gate.allows('refund'), true, 'asking twice still leaves it');
  assert.equal(gate.allows('z-report'), false, 'it approves the refund only');
  assert.deepEqual(gate.require('refund'), {
    id: cashier.id,
    name: 'Casey',
    approvedBy: { id: supervisor.id, name: 'Sasha' },
  });
  assert.equal(gate.allows('refund'), false, 'used once, it is gone');

  assert.equal((await gate.unlock(PINS.supervisor, 'refund', supervisor.id)).ok, true);
  await clock.advance(APPROVAL_TTL_MS - 1);
  assert.equal(gate.allows('refund'), true);
  await clock.advance(1);
  assert.equal(gate.allows('refund'), false);
  assert.throws(() => gate.require('refund'), /A refund needs a supervisor or manager/);
});

test('a till whose staff has no manager allows nothing, as require() refuses it', async (t) => {
  const { gate } = gateInTempFolder(t);
  const supervisor = await gate.directory.add({ name: 'Sasha', role: 'supervisor', pin: PINS.supervisor });
  assert.equal((await gate.signIn(supervisor.id, PINS.supervisor)).ok, true);
  assert.equal(gate.allows('refund'), false);
  assert.throws(() => gate.require('refund'), /needs a manager, and this till has none yet/);
});
