// The highest sale (receipt) number ever handed out, kept in its own small file beside the
// database. The database alone cannot promise a number is never used twice: a lost WAL file or a
// restored backup silently takes it back to an older, lower count. This file is written
// atomically and fsynced before a number leaves the ledger, so at start a database behind it
// is caught, and new numbers always start above it.
import { join } from 'node:path';
import { readTextIfExists, realFs, writeFileAtomic, type SettingsFs } from './settings-files';

export const SALE_NUMBER_MARK_FILE = 'sale-number-mark.json';

/** Thrown when the mark file exists but cannot be understood: the count is unknown. */
export class SaleNumberMarkUnreadable extends Error {
  override readonly name = 'SaleNumberMarkUnreadable';
}

export class SaleNumberMark {
  private cached: number | null | undefined;

  constructor(
    readonly file: string,
    private readonly fs: SettingsFs = realFs,
    private readonly now: () => number = Date.now,
    /** The field that holds the number: the Z report count keeps its own mark the same way. */
    private readonly key: string = 'highestSaleNumber',
  ) {}

  static inDataDir(dataDir: string, fs?: SettingsFs, now?: () => number): SaleNumberMark {
    return new SaleNumberMark(join(dataDir, SALE_NUMBER_MARK_FILE), fs, now);
  }

  /** The highest number handed out, or null when no mark was ever written. */
  read(): number | null {
    if (this.cached !== undefined) return this.cached;
    const text = readTextIfExists(this.file, this.fs);
    if (text === null) return (this.cached = null);
    let highest: unknown;
    try {
      highest = (JSON.parse(text) as Record<string, unknown>)[this.key];
    } catch {
      highest = undefined;
    }
    if (typeof highest !== 'number' || !Number.isSafeInteger(highest) || highest < 0)
      throw new SaleNumberMarkUnreadable(`${this.file} does not hold ${this.key}`);
    return (this.cached = highest);
  }

  /** The highest number handed out (0 when none). */
  highest(): number {
    return this.read() ?? 0;
  }

  /**
   * Records `number` as handed out, durably (write, fsync, rename, fsync the folder), unless a
   * higher one is already recorded. Throws TillError('storage') and changes nothing on failure.
   */
  raise(number: number): void {
    if (number <= this.highest() && this.cached !== null) return;
    const record = { [this.key]: number, writtenAt: new Date(this.now()).toISOString() };
    writeFileAtomic(this.file, `${JSON.stringify(record)}\n`, this.fs);
    this.cached = number;
  }
}
