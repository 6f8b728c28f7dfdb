// Staff PINs and the session, on the gate alone with a manual clock: PINs are salted scrypt
// hashes nobody can read back, unique on the till, limited by a growing wait after wrong tries;
// the idle sign-out follows the clock; the first manager is created once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { DEFAULT_SCRYPT_PARAMS, pinMatches } from '../../../electron/services/storage/manager-pin';
import { ManualClock } from '../../support/manual-clock';
import { openStaffGate } from '../../support/staff';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function setup(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-staff-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let changes = 0;
  const opened = openStaffGate(join(folder, 'paydesk.sqlite'), clock, () => changes++);
  t.after(() => {
    opened.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return { clock, ...opened, changes: () => changes };
}

const code = (c: string) => (e: unknown) => e instanceof TillError && e.code === c;

test('a PIN is kept only as a salted scrypt hash: not the PIN, different for the same PIN, and it checks', async (t) => {
  const { gate, db } = setup(t);
  await gate.createFirstManager('Morgan', '2468');
  const first = gate.directory.store.list()[0]!;
  // The same PIN set again (a PIN change) gets a fresh salt and so a different hash.
  await gate.directory.update(first.id, { pin: '2468' });
  const again = gate.directory.store.get(first.id)!;
  for (const record of [first.pinHash, again.pinHash]) {
    assert.equal(record.algorithm, 'scrypt');
    assert.equal(Buffer.from(record.salt, 'base64').length, 16);
    assert.equal(Buffer.from(record.hash, 'base64').length, 32);
  }
  assert.notEqual(first.pinHash.salt, again.pinHash.salt);
  assert.notEqual(first.pinHash.hash, again.pinHash.hash);
  const row = JSON.stringify(db.prepare('SELECT * FROM staff').all());
  assert.doesNotMatch(row, /2468/, 'the PIN itself is nowhere in the table');
  assert.equal(await pinMatches('2468', again.pinHash), true);
  assert.equal(await pinMatches('2469', again.pinHash), false);
  assert.equal(DEFAULT_SCRYPT_PARAMS.cost, 2 ** 17, 'real tills use OWASP’s scrypt cost');
});

test('two people may not share a PIN, nor a name; the only manager cannot be removed or demoted', async (t) => {
  const { gate } = setup(t);
  await gate.createFirstManager('Morgan', '2468');
  const casey = await gate.directory.add({ name: 'Casey', role: 'cashier', pin: '1470' });
  await assert.rejects(
    gate.directory.add({ name: 'Robin', role: 'cashier', pin: '1470' }),
    /already uses that PIN/,
  );
  await assert.rejects(
    gate.directory.add({ name: ' casey ', role: 'cashier', pin: '5820' }),
    /Someone called casey/,
  );
  await assert.rejects(gate.directory.update(casey.id, { pin: '2468' }), code('conflict'));
  await assert.rejects(
    gate.directory.add({ name: 'Robin', role: 'cashier', pin: '1234' }),
    /too easy to guess/,
  );
  const morgan = gate.directory.active().find((p) => p.role === 'manager')!;
  assert.throws(() => gate.directory.remove(morgan.id), /only manager, so cannot be removed/);
  await assert.rejects(gate.directory.update(morgan.id, { role: 'cashier' }), /only manager/);
  assert.equal(gate.directory.active().length, 2, 'nothing refused was saved');
});

test('signing in: the right person’s PIN, wrong tries wait 30 s then 60 s on the clock, a right one clears it', async (t) => {
  const { gate, clock } = setup(t);
  await gate.createFirstManager('Morgan', '2468');
  const casey = await gate.directory.add({ name: 'Casey', role: 'cashier', pin: '1470' });
  assert.equal(
    (await gate.signIn(casey.id, '2468')).ok,
    false,
    'another person’s PIN does not sign Casey in',
  );
  await gate.signIn(casey.id, '9999');
  const third = await gate.signIn(casey.id, '9999');
  assert.deepEqual(third, {
    ok: false,
    reason: 'wrong',
    message: 'Wrong PIN. Too many wrong tries: wait 30 s.',
    words: { key: 'staff.wrongPin.wait', params: { seconds: 30 } },
    retryAfterMs: 30 * SECOND,
  });
  assert.equal((await gate.signIn(casey.id, '1470')).ok, false, 'locked: even the right PIN waits');
  await clock.advance(30 * SECOND);
  const fourth = await gate.signIn(casey.id, '9999');
  assert.equal(fourth.ok === false && fourth.retryAfterMs, 60 * SECOND, 'the wait doubles');
  await clock.advance(60 * SECOND);
  assert.equal((await gate.signIn(casey.id, '1470')).ok, true);
  assert.equal(gate.onDuty()?.name, 'Casey');
  assert.deepEqual(gate.directory.store.lockout.load(), { failedAttempts: 0, lockedUntil: null });
});

test('the idle sign-out follows the clock: activity restarts it, 0 minutes means never', async (t) => {
  const { gate, clock, changes } = setup(t);
  await gate.createFirstManager('Morgan', '2468');
  gate.directory.store.setIdleSignOutMinutes(5);
  gate.session.rearm();
  await clock.advance(4 * MINUTE);
  assert.equal(gate.serving()?.name, 'Morgan', 'an action is activity');
  await clock.advance(5 * MINUTE - 1);
  assert.equal(gate.onDuty()?.name, 'Morgan');
  const before = changes();
  await clock.advance(1);
  assert.equal(changes(), before + 1, 'the sign-out is announced when the time passes, not when asked');
  assert.equal(gate.onDuty(), null);
  assert.throws(() => gate.serving(), /Nobody is signed in/);

  gate.directory.store.setIdleSignOutMinutes(0);
  const morgan = gate.directory.active()[0]!;
  assert.equal((await gate.signIn(morgan.id, '2468')).ok, true);
  await clock.advance(24 * 60 * MINUTE);
  assert.equal(gate.onDuty()?.name, 'Morgan', 'never signs out');
});

test('the first manager is created once, signed in; before that only a till with no staff sells without a sign-in', async (t) => {
  const { gate } = setup(t);
  assert.equal(gate.serving(), null, 'a new till sells anonymously until staff exist');
  assert.throws(() => gate.require('refund'), /create the first manager/);
  await gate.createFirstManager('Morgan', '2468');
  assert.equal(gate.onDuty()?.name, 'Morgan');
  assert.equal(gate.require('refund')?.name, 'Morgan');
  await assert.rejects(gate.createFirstManager('Mallory', '5820'), /already has a manager/);
  assert.deepEqual(
    gate.directory.active().map((p) => p.name),
    ['Morgan'],
  );
});

test('a removed person is signed out and cannot sign in again; their name stays on what they did', async (t) => {
  const { gate } = setup(t);
  await gate.createFirstManager('Morgan', '2468');
  const casey = await gate.directory.add({ name: 'Casey', role: 'cashier', pin: '1470' });
  await gate.signIn(casey.id, '1470');
  const stamp = gate.serving();
  gate.session.follow(gate.directory.remove(casey.id));
  assert.equal(gate.onDuty(), null);
  await assert.rejects(gate.signIn(casey.id, '1470'), code('not_found'));
  assert.equal(gate.directory.store.get(casey.id)?.name, 'Casey');
  assert.deepEqual(stamp, { id: casey.id, name: 'Casey' });
});
