// The change feed (down) and this till's shop-wide edits (up), over the till's second login to the
// shop server (its own connection: a LISTEN and the edits never share the outbox's transactions).
// A look: join once (the server's rows are taken first; then the till's own go up), note this
// till's edits, take the server's rows after the mark, then send the queued edits through
// shop_data_put() with the version each was based on. LISTEN wakes it (the payload is only the new
// sequence number); a slow look on the Clock covers a lost notification; so does every connect.
import type pg from 'pg';
import type { Clock, TimerHandle } from '../common/clock';
import type { Logger } from '../common/logger';
import type { LinkState, ShopServerConnection, ShopServerLink } from './connection';
import type { QueuedEdit, ServerRow, ShopDataQueue } from './shop-data-queue';

/** Rows per read of the feed. */
const FEED_BATCH = 500;
/** Notifications close together make one look. */
const GATHER_MS = 10;
/** The fallback when a notification was lost (measured: docs/shop-server.md). */
export const SLOW_LOOK_MS = 30_000;

const FEED = `SELECT kind, key, version, change_seq, body, deleted FROM shop_data
  WHERE shop_id = $1 AND change_seq > $2 ORDER BY change_seq LIMIT $3`;
const PUT = 'SELECT outcome, key, version, body, deleted FROM shop_data_put($1, $2, $3, $4::jsonb, $5)';

/** The channel a shop's tills listen on (a shop's number only: no quoting needed). */
export const channelOf = (shopId: number) => `paydesk_shop_data_${shopId}`;

export interface ShopFeedOptions {
  connection: Pick<ShopServerConnection, 'link' | 'lost' | 'onChange'>;
  queue: ShopDataQueue;
  /** Which server and login the record is for (another one starts the record over). */
  server: () => string;
  clock: Clock;
  logger: Logger;
  /** Conflicts or waiting edits changed (the screens follow). */
  onChange?: () => void;
  slowLookMs?: number;
  /** false: no LISTEN, the slow look alone (the bench compares the two). */
  listen?: boolean;
}

/** A failure of the till's own side (its database, an area): the link to the server is fine. */
class TillSideError extends Error {
  constructor(readonly failure: unknown) {
    super('the till could not record shop-wide data');
  }
}

/** Runs the till's side of a step: a failure there does not count against the connection. */
function onTill<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new TillSideError(error);
  }
}

export class ShopFeed {
  private running = false;
  private again = false;
  private closed = false;
  private gather: TimerHandle | null = null;
  private slow: TimerHandle | null = null;
  private listeningOn: pg.Client | null = null;
  private readonly unsubscribe: () => void;
  private readonly idleWaiters: (() => void)[] = [];
  /** Looks that finished since the till started (tests wait on it). */
  looks = 0;

  constructor(private readonly o: ShopFeedOptions) {
    // Only while connected: a till with no shop server runs no timer of this.
    this.unsubscribe = o.connection.onChange((state: LinkState) => {
      this.stopListening();
      this.slow?.cancel();
      this.slow = null;
      if (state.state === 'connected') {
        this.look();
        this.lookAgainLater();
      }
    });
  }

  /** Something may have changed (an edit here, a notification): look soon. */
  look(): void {
    if (this.closed || this.gather) return;
    this.gather = this.o.clock.setTimer(() => {
      this.gather = null;
      void this.run();
    }, GATHER_MS);
  }

  /** Notes this till's edits now, connected or not (offline ones wait in the queue). */
  noteLocalEdits(): void {
    if (this.closed) return;
    try {
      if (this.o.queue.recordLocalEdits() > 0) this.o.onChange?.();
    } catch (error) {
      this.o.logger.warn('shop server: this till’s edits could not be noted', error);
    }
    this.look();
  }

  async idle(): Promise<void> {
    if (!this.running && !this.gather) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    this.gather?.cancel();
    this.gather = null;
    this.slow?.cancel();
    this.stopListening();
    await this.idle();
  }

