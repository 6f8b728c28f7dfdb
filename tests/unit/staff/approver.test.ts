// Approval at the counter picks the approver first: only the PIN of the person who tapped their
// name is checked (one scrypt, however many supervisors and managers the till has), a person
// whose role may not approve is refused before any PIN is tried, and the wrong-try limit is the
// till's, whoever is picked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../support/manual-clock';
import { openStaffGate } from '../../support/staff';

const PINS = { manager: '2468', supervisor: '3691', cashier: '1470', otherManager: '8531' };

async function setup(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-approver-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const opened = openStaffGate(join(folder, 'paydesk.sqlite'), clock);
  t.after(() => {
    opened.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const { gate } = opened;
  await gate.createFirstManager('Morgan', PINS.manager);
  const manager = gate.directory.active()[0]!;
  const otherManager = await gate.directory.add({ name: 'Max', role: 'manager', pin: PINS.otherManager });
  const supervisor = await gate.directory.add({ name: 'Sasha', role: 'supervisor', pin: PINS.supervisor });
  const cashier = await gate.directory.add({ name: 'Casey', role: 'cashier', pin: PINS.cashier });
  assert.equal((await gate.signIn(cashier.id, PINS.cashier)).ok, true);
  return { clock, gate, manager, otherManager, supervisor, cashier };
}

test('only the picked approver’s PIN counts: another approver’s right PIN is wrong for them', async (t) => {
  const { gate, manager, supervisor } = await setup(t);
  const crossed = await gate.unlock(PINS.manager, 'refund', supervisor.id);
  assert.equal(crossed.ok, false);
  assert.match(crossed.ok ? '' : crossed.message, /^Wrong PIN for Sasha\. 2 tries left before a wait\.$/);
  assert.throws(() => gate.require('refund'), /A refund needs a supervisor or manager/);

  const approved = await gate.unlock(PINS.supervisor, 'refund', supervisor.id);
  assert.equal(approved.ok && approved.approvedBy, 'Sasha');
  assert.deepEqual(gate.require('refund')?.approvedBy, { id: supervisor.id, name: 'Sasha' });
  // The approval was for one refund: the next needs its own.
  assert.throws(() => gate.require('refund'), /needs a supervisor or manager/);
  const byManager = await gate.unlock(PINS.manager, 'z-report', manager.id);
  assert.equal(byManager.ok && byManager.approvedBy, 'Morgan');
});

test('a person whose role may not approve is refused before any PIN is tried, and no try is counted', async (t) => {
  const { gate, cashier, supervisor, manager } = await setup(t);
  for (let i = 0; i < 5; i++) {
    const refused = await gate.unlock(PINS.cashier, 'refund', cashier.id);
    assert.deepEqual(refused, {
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
  const backOffice = await gate.unlock(PINS.supervisor, 'back-office', supervisor.id);
  assert.equal(
    backOffice.ok ? '' : backOffice.message,
    'Sasha is a supervisor: the back office needs a manager. Tap the name of one of them.',
  );
  assert.equal(gate.directory.lockedForMs(), 0);
  // Still the first wrong PIN: no wait after the refusals above.
  const wrong = await gate.unlock('9999', 'refund', manager.id);
  assert.match(wrong.ok ? '' : wrong.message, /2 tries left before a wait/);
});

test('wrong tries are the till’s: spread over several approvers they still lock every PIN, on the clock', async (t) => {
  const { gate, clock, manager, otherManager, supervisor } = await setup(t);
  for (const person of [manager, otherManager, supervisor]) {
    assert.equal((await gate.unlock('9999', 'refund', person.id)).ok, false);
  }
  const locked = await gate.unlock(PINS.supervisor, 'refund', supervisor.id);
  assert.deepEqual(locked.ok ? null : [locked.reason, locked.retryAfterMs], ['locked', 30_000]);
  assert.equal((await gate.unlock(PINS.manager, 'refund')).ok, false, 'the PIN-only path is locked too');
  clock.advance(30_000);
  const approved = await gate.unlock(PINS.otherManager, 'refund', otherManager.id);
  assert.equal(approved.ok && approved.approvedBy, 'Max');
});

test('a removed approver cannot approve: the till says they are not on the staff', async (t) => {
  const { gate, supervisor } = await setup(t);
  await gate.directory.remove(supervisor.id);
  await assert.rejects(gate.unlock(PINS.supervisor, 'refund', supervisor.id), /not on this till’s staff/);
  assert.throws(() => gate.require('refund'), /needs a supervisor or manager/);
});
