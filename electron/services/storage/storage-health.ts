// Whether the till can save, as one state every area reads and reports into. A failed write is a
// state of the till (the top bar says so, new sales are refused), never a swallowed error.
import { Emitter } from '../../../shared/emitter';
import { TillError } from '../../../shared/contract/errors';
import type { StorageStatus } from '../../../shared/contract';

export type StorageProblem = Exclude<StorageStatus['state'], 'ok'>;
/** What damage was found: the file itself, or sales numbered that the records no longer hold. */
export type DamageCause = 'records' | 'missing_sales';

const WORDS: Record<StorageStatus['state'], string> = {
  ok: 'Saving normally',
  full: 'The till cannot save: this computer’s disk is full. Free some space, then carry on. Card payments already running are kept until then.',
  read_only:
    'The till cannot save: its data folder cannot be written to. Ask whoever looks after this computer. Card payments already running are kept until then.',
  damaged:
    'The till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
};

/** What a cashier is told when something they asked for could not be saved. */
const NOT_SAVED: Record<StorageProblem, string> = {
  full: 'That could not be saved: this computer’s disk is full. Free some space (or ask whoever looks after this computer), then try again.',
  read_only:
    'That could not be saved: the till is not allowed to write to its data folder. Ask whoever looks after this computer, then try again.',
  damaged:
    'That could not be saved: the till’s sales records are damaged. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
};

/** What a cashier is told when a new sale cannot start. */
const NO_NEW_SALE: Record<StorageProblem, string> = {
  full: 'A new sale cannot start: this computer’s disk is full, so the sale could not be saved. Free some space (or ask whoever looks after this computer), then try again.',
  read_only:
    'A new sale cannot start: the till is not allowed to save to its data folder. Ask whoever looks after this computer, then try again.',
  damaged:
    'A new sale cannot start: the till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
};

const DISK_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

function problemOf(code: string): StorageProblem | null {
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

/**
 * The storage problem an error from SQLite or the file system means, or null if it is none.
 * Looks through `cause` too, so a TillError wrapping ENOSPC counts as a full disk.
 */
export function classifyStorageError(error: unknown): StorageProblem | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    const problem = typeof code === 'string' ? problemOf(code) : null;
    if (problem) return problem;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export interface StorageHealthOptions {
  /**
   * Proves the data folder takes writes again (e.g. writes and syncs a small file); throws the
   * file system's error when it does not. Without one, a full or read-only till stays so until a
   * write elsewhere succeeds.
   */
  probe?: () => void;
}

export class StorageHealth {
  private current: StorageStatus = { state: 'ok', detail: WORDS.ok };
  private readonly damage = new Set<DamageCause>();
  private readonly changed = new Emitter<StorageStatus>();

  constructor(private readonly options: StorageHealthOptions = {}) {}

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

  /**
   * Damage found at start (integrity check, receipt-number mark): stays until a restart.
   * `detail` replaces the general words, e.g. to say which receipts are missing.
   */
  reportDamaged(detail?: string, cause: DamageCause = 'records'): void {
    this.damage.add(cause);
    this.set('damaged', detail);
  }

  /**
   * A manager accepted the missing sales (services/backup): the till may sell again, unless the
   * file itself is damaged too. Returns whether the till is back to ok.
   */
  missingSalesAccepted(): boolean {
    if (!this.damage.delete('missing_sales')) return this.current.state === 'ok';
    if (this.damage.size > 0) return false;
    this.current = { state: 'ok', detail: WORDS.ok };
    this.changed.fire(this.status());
    return true;
  }

  /** A write went through again. Damage is not cleared by a write. */
  reportSuccess(): void {
    if (this.current.state === 'full' || this.current.state === 'read_only') this.set('ok');
  }

  /**
   * Reports a failed write and returns the words staff see for it, as TillError('storage');
   * null when the error is not a storage error.
   */
  wordFailure(error: unknown): TillError | null {
    // Only the database's errors and the unmistakable disk ones: a raw EACCES from, say, a
    // printer device is not the data folder turning read-only.
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !(code.startsWith('SQLITE_') || DISK_CODES.has(code))) return null;
    const problem = this.reportFailure(error);
    return problem ? new TillError('storage', NOT_SAVED[problem], { cause: error }) : null;
  }

  /**
   * Throws a worded TillError('storage') unless a new sale may start. A full or read-only till
   * first re-runs the probe: once it writes again, the till is back to ok.
   */
  assertNewSaleAllowed(): void {
    const state = this.current.state;
    if (state === 'full' || state === 'read_only') {
      try {
        this.options.probe?.();
        if (this.options.probe) this.reportSuccess();
      } catch (error) {
        this.reportFailure(error);
      }
    }
    if (this.current.state !== 'ok') throw this.newSaleRefusal(this.current.state);
  }

  /** The refusal for a sale whose opening failed with `error`, or null if it is no storage error. */
  refuseNewSale(error: unknown): TillError | null {
    const problem = this.reportFailure(error);
    return problem ? this.newSaleRefusal(problem, error) : null;
  }

  onChange(listener: (status: StorageStatus) => void) {
    return this.changed.on(listener);
  }

  private newSaleRefusal(problem: StorageProblem, cause?: unknown): TillError {
    const words =
      problem === 'damaged' && this.current.state === 'damaged' && this.current.detail !== WORDS.damaged
        ? `A new sale cannot start. ${this.current.detail}`
        : NO_NEW_SALE[problem];
    return new TillError('storage', words, { cause });
  }

  private set(state: StorageStatus['state'], detail = WORDS[state]): void {
    if (state === this.current.state && detail === this.current.detail) return;
    // Damage found at start is the most serious news: a later full disk does not hide it.
    if (this.current.state === 'damaged' && state !== 'damaged') return;
    this.current = { state, detail };
    this.changed.fire(this.status());
  }
}
