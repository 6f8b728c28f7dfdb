// Before the till sells anything: is the database file sound, and does it hold every sale the
// till ever numbered? Either failure is damage: loud in the log (with what to do), in the top
// bar, and new sales are refused until a manager has dealt with it (restore a backup, or accept
// the missing sales on the till's screen: services/backup).
import type { Logger } from '../common/logger';
import { findDamage, type Db } from './database';
import { SaleNumberMarkUnreadable, type SaleNumberMark } from './sale-number-mark';
import type { StorageHealth } from './storage-health';

export interface StartCheckReport {
  /** What `PRAGMA quick_check` found ([] when the file is sound). */
  damage: string[];
  /** Sale numbers handed out that the database no longer holds. */
  missingSales: { first: number; last: number; count: number } | null;
  /** True when a manager had already accepted that these sales are gone. */
  missingAccepted: boolean;
}

export interface StartCheckInput {
  db: Db;
  dataDir: string;
  mark: SaleNumberMark;
  /** The highest sale number in the database (0 when none). */
  highestSaleNumber: () => number;
  /** A sale number as staff see it on receipts, e.g. S000042. */
  receiptNumber: (n: number) => string;
  storageHealth: Pick<StorageHealth, 'reportDamaged'>;
  logger: Logger;
  /**
   * The highest sale number up to which a manager accepted missing sales as gone (0 when none):
   * a gap at or below it is no longer damage.
   */
  acceptedThrough?: () => number;
}

export function checkStorageAtStart(input: StartCheckInput): StartCheckReport {
  const { logger, storageHealth } = input;
  const report: StartCheckReport = {
    damage: findDamage(input.db),
    missingSales: null,
    missingAccepted: false,
  };
  if (report.damage.length > 0) {
    logger.error(
      `DATABASE DAMAGED: the integrity check found ${report.damage.length} problem(s): ${report.damage.slice(0, 5).join('; ')}. ` +
        'Sales are refused. Stop the till, keep a copy of its data folder, and restore the latest backup of paydesk.sqlite.',
    );
    storageHealth.reportDamaged();
  }

  let marked: number | null;
  try {
    marked = input.mark.read();
  } catch (error) {
    if (!(error instanceof SaleNumberMarkUnreadable)) throw error;
    logger.error(
      `SALE NUMBERS UNKNOWN: ${input.mark.file} is damaged, so the till cannot know which receipt numbers it already used. ` +
        'Sales are refused. Restore that file from the latest backup (it only ever holds a higher number than the database).',
    );
    storageHealth.reportDamaged(
      'The till cannot tell which receipt numbers it has already used. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
    );
    return report;
  }

  const highest = input.highestSaleNumber();
  if (marked === null || highest >= marked) {
    // First run, an upgrade from a version without the mark, or a crash after a sale was saved
    // but before its number was marked: the database is the higher count, so it becomes the mark.
    if (marked === null || highest > marked) input.mark.raise(highest);
    return report;
  }

  const missing = { first: highest + 1, last: marked, count: marked - highest };
  report.missingSales = missing;
  const range =
    missing.count === 1
      ? input.receiptNumber(missing.first)
      : `${input.receiptNumber(missing.first)} to ${input.receiptNumber(missing.last)}`;
  if ((input.acceptedThrough?.() ?? 0) >= marked) {
    report.missingAccepted = true;
    logger.warn(
      `MISSING SALES ACCEPTED: ${missing.count} sale(s) (${range}) are not in the database; a manager accepted it, ` +
        `so the till sells on, numbering from ${input.receiptNumber(marked + 1)}. Their paper receipts are the only record.`,
    );
    return report;
  }
  logger.error(
    `SALES MISSING: the database's last sale is ${input.receiptNumber(highest)} but the till handed out numbers up to ` +
      `${input.receiptNumber(marked)}: ${missing.count} sale(s) (${range}) are missing (a lost WAL file or an older backup). ` +
      'Sales are refused so no receipt number is used twice. Restore the latest backup that holds them (Backups screen, ' +
      'or start with --restore <file>); if no backup holds them, a manager accepts the gap on the till’s screen with their PIN: ' +
      'numbering then continues above the last number handed out.',
  );
  storageHealth.reportDamaged(
    `${missing.count === 1 ? 'Sale' : `${missing.count} sales`} ${range} ${missing.count === 1 ? 'is' : 'are'} missing from this till’s records. ` +
      'Do not sell on this till: ask a manager to restore the latest backup, or to accept the gap with their PIN.',
    'missing_sales',
  );
  return report;
}
