// The backup folder: the names backups get there, which files are ours, the check a folder must
// pass before a manager may choose it, and keeping only the newest good backups.
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { BackupWordKey } from '../../../shared/backup-words';

const PREFIX = 'paydesk-backup-';
/** A finished backup: `paydesk-backup-20261123-090000Z.sqlite` (UTC), `-2` if that second is taken. */
const FINAL = /^paydesk-backup-\d{8}-\d{6}Z(?:-\d+)?\.sqlite$/;
/** A backup being written: hidden, and never with a final name until it is proven good. */
const PARTIAL = /^\.paydesk-backup-.*\.partial$/;
const PROBE = '.paydesk-backup-probe';

export function isBackupFileName(name: string): boolean {
  return FINAL.test(name);
}

/** A free final name for a backup taken at `now`. */
export function backupFileName(now: number, taken: (name: string) => boolean): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  for (let n = 1; ; n++) {
    const name = `${PREFIX}${stamp}Z${n === 1 ? '' : `-${n}`}.sqlite`;
    if (!taken(name)) return name;
  }
}

export function partialName(finalName: string): string {
  return `.${finalName}.partial`;
}

/** The finished backups in the folder, newest first (their names sort by time). */
export function listBackupNames(folder: string): string[] {
  return readdirSync(folder)
    .filter(isBackupFileName)
    .sort((a, b) => compareNames(b, a));
}

function compareNames(a: string, b: string): number {
  const key = (name: string) => {
    const [, stamp = '', n = '1'] = /^paydesk-backup-(\d{8}-\d{6})Z(?:-(\d+))?/.exec(name) ?? [];
    return `${stamp}-${n.padStart(4, '0')}`;
  };
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

/**
 * Keeps the newest `keep` backups and removes the older ones, and any half-written file an
 * interrupted run left behind. Called only after a new backup was proven good; never removes
 * `keepAlways` (that one). Returns the names removed.
 */
export function pruneBackups(folder: string, keep: number, keepAlways: string): string[] {
  const removed: string[] = [];
  const names = listBackupNames(folder);
  for (const name of names.slice(Math.max(1, keep))) {
    if (name === keepAlways) continue;
    unlinkSync(join(folder, name));
    removed.push(name);
  }
  for (const name of readdirSync(folder).filter((n) => PARTIAL.test(n))) {
    unlinkSync(join(folder, name));
    removed.push(name);
  }
  return removed;
}

/** Writes a file's bytes to disk before it is renamed into place. */
export function syncFile(file: string): void {
  const descriptor = openSync(file, 'r+');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Writes the folder's entry to disk (a rename or removal survives a power cut). */
export function syncFolder(folder: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(folder, 'r');
    fsyncSync(descriptor);
  } catch {
    // Some file systems (Windows, some network shares) cannot open or sync a folder.
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/**
 * Why `folder` cannot take backups, or null when it can: it must be typed whole, exist, be a
 * folder, take a small file, and not be the till's own data folder.
 */
export function folderProblem(folder: string, dataDir: string): BackupWordKey | null {
  if (!isAbsolute(folder)) return 'folderNotAbsolute';
  if (!existsSync(folder)) return 'folderNotFound';
  if (!statSync(folder).isDirectory()) return 'folderNotAFolder';
  try {
    if (realpathSync(folder) === realpathSync(dataDir)) return 'folderIsDataFolder';
  } catch {
    // The data folder always exists while the till runs; nothing to compare otherwise.
  }
  const probe = join(folder, PROBE);
  try {
    const descriptor = openSync(probe, 'w', 0o600);
    try {
      writeSync(descriptor, 'paydesk');
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    unlinkSync(probe);
  } catch {
    return 'folderRefusesWrites';
  }
  return null;
}
