// The durable print spool: the cashier's actions on print jobs, one worker per printer, and the
// change events. Every job is written to SQLite before anything is sent (spool-store.ts); each
// printer's worker sends them one at a time, oldest first (spool-worker.ts, which holds the
// rules). A job caught mid-send by a crash becomes 'uncertain' at the next start; reprints are
// new jobs whose bytes carry a DUPLICATE banner. Jobs that may have printed twice or not at all
// need a look (needs_check) until a person marks them, cancels or reprints them. The database must already have
// SPOOL_MIGRATIONS applied (whoever opens it applies every area's migrations once).
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import { Emitter } from '../../../shared/emitter';
import { systemClock, type Clock } from '../common/clock';
import type { Db } from '../storage/database';
import type { PrinterStatusView } from './printer-status';
import { printerGone, STATE_WORDS, stateWord } from './printing-words';
import {
  SpoolStore,
  storageError,
  toJob,
  type EnqueueRequest,
  type JobRow,
  type JobState,
  type PrintJob,
} from './spool-store';
import { DEFAULT_SPOOL_TIMING, PrinterWorker, type SpoolPrinter, type SpoolTiming } from './spool-worker';

export {
  JOB_STATES,
  SPOOL_MIGRATIONS,
  type EnqueueRequest,
  type JobState,
  type PrintJob,
} from './spool-store';
export type { PrinterStatusView } from './printer-status';
export { DEFAULT_SPOOL_TIMING, backoffDelay, type SpoolPrinter, type SpoolTiming } from './spool-worker';

export type SpoolEvent = { type: 'job'; job: PrintJob } | { type: 'printer'; printer: PrinterStatusView };

export interface SpoolOptions {
  /** Opened with SPOOL_MIGRATIONS applied. */
  db: Db;
  printers: SpoolPrinter[];
  clock?: Clock;
  timing?: Partial<SpoolTiming>;
}

export class PrintSpool {
  private readonly store: SpoolStore;
  private readonly clock: Clock;
  private readonly workers = new Map<string, PrinterWorker>();
  private readonly changes = new Emitter<SpoolEvent>((error) =>
    console.error('print spool: a change listener failed', error),
  );
  private closed = false;

  constructor(options: SpoolOptions) {
    this.clock = options.clock ?? systemClock;
    this.store = new SpoolStore(options.db, this.clock, (row) => this.announce(row));
    const context = {
      store: this.store,
      clock: this.clock,
      timing: { ...DEFAULT_SPOOL_TIMING, ...options.timing },
      isClosed: () => this.closed,
      statusChanged: (printer: PrinterStatusView) => this.changes.fire({ type: 'printer', printer }),
    };
    for (const printer of options.printers) this.workers.set(printer.id, new PrinterWorker(printer, context));
    this.store.recoverAfterRestart([...this.workers.keys()]);
    // After the caller has had the chance to subscribe.
    setImmediate(() => {
      for (const worker of this.workers.values()) void worker.wake();
    });
  }

  onChange(listener: (event: SpoolEvent) => void): () => void {
    return this.changes.on(listener);
  }

  /** Stores the job (once per receipt id) and wakes its printer. Returns the stored job. */
  enqueue(request: EnqueueRequest): PrintJob {
    this.assertOpen();
    const worker = this.workerFor(request.printerId);
    let row: JobRow;
    try {
      row = this.store.insert({ ...request, id: request.receiptId, duplicateOf: null });
    } catch (error) {
      throw storageError('job', error);
    }
    this.announce(row);
    void worker.wake();
    return toJob(row);
  }

  list(options: { limit?: number; states?: JobState[]; printerId?: string } = {}): PrintJob[] {
    return this.store.list(options).map(toJob);
  }

  get(jobId: string): PrintJob | null {
    const row = this.store.get(jobId);
    return row ? toJob(row) : null;
  }

  /** The stored bytes of a job (for checks and diagnostics). */
  bytesOf(jobId: string): Buffer | null {
    return this.store.get(jobId)?.bytes ?? null;
  }

