// Staff and rights on the audit trail, through the staff handlers and the gate as the till wires
// them: each change writes exactly one entry per area (a new role is "rights", a new name or PIN
// "staff"), with the manager who made it (and who approved it), before → after and never a PIN
// or its hash; a refused or failed change writes none, and an entry that cannot be written undoes
// its change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuditJournal, type AuditLog } from '../../../electron/services/audit/journal';
import { StaffDirectory } from '../../../electron/services/staff/directory';
import { staffHandlers } from '../../../electron/services/staff/handlers';
import { STAFF_MIGRATIONS, StaffStore } from '../../../electron/services/staff/store';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { DEFAULT_SCRYPT_PARAMS, hashPin } from '../../../electron/services/storage/manager-pin';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';
import { staffedGateInTempFolder, TEST_STAFF } from '../../support/staff';

const CHEAP = { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 };

/** Morgan serving (a manager), the staff handlers, and the entries written from here on. */
async function managerServing(t: { after: (fn: () => void) => void }) {
  const opened = await staffedGateInTempFolder(t);
  const { gate, db, clock, manager } = opened;
  const journal = new AuditJournal(db, clock);
  const mark = journal.entriesAfter(0, 100).at(-1)!.seq;
  const signedIn = await gate.signIn(manager.id, TEST_STAFF.manager.pin);
  assert.equal(signedIn.ok, true);
  const handlers = staffHandlers(gate, () => {});
  const written = () => journal.entriesAfter(mark, 100);
  return { ...opened, handlers, journal, written };
}

const MORGAN = (id: string) => ({ id, name: 'Morgan' });

/** Everything the audit table holds, as text: no PIN or hash may be in it. */
const tableText = (db: Db) => JSON.stringify(db.prepare('SELECT * FROM audit_log').all());

test('adding a person: one staff entry by the manager, name and role, the PIN only as "set"', async (t) => {
  const { handlers, written, manager, db } = await managerServing(t);
  const anna = await handlers['staff.add']({ name: 'Anna', role: 'cashier', pin: '1357' });
  const entries = written();
  assert.equal(entries.length, 1);
  assert.deepEqual(
    { ...entries[0], seq: 0, at: '' },
    {
      seq: 0,
      at: '',
      by: MORGAN(manager.id),
      approvedBy: null,
      area: 'staff',
      action: 'person-added',
      subject: 'Anna',
      before: null,
      after: { name: 'Anna', role: 'cashier', pin: 'set' },
    },
  );
  const stored = db.prepare('SELECT pin_hash FROM staff WHERE id = ?').get(anna.id) as { pin_hash: string };
  const { salt, hash } = JSON.parse(stored.pin_hash) as { salt: string; hash: string };
  const text = tableText(db);
  for (const secret of ['1357', salt, hash]) assert.ok(!text.includes(secret), 'no PIN or hash on the trail');
});

test('a new role is one rights entry: "Anna: cashier → supervisor"', async (t) => {
  const { handlers, written, manager, journal } = await managerServing(t);
  const anna = await handlers['staff.add']({ name: 'Anna', role: 'cashier', pin: '1357' });
  const mark = journal.entriesAfter(0, 100).at(-1)!.seq;
  await handlers['staff.update']({ staffId: anna.id, role: 'supervisor' });
  const entries = journal.entriesAfter(mark, 10);
  assert.equal(entries.length, 1);
  assert.deepEqual(
    [
      entries[0]!.by,
      entries[0]!.area,
      entries[0]!.action,
      entries[0]!.subject,
      entries[0]!.before,
      entries[0]!.after,
    ],
    [MORGAN(manager.id), 'rights', 'role-changed', 'Anna', { role: 'cashier' }, { role: 'supervisor' }],
  );
  assert.equal(written().length, 2);
});