  /** One whole look: join, note, take, send; again if something came in meanwhile. */
  async run(): Promise<void> {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    let link: ShopServerLink | null = null;
    try {
      do {
        this.again = false;
        link = this.o.connection.link();
        if (!link) break;
        await this.listen(link);
        onTill(() => this.o.queue.useServer(this.o.server()));
        if (!onTill(() => this.o.queue.joined())) {
          await this.take(link);
          onTill(() => this.o.queue.markJoined());
        }
        onTill(() => this.o.queue.recordLocalEdits());
        await this.take(link);
        // Again after taking: a row that came down may have made an edit moot (a product this till
        // added meanwhile under the same SKU became the server's), so it is not sent as new.
        onTill(() => this.o.queue.recordLocalEdits());
        await this.send(link);
        this.looks++;
      } while (this.again && !this.closed);
    } catch (error) {
      if (error instanceof TillSideError)
        this.o.logger.warn('shop server: shop-wide data not recorded on this till', error.failure);
      else if (link && this.o.connection.link() === link) this.o.connection.lost(error);
      else this.o.logger.warn('shop server: shop-wide data not synced', error);
    } finally {
      this.running = false;
      this.o.onChange?.();
      if (!this.gather) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async take(link: ShopServerLink): Promise<void> {
    for (;;) {
      const { rows } = await link.client.query<{
        kind: string;
        key: string;
        version: string;
        change_seq: string;
        body: unknown;
        deleted: boolean;
      }>(FEED, [link.shopId, onTill(() => this.o.queue.mark()), FEED_BATCH]);
      if (rows.length === 0) return;
      const batch: ServerRow[] = rows.map((r) => ({
        kind: r.kind,
        key: r.key,
        version: Number(r.version),
        changeSeq: Number(r.change_seq),
        body: r.deleted ? null : r.body,
      }));
      const before = this.o.queue.refused.length;
      const touched = onTill(() => this.o.queue.applyServerRows(batch));
      for (const r of this.o.queue.refused.slice(before))
        this.o.logger.warn(`shop server: a ${r.kind} row was not taken (${r.reason})`);
      for (const area of touched) area.announce();
      if (rows.length < FEED_BATCH) return;
    }
  }

  private async send(link: ShopServerLink): Promise<void> {
    for (const edit of onTill(() => this.o.queue.queued())) {
      const answer = await this.put(link, edit);
      if (answer.outcome === 'conflict') {
        this.o.logger.info(`shop server: a ${edit.kind} edit met a newer version: kept for a manager`);
        onTill(() => this.o.queue.conflicted(edit, answer.version, answer.body));
      } else if (answer.outcome === 'merged') {
        // Another till added the same product first: this till's becomes the shop's.
        onTill(() => this.o.queue.merged(edit, answer))?.announce();
      } else onTill(() => this.o.queue.written(edit, answer.version, answer.body));
      this.o.onChange?.();
    }
  }

  private async put(link: ShopServerLink, edit: QueuedEdit) {
    const { rows } = await link.client.query<{
      outcome: 'written' | 'same' | 'conflict' | 'merged';
      key: string;
      version: string;
      body: unknown;
      deleted: boolean;
    }>(PUT, [
      edit.kind,
      edit.key,
      edit.baseVersion,
      edit.body === null ? null : JSON.stringify(edit.body),
      edit.body === null,
    ]);
    const row = rows[0]!;
    return {
      outcome: row.outcome,
      key: row.key,
      version: Number(row.version),
      body: row.deleted ? null : row.body,
    };
  }

  private async listen(link: ShopServerLink): Promise<void> {
    if (this.o.listen === false || this.listeningOn === link.client) return;
    this.stopListening();
    link.client.on('notification', this.notified);
    this.listeningOn = link.client;
    await link.client.query(`LISTEN ${channelOf(link.shopId)}`);
  }

  private readonly notified = (message: pg.Notification) => {
    if (Number(message.payload) > this.o.queue.mark()) this.look();
  };

  private stopListening(): void {
    this.listeningOn?.removeListener('notification', this.notified);
    this.listeningOn = null;
  }

  private lookAgainLater(): void {
    this.slow = this.o.clock.setTimer(() => {
      this.slow = null;
      if (this.closed || !this.o.connection.link()) return;
      this.look();
      this.lookAgainLater();
    }, this.o.slowLookMs ?? SLOW_LOOK_MS);
  }
}
