// The durable print spool. Every job is written to SQLite before anything is sent, one job at a
// time per printer, oldest first. The rules (see docs/printing.md):
// - status is read before each job; paper end, cover open, offline or unreachable → held, and the
//   printer's status is polled while anything waits, so a job goes out as soon as it is back;
// - 'sending' is stored before the first byte and 'printed' after the printer confirmed;
// - a connection lost before the printer confirmed → retried with capped exponential back-off
//   (at most a partial receipt can be on paper); a printer gone silent after taking the bytes,
//   or a till that stopped mid-send → 'uncertain', never resent without the cashier;
// - reprints are new jobs whose bytes carry a DUPLICATE banner;
// - a job that waited past staleAfterMs is held for the cashier rather than printed late.
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import { applyMigrations, type Db, type Migration } from '../storage/database';
import { printFinishedRequest } from './escpos-encoder';
import {
  PrinterTransportError,
  conditionOf,
  isReady,
  type PrinterCondition,
  type PrinterStatusReading,
  type PrinterTransport,
} from './transports/transport';

export const JOB_STATES = [
  'queued',
  'sending',
  'printed',
  'held',
  'uncertain',
  'failed',
  'cancelled',
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const SPOOL_MIGRATIONS: Migration[] = [
  {
    id: 'spool-1',
    sql: `
      CREATE TABLE print_jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        receipt_id TEXT NOT NULL UNIQUE,
        printer_id TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN (${JOB_STATES.map((s) => `'${s}'`).join(', ')})),
        reason TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        bytes BLOB NOT NULL,
        lines_json TEXT NOT NULL,
        duplicate_of TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX print_jobs_by_printer_state ON print_jobs (printer_id, state, seq);
    `,
  },
  {
    // Set when the cashier says "print it anyway" for a job that waited too long.
    id: 'spool-2',
    sql: `ALTER TABLE print_jobs ADD COLUMN release_stale INTEGER NOT NULL DEFAULT 0;`,
  },
];

export interface PrintJob {
  id: string;
  receiptId: string;
  printerId: string;
  state: JobState;
  /** Why it waits or stopped: a printer condition, 'interrupted', 'interrupted_by_restart', 'reprinted'… */
  reason: string | null;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  duplicateOf: string | null;
  byteLength: number;
  lines: ReceiptLine[];
  createdAt: string;
  updatedAt: string;
}

export interface PrinterStatusView {
  printerId: string;
  name: string;
  kind: PrinterTransport['kind'];
  condition: PrinterCondition | 'not_checked';
  detail: string;
  checkedAt: string | null;
  /** Jobs queued, held or sending on this printer. */
  pending: number;
}

export type SpoolEvent = { type: 'job'; job: PrintJob } | { type: 'printer'; printer: PrinterStatusView };

export interface SpoolPrinter {
  id: string;
  /** Shown to the cashier; the id when absent. */
  name?: string;
  transport: PrinterTransport;
  /** Ask the printer for an Epson print-finished ack (needs a transport that can confirm). */
  printFinishedAck: boolean;
  /** Renders lines for this printer; used for reprints. */
  render(lines: readonly ReceiptLine[], options: { duplicate: boolean }): Buffer;
}

export interface SpoolTiming {
  /** Status polling while a job is held (the printer is not ready). */
  pollIntervalMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  statusTimeoutMs: number;
  writeTimeoutMs: number;
  /** How long to wait for the printer's confirmation (the Epson ack waits for the paper). */
  confirmTimeoutMs: number;
  /** Interrupted sends before a job is marked failed (a job that keeps breaking the link). */
  maxInterruptedAttempts: number;
  /**
   * A job older than this when the printer is finally ready is held as 'stale' for the cashier
   * instead of printing a backlog nobody is waiting for. 0 turns the check off.
   */
  staleAfterMs: number;
  /** refreshStatus() reuses a reading younger than this. */
  statusMaxAgeMs: number;
}

export const DEFAULT_SPOOL_TIMING: SpoolTiming = {
  pollIntervalMs: 500,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  statusTimeoutMs: 1000,
  writeTimeoutMs: 10_000,
  confirmTimeoutMs: 20_000,
  maxInterruptedAttempts: 6,
  staleAfterMs: 15 * 60_000,
  statusMaxAgeMs: 1000,
};

export interface SpoolOptions {
  db: Db;
  printers: SpoolPrinter[];
  now?: () => number;
  timing?: Partial<SpoolTiming>;
}

export interface EnqueueRequest {
  receiptId: string;
  printerId: string;
  lines: readonly ReceiptLine[];
  bytes: Buffer;
}

interface JobRow {
  seq: number;
  id: string;
  receipt_id: string;
  printer_id: string;
  state: JobState;
  reason: string | null;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  bytes: Buffer;
  lines_json: string;
  duplicate_of: string | null;
  created_at: string;
  updated_at: string;
  release_stale: number;
}

interface Worker {
  printer: SpoolPrinter;
  running: Promise<void> | null;
  /** A job's bytes are on their way: status questions wait for the next idle moment. */
  sending: boolean;
  /** A status question in flight from refreshStatus, shared by concurrent callers. */
  refreshing: Promise<void> | null;
  /** When the printer last answered a status question (clock ms). */
  statusReadAt: number | null;
  /** Serialises every use of the transport: one question or job on the wire at a time. */
  exclusive: Promise<unknown>;
  again: boolean;
  timer: NodeJS.Timeout | null;
  status: PrinterStatusView;
}

export function backoffDelay(
  attempts: number,
  timing: Pick<SpoolTiming, 'backoffBaseMs' | 'backoffMaxMs'>,
): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** exponent);
}

