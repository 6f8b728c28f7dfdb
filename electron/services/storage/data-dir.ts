// The till's data folder: only the till's own user may read it (sales, card records, the PIN
// hash, logs), and a small probe that proves it takes writes again after a full disk.
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** Room the till wants before it says it can save again: a sale and its card payment need far less. */
export const PROBE_BYTES = 1024 * 1024;
const PROBE_FILE = '.space-probe';

/**
 * Creates the folder 0700 and tightens what an older version left readable: the folder to 0700,
 * every file directly in it to 0600 (database, WAL/SHM, settings and their backups, marks,
 * secret dates, logs). On Windows chmod only touches the read-only bit; the folder's ACL applies.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dir, DATA_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(join(dir, entry.name), DATA_FILE_MODE);
  }
}

/** Creates `file` empty with mode 0600 if it does not exist, and sets 0600 if it does. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', DATA_FILE_MODE));
  chmodSync(file, DATA_FILE_MODE);
}

/**
 * Writes, syncs and removes PROBE_BYTES in `dir`; throws the file system's error (ENOSPC, EROFS,
 * EACCES) when the folder cannot take them.
 */
export function probeDataDir(dir: string): void {
  const file = join(dir, PROBE_FILE);
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'w', DATA_FILE_MODE);
    const block = Buffer.alloc(64 * 1024, 0x2e);
    for (let written = 0; written < PROBE_BYTES;) written += writeSync(descriptor, block);
    fsyncSync(descriptor);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
    try {
      unlinkSync(file);
    } catch {
      // Never created (read-only folder): nothing to remove.
    }
  }
}
