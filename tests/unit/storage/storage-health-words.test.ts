// The exact words staff see for each storage state and each failed save, which system error codes
// count as which problem (and which do not count at all), and when the till's state changes and
// tells its listeners.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StorageStatus } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { classifyStorageError, StorageHealth } from '../../../electron/services/storage/storage-health';

const fsError = (code: string) => Object.assign(new Error(`${code}: raw system words`), { code });

/** The top bar's words for each state. */
const STATE_WORDS = {
  ok: 'Saving normally',
  full: 'The till cannot save: this computer’s disk is full. Free some space, then carry on. Card payments already running are kept until then.',
  read_only:
    'The till cannot save: its data folder cannot be written to. Ask whoever looks after this computer. Card payments already running are kept until then.',
  damaged:
    'The till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
};

/** What a cashier is told when what they asked for could not be saved. */
const NOT_SAVED = {
  full: 'That could not be saved: this computer’s disk is full. Free some space (or ask whoever looks after this computer), then try again.',
  read_only:
    'That could not be saved: the till is not allowed to write to its data folder. Ask whoever looks after this computer, then try again.',
  damaged:
    'That could not be saved: the till’s sales records are damaged. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
};

const NO_NEW_SALE_FULL =
  'A new sale cannot start: this computer’s disk is full, so the sale could not be saved. Free some space (or ask whoever looks after this computer), then try again.';
const NO_NEW_SALE_READ_ONLY =
  'A new sale cannot start: the till is not allowed to save to its data folder. Ask whoever looks after this computer, then try again.';

/** Every code the till knows, and the problem it means. */
const CODES: [code: string, problem: 'full' | 'read_only' | 'damaged'][] = [
  ['SQLITE_FULL', 'full'],
  ['ENOSPC', 'full'],
  ['EDQUOT', 'full'],
  // SQLite reports some out-of-space writes as I/O errors.
  ['SQLITE_IOERR', 'full'],
  ['SQLITE_IOERR_FSYNC', 'full'],
  ['EIO', 'full'],
  ['SQLITE_READONLY', 'read_only'],
  ['SQLITE_READONLY_DBMOVED', 'read_only'],
  ['EROFS', 'read_only'],
  ['EACCES', 'read_only'],
  ['EPERM', 'read_only'],
  ['SQLITE_CORRUPT', 'damaged'],
  ['SQLITE_CORRUPT_VTAB', 'damaged'],
  ['SQLITE_NOTADB', 'damaged'],
];

test('each system error code is sorted into its problem, bare and wrapped in a cause', () => {
  for (const [code, problem] of CODES) {
    assert.equal(classifyStorageError(fsError(code)), problem, code);
    const wrapped = new TillError('storage', 'This could not be saved', { cause: fsError(code) });
    assert.equal(classifyStorageError(wrapped), problem, `${code} as a cause`);
  }
});

test('what is not a storage failure stays unsorted', () => {
  for (const code of [
    'SQLITE_CONSTRAINT_UNIQUE',
    'SQLITE_BUSY',
    // Only a prefix counts: a code merely ending like a storage one is something else.
    'X_SQLITE_CORRUPT_',
    'ENOENT',
    '',
  ]) {
    assert.equal(classifyStorageError(fsError(code)), null, code);
  }
  assert.equal(classifyStorageError(new Error('no code')), null);
  assert.equal(classifyStorageError(null), null);
  assert.equal(classifyStorageError('ENOSPC'), null, 'words alone are no error code');
  // Only error objects are read: a function that happens to carry a code is not a failed write.
  assert.equal(classifyStorageError(Object.assign(() => {}, { code: 'ENOSPC' })), null);
});

test('the cause chain is read five errors deep, no further', () => {
  const wrap = (depth: number): unknown => {
    let e: unknown = fsError('ENOSPC');
    for (let i = 0; i < depth; i++) e = new Error(`wrapper ${i}`, { cause: e });
    return e;
  };
  assert.equal(classifyStorageError(wrap(4)), 'full', 'the fifth error in the chain is read');
  assert.equal(classifyStorageError(wrap(5)), null, 'the sixth is not');
});

test('a fresh till says it is saving normally; each problem has its own top-bar words', () => {
  assert.deepEqual(new StorageHealth().status(), { state: 'ok', detail: STATE_WORDS.ok });
  for (const [code, problem] of [
    ['ENOSPC', 'full'],
    ['EACCES', 'read_only'],
    ['SQLITE_NOTADB', 'damaged'],
  ] as const) {
    const health = new StorageHealth();
    assert.equal(health.reportFailure(fsError(code)), problem);
    assert.deepEqual(health.status(), { state: problem, detail: STATE_WORDS[problem] }, code);
    assert.equal(health.ok, false);
  }
});

