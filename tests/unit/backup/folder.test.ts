// The backup folder: final names sort by time, pruning keeps the newest N (never the new one)
// and tidies half-written files, and a folder is checked before a manager may choose it.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  backupFileName,
  folderProblem,
  isBackupFileName,
  listBackupNames,
  partialName,
  pruneBackups,
} from '../../../electron/services/backup/folder';
import { BackupFailure, failureReason } from '../../../electron/services/backup/writer';

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-backup-folder-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a backup’s name is its UTC time; a taken second gets -2, -3', () => {
  const now = Date.UTC(2026, 10, 23, 9, 5, 7);
  assert.equal(
    backupFileName(now, () => false),
    'paydesk-backup-20261123-090507Z.sqlite',
  );
  const taken = new Set([
    'paydesk-backup-20261123-090507Z.sqlite',
    'paydesk-backup-20261123-090507Z-2.sqlite',
  ]);
  assert.equal(
    backupFileName(now, (n) => taken.has(n)),
    'paydesk-backup-20261123-090507Z-3.sqlite',
  );
  assert.equal(isBackupFileName(partialName('paydesk-backup-20261123-090507Z.sqlite')), false);
  assert.equal(isBackupFileName('paydesk-backup-20261123-090507Z.sqlite'), true);
  assert.equal(isBackupFileName('paydesk.sqlite'), false);
});

test('pruning keeps the newest N, never the one just written, and removes half-written files', (t) => {
  const dir = folder(t);
  const names = [1, 2, 3, 4, 5].map((d) => backupFileName(Date.UTC(2026, 10, d, 3), () => false));
  for (const name of names) writeFileSync(join(dir, name), 'x');
  writeFileSync(join(dir, '.paydesk-backup-20261101-030000Z.sqlite.partial'), 'half');
  writeFileSync(join(dir, 'holiday-photos.jpg'), 'not ours');
  assert.deepEqual(listBackupNames(dir), [...names].reverse());

  const removed = pruneBackups(dir, 3, names[4]!);
  assert.deepEqual(
    removed.sort(),
    [names[0], names[1], '.paydesk-backup-20261101-030000Z.sqlite.partial'].sort(),
  );
  assert.deepEqual(readdirSync(dir).sort(), [names[2], names[3], names[4], 'holiday-photos.jpg'].sort());

  // keep = 1 removes all but the newest; the one just written survives even when it is not the newest.
  const older = names[2]!;
  assert.deepEqual(pruneBackups(dir, 1, older).sort(), [names[3]].sort());
  assert.ok(existsSync(join(dir, older)) && existsSync(join(dir, names[4]!)));
});

test('a folder must be typed whole, exist, be a folder, take a file and not be the data folder', (t) => {
  const dir = folder(t);
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  assert.equal(folderProblem('backups', dataDir), 'folderNotAbsolute');
  assert.equal(folderProblem(join(dir, 'nowhere'), dataDir), 'folderNotFound');
  writeFileSync(join(dir, 'file'), 'x');
  assert.equal(folderProblem(join(dir, 'file'), dataDir), 'folderNotAFolder');
  assert.equal(folderProblem(dataDir, dataDir), 'folderIsDataFolder');
  const stick = join(dir, 'stick');
  mkdirSync(stick);
  assert.equal(folderProblem(stick, dataDir), null);
  assert.deepEqual(readdirSync(stick), [], 'the probe file is removed');
  if (process.getuid?.() !== 0) {
    chmodSync(stick, 0o500);
    assert.equal(folderProblem(stick, dataDir), 'folderRefusesWrites');
  }
});

test('a failed write is worded for the folder: gone, full, not writable, or failed', () => {
  const coded = (code: string) => Object.assign(new Error(`write failed: ${code}`), { code });
  assert.equal(failureReason(coded('ENOSPC'), true), 'folderFull');
  assert.equal(failureReason(coded('SQLITE_FULL'), true), 'folderFull');
  // SQLite reports some out-of-space writes as I/O errors; a network share says EIO.
  assert.equal(failureReason(coded('SQLITE_IOERR_WRITE'), true), 'folderFull');
  assert.equal(failureReason(coded('EACCES'), true), 'folderNotWritable');
  assert.equal(failureReason(coded('SQLITE_READONLY'), true), 'folderNotWritable');
  assert.equal(
    failureReason(new Error('copy failed', { cause: coded('EROFS') }), true),
    'folderNotWritable',
    'the cause is read too',
  );
  assert.equal(failureReason(coded('ENOSPC'), false), 'folderMissing', 'a folder that went is said first');
  assert.equal(failureReason(new Error('something else'), true), 'failed');
  assert.equal(failureReason(new BackupFailure('checkFailed', 'counts differ'), true), 'checkFailed');
});
