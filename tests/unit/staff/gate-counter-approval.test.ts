// Counter approvals as staff meet them: a person tapped whose role may not approve is refused by
// role before their PIN is even looked at (a wrong PIN too, and no try is counted); a supervisor
// demoted while their PIN is being checked approves nothing; using an approval is the cashier's
// activity (their idle sign-out starts again); lock() ends every approval but keeps the cashier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { staffedGateInTempFolder } from '../../support/staff';

const MINUTE = 60_000;
const PINS = { manager: '2468', supervisor: '3691', cashier: '1470' };

// Each test: Morgan (manager), Sasha (supervisor) and Casey (cashier, serving); idle sign-out after 5 min.

test('a tapped person who may not approve is refused by role whatever PIN is typed, and no try is counted', async (t) => {
  const { gate, cashier, supervisor } = await staffedGateInTempFolder(t, { idleMinutes: 5 });
  for (let i = 0; i < 4; i++) {
    assert.deepEqual(await gate.unlock('9999', 'refund', cashier.id), {
      ok: false,
      reason: 'wrong',
      message: 'Casey is a cashier: a refund needs a supervisor or manager. Tap the name of one of them.',
      words: {
        key: 'staff.notApprover.refund',
        params: { name: 'Casey', role: { key: 'staff.role.cashier', english: 'cashier' } },
      },
      retryAfterMs: 0,
    });
  }
  // Settings' own lock (no action): only a manager may open it.
  assert.deepEqual(await gate.unlock('9999', undefined, supervisor.id), {
    ok: false,
    reason: 'wrong',
    message:
      'Sasha is a supervisor: opening Settings and the back office needs a manager. Tap the name of one of them.',
    words: {
      key: 'staff.notApprover.managerArea',
      params: { name: 'Sasha', role: { key: 'staff.role.supervisor', english: 'supervisor' } },
    },
    retryAfterMs: 0,
  });
  assert.equal(gate.directory.lockedForMs(), 0);
  const firstWrong = await gate.unlock('9999', 'refund', supervisor.id);
  assert.equal(firstWrong.ok ? '' : firstWrong.message, 'Wrong PIN for Sasha. 2 tries left before a wait.');
});

test('a supervisor demoted while their PIN is checked approves nothing, and the till says why', async (t) => {
  const { gate, supervisor } = await staffedGateInTempFolder(t, { idleMinutes: 5 });
  // The demotion is queued first; the approval's role check passes before it lands, its PIN check after.
  const demoted = gate.directory.update(supervisor.id, { role: 'cashier' });
  const approval = gate.unlock(PINS.supervisor, 'refund', supervisor.id);
  await demoted;
  assert.deepEqual(await approval, {
    ok: false,
    reason: 'wrong',
    message: 'Sasha is a cashier: a refund needs a supervisor or manager. Tap the name of one of them.',
    words: {
      key: 'staff.notApprover.refund',
      params: { name: 'Sasha', role: { key: 'staff.role.cashier', english: 'cashier' } },
    },
    retryAfterMs: 0,
  });
  assert.equal(gate.allows('refund'), false);
  assert.throws(
    () => gate.require('refund'),
    (e: unknown) =>
      e instanceof TillError &&
      e.message === 'A refund needs a supervisor or manager: ask one to approve it with their own PIN.',
  );
});

test('using an approval is the cashier’s activity: their idle sign-out starts again from it', async (t) => {
  const { clock, gate, supervisor, cashier } = await staffedGateInTempFolder(t, { idleMinutes: 5 });
  // Signed in at 0; approved at 3 min (the supervisor's PIN is not the cashier's activity); used at 4 min.
  await clock.advance(3 * MINUTE);
  assert.equal((await gate.unlock(PINS.supervisor, 'refund', supervisor.id)).ok, true);
  await clock.advance(1 * MINUTE);
  assert.equal(gate.require('refund')?.name, 'Casey');
  await clock.advance(5 * MINUTE - 1);
  assert.deepEqual(gate.onDuty(), { id: cashier.id, name: 'Casey' }, 'five minutes from the refund');
  await clock.advance(1);
  assert.equal(gate.onDuty(), null);
});

test('lock() ends every approval not yet used, and the cashier serving stays signed in', async (t) => {
  const { gate, supervisor, cashier } = await staffedGateInTempFolder(t, { idleMinutes: 5 });
  assert.equal((await gate.unlock(PINS.supervisor, 'refund', supervisor.id)).ok, true);
  assert.equal((await gate.unlock(PINS.supervisor, 'no-sale', supervisor.id)).ok, true);
  gate.lock();
  assert.deepEqual(gate.onDuty(), { id: cashier.id, name: 'Casey' });
  assert.equal(gate.allows('refund'), false);
  assert.equal(gate.allows('no-sale'), false);
  assert.throws(
    () => gate.require('refund'),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'not_allowed' &&
      e.message === 'A refund needs a supervisor or manager: ask one to approve it with their own PIN.' &&
      e.words?.key === 'staff.askApprover.refund',
  );
});