  retry(jobId: string): PrintJob {
    const row = this.store.require(jobId);
    if (row.state !== 'held' && row.state !== 'failed') {
      throw new TillError(
        'conflict',
        `Only a held or failed print job can be retried (this one is ${STATE_WORDS[row.state]}).`,
        { words: { key: 'printing.retryOnly', params: { state: stateWord(row.state) } } },
      );
    }
    const worker = this.workerFor(row.printer_id);
    const updated = this.store.update(row, {
      state: 'queued',
      reason: null,
      next_attempt_at: this.clock.now(),
      release_stale: row.reason === 'stale' ? 1 : row.release_stale,
    });
    void worker.wake();
    return toJob(updated);
  }

  cancel(jobId: string): PrintJob {
    const row = this.store.require(jobId);
    if (!['queued', 'held', 'failed', 'uncertain'].includes(row.state)) {
      throw new TillError('conflict', `A print job that is ${STATE_WORDS[row.state]} cannot be cancelled.`, {
        words: { key: 'printing.cancelOnly', params: { state: stateWord(row.state) } },
      });
    }
    const updated = this.store.update(row, {
      state: 'cancelled',
      reason: 'cancelled_by_cashier',
      needs_check: 0,
    });
    void this.workers.get(row.printer_id)?.wake();
    return toJob(updated);
  }

  /**
   * Someone has looked at a job that may have printed twice or not at all: it stops counting as
   * needing a look. Nothing is printed or cancelled; marking twice is harmless.
   */
  markChecked(jobId: string): PrintJob {
    const row = this.store.require(jobId);
    if (!row.needs_check) return toJob(row);
    return toJob(this.store.update(row, { needs_check: 0 }));
  }

  /** A new job for a printed or uncertain one, marked DUPLICATE; the original is kept as it was. */
  reprint(jobId: string): PrintJob {
    this.assertOpen();
    const original = this.store.require(jobId);
    if (original.state !== 'printed' && original.state !== 'uncertain') {
      throw new TillError(
        'conflict',
        `Only a printed or uncertain receipt can be reprinted (this one is ${STATE_WORDS[original.state]}).`,
        { words: { key: 'printing.reprintOnly', params: { state: stateWord(original.state) } } },
      );
    }
    const worker = this.workerFor(original.printer_id);
    const lines = JSON.parse(original.lines_json) as ReceiptLine[];
    const bytes = worker.printer.render(lines, { duplicate: true });
    let row: JobRow;
    try {
      row = this.store.insertDuplicate(original, bytes);
    } catch (error) {
      throw storageError('reprint', error);
    }
    this.announce(row);
    void worker.wake();
    return toJob(row);
  }

  printerStatus(): PrinterStatusView[] {
    return [...this.workers.values()].map((worker) => worker.statusView());
  }

  /**
   * Fresh printer status: each idle printer is asked unless it answered within
   * `statusMaxAgeMs` (so callers may ask on every change without flooding the printer);
   * concurrent calls share one question. A printer busy with a job reports what the job saw.
   */
  async refreshStatus(): Promise<PrinterStatusView[]> {
    await Promise.all([...this.workers.values()].map((worker) => worker.refreshStatus()));
    return this.printerStatus();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const worker of this.workers.values()) worker.stop();
    // Closing the transports ends any wait; a job left 'sending' becomes 'uncertain' next start.
    await Promise.all([...this.workers.values()].map((w) => w.printer.transport.close()));
    await Promise.all([...this.workers.values()].map((w) => w.idle()));
    this.changes.clear();
  }

  private announce(row: JobRow): void {
    this.changes.fire({ type: 'job', job: toJob(row) });
  }

  private workerFor(printerId: string): PrinterWorker {
    const worker = this.workers.get(printerId);
    if (!worker) throw printerGone();
    return worker;
  }

  private assertOpen(): void {
    if (this.closed) {
      throw new TillError('internal', 'The till is shutting down, so it is not printing any more.', {
        words: { key: 'printing.closed' },
      });
    }
  }
}
