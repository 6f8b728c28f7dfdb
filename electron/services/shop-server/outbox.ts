// The outbox (up): the till's journal goes to the shop server in the order of the till-wide change
// sequence (storage/journal-changes.ts), in batches, each batch one PostgreSQL transaction that
// upserts its rows (a newer version of a row replaces the older; an older or equal one changes
// nothing) and moves this till's mark in `till_progress`. At connect the till reads that mark and
// resumes after it, so a batch cut off by a dead server or a killed till is sent again whole:
// nothing lost, nothing twice. It wakes when something is written (nudge), not by polling fast.
import type { Clock, TimerHandle } from '../common/clock';
import type { Logger } from '../common/logger';
import type { LinkState, ShopServerConnection, ShopServerLink } from './connection';
import type { BatchWindow, JournalEntry, JournalKind, JournalSource } from './journal-source';

/** Rows per batch: one transaction each (measured: docs/decisions.md, "The outbox's batch size"). */
export const BATCH_SIZE = 500;
/** Changes close together go in one batch: the outbox looks this long after the first one. */
const GATHER_MS = 20;
/** In case a change came without a nudge, the outbox also looks now and then. */
const SAFETY_LOOK_MS = 30_000;

// The server upserts the rows and moves this till's mark itself, knowing the till by its login
// (schema step 1): the till cannot write another till's rows nor the order of arrival.
const SEND = 'SELECT send_journal_batch($1::jsonb, $2)';
const MARK = 'SELECT last_seq FROM till_progress WHERE shop_id = $1 AND till_id = $2';

/** Rows the server refused (bad data, not a lost link): kept aside on the till so the rest goes on. */
export interface HeldRows {
  hold(entry: JournalEntry, reason: string): void;
  /** Rows sent since are no longer held (a newer version the server took). */
  release(entries: readonly JournalEntry[]): void;
  count(): number;
}

/** SQLSTATE classes the server gives a row it cannot take: data (22), constraint (23), syntax (42). */
export function isRowRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|42)/.test(code);
}

/**
 * A body as jsonb takes it: every string well formed (a name cut inside an emoji leaves half of it,
 * which jsonb refuses) and without NUL characters (which jsonb cannot hold).
 */
export function cleanBody(value: unknown): unknown {
  // toWellFormed is Node 20+ (ES2024), past this project's ES2023 types.
  if (typeof value === 'string')
    return (value as string & { toWellFormed(): string }).toWellFormed().replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(cleanBody);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanBody(k), cleanBody(v)]));
  return value;
}

/** Where the till last knew the server's mark to be: only for counting what waits while offline. */
export interface AcknowledgedMark {
  get(): number;
  set(seq: number): void;
}

export interface OutboxOptions {
  connection: Pick<ShopServerConnection, 'link' | 'lost' | 'onChange'>;
  sources: readonly JournalSource[];
  /**
   * The next batch's extent from the till's change log (storage/journal-changes.ts nextWindow):
   * each source is then asked for its own rows in the batch only. Without it every source is asked
   * for a whole batch and most of what is read is dropped (measured: docs/benchmarks.md).
   */
  window?: (mark: number, limit: number) => BatchWindow;
  /** The highest change sequence written on the till. */
  lastLocalSeq: () => number;
  /** Completed sales changed after a sequence: what the top bar counts as waiting. */
  waitingSales: (afterSeq: number) => number;
  acknowledged: AcknowledgedMark;
  held: HeldRows;
  /** The till's change log, for a till whose server holds more of it than it knows (a restore). */
  resync: {
    changedUpTo(seq: number): { kind: JournalKind; id: string }[];
    restampAbove(seq: number, rows: readonly { kind: JournalKind; id: string }[]): void;
  };
  clock: Clock;
  logger: Logger;
  batchSize?: number;
  /** Something the top bar shows changed (sending, sent, waiting). */
  onChange?: () => void;
  /**
   * Fault tests only: runs inside each batch's transaction, after its rows went up and before the
   * commit, so a test can kill the till or the server in the middle of a batch.
   */
  inBatch?: (rows: number) => Promise<void>;
}

export interface OutboxView {
  /** Rows are going up now. */
  sending: boolean;
  /** Everything written so far is on the server (as of the last look). */
  upToDate: boolean;
  waitingSales: number;
  /** Rows sent since the till started (each version counted). */
  sentRows: number;
  /** Rows the server refused, kept on the till. */
  heldRows: number;
}

/**
 * The rows after `mark` over every source, lowest sequence first, at most `limit`. With the
 * batch's `window`, each source is asked only for as many rows as it has in it, and none beyond
 * its last change are taken.
 */
export function nextBatch(
  sources: readonly JournalSource[],
  mark: number,
  limit: number,
  window?: BatchWindow,
): JournalEntry[] {
  const rows = window
    ? sources.flatMap((source) => {
        const count = window.counts[source.kind] ?? 0;
        return count > 0 ? source.after(mark, count).filter((e) => e.seq <= window.last) : [];
      })
    : sources.flatMap((source) => source.after(mark, limit));
  return rows.sort((a, b) => a.seq - b.seq).slice(0, limit);
}

export class Outbox {
  /** The server's mark for this till on the current link; null until read at connect. */
  private mark: number | null = null;
  private pumping = false;
  private again = false;
  private sentRows = 0;
  private gather: TimerHandle | null = null;
  private safety: TimerHandle | null = null;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(private readonly o: OutboxOptions) {
    this.unsubscribe = o.connection.onChange((state: LinkState) => {
      this.mark = null;
      this.safety?.cancel();
      this.safety = null;
      if (state.state === 'connected') {
        void this.pump();
        this.lookAgainLater();
      }
      this.o.onChange?.();
    });
  }