const ACK_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Four printable characters, different for each attempt of each job. */
function ackIdFor(seq: number, attempt: number): string {
  let n = (seq * 64 + (attempt % 64)) % ACK_ALPHABET.length ** 4;
  let id = '';
  for (let i = 0; i < 4; i++) {
    id = ACK_ALPHABET[n % ACK_ALPHABET.length] + id;
    n = Math.floor(n / ACK_ALPHABET.length);
  }
  return id;
}

function storageError(action: string, error: unknown): TillError {
  const code = String((error as { code?: unknown })?.code ?? 'unknown');
  const full = code === 'SQLITE_FULL' || /disk is full|ENOSPC/i.test(String((error as Error)?.message));
  return new TillError(
    'storage',
    full
      ? `Could not ${action}: the till's disk is full. Nothing already queued was lost.`
      : `Could not ${action}: the till's storage failed (${code}). Nothing already queued was lost.`,
    { cause: error },
  );
}

export class PrintSpool {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly timing: SpoolTiming;
  private readonly workers = new Map<string, Worker>();
  private readonly listeners = new Set<(event: SpoolEvent) => void>();
  private closed = false;

  constructor(options: SpoolOptions) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.timing = { ...DEFAULT_SPOOL_TIMING, ...options.timing };
    applyMigrations(this.db, SPOOL_MIGRATIONS);
    for (const printer of options.printers) {
      this.workers.set(printer.id, {
        printer,
        running: null,
        sending: false,
        refreshing: null,
        statusReadAt: null,
        exclusive: Promise.resolve(),
        again: false,
        timer: null,
        status: {
          printerId: printer.id,
          name: printer.name ?? printer.id,
          kind: printer.transport.kind,
          condition: 'not_checked',
          detail: '',
          checkedAt: null,
          pending: 0,
        },
      });
    }
    this.recoverAfterRestart();
    setImmediate(() => {
      for (const worker of this.workers.values()) void this.pump(worker);
    });
  }

  /** A job caught mid-send by a crash may or may not be on paper: only the cashier decides. */
  private recoverAfterRestart(): void {
    const stamp = this.stamp();
    this.db
      .prepare(
        `UPDATE print_jobs SET state = 'uncertain', reason = 'interrupted_by_restart', updated_at = ?,
           last_error = 'The till stopped while this receipt was being sent; it may or may not have printed.'
         WHERE state = 'sending'`,
      )
      .run(stamp);
    const known = [...this.workers.keys()];
    this.db
      .prepare(
        `UPDATE print_jobs SET state = 'held', reason = 'printer_not_configured', updated_at = ?
         WHERE state IN ('queued', 'held') AND printer_id NOT IN (SELECT value FROM json_each(?))`,
      )
      .run(stamp, JSON.stringify(known));
  }

  onChange(listener: (event: SpoolEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores the job (once per receipt id) and wakes its printer. Returns the stored job. */
  enqueue(request: EnqueueRequest): PrintJob {
    this.assertOpen();
    const worker = this.workerFor(request.printerId);
    let row: JobRow;
    try {
      row = this.insertJob({ ...request, id: request.receiptId, duplicateOf: null });
    } catch (error) {
      throw storageError('save the print job', error);
    }
    this.emitJob(row);
    void this.pump(worker);
    return toJob(row);
  }

  list(options: { limit?: number; states?: JobState[]; printerId?: string } = {}): PrintJob[] {
    const states = options.states ?? [...JOB_STATES];
    const rows = this.db
      .prepare(
        `SELECT * FROM print_jobs WHERE state IN (SELECT value FROM json_each(?))
           AND (? IS NULL OR printer_id = ?) ORDER BY seq DESC LIMIT ?`,
      )
      .all(
        JSON.stringify(states),
        options.printerId ?? null,
        options.printerId ?? null,
        options.limit ?? 200,
      ) as JobRow[];
    return rows.map(toJob);
  }

  get(jobId: string): PrintJob | null {
    const row = this.row(jobId);
    return row ? toJob(row) : null;
  }

  /** The stored bytes of a job (for checks and diagnostics). */
  bytesOf(jobId: string): Buffer | null {
    return this.row(jobId)?.bytes ?? null;
  }

  retry(jobId: string): PrintJob {
    const row = this.requireRow(jobId);
    if (row.state !== 'held' && row.state !== 'failed') {
      throw new TillError(
        'conflict',
        `Only a held or failed print job can be retried (this one is ${row.state}).`,
      );
    }
    this.workerFor(row.printer_id);
    const updated = this.update(row, {
      state: 'queued',
      reason: null,
      next_attempt_at: this.now(),
      release_stale: row.reason === 'stale' ? 1 : row.release_stale,
    });
    void this.pump(this.workers.get(row.printer_id)!);
    return toJob(updated);
  }

  cancel(jobId: string): PrintJob {
    const row = this.requireRow(jobId);
    if (!['queued', 'held', 'failed', 'uncertain'].includes(row.state)) {
      throw new TillError('conflict', `A print job that is ${row.state} cannot be cancelled.`);
    }
    const updated = this.update(row, { state: 'cancelled', reason: 'cancelled_by_cashier' });
    const worker = this.workers.get(row.printer_id);
    if (worker) void this.pump(worker);
    return toJob(updated);
  }

  /** A new job for a printed or uncertain one, marked DUPLICATE; the original is kept as it was. */
  reprint(jobId: string): PrintJob {
    this.assertOpen();
    const original = this.requireRow(jobId);
    if (original.state !== 'printed' && original.state !== 'uncertain') {
      throw new TillError(
        'conflict',
        `Only a printed or uncertain receipt can be reprinted (this one is ${original.state}).`,
      );
    }
    const worker = this.workerFor(original.printer_id);
    const lines = JSON.parse(original.lines_json) as ReceiptLine[];
    const bytes = worker.printer.render(lines, { duplicate: true });
    const rootId = original.duplicate_of ?? original.id;
    let row: JobRow;
    try {
      row = this.db.transaction(() => {
        const { count } = this.db
          .prepare(`SELECT COUNT(*) AS count FROM print_jobs WHERE duplicate_of = ?`)
          .get(rootId) as { count: number };
        const id = `${rootId}~dup${count + 1}`;
        const inserted = this.insertJob({
          id,
          receiptId: id,
          printerId: original.printer_id,
          lines,
          bytes,
          duplicateOf: rootId,
        });
        if (original.state === 'uncertain') this.update(original, { reason: 'reprinted' });
        return inserted;
      })();
    } catch (error) {
      throw storageError('save the reprint', error);
    }
    this.emitJob(row);
    void this.pump(worker);
    return toJob(row);
  }

  printerStatus(): PrinterStatusView[] {
    return [...this.workers.values()].map((w) => ({ ...w.status, pending: this.pendingCount(w.printer.id) }));
  }

  /**
   * Fresh printer status: each idle printer is asked unless it answered within
   * `statusMaxAgeMs` (so callers may ask on every change without flooding the printer);
   * concurrent calls share one question. A printer busy with a job reports what the job saw.
   */
  async refreshStatus(): Promise<PrinterStatusView[]> {
    await Promise.all(
      [...this.workers.values()].map((worker) => {
        if (worker.sending || this.closed) return undefined;
        if (worker.statusReadAt !== null && this.now() - worker.statusReadAt < this.timing.statusMaxAgeMs) {
          return undefined;
        }
        worker.refreshing ??= this.exclusive(worker, async () => {
          const reading = await worker.printer.transport.status({ timeoutMs: this.timing.statusTimeoutMs });
          if (this.closed) return;
          this.setStatus(worker, reading);
          // Nothing waiting: do not keep a connection open to an idle printer.
          if (this.pendingCount(worker.printer.id) === 0) await worker.printer.transport.close();
        }).finally(() => {
          worker.refreshing = null;
        });
        return worker.refreshing;
      }),
    );
    return this.printerStatus();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const worker of this.workers.values()) {
      if (worker.timer) clearTimeout(worker.timer);
      worker.timer = null;
    }
    // Closing the transports ends any wait; a job left 'sending' becomes 'uncertain' next start.
    await Promise.all([...this.workers.values()].map((w) => w.printer.transport.close()));
    await Promise.all([...this.workers.values()].map((w) => w.running));
    this.listeners.clear();
  }

  // ---- the per-printer loop ----

  private pump(worker: Worker): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (worker.running) {
      worker.again = true;
      return worker.running;
    }
    if (worker.timer) clearTimeout(worker.timer);
    worker.timer = null;
    worker.running = (async () => {
      try {
        let progressed = true;
        while (!this.closed && (progressed || worker.again)) {
          worker.again = false;
          progressed = await this.step(worker);
        }
      } catch (error) {
        console.error(`print spool (${worker.printer.id}): unexpected error`, error);
      } finally {
        worker.running = null;
        this.schedule(worker);
      }
    })();
    return worker.running;
  }

  private exclusive<T>(worker: Worker, task: () => Promise<T>): Promise<T> {
    const run = worker.exclusive.then(task, task);
    worker.exclusive = run.catch(() => undefined);
    return run;
  }

  /** Sends the oldest waiting job if it is due and the printer is ready; true if one printed. */
  private step(worker: Worker): Promise<boolean> {
    return this.exclusive(worker, () => this.sendHeadJob(worker));
  }

  private async sendHeadJob(worker: Worker): Promise<boolean> {
    const job = this.headJob(worker.printer.id);
    if (!job || job.next_attempt_at > this.now()) return false;
    const transport = worker.printer.transport;
    const reading = await transport.status({ timeoutMs: this.timing.statusTimeoutMs });
    if (this.closed) return false;
    this.setStatus(worker, reading);
    const current = this.row(job.id);
    if (!current || (current.state !== 'queued' && current.state !== 'held')) return true; // cancelled meanwhile
    if (!isReady(reading)) {
      const reason = conditionOf(reading);
      if (current.state !== 'held' || current.reason !== reason) {
        this.update(current, {
          state: 'held',
          reason,
          last_error: reading === 'unknown' ? null : reading.detail,
        });
      }
      return false;
    }

    if (this.isStale(current)) {
      const minutes = Math.round((this.now() - Date.parse(current.created_at)) / 60_000);
      this.update(current, {
        state: 'held',
        reason: 'stale',
        last_error: `Waited ${minutes} min for the printer: print it now (retry) or cancel it.`,
      });
      return true; // the jobs behind it go on
    }

    const attempt = current.attempts + 1;
    const sending = this.update(current, { state: 'sending', reason: null, attempts: attempt });
    const ackId =
      worker.printer.printFinishedAck && transport.canConfirm ? ackIdFor(sending.seq, attempt) : undefined;
    worker.sending = true;
    try {
      const bytes = ackId ? Buffer.concat([sending.bytes, printFinishedRequest(ackId)]) : sending.bytes;
      await transport.write(bytes, { timeoutMs: this.timing.writeTimeoutMs });
      if (transport.canConfirm && transport.confirm) {
        await transport.confirm({ timeoutMs: this.timing.confirmTimeoutMs, ...(ackId && { ackId }) });
      }
      this.update(sending, { state: 'printed', reason: null, last_error: null });
      return true;
    } catch (error) {
      // Shutting down: leave 'sending' so the next start asks the cashier.
      if (this.closed) return false;
      this.afterFailedSend(worker, sending, error);
      return false;
    } finally {
      worker.sending = false;
    }
  }

  private afterFailedSend(worker: Worker, job: JobRow, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof PrinterTransportError)) {
      this.update(job, { state: 'failed', reason: 'error', last_error: message });
      return;
    }
    if (error.phase === 'connect') {
      this.setStatus(worker, {
        online: false,
        paperEnd: false,
        paperNearEnd: false,
        coverOpen: false,
        error: false,
        detail: message,
        unreachable: true,
      });
      this.update(job, { state: 'held', reason: 'unreachable', last_error: message });
      return;
    }
    if (error.kind === 'timeout') {
      // The printer took bytes and went quiet: it may still print them. Never resend silently.
      this.update(job, {
        state: 'uncertain',
        reason: 'no_confirmation',
        last_error: `${message}; the receipt may or may not have printed.`,
      });
      return;
    }
    // The link broke before the printer confirmed: at most a partial receipt is on paper.
    const lastError = `${message}; a partial receipt may be on paper.`;
    if (job.attempts >= this.timing.maxInterruptedAttempts) {
      this.update(job, { state: 'failed', reason: 'interrupted', last_error: lastError });
    } else {
      this.update(job, {
        state: 'queued',
        reason: 'interrupted',
        last_error: lastError,
        next_attempt_at: this.now() + backoffDelay(job.attempts, this.timing),
      });
    }
  }

  /** Held: poll the printer. Queued for later: wake at its time. Nothing waiting: no timers. */
  private schedule(worker: Worker): void {
    if (this.closed || worker.running) return;
    if (worker.timer) clearTimeout(worker.timer);
    worker.timer = null;
    const head = this.headJob(worker.printer.id);
    if (!head) {
      // Idle: let go of the printer (many network printers take one connection at a time).
      void this.exclusive(worker, async () => {
        if (!this.headJob(worker.printer.id)) await worker.printer.transport.close();
      });
      return;
    }
    const delay =
      head.state === 'held' ? this.timing.pollIntervalMs : Math.max(0, head.next_attempt_at - this.now());
    worker.timer = setTimeout(() => {
      worker.timer = null;
      void this.pump(worker);
    }, delay);
  }

  // ---- storage ----

  private insertJob(job: EnqueueRequest & { id: string; duplicateOf: string | null }): JobRow {
    const stamp = this.stamp();
    this.db
      .prepare(
        `INSERT INTO print_jobs (id, receipt_id, printer_id, state, attempts, next_attempt_at, bytes, lines_json,
           duplicate_of, created_at, updated_at)
         VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (receipt_id) DO NOTHING`,
      )
      .run(
        job.id,
        job.receiptId,
        job.printerId,
        this.now(),
        job.bytes,
        JSON.stringify(job.lines),
        job.duplicateOf,
        stamp,
        stamp,
      );
    return this.db.prepare(`SELECT * FROM print_jobs WHERE receipt_id = ?`).get(job.receiptId) as JobRow;
  }

  private update(
    row: JobRow,
    changes: Partial<
      Pick<JobRow, 'state' | 'reason' | 'attempts' | 'next_attempt_at' | 'last_error' | 'release_stale'>
    >,
  ): JobRow {
    const next: JobRow = { ...row, ...changes, updated_at: this.stamp() };
    this.db
      .prepare(
        `UPDATE print_jobs SET state = ?, reason = ?, attempts = ?, next_attempt_at = ?, last_error = ?,
           release_stale = ?, updated_at = ?
         WHERE seq = ?`,
      )
      .run(
        next.state,
        next.reason,
        next.attempts,
        next.next_attempt_at,
        next.last_error,
        next.release_stale,
        next.updated_at,
        next.seq,
      );
    this.emitJob(next);
    return next;
  }

  private isStale(row: JobRow): boolean {
    if (this.timing.staleAfterMs <= 0 || row.release_stale) return false;
    return this.now() - Date.parse(row.created_at) > this.timing.staleAfterMs;
  }

  private headJob(printerId: string): JobRow | undefined {
    return this.db
      .prepare(
        `SELECT * FROM print_jobs WHERE printer_id = ? AND state IN ('queued', 'held')
           AND NOT (state = 'held' AND reason = 'stale') ORDER BY seq LIMIT 1`,
      )
      .get(printerId) as JobRow | undefined;
  }

  private pendingCount(printerId: string): number {
    return (
      this.db
        .prepare(
          `SELECT COUNT(*) AS n FROM print_jobs WHERE printer_id = ? AND state IN ('queued', 'held', 'sending')`,
        )
        .get(printerId) as { n: number }
    ).n;
  }

  private row(jobId: string): JobRow | undefined {
    return this.db.prepare(`SELECT * FROM print_jobs WHERE id = ?`).get(jobId) as JobRow | undefined;
  }

  private requireRow(jobId: string): JobRow {
    const row = this.row(jobId);
    if (!row) throw new TillError('not_found', `No print job ${jobId}.`);
    return row;
  }

  private workerFor(printerId: string): Worker {
    const worker = this.workers.get(printerId);
    if (!worker) throw new TillError('not_found', `No printer "${printerId}" is configured.`);
    return worker;
  }

  private assertOpen(): void {
    if (this.closed) throw new TillError('internal', 'The print spool is closed.');
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }

  private setStatus(worker: Worker, reading: PrinterStatusReading): void {
    const condition = conditionOf(reading);
    const detail = reading === 'unknown' ? 'this connection cannot report status' : reading.detail;
    const changed = worker.status.condition !== condition || worker.status.detail !== detail;
    worker.status = { ...worker.status, condition, detail, checkedAt: this.stamp() };
    worker.statusReadAt = this.now();
    if (changed)
      this.emit({
        type: 'printer',
        printer: { ...worker.status, pending: this.pendingCount(worker.printer.id) },
      });
  }

  private emitJob(row: JobRow): void {
    this.emit({ type: 'job', job: toJob(row) });
  }

  private emit(event: SpoolEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('print spool: a change listener failed', error);
      }
    }
  }
}

function toJob(row: JobRow): PrintJob {
  return {
    id: row.id,
    receiptId: row.receipt_id,
    printerId: row.printer_id,
    state: row.state,
    reason: row.reason,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
    lastError: row.last_error,
    duplicateOf: row.duplicate_of,
    byteLength: row.bytes.length,
    lines: JSON.parse(row.lines_json) as ReceiptLine[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
