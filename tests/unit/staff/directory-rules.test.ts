// The rules for people, on the directory over its own database and a hand-moved clock: a person
// keeps their own name and PIN when changed, never takes another active person's, and may take a
// removed person's; a till never loses its last manager; removed people are gone for every change;
// approvals look only among the roles asked; the wrong-try wait survives a restart; the list keeps
// the order people were added and never hands out a hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { memberView } from '../../../electron/services/staff/store';
import { gateInTempFolder, openStaffGate, TEST_STAFF } from '../../support/staff';

const code = (c: string, message?: RegExp) => (e: unknown) =>
  e instanceof TillError && e.code === c && (!message || message.test(e.message));

/** Morgan (manager), Sasha (supervisor) and Casey (cashier) on a directory of their own. */
async function staffed(t: { after: (fn: () => void) => void }) {
  const opened = gateInTempFolder(t);
  const { directory } = opened.gate;
  const morgan = await directory.add({ ...TEST_STAFF.manager, role: 'manager' });
  await opened.clock.advance(1000);
  const sasha = await directory.add({ ...TEST_STAFF.supervisor, role: 'supervisor' });
  await opened.clock.advance(1000);
  const casey = await directory.add({ ...TEST_STAFF.cashier, role: 'cashier' });
  return { ...opened, directory, morgan, sasha, casey };
}

test('a person keeps their own name and PIN when changed, and never takes another’s', async (t) => {
  const { directory, casey } = await staffed(t);
  const renamed = await directory.update(casey.id, { name: '  CASEY  ', pin: TEST_STAFF.cashier.pin });
  assert.equal(renamed.name, 'CASEY', 'their own name in other letters, trimmed');
  assert.equal((await directory.checkPerson(casey.id, TEST_STAFF.cashier.pin)).ok, true);
  await assert.rejects(
    directory.update(casey.id, { name: ' sasha' }),
    code('conflict', /^Someone called sasha is already on the staff: add a surname or initial/),
  );
  await assert.rejects(
    directory.update(casey.id, { pin: TEST_STAFF.supervisor.pin }),
    code('conflict', /already uses that PIN/),
  );
  await assert.rejects(directory.update(casey.id, { pin: '12' }), code('invalid_input'));
  assert.equal(directory.store.get(casey.id)?.name, 'CASEY', 'nothing refused was saved');
  assert.equal((await directory.checkPerson(casey.id, TEST_STAFF.cashier.pin)).ok, true);
});

test('a removed person’s name and PIN are free again; a removed person cannot be changed or removed', async (t) => {
  const { directory, sasha, clock } = await staffed(t);
  const removed = directory.remove(sasha.id);
  assert.equal(removed.active, false);
  assert.equal(removed.removedAt, '2026-11-22T09:00:02.000Z', 'stamped by the till’s clock');
  const again = await directory.add({ name: 'Sasha', role: 'cashier', pin: TEST_STAFF.supervisor.pin });
  assert.notEqual(again.id, sasha.id);
  assert.throws(() => directory.remove(sasha.id), code('not_found', /not on this till’s staff/));
  await assert.rejects(directory.update(sasha.id, { name: 'Sam' }), code('not_found'));
  await assert.rejects(directory.checkPerson(sasha.id, TEST_STAFF.supervisor.pin), code('not_found'));
  await assert.rejects(directory.update('no-such-id', { name: 'Sam' }), code('not_found'));
  await clock.advance(60_000);
  assert.equal(
    directory.store.remove(sasha.id).removedAt,
    '2026-11-22T09:00:02.000Z',
    'removed once: the first time stays',
  );
  assert.deepEqual(
    directory.active().map((p) => p.name),
    ['Morgan', 'Casey', 'Sasha'],
  );
  assert.deepEqual(
    directory.store.list().map((p) => [p.name, p.active]),
    [
      ['Morgan', true],
      ['Sasha', false],
      ['Casey', true],
      ['Sasha', true],
    ],
    'everyone, oldest first, removed people too',
  );
});

