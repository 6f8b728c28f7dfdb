// Whether the till can save, as one state every area reads and reports into. A failed write is a
// state of the till (the top bar says so, new sales are refused), never a swallowed error.
import { Emitter } from '../../../shared/emitter';
import type { StorageStatus } from '../../../shared/contract';

export type StorageProblem = Exclude<StorageStatus['state'], 'ok'>;

const WORDS: Record<StorageStatus['state'], string> = {
  ok: 'Saving normally',
  full: 'The till cannot save: this computer’s disk is full. Free some space, then carry on. Card payments already running are kept until then.',
  read_only:
    'The till cannot save: its data folder cannot be written to. Ask whoever looks after this computer. Card payments already running are kept until then.',
  damaged:
    'The till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
};

/** The storage problem an error from SQLite or the file system means, or null if it is none. */
export function classifyStorageError(error: unknown): StorageProblem | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (
    code === 'SQLITE_READONLY' ||
    code.startsWith('SQLITE_READONLY_') ||
    code === 'EROFS' ||
    code === 'EACCES' ||
    code === 'EPERM'
  )
    return 'read_only';
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_NOTADB')
    return 'damaged';
  // A failed write or sync: on a till PC almost always a full disk (SQLite reports some
  // out-of-space writes as I/O errors).
  if (code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_') || code === 'EIO') return 'full';
  return null;
}

export class StorageHealth {
  private current: StorageStatus = { state: 'ok', detail: WORDS.ok };
  private readonly changed = new Emitter<StorageStatus>();

  status(): StorageStatus {
    return { ...this.current };
  }

  get ok(): boolean {
    return this.current.state === 'ok';
  }

  /** Reports a failed write; returns the problem it was (null: not a storage error, rethrow it). */
  reportFailure(error: unknown): StorageProblem | null {
    const problem = classifyStorageError(error);
    if (problem) this.set(problem);
    return problem;
  }

  /** Damage found at start (integrity check, receipt-number mark): stays until a restart. */
  reportDamaged(): void {
    this.set('damaged');
  }

  /** A write went through again. Damage is not cleared by a write. */
  reportSuccess(): void {
    if (this.current.state === 'full' || this.current.state === 'read_only') this.set('ok');
  }

  onChange(listener: (status: StorageStatus) => void) {
    return this.changed.on(listener);
  }

  private set(state: StorageStatus['state']): void {
    if (state === this.current.state) return;
    this.current = { state, detail: WORDS[state] };
    this.changed.fire(this.status());
  }
}