test('a failed save is worded for staff by its problem, keeping the system error as its cause', () => {
  // The database's codes and the unmistakable disk ones, each with the exact words.
  for (const [code, problem] of [
    ['SQLITE_FULL', 'full'],
    ['ENOSPC', 'full'],
    ['EDQUOT', 'full'],
    ['EIO', 'full'],
    ['SQLITE_READONLY', 'read_only'],
    ['EROFS', 'read_only'],
    ['SQLITE_CORRUPT', 'damaged'],
  ] as const) {
    const health = new StorageHealth();
    const cause = fsError(code);
    const words = health.wordFailure(cause);
    assert.ok(words instanceof TillError, code);
    assert.equal(words.code, 'storage');
    assert.equal(words.message, NOT_SAVED[problem], code);
    assert.equal(words.cause, cause, `${code}: the system words stay in the cause, for the log`);
    assert.equal(health.status().state, problem);
  }
});

test('wording leaves alone what is no failed save of the data folder', () => {
  const health = new StorageHealth();
  assert.equal(health.wordFailure(null), null);
  assert.equal(health.wordFailure(undefined), null);
  assert.equal(health.wordFailure(fsError('EPERM')), null, 'a device refusing is not the data folder');
  assert.equal(health.wordFailure(fsError('SQLITE_BUSY')), null);
  assert.deepEqual(health.status(), { state: 'ok', detail: STATE_WORDS.ok });
});

test('a read-only till is back to ok after a write goes through, or once its probe writes again', () => {
  const health = new StorageHealth();
  health.reportFailure(fsError('EROFS'));
  health.reportSuccess();
  assert.deepEqual(health.status(), { state: 'ok', detail: STATE_WORDS.ok });

  let writable = false;
  const probed = new StorageHealth({
    probe: () => {
      if (!writable) throw fsError('EROFS');
    },
  });
  probed.reportFailure(fsError('SQLITE_READONLY'));
  assert.throws(
    () => probed.assertNewSaleAllowed(),
    (e: unknown) => e instanceof TillError && e.message === NO_NEW_SALE_READ_ONLY,
  );
  writable = true;
  probed.assertNewSaleAllowed();
  assert.equal(probed.status().state, 'ok');
});

test('without a probe a full till stays full until a write elsewhere succeeds', () => {
  const health = new StorageHealth();
  health.reportFailure(fsError('SQLITE_FULL'));
  assert.throws(
    () => health.assertNewSaleAllowed(),
    (e: unknown) => e instanceof TillError && e.code === 'storage' && e.message === NO_NEW_SALE_FULL,
  );
  assert.equal(health.status().state, 'full');
  health.reportSuccess();
  health.assertNewSaleAllowed();
});

test('a probe failing differently changes the state: a full disk remounted read-only says so', () => {
  const health = new StorageHealth({
    probe: () => {
      throw fsError('EROFS');
    },
  });
  health.reportFailure(fsError('ENOSPC'));
  assert.throws(
    () => health.assertNewSaleAllowed(),
    (e: unknown) => e instanceof TillError && e.message === NO_NEW_SALE_READ_ONLY,
  );
  assert.deepEqual(health.status(), { state: 'read_only', detail: STATE_WORDS.read_only });
});

test('a till that is saving normally starts a sale without asking its probe', () => {
  // The probe would fail, but nothing has failed yet: the till is not turned away on a guess.
  const health = new StorageHealth({
    probe: () => {
      throw fsError('ENOSPC');
    },
  });
  health.assertNewSaleAllowed();
  assert.deepEqual(health.status(), { state: 'ok', detail: STATE_WORDS.ok });
});

test('on a damaged till, a sale that failed on a full disk is refused for the full disk', () => {
  const health = new StorageHealth();
  health.reportDamaged('Sale S000004 is missing from this till’s records.');
  const refusal = health.refuseNewSale(fsError('SQLITE_FULL'));
  assert.ok(refusal instanceof TillError);
  assert.equal(refusal.message, NO_NEW_SALE_FULL);
  assert.equal(health.status().state, 'damaged', 'the damage is still what the top bar says');
});

test('listeners hear each change once, and a new damage detail replaces the old one', () => {
  const health = new StorageHealth();
  const heard: StorageStatus[] = [];
  const stop = health.onChange((status) => heard.push(status));
  health.reportFailure(fsError('ENOSPC'));
  health.reportFailure(fsError('SQLITE_FULL')); // the same state again: no news
  health.reportSuccess();
  health.reportDamaged();
  health.reportDamaged(); // the same words again: no news
  health.reportDamaged('Sale S000004 is missing from this till’s records.');
  health.reportFailure(fsError('EROFS')); // damage is not hidden by a later problem
  stop();
  health.reportDamaged('Sale S000005 is missing from this till’s records.');
  assert.deepEqual(heard, [
    { state: 'full', detail: STATE_WORDS.full },
    { state: 'ok', detail: STATE_WORDS.ok },
    { state: 'damaged', detail: STATE_WORDS.damaged },
    { state: 'damaged', detail: 'Sale S000004 is missing from this till’s records.' },
  ]);
  assert.deepEqual(health.status(), {
    state: 'damaged',
    detail: 'Sale S000005 is missing from this till’s records.',
  });
});
