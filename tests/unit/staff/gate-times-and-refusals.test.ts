// The manager gate's fixed times and its refusals as the screens get them: a counter approval
// lasts two minutes and a manager's PIN opens Settings for five; the person serving is named on
// what they do; a till with staff but nobody signed in, or with staff but no manager yet, refuses
// with the words and the translation key the screens show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ManagerGate } from '../../../electron/services/manager-gate';
import { refusalOf } from '../../support/refusal';
import { gateInTempFolder, staffedGateInTempFolder } from '../../support/staff';

const MINUTE = 60_000;
const PINS = { manager: '2468', supervisor: '3691', cashier: '1470' };
const iso = (ms: number) => new Date(ms).toISOString();

/** What `require(action)` answers, or the refusal it throws, as the screens get it. */
const requiring = (gate: ManagerGate, action: Parameters<ManagerGate['require']>[0]) =>
  refusalOf(Promise.resolve().then(() => gate.require(action)));

test('a supervisor’s approval at the counter waits two minutes for the refund, and not a moment more', async (t) => {
  const { clock, gate, supervisor, cashier } = await staffedGateInTempFolder(t, { idleMinutes: 0 });
  const approvedAt = clock.now();
  assert.deepEqual(await gate.unlock(PINS.supervisor, 'refund', supervisor.id), {
    ok: true,
    unlockedUntil: iso(approvedAt + 2 * MINUTE),
    approvedBy: 'Sasha',
  });
  await clock.advance(2 * MINUTE - 1);
  assert.equal(gate.allows('refund'), true);
  assert.deepEqual(gate.require('refund'), {
    id: cashier.id,
    name: 'Casey',
    approvedBy: { id: supervisor.id, name: 'Sasha' },
  });

  assert.equal((await gate.unlock(PINS.supervisor, 'refund', supervisor.id)).ok, true);
  await clock.advance(2 * MINUTE);
  assert.equal(gate.allows('refund'), false, 'two minutes on, the approval has lapsed');
  assert.deepEqual(await requiring(gate, 'refund'), {
    code: 'not_allowed',
    message: 'A refund needs a supervisor or manager: ask one to approve it with their own PIN.',
    words: { key: 'staff.askApprover.refund' },
  });
});

test('a manager’s PIN keeps Settings open for five minutes, and then they close', async (t) => {
  const { clock, gate, manager, cashier } = await staffedGateInTempFolder(t, { idleMinutes: 0 });
  const openedAt = clock.now();
  assert.deepEqual(await gate.unlock(PINS.manager), {
    ok: true,
    unlockedUntil: iso(openedAt + 5 * MINUTE),
    approvedBy: 'Morgan',
  });
  assert.equal(gate.view().managerWindowUntil, iso(openedAt + 5 * MINUTE));
  await clock.advance(5 * MINUTE - 1);
  assert.deepEqual(gate.require('settings'), {
    id: cashier.id,
    name: 'Casey',
    approvedBy: { id: manager.id, name: 'Morgan' },
  });
  await clock.advance(1);
  assert.equal(gate.allows('settings'), false);
  assert.equal(gate.view().managerWindowUntil, null);
  assert.deepEqual(await requiring(gate, 'settings'), {
    code: 'not_allowed',
    message: 'Changing settings needs a manager: ask one to approve it with their own PIN.',
    words: { key: 'staff.askApprover.settings' },
  });
});

test('the person serving is named on each till action they do', async (t) => {
  const { gate, cashier } = await staffedGateInTempFolder(t);
  assert.deepEqual(gate.serving(), { id: cashier.id, name: 'Casey' });
  assert.deepEqual(gate.onDuty(), { id: cashier.id, name: 'Casey' });
});

test('the gate knows whether a manager exists: none on a new till, one once the first is created', async (t) => {
  const { gate } = gateInTempFolder(t);
  assert.equal(gate.hasManager(), false);
  await gate.directory.add({ name: 'Casey', role: 'cashier', pin: PINS.cashier });
  assert.equal(gate.hasManager(), false, 'a cashier is not a manager');
  await gate.createFirstManager('Morgan', PINS.manager);
  assert.equal(gate.hasManager(), true);
});

test('with staff set up and nobody signed in, a sale is refused and the screens are told to sign in', async (t) => {
  const { gate, cashier } = await staffedGateInTempFolder(t);
  gate.session.signOut();
  assert.equal(gate.onDuty(), null);
  const nobody = {
    code: 'not_allowed',
    message: 'Nobody is signed in on this till: tap your name and enter your PIN.',
    words: { key: 'staff.nobodySignedIn' },
  };
  assert.deepEqual(await refusalOf(Promise.resolve().then(() => gate.serving())), nobody);
  assert.deepEqual(await requiring(gate, 'refund'), nobody, 'a guarded action says the same');
  assert.equal((await gate.signIn(cashier.id, PINS.cashier)).ok, true);
  assert.deepEqual(gate.serving(), { id: cashier.id, name: 'Casey' });
});

test('with staff but no manager yet, even Settings are refused: the first manager must be created', async (t) => {
  const { gate } = gateInTempFolder(t);
  assert.equal(gate.require('settings'), null, 'a till with no staff at all keeps Settings open');
  const cashier = await gate.directory.add({ name: 'Casey', role: 'cashier', pin: PINS.cashier });
  assert.equal((await gate.signIn(cashier.id, PINS.cashier)).ok, true);
  assert.deepEqual(await requiring(gate, 'settings'), {
    code: 'not_allowed',
    message:
      'Changing settings needs a manager, and this till has none yet: create the first manager with their own PIN.',
    words: { key: 'staff.noManagerYet.settings' },
  });
  assert.deepEqual(await requiring(gate, 'refund'), {
    code: 'not_allowed',
    message:
      'A refund needs a manager, and this till has none yet: create the first manager with their own PIN.',
    words: { key: 'staff.noManagerYet.refund' },
  });
});