  /** Something was written on the till: send it soon (changes close together go as one batch). */
  nudge(): void {
    if (this.closed || this.gather || !this.o.connection.link()) return;
    if (this.mark !== null && this.o.lastLocalSeq() <= this.mark && !this.pumping) return;
    this.gather = this.o.clock.setTimer(() => {
      this.gather = null;
      void this.pump();
    }, GATHER_MS);
  }

  view(): OutboxView {
    const mark = this.mark ?? this.o.acknowledged.get();
    return {
      sending: this.pumping,
      upToDate: this.mark !== null && this.o.lastLocalSeq() <= this.mark,
      waitingSales: this.o.waitingSales(mark),
      sentRows: this.sentRows,
      heldRows: this.o.held.count(),
    };
  }

  /** Resolves once a pump in progress has finished (tests, and a clean close). */
  async idle(): Promise<void> {
    if (!this.pumping) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    this.gather?.cancel();
    this.safety?.cancel();
    await this.idle();
  }

  /** Sends every row after the server's mark, batch by batch, while the link lasts. */
  async pump(): Promise<void> {
    if (this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.o.onChange?.();
    let link: ShopServerLink | null = null;
    try {
      do {
        this.again = false;
        link = this.o.connection.link();
        if (!link) return;
        if (this.mark === null) this.mark = await this.readMark(link);
        for (;;) {
          const size = this.o.batchSize ?? BATCH_SIZE;
          const batch = nextBatch(this.o.sources, this.mark, size, this.o.window?.(this.mark, size));
          if (batch.length === 0 || this.closed) break;
          await this.sendOrSplit(link, batch);
          this.mark = batch[batch.length - 1]!.seq;
          this.sentRows += batch.length;
          this.o.acknowledged.set(this.mark);
          this.o.onChange?.();
        }
      } while (this.again && !this.closed);
    } catch (error) {
      this.mark = null;
      if (link && this.o.connection.link() === link) this.o.connection.lost(error);
      else this.o.logger.warn('shop server: a batch was not sent', error);
    } finally {
      this.pumping = false;
      this.o.onChange?.();
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async readMark(link: ShopServerLink): Promise<number> {
    const { rows } = await link.client.query<{ last_seq: string }>(MARK, [link.shopId, link.tillNumber]);
    const mark = rows[0] ? Number(rows[0].last_seq) : 0;
    // The server has more of this till than the till last knew it had sent (a till started from an
    // older backup, which counts its changes on from below the server's mark; or a till stopped
    // between a batch and noting it): every row of the till at or below the mark that the server
    // lacks gets a new change above it and goes up. The server's versions of the rest stay.
    if (mark > this.o.lastLocalSeq() || mark > this.o.acknowledged.get()) {
      const held = await link.client.query<{ kind: string; local_id: string }>(
        'SELECT kind, local_id FROM journal WHERE shop_id = $1 AND till_id = $2',
        [link.shopId, link.tillNumber],
      );
      const onServer = new Set(held.rows.map((r) => `${r.kind}\u0000${r.local_id}`));
      const missing = this.o.resync
        .changedUpTo(mark)
        .filter((row) => !onServer.has(`${row.kind}\u0000${row.id}`));
      this.o.resync.restampAbove(mark, missing);
      if (missing.length > 0)
        this.o.logger.warn(
          `shop server: its mark (${mark}) is ahead of what this till sent; sending ${missing.length} rows it lacks again`,
        );
    }
    return mark;
  }

  /**
   * Sends a batch; when the server refuses one of its rows, halves it until that row is found,
   * keeps it aside on the till (logged) and sends the rest. An empty batch that moves the mark past
   * it proves the link is sound: when the server refuses even that, the failure is not the row's.
   */
  private async sendOrSplit(link: ShopServerLink, batch: readonly JournalEntry[]): Promise<void> {
    try {
      await this.send(link, batch, batch[batch.length - 1]!.seq);
      if (this.o.held.count() > 0) this.o.held.release(batch);
    } catch (error) {
      if (!isRowRefused(error)) throw error;
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        await this.sendOrSplit(link, batch.slice(0, half));
        await this.sendOrSplit(link, batch.slice(half));
        return;
      }
      const entry = batch[0]!;
      await this.send(link, [], entry.seq);
      const code = (error as { code: string }).code;
      this.o.logger.error(
        `shop server: refused ${entry.kind} ${entry.id} (change ${entry.seq}, ${code}); kept on this till`,
        error,
      );
      this.o.held.hold(entry, code);
      this.o.onChange?.();
    }
  }

  private async send(link: ShopServerLink, batch: readonly JournalEntry[], upTo: number): Promise<void> {
    const { client } = link;
    const rows = batch.map((e) => ({ kind: e.kind, id: e.id, seq: e.seq, body: cleanBody(e.body) }));
    await client.query('BEGIN');
    try {
      await client.query(SEND, [JSON.stringify(rows), upTo]);
      await this.o.inBatch?.(batch.length);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** While connected: a look now and then, in case a change came without a nudge. */
  private lookAgainLater(): void {
    this.safety = this.o.clock.setTimer(() => {
      this.safety = null;
      if (this.closed || !this.o.connection.link()) return;
      this.nudge();
      this.lookAgainLater();
    }, SAFETY_LOOK_MS);
  }
}
