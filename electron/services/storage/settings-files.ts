import * as nodeFs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';

/**
 * The few synchronous file calls the settings and secret-metadata files need. Passed in so
 * tests can make a disk "fill up" (ENOSPC) at a chosen call without needing a full disk.
 */
export type SettingsFs = Pick<
  typeof nodeFs,
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'renameSync'
  | 'unlinkSync'
  | 'readFileSync'
  | 'mkdirSync'
>;

export const realFs: SettingsFs = nodeFs;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

// Staff see these words; the file name and the system's error code stay in the cause, for the log.
function plainWriteFailure(error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return 'This could not be saved: the disk is full. Free some space, then try again.';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'This could not be saved: Paydesk does not have permission to write to its data folder. Ask whoever looks after this computer.';
  return 'This could not be saved: the disk did not take it. Try again; if it keeps happening, ask whoever looks after this computer.';
}

/**
 * Replaces `file` so that a reader sees either the old or the new content, never a torn mix:
 * write a temporary sibling, fsync it, rename it over the target, then fsync the folder so the
 * rename itself survives a power cut. On any failure the temporary file is removed, the old
 * file is left as it was, and a TillError('storage') with a plain message is thrown.
 */
export function writeFileAtomic(file: string, content: string, fs: SettingsFs = realFs): void {
  const folder = dirname(file);
  const temporary = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let descriptor: number | undefined;
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    descriptor = fs.openSync(temporary, 'w', 0o600);
    const bytes = Buffer.from(content, 'utf8');
    let written = 0;
    while (written < bytes.length)
      written += fs.writeSync(descriptor, bytes, written, bytes.length - written);
    fs.fsyncSync(descriptor);
    fs.closeSync(descriptor);
    descriptor = undefined;
    fs.renameSync(temporary, file);
  } catch (error) {
    if (descriptor !== undefined) {
      try {
        fs.closeSync(descriptor);
      } catch {
        // Already failing; the original error is the one worth reporting.
      }
    }
    try {
      fs.unlinkSync(temporary);
    } catch {
      // The temporary file may never have been created.
    }
    throw new TillError('storage', plainWriteFailure(error), { cause: error });
  }
  syncFolder(folder, fs);
}

/** Best effort: Windows cannot open a folder for fsync, and the rename has already happened. */
function syncFolder(folder: string, fs: SettingsFs): void {
  let descriptor: number | undefined;
  try {
    descriptor = fs.openSync(folder, 'r');
    fs.fsyncSync(descriptor);
  } catch {
    // Not supported on this platform or file system.
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor);
  }
}

/** The file's text, or null when it does not exist. Other read errors are thrown as TillError('storage'). */
export function readTextIfExists(file: string, fs: SettingsFs = realFs): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw new TillError(
      'storage',
      'A file the till needs could not be read. Ask whoever looks after this computer.',
      { cause: error },
    );
  }
}

/** A file-name-safe timestamp, e.g. 2026-11-22T01-55-28-123Z. */
export function fileStamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/[:.]/g, '-');
}
