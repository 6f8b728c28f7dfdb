// The spool's rows in SQLite: its migrations and every statement on print_jobs. A row is written
// before anything is sent and every change is stored before it is announced, so the queue and
// each job's fate survive a crash. The rules that decide the changes live in spool-worker.ts.
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import type { Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';

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

/** Applied by whoever opens the database (the composition root, or a test's openDatabase). */
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
  {
    // needs_check: the job may have printed twice or not at all, and nobody has looked yet (the
    // top bar counts these). copy: its bytes carry the "COPY, may already have printed" header.
    id: 'spool-3',
    sql: `
      ALTER TABLE print_jobs ADD COLUMN needs_check INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE print_jobs ADD COLUMN copy INTEGER NOT NULL DEFAULT 0;
      UPDATE print_jobs SET needs_check = 1
        WHERE state = 'uncertain' AND (reason IS NULL OR reason != 'reprinted');
    `,
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
  /** It may have printed twice or not at all and nobody has looked yet. */
  needsCheck: boolean;
  /** Sent again after a dropped link, under a "COPY, may already have printed" header. */
  copy: boolean;
  byteLength: number;
  lines: ReceiptLine[];
  createdAt: string;
  updatedAt: string;
}

export interface EnqueueRequest {
  receiptId: string;
  printerId: string;
  lines: readonly ReceiptLine[];
  bytes: Buffer;
}

export interface JobRow {
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
  needs_check: number;
  copy: number;
}

export type JobChanges = Partial<
  Pick<
    JobRow,
    | 'state'
    | 'reason'
    | 'attempts'
    | 'next_attempt_at'
    | 'last_error'
    | 'release_stale'
    | 'needs_check'
    | 'copy'
    | 'bytes'
  >
>;

/** States a printer still has to deal with (its "pending" count). */
const PENDING_STATES = `('queued', 'held', 'sending')`;

export class SpoolStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<Clock, 'now'>,
    /** Told of every stored update, after it is stored. */
    private readonly changed: (row: JobRow) => void,
  ) {}

  /**
   * A job caught mid-send by a crash may or may not be on paper: only the cashier decides.
   * Jobs for printers no longer configured wait for the cashier too.
   */
  recoverAfterRestart(knownPrinterIds: readonly string[]): void {
    const stamp = this.stamp();
    this.db
      .prepare(
        `UPDATE print_jobs SET state = 'uncertain', reason = 'interrupted_by_restart', updated_at = ?, needs_check = 1,
           last_error = 'The till stopped while this receipt was being sent; it may or may not have printed.'
         WHERE state = 'sending'`,
      )
      .run(stamp);
    this.db
      .prepare(
        `UPDATE print_jobs SET state = 'held', reason = 'printer_not_configured', updated_at = ?
         WHERE state IN ('queued', 'held') AND printer_id NOT IN (SELECT value FROM json_each(?))`,
      )
      .run(stamp, JSON.stringify(knownPrinterIds));
  }

  /**
   * Stores a job once per receipt id (a second call returns the first job unchanged). Not
   * announced here: the caller announces it once its transaction, if any, has committed.
   */
  insert(job: EnqueueRequest & { id: string; duplicateOf: string | null }): JobRow {
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
        this.clock.now(),
        job.bytes,
        JSON.stringify(job.lines),
        job.duplicateOf,
        stamp,
        stamp,
      );
    return this.db.prepare(`SELECT * FROM print_jobs WHERE receipt_id = ?`).get(job.receiptId) as JobRow;
  }

  /**
   * Stores a DUPLICATE copy of a printed or uncertain job; an uncertain original is marked
   * 'reprinted'. Asking for a reprint is looking at the job: it no longer needs a check.
   */
  insertDuplicate(original: JobRow, bytes: Buffer): JobRow {
    const rootId = original.duplicate_of ?? original.id;
    return this.db.transaction(() => {
      const { count } = this.db
        .prepare(`SELECT COUNT(*) AS count FROM print_jobs WHERE duplicate_of = ?`)
        .get(rootId) as { count: number };
      const id = `${rootId}~dup${count + 1}`;
      const inserted = this.insert({
        id,
        receiptId: id,
        printerId: original.printer_id,
        lines: JSON.parse(original.lines_json) as ReceiptLine[],
        bytes,
        duplicateOf: rootId,
      });
      if (original.state === 'uncertain' || original.needs_check) {
        this.update(original, {
          ...(original.state === 'uncertain' && { reason: 'reprinted' }),
          needs_check: 0,
        });
      }
      return inserted;
    })();
  }

  update(row: JobRow, changes: JobChanges): JobRow {
    const next: JobRow = { ...row, ...changes, updated_at: this.stamp() };
    this.db
      .prepare(
        `UPDATE print_jobs SET state = ?, reason = ?, attempts = ?, next_attempt_at = ?, last_error = ?,
           release_stale = ?, needs_check = ?, copy = ?, bytes = ?, updated_at = ?
         WHERE seq = ?`,
      )
      .run(
        next.state,
        next.reason,
        next.attempts,
        next.next_attempt_at,
        next.last_error,
        next.release_stale,
        next.needs_check,
        next.copy,
        next.bytes,
        next.updated_at,
        next.seq,
      );
    this.changed(next);
    return next;
  }

  /**
   * The newest jobs, newest first; jobs that still need someone to look are always included,
   * however old, so the one the top bar counts always has a row to mark.
   */
  list(options: { limit?: number; states?: JobState[]; printerId?: string } = {}): JobRow[] {
    const states = options.states ?? [...JOB_STATES];
    return this.db
      .prepare(
        `SELECT * FROM print_jobs WHERE state IN (SELECT value FROM json_each(?))
           AND (? IS NULL OR printer_id = ?)
           AND (needs_check = 1 OR seq IN (
             SELECT seq FROM print_jobs WHERE state IN (SELECT value FROM json_each(?))
               AND (? IS NULL OR printer_id = ?) ORDER BY seq DESC LIMIT ?))
           ORDER BY seq DESC`,
      )
      .all(
        JSON.stringify(states),
        options.printerId ?? null,
        options.printerId ?? null,
        JSON.stringify(states),
        options.printerId ?? null,
        options.printerId ?? null,
        options.limit ?? 200,
      ) as JobRow[];
  }

  /** The oldest job the printer should deal with next (a stale one waits for the cashier). */
  head(printerId: string): JobRow | undefined {
    return this.db
      .prepare(
        `SELECT * FROM print_jobs WHERE printer_id = ? AND state IN ('queued', 'held')
           AND NOT (state = 'held' AND reason = 'stale') ORDER BY seq LIMIT 1`,
      )
      .get(printerId) as JobRow | undefined;
  }

  pendingCount(printerId: string): number {
    return (
      this.db
        .prepare(`SELECT COUNT(*) AS n FROM print_jobs WHERE printer_id = ? AND state IN ${PENDING_STATES}`)
        .get(printerId) as { n: number }
    ).n;
  }

  /**
   * Jobs that may have printed twice or not at all and that nobody has looked at yet: uncertain
   * ones and COPY resends. Set by the worker and at restart; cleared only by a person (checked,
   * cancel, reprint).
   */
  needsCheckCount(printerId: string): number {
    return (
      this.db
        .prepare(`SELECT COUNT(*) AS n FROM print_jobs WHERE printer_id = ? AND needs_check = 1`)
        .get(printerId) as { n: number }
    ).n;
  }

  get(jobId: string): JobRow | undefined {
    return this.db.prepare(`SELECT * FROM print_jobs WHERE id = ?`).get(jobId) as JobRow | undefined;
  }

  require(jobId: string): JobRow {
    const row = this.get(jobId);
    if (!row) {
      throw new TillError('not_found', 'That print job is no longer in the queue.', {
        words: { key: 'printing.jobGone' },
      });
    }
    return row;
  }

  stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

export function toJob(row: JobRow): PrintJob {
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
    needsCheck: row.needs_check === 1,
    copy: row.copy === 1,
    byteLength: row.bytes.length,
    lines: JSON.parse(row.lines_json) as ReceiptLine[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const SAVING: Record<'job' | 'reprint', string> = { job: 'save the print job', reprint: 'save the reprint' };

/**
 * A write that failed is a storage problem the cashier can understand, and nothing queued is lost.
 * The database's own code stays in `cause`, for the log.
 */
export function storageError(saving: 'job' | 'reprint', error: unknown): TillError {
  const code = String((error as { code?: unknown })?.code ?? 'unknown');
  const full = code === 'SQLITE_FULL' || /disk is full|ENOSPC/i.test(String((error as Error)?.message));
  const action = SAVING[saving];
  return new TillError(
    'storage',
    full
      ? `Could not ${action}: the till's disk is full. Nothing already queued was lost.`
      : `Could not ${action}: the till's storage failed. Nothing already queued was lost.`,
    { cause: error, words: { key: `printing.${full ? 'diskFull' : 'storageFailed'}.${saving}` } },
  );
}
