// The till's one record of whether it can save: which errors are which problem, the words staff
// see for each, and when a new sale may start again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { classifyStorageError, StorageHealth } from '../../../electron/services/storage/storage-health';

const fsError = (code: string) => Object.assign(new Error(`${code}: raw system words`), { code });

test('errors are sorted into full, read-only and damaged, also when wrapped', () => {
  assert.equal(classifyStorageError(fsError('SQLITE_FULL')), 'full');
  assert.equal(classifyStorageError(fsError('SQLITE_IOERR_WRITE')), 'full');
  assert.equal(classifyStorageError(fsError('SQLITE_READONLY_DBMOVED')), 'read_only');
  assert.equal(classifyStorageError(fsError('EROFS')), 'read_only');
  assert.equal(classifyStorageError(fsError('SQLITE_CORRUPT')), 'damaged');
  const wrapped = new TillError('storage', 'This could not be saved', { cause: fsError('ENOSPC') });
  assert.equal(classifyStorageError(wrapped), 'full');
  assert.equal(classifyStorageError(new Error('no code')), null);
  assert.equal(classifyStorageError(fsError('SQLITE_CONSTRAINT_UNIQUE')), null);
});

test('a failed write is worded for staff: what happened and what to do, never the system words', () => {
  const health = new StorageHealth();
  const words = health.wordFailure(fsError('SQLITE_FULL'));
  assert.ok(words instanceof TillError && words.code === 'storage');
  assert.match(words.message, /disk is full\. Free some space/);
  assert.doesNotMatch(words.message, /SQLITE|raw system words/);
  assert.equal(health.status().state, 'full');
  assert.equal(health.wordFailure(new Error('a bug')), null, 'a bug is not a storage problem');
  assert.equal(
    health.wordFailure(fsError('EACCES')),
    null,
    'a printer device refusing is not the data folder',
  );
});

test('while full, a new sale waits for the probe to prove there is room again', () => {
  let room = false;
  const health = new StorageHealth({
    probe: () => {
      if (!room) throw fsError('ENOSPC');
    },
  });
  health.reportFailure(fsError('SQLITE_FULL'));
  assert.throws(
    () => health.assertNewSaleAllowed(),
    (e: unknown) => e instanceof TillError && /A new sale cannot start: .*disk is full/.test(e.message),
  );
  room = true;
  health.assertNewSaleAllowed();
  assert.equal(health.status().state, 'ok');
});

test('damage found at start stays: a later write or full disk does not hide it', () => {
  const health = new StorageHealth({ probe: () => {} });
  health.reportDamaged('Sale S000004 is missing from this till’s records.');
  health.reportFailure(fsError('SQLITE_FULL'));
  health.reportSuccess();
  assert.equal(health.status().state, 'damaged');
  assert.throws(() => health.assertNewSaleAllowed(), /A new sale cannot start\. Sale S000004 is missing/);
});

test('a sale whose opening failed on the disk is refused in words; any other failure is left to the caller', () => {
  const health = new StorageHealth();
  assert.equal(health.refuseNewSale(new Error('a bug')), null);
  assert.equal(health.ok, true, 'a bug does not make the till stop saving');
  const cause = fsError('SQLITE_READONLY');
  const refusal = health.refuseNewSale(cause);
  assert.ok(refusal instanceof TillError && refusal.code === 'storage');
  assert.match(
    refusal.message,
    /^A new sale cannot start: the till is not allowed to save to its data folder\./,
  );
  assert.equal(refusal.cause, cause, 'the system words stay in the cause, for the log');
  assert.equal(health.ok, false);
  assert.equal(health.status().state, 'read_only');
});