test('a new PIN is one staff entry saying "changed"; neither PIN nor hash is written', async (t) => {
  const { handlers, journal, cashier, db } = await managerServing(t);
  const mark = journal.entriesAfter(0, 100).at(-1)!.seq;
  await handlers['staff.update']({ staffId: cashier.id, pin: '8642' });
  const entries = journal.entriesAfter(mark, 10);
  assert.deepEqual(
    entries.map((e) => [e.area, e.action, e.subject, e.before, e.after]),
    [['staff', 'person-changed', 'Casey', null, { pin: 'changed' }]],
  );
  const stored = JSON.parse(
    (db.prepare('SELECT pin_hash FROM staff WHERE id = ?').get(cashier.id) as { pin_hash: string }).pin_hash,
  ) as { salt: string; hash: string };
  const text = tableText(db);
  for (const secret of ['8642', stored.salt, stored.hash]) assert.ok(!text.includes(secret));
});

test('a new name and role at once: a rights entry and a staff entry, under the new name', async (t) => {
  const { handlers, journal, cashier } = await managerServing(t);
  const mark = journal.entriesAfter(0, 100).at(-1)!.seq;
  await handlers['staff.update']({ staffId: cashier.id, name: 'Casey B.', role: 'supervisor' });
  assert.deepEqual(
    journal.entriesAfter(mark, 10).map((e) => [e.area, e.subject, e.before, e.after]),
    [
      ['rights', 'Casey B.', { role: 'cashier' }, { role: 'supervisor' }],
      ['staff', 'Casey B.', { name: 'Casey' }, { name: 'Casey B.' }],
    ],
  );
});

test('saving a person unchanged writes nothing; removing one writes one entry with who they were', async (t) => {
  const { handlers, journal, cashier, manager } = await managerServing(t);
  const mark = journal.entriesAfter(0, 100).at(-1)!.seq;
  await handlers['staff.update']({ staffId: cashier.id, name: 'Casey', role: 'cashier' });
  assert.deepEqual(journal.entriesAfter(mark, 10), []);
  await handlers['staff.remove']({ staffId: cashier.id });
  assert.deepEqual(
    journal.entriesAfter(mark, 10).map((e) => [e.by, e.area, e.action, e.subject, e.before, e.after]),
    [[MORGAN(manager.id), 'staff', 'person-removed', 'Casey', { name: 'Casey', role: 'cashier' }, null]],
  );
});

test('refused and failed changes write nothing', async (t) => {
  const { handlers, written, gate, manager, cashier } = await managerServing(t);
  await refusalOf(
    Promise.resolve().then(() => handlers['staff.add']({ name: 'casey ', role: 'cashier', pin: '1357' })),
  );
  await refusalOf(
    Promise.resolve().then(() =>
      handlers['staff.add']({ name: 'Anna', role: 'cashier', pin: TEST_STAFF.cashier.pin }),
    ),
  );
  await refusalOf(
    Promise.resolve().then(() => handlers['staff.update']({ staffId: manager.id, role: 'cashier' })),
  );
  await refusalOf(Promise.resolve().then(() => handlers['staff.remove']({ staffId: manager.id })));
  await refusalOf(Promise.resolve().then(() => handlers['staff.update']({ staffId: 'nobody', name: 'X' })));
  // Casey serving may not change staff at all.
  assert.equal((await gate.signIn(cashier.id, TEST_STAFF.cashier.pin)).ok, true);
  await refusalOf(
    Promise.resolve().then(() => handlers['staff.add']({ name: 'Anna', role: 'cashier', pin: '1357' })),
  );
  assert.deepEqual(written(), []);
});

test('a manager approving for the cashier serving: the entry names both', async (t) => {
  const { handlers, gate, cashier, manager, written } = await managerServing(t);
  assert.equal((await gate.signIn(cashier.id, TEST_STAFF.cashier.pin)).ok, true);
  assert.equal((await gate.unlock(TEST_STAFF.manager.pin)).ok, true);
  await handlers['staff.add']({ name: 'Anna', role: 'cashier', pin: '1357' });
  const [entry] = written();
  assert.deepEqual([entry!.by, entry!.approvedBy], [{ id: cashier.id, name: 'Casey' }, MORGAN(manager.id)]);
});

