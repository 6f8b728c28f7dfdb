// Writing one backup, so that a failure anywhere leaves the earlier backups as they were:
// SQLite's online backup into a hidden temporary name in the target folder, the manifest added,
// the copy checked (read-only, integrity_check, row counts), synced, and only then renamed to its
// final name. A partly written file never has a final name; nothing older is touched here.
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupWordKey } from '../../../shared/backup-words';
import { findDamage, type Db } from '../storage/database';
import { DATA_FILE_MODE } from '../storage/data-dir';
import { classifyStorageError } from '../storage/storage-health';
import {
  checkBackupFile,
  tableCounts,
  writeManifest,
  BACKUP_FORMAT,
  type BackupManifest,
} from './backup-file';
import { backupFileName, partialName, syncFile, syncFolder } from './folder';

/** Pages (4 KiB) copied per step: the event loop runs between steps, so the counter keeps selling. */
export const PAGES_PER_STEP = 2_000;

export interface WriteBackupInput {
  db: Db;
  folder: string;
  now: number;
  tillVersion: string;
  migrations: string[];
  settings: Record<string, unknown>;
  /** Read before the copy starts: a number handed out during the copy is in the copy or above it. */
  marks: BackupManifest['marks'];
  /** The highest sale number in a database (the sales area's own reading). */
  highestSaleNumber: (db: Db) => number;
  pagesPerStep?: number;
  /** Called after each copied step (tests make sales, fill or remove the folder here). */
  afterStep?: () => void;
}

export interface WrittenBackup {
  fileName: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A backup that was not made, with the words' key and what the system said (for the log). */
export class BackupFailure extends Error {
  override readonly name = 'BackupFailure';
  constructor(
    readonly reason: BackupWordKey,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
}

/** What a failed write means for the folder, in the words' keys (the till's own disk rules). */
export function failureReason(error: unknown, folderStillThere: boolean): BackupWordKey {
  if (error instanceof BackupFailure) return error.reason;
  if (!folderStillThere) return 'folderMissing';
  const problem = classifyStorageError(error);
  if (problem === 'full') return 'folderFull';
  if (problem === 'read_only') return 'folderNotWritable';
  return 'failed';
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone, or the folder went with it.
  }
}

export async function writeBackup(input: WriteBackupInput): Promise<WrittenBackup> {
  const damage = findDamage(input.db);
  if (damage.length > 0)
    throw new BackupFailure('sourceDamaged', `quick_check: ${damage.slice(0, 3).join('; ')}`);
  if (!existsSync(input.folder) || !statSync(input.folder).isDirectory())
    throw new BackupFailure('folderMissing', 'the backup folder does not exist');

  const fileName = backupFileName(input.now, (name) => existsSync(join(input.folder, name)));
  const temporary = join(input.folder, partialName(fileName));
  const final = join(input.folder, fileName);
  try {
    // Backups hold the shop's sales and staff PIN hashes: only the till's user may read them.
    closeSync(openSync(temporary, 'w', DATA_FILE_MODE));
    const pages = input.pagesPerStep ?? PAGES_PER_STEP;
    await input.db.backup(temporary, {
      progress: () => {
        input.afterStep?.();
        return pages;
      },
    });
    const manifest = addManifest(temporary, input);
    const check = checkBackupFile(temporary, { full: true });
    if (!check.ok) throw new BackupFailure('checkFailed', `${check.problem}: ${check.detail}`);
    syncFile(temporary);
    renameSync(temporary, final);
    syncFolder(input.folder);
    return { fileName, bytes: statSync(final).size, manifest };
  } catch (error) {
    removeQuietly(temporary);
    const folderThere = existsSync(input.folder);
    const reason = failureReason(error, folderThere);
    throw error instanceof BackupFailure
      ? error
      : new BackupFailure(reason, error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Makes the copy one self-contained file (no WAL) and writes its manifest, counted from the copy. */
function addManifest(file: string, input: WriteBackupInput): BackupManifest {
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
    copy.pragma('synchronous = FULL');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date(input.now).toISOString(),
      tillVersion: input.tillVersion,
      migrations: input.migrations,
      settings: input.settings,
      marks: input.marks,
      lastSaleNumber: input.highestSaleNumber(copy),
      counts: tableCounts(copy),
    };
    writeManifest(copy, manifest);
    return manifest;
  } finally {
    copy.close();
  }
}
