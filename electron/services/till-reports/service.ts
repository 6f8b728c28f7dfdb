// The till's X and Z reports. X: the day so far, resets nothing. Z: closes the day under a number
// that is never used again and starts the next. The number is reserved durably in its own mark
// file (storage/sale-number-mark.ts) BEFORE the Z is saved: a crash or a lost database row can
// leave a gap, never a repeat. A Z is kept as closed, so reprints and exports show what closed.
import { randomUUID } from 'node:crypto';
import type { CsvFile, StaffStamp, TillReportView, ZSummary } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import { tillReportReceiptId } from '../../../shared/till-report-receipts';
import type { PaperWidth } from '../../../shared/receipt-layout';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { computeReport } from './compute';
import { lineRows, linesCsv, summaryCsv } from './csv';
import { reportReceipt } from './print';
import { gatherFacts, type DaySources } from './sources';
import type { TillReportStore } from './store';

/** Before the first Z, the day runs from the start of time. */
const DAY_ZERO = new Date(0).toISOString();

export interface TillReportDeps {
  store: TillReportStore;
  sources: DaySources;
  currency: string;
  clock: Pick<Clock, 'now'>;
  /** Who is serving (X reports, prints, exports). */
  serving: () => StaffStamp | null;
  /** The right to run a Z (a supervisor or manager, or their approval). */
  requireZ: () => StaffStamp | null;
  /** Whether a shift is still open: the drawer is counted before the day closes. */
  shiftOpen: () => boolean;
  /** The highest Z number ever handed out, kept apart from the database. */
  numbers: { highest(): number; raise(number: number): void };
  printReceipt: (receiptId: string, lines: ReceiptLine[]) => Promise<unknown>;
  /**
   * The shop's name, paper and locale (the slip's words and amounts) and time zone (the hours,
   * the slip's times, the files' day; the machine's when absent), read for every report.
   */
  printSettings: () => { shopName: string; paperWidth: PaperWidth; locale?: string; timeZone?: string };
  logger: Logger;
  /** This till's number while a shop server is set: its reports carry it ("Z report 2-12"). */
  tillNumber?: () => number | null;
}

export class TillReportService {
  constructor(private readonly d: TillReportDeps) {}

  x(): TillReportView {
    const runBy = this.d.serving();
    return this.build('X', null, runBy).report;
  }

  z(): TillReportView {
    const runBy = this.d.requireZ();
    if (this.d.shiftOpen()) {
      throw new TillError(
        'conflict',
        'A shift is still open: count the drawer and close the shift, then run the Z report.',
        { words: { key: 'tillReport.shiftOpen' } },
      );
    }
    const number = this.reserveNumber();
    const { report, lines } = this.build('Z', number, runBy);
    this.d.store.save({ ...report, number }, lineRows(lines), report.until);
    this.print(tillReportReceiptId({ kind: 'Z', number }), report, false);
    return report;
  }

  list(limit: number): ZSummary[] {
    return this.d.store.list(limit);
  }

  get(zNumber: number): TillReportView {
    return this.storedZ(zNumber).report;
  }

  printReport(zNumber?: number): { ok: true } {
    this.d.serving();
    if (zNumber === undefined) this.print(tillReportReceiptId({ kind: 'X' }, randomUUID()), this.x(), false);
    else
      this.print(tillReportReceiptId({ kind: 'Z', number: zNumber }, randomUUID()), this.get(zNumber), true);
    return { ok: true };
  }

  exportCsv(zNumber?: number): { summary: CsvFile; lines: CsvFile } {
    const { timeZone } = this.d.printSettings();
    if (zNumber !== undefined) {
      this.d.serving();
      const stored = this.storedZ(zNumber);
      return {
        summary: summaryCsv(stored.report, timeZone),
        lines: linesCsv(stored.report, stored.lineRows, timeZone),
      };
    }
    const { report, lines } = this.build('X', null, this.d.serving());
    return { summary: summaryCsv(report, timeZone), lines: linesCsv(report, lineRows(lines), timeZone) };
  }

  private build(kind: 'X' | 'Z', number: number | null, runBy: StaffStamp | null) {
    const last = this.d.store.lastUntil();
    const since = last ?? DAY_ZERO;
    // The day ends a millisecond before now: whatever happens in this millisecond, before or
    // after the Z, belongs to the next day (never to both, never to neither). A clock set back
    // never makes a period end before it began.
    const end = new Date(this.d.clock.now() - 1).toISOString();
    const until = end > since ? end : since;
    const facts = gatherFacts(this.d.sources, this.d.currency, since, until);
    const { timeZone } = this.d.printSettings();
    const { body, lines } = computeReport(facts, { ...(timeZone && { timeZone }) });
    const till = this.d.tillNumber?.() ?? null;
    const report: TillReportView = {
      kind,
      number,
      ...(till !== null && { till }),
      since: last,
      until,
      runBy,
      ...body,
    };
    return { report, lines };
  }

  /** The next Z number, recorded as used before anything else happens. */
  private reserveNumber(): number {
    try {
      const number = Math.max(this.d.store.highestNumber(), this.d.numbers.highest()) + 1;
      this.d.numbers.raise(number);
      return number;
    } catch (error) {
      this.d.logger.error('could not reserve a Z number', error);
      throw new TillError(
        'storage',
        'The till could not record the next Z number, so the day was not closed. Check that the disk has space, then try again.',
        { words: { key: 'tillReport.zNotRecorded' } },
      );
    }
  }

  private storedZ(zNumber: number) {
    const stored = this.d.store.get(zNumber);
    if (!stored)
      throw new TillError('not_found', `There is no Z report ${zNumber} on this till.`, {
        words: { key: 'tillReport.noZ', params: { number: zNumber } },
      });
    return stored;
  }

  private print(receiptId: string, report: TillReportView, reprint: boolean): void {
    const lines = reportReceipt(report, { ...this.d.printSettings(), reprint });
    this.d.printReceipt(receiptId, lines).catch((error: unknown) => {
      // The report stands whatever the printer does; the spool reports its own problems.
      this.d.logger.error(`could not queue till report ${receiptId}`, error);
    });
  }
}