test('the last manager stays: another manager first, then one may be demoted or removed', async (t) => {
  const { directory, morgan, sasha, casey } = await staffed(t);
  await assert.rejects(
    directory.update(morgan.id, { role: 'supervisor' }),
    code(
      'conflict',
      /^Morgan is the only manager, so cannot be given another role: add another manager first\.$/,
    ),
  );
  await directory.update(morgan.id, { role: 'manager', name: 'Morgan' });
  assert.equal(directory.store.get(morgan.id)?.role, 'manager', 'staying a manager is no change of role');
  await directory.update(casey.id, { role: 'supervisor' });
  assert.throws(
    () => directory.remove(morgan.id),
    code('conflict', /^Morgan is the only manager, so cannot be removed: add another manager first\.$/),
  );
  await directory.update(sasha.id, { role: 'manager' });
  await directory.update(morgan.id, { role: 'cashier' });
  assert.equal(directory.hasManager(), true);
  assert.throws(() => directory.remove(sasha.id), code('conflict', /Sasha is the only manager/));
  await directory.update(morgan.id, { role: 'manager' });
  assert.equal(directory.remove(sasha.id).active, false);
  assert.deepEqual(
    directory.active().map((p) => [p.name, p.role]),
    [
      ['Morgan', 'manager'],
      ['Casey', 'supervisor'],
    ],
  );
});

test('on a till with no manager yet, people without the manager role may be changed and removed', async (t) => {
  const { directory } = gateInTempFolder(t).gate;
  const sasha = await directory.add({ ...TEST_STAFF.supervisor, role: 'supervisor' });
  const casey = await directory.add({ ...TEST_STAFF.cashier, role: 'cashier' });
  assert.equal((await directory.update(sasha.id, { role: 'cashier' })).role, 'cashier');
  assert.equal(directory.remove(casey.id).active, false);
});

test('an approval looks only among the roles asked, and finds the one whose PIN it is', async (t) => {
  const { directory, sasha, morgan } = await staffed(t);
  const found = await directory.findByPin(TEST_STAFF.supervisor.pin, ['supervisor', 'manager']);
  assert.equal(found.ok && found.person.id, sasha.id);
  const manager = await directory.findByPin(TEST_STAFF.manager.pin, ['supervisor', 'manager']);
  assert.equal(manager.ok && manager.person.id, morgan.id);
  const cashier = await directory.findByPin(TEST_STAFF.cashier.pin, ['supervisor', 'manager']);
  assert.equal(cashier.ok, false, 'a cashier’s own PIN approves nothing');
  const onlyManagers = await directory.findByPin(TEST_STAFF.supervisor.pin, ['manager']);
  assert.equal(onlyManagers.ok, false);
  assert.equal(onlyManagers.ok === false && onlyManagers.reason, 'wrong');
});

test('the wrong-try wait is kept in the database: a restart does not clear it', async (t) => {
  const { directory, casey, file, close, clock } = await staffed(t);
  for (let i = 0; i < 3; i++) await directory.checkPerson(casey.id, '9999');
  assert.equal(directory.lockedForMs(), 30_000);
  close();
  const reopened = openStaffGate(file, clock);
  t.after(() => reopened.close());
  assert.equal(reopened.gate.directory.lockedForMs(), 30_000);
  const locked = await reopened.gate.directory.checkPerson(casey.id, TEST_STAFF.cashier.pin);
  assert.equal(locked.ok === false && locked.reason, 'locked');
  await clock.advance(30_000);
  assert.equal(reopened.gate.directory.lockedForMs(), 0);
  assert.equal((await reopened.gate.directory.checkPerson(casey.id, TEST_STAFF.cashier.pin)).ok, true);
});

test('what the back office is sent about a person never holds the PIN hash', async (t) => {
  const { directory, casey } = await staffed(t);
  const view = memberView(directory.store.get(casey.id)!);
  assert.deepEqual(view, {
    id: casey.id,
    name: 'Casey',
    role: 'cashier',
    active: true,
    createdAt: '2026-11-22T09:00:02.000Z',
    removedAt: null,
  });
});

test('a till’s old manager PIN becomes “Manager” once, and only on a till with no staff', async (t) => {
  const { gate } = gateInTempFolder(t);
  const hash = (await gate.directory.add({ name: 'Temp', role: 'cashier', pin: '5820' })).pinHash;
  const { gate: fresh } = gateInTempFolder(t);
  assert.equal(fresh.directory.importManagerPin(null), null);
  assert.equal(fresh.directory.importManagerPin(hash), null, 'asked once only, even with nothing then');
  assert.equal(fresh.directory.active().length, 0);

  const { gate: old } = gateInTempFolder(t);
  const imported = old.directory.importManagerPin(hash);
  assert.deepEqual([imported?.name, imported?.role], ['Manager', 'manager']);
  assert.equal((await old.directory.checkPerson(imported!.id, '5820')).ok, true);
  assert.equal(old.directory.importManagerPin(hash), null);
  assert.equal(old.directory.active().length, 1);

  const { gate: staffedAlready } = gateInTempFolder(t);
  await staffedAlready.directory.add({ name: 'Casey', role: 'cashier', pin: '1470' });
  assert.equal(staffedAlready.directory.importManagerPin(hash), null);
  assert.equal(staffedAlready.directory.hasManager(), false);
});
