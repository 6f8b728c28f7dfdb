// The directory's refusals carry the words the screens show (catalogue key and the values that
// fill it) besides the English; names are kept trimmed; the first manager is one even when two
// directories on the same database add one at once; and a PIN hash weaker than today's cost is
// rehashed at today's cost on the next right PIN, by sign-in or by approval.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { StaffDirectory } from '../../../electron/services/staff/directory';
import { STAFF_MIGRATIONS, StaffStore } from '../../../electron/services/staff/store';
import { openDatabase } from '../../../electron/services/storage/database';
import { hashPin, type ScryptParams } from '../../../electron/services/storage/manager-pin';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { TEST_STAFF } from '../../support/staff';

// Cheap costs keep these quick: an old till's hash and today's stronger one.
const OLD: ScryptParams = { cost: 2 ** 10, blockSize: 8, parallelization: 1, keyLength: 32 };
const TODAY: ScryptParams = { cost: 2 ** 11, blockSize: 8, parallelization: 1, keyLength: 32 };

/** A directory on an in-memory database (nothing written to disk), closed after the test. */
function directoryFor(t: { after: (fn: () => void) => void }) {
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(':memory:', STAFF_MIGRATIONS, clock);
  t.after(() => db.close());
  const audit = auditOn(db, clock);
  const open = () =>
    new StaffDirectory({ store: new StaffStore(db, clock), clock, scryptParams: TODAY, audit });
  return { clock, directory: open(), open };
}

const hasManager = new TillError('conflict', 'This till already has a manager.', {
  words: { key: 'people.hasManager' },
});

test('every refusal of a change to the staff is worded for the screens', async (t) => {
  const { directory } = directoryFor(t);
  const morgan = await directory.addFirstManager(TEST_STAFF.manager.name, TEST_STAFF.manager.pin);
  await assert.rejects(directory.addFirstManager('Robin', '5820'), {
    code: 'conflict',
    message: 'This till already has a manager.',
    words: { key: 'people.hasManager' },
  });
  await assert.rejects(directory.add({ name: '  morgan ', role: 'cashier', pin: '5820' }), {
    code: 'conflict',
    message:
      'Someone called morgan is already on the staff: add a surname or initial so people can tell them apart.',
    words: { key: 'people.sameName', params: { name: 'morgan' } },
  });
  await assert.rejects(directory.add({ name: 'Robin', role: 'cashier', pin: TEST_STAFF.manager.pin }), {
    code: 'conflict',
    message: 'Someone else on this till already uses that PIN: choose another.',
    words: { key: 'people.pinTaken' },
  });
  assert.throws(() => directory.remove(morgan.id), {
    code: 'conflict',
    message: 'Morgan is the only manager, so cannot be removed: add another manager first.',
    words: { key: 'people.onlyManager.remove', params: { name: 'Morgan' } },
  });
  await assert.rejects(directory.update(morgan.id, { role: 'cashier' }), {
    code: 'conflict',
    words: { key: 'people.onlyManager.role', params: { name: 'Morgan' } },
  });
  assert.throws(() => directory.remove('no-such-person'), {
    code: 'not_found',
    message: 'That person is not on this till’s staff.',
    words: { key: 'people.notOnStaff' },
  });
});

test('names are kept without the spaces around them, the first manager’s too', async (t) => {
  const { directory } = directoryFor(t);
  assert.equal((await directory.addFirstManager('  Morgan ', TEST_STAFF.manager.pin)).name, 'Morgan');
  assert.equal((await directory.add({ name: ' Casey  ', role: 'cashier', pin: '1470' })).name, 'Casey');
  assert.deepEqual(
    directory.active().map((p) => p.name),
    ['Morgan', 'Casey'],
  );
});

test('the first manager may not take the name of someone already on the staff', async (t) => {
  const { directory } = directoryFor(t);
  await directory.add({ ...TEST_STAFF.cashier, role: 'cashier' });
  await assert.rejects(directory.addFirstManager(' casey', TEST_STAFF.manager.pin), {
    code: 'conflict',
    words: { key: 'people.sameName', params: { name: 'casey' } },
  });
  // With a manager already there, that is the refusal, whatever the name.
  await directory.addFirstManager(TEST_STAFF.manager.name, TEST_STAFF.manager.pin);
  await assert.rejects(directory.addFirstManager(TEST_STAFF.manager.name, '5820'), {
    words: { key: 'people.hasManager' },
  });
});

test('two directories on one database adding the first manager at once make one manager', async (t) => {
  const { directory, open } = directoryFor(t);
  const results = await Promise.allSettled([
    directory.addFirstManager('Morgan', TEST_STAFF.manager.pin),
    open().addFirstManager('Robin', '5820'),
  ]);
  // Which one is first depends on whose hashing ends first; either way the other is refused.
  const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.name] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  assert.equal(made.length, 1);
  assert.deepEqual(refused, [hasManager]);
  assert.deepEqual(
    directory.active().map((p) => [p.name, p.role]),
    [[made[0], 'manager']],
  );
});

test('a PIN hashed at an older, cheaper cost is rehashed at today’s on the next right PIN', async (t) => {
  const { directory, clock } = directoryFor(t);
  const store = directory.store;
  const old = (name: string, pin: string) =>
    hashPin(pin, OLD, new Date(clock.now())).then((pinHash) =>
      store.insert({ name, role: 'manager', pinHash }),
    );
  const morgan = await old('Morgan', TEST_STAFF.manager.pin);
  const sasha = await old('Sasha', TEST_STAFF.supervisor.pin);
  await clock.advance(60_000);

  assert.equal((await directory.checkPerson(morgan.id, '9999')).ok, false);
  assert.equal(store.get(morgan.id)!.pinHash.cost, OLD.cost, 'a wrong PIN changes nothing');
  assert.equal((await directory.checkPerson(morgan.id, TEST_STAFF.manager.pin)).ok, true);
  assert.equal((await directory.findByPin(TEST_STAFF.supervisor.pin, ['manager'])).ok, true);
  for (const person of [morgan, sasha]) {
    const { pinHash } = store.get(person.id)!;
    assert.deepEqual([pinHash.cost, pinHash.setAt], [TODAY.cost, '2026-11-22T09:01:00.000Z'], person.name);
  }
  assert.equal(
    (await directory.checkPerson(morgan.id, TEST_STAFF.manager.pin)).ok,
    true,
    'the new hash works',
  );
});