test('the idle sign-out is a setting: its change is one entry, saving it unchanged none', async (t) => {
  const { handlers, written, manager } = await managerServing(t);
  await handlers['staff.setIdleSignOut']({ minutes: 5 });
  assert.deepEqual(written(), [], 'five minutes was the time already');
  await handlers['staff.setIdleSignOut']({ minutes: 10 });
  assert.deepEqual(
    written().map((e) => [e.by, e.area, e.action, e.before, e.after]),
    [
      [
        MORGAN(manager.id),
        'settings',
        'settings-changed',
        { idleSignOutMinutes: 5 },
        { idleSignOutMinutes: 10 },
      ],
    ],
  );
});

test('a manager changing their own PIN in Settings: one entry by them, "PIN changed"', async (t) => {
  const { gate, written, manager } = await managerServing(t);
  await gate.setPin('9753', TEST_STAFF.manager.pin);
  assert.deepEqual(
    written().map((e) => [e.by, e.area, e.subject, e.after]),
    [[MORGAN(manager.id), 'staff', 'Morgan', { pin: 'changed' }]],
  );
});

/** A directory on its own database, journaling through `audit` (the real trail unless told). */
function directoryWith(t: { after: (fn: () => void) => void }, wrap?: (journal: AuditJournal) => AuditLog) {
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(':memory:', STAFF_MIGRATIONS, clock);
  t.after(() => db.close());
  const journal = auditOn(db, clock);
  const directory = new StaffDirectory({
    store: new StaffStore(db, clock),
    clock,
    scryptParams: CHEAP,
    audit: wrap ? wrap(journal) : journal,
  });
  return { db, journal, directory, clock };
}

test('the first manager journals their own creation; a PIN from before staff existed is the till’s', async (t) => {
  const first = directoryWith(t);
  const morgan = await first.directory.addFirstManager('Morgan', TEST_STAFF.manager.pin);
  assert.deepEqual(
    first.journal.entriesAfter(0, 10).map((e) => [e.by, e.action, e.after]),
    [[MORGAN(morgan.id), 'person-added', { name: 'Morgan', role: 'manager', pin: 'set' }]],
  );
  const old = directoryWith(t);
  old.directory.importManagerPin(await hashPin('2468', CHEAP, new Date(old.clock.now())));
  assert.deepEqual(
    old.journal.entriesAfter(0, 10).map((e) => [e.by, e.area, e.action, e.subject]),
    [[null, 'staff', 'person-added', 'Manager']],
  );
  // Imported once: a second start writes nothing more.
  old.directory.importManagerPin(await hashPin('2468', CHEAP, new Date(old.clock.now())));
  assert.equal(old.journal.entriesAfter(0, 10).length, 1);
});

test('an entry that cannot be written undoes its change: no person without their entry', async (t) => {
  const { directory, db, journal } = directoryWith(t, (real) => ({
    record(entry) {
      real.record(entry);
      throw new Error('disk I/O error');
    },
  }));
  await assert.rejects(directory.add({ name: 'Anna', role: 'manager', pin: '1357' }), /disk I\/O error/);
  assert.deepEqual(db.prepare('SELECT * FROM staff').all(), []);
  assert.deepEqual(journal.entriesAfter(0, 10), []);
  await assert.rejects(directory.addFirstManager('Morgan', '2468'), /disk I\/O error/);
  assert.equal(directory.hasManager(), false);
  assert.throws(() => directory.setIdleSignOutMinutes(10), /disk I\/O error/);
  assert.equal(directory.store.idleSignOutMinutes(), 5);
});

test('updates and removals are undone too when their entry cannot be written', async (t) => {
  let failing = false;
  const { directory, journal } = directoryWith(t, (real) => ({
    record(entry) {
      real.record(entry);
      if (failing) throw new Error('disk I/O error');
    },
  }));
  const morgan = await directory.addFirstManager('Morgan', '2468');
  const anna = await directory.add({ name: 'Anna', role: 'cashier', pin: '1357' });
  failing = true;
  await assert.rejects(directory.update(anna.id, { role: 'supervisor', name: 'Anna B.' }), /disk I\/O error/);
  assert.throws(() => directory.remove(anna.id), /disk I\/O error/);
  assert.deepEqual(
    directory.active().map((p) => [p.name, p.role]),
    [
      [morgan.name, 'manager'],
      ['Anna', 'cashier'],
    ],
  );
  assert.equal(journal.entriesAfter(0, 10).length, 2);
});
