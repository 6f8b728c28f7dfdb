// 50 tills × 2,000 sales into one PostgreSQL at once: each till its own role and connection and the
// real outbox, sending real journal rows (2,000 sales read once from a till's real database, the
// same rows for every till, each under its own till number) in the outbox's own batches. Reading
// a till's SQLite is left out here (each real till does it on its own computer; the catch-up
// bench measures it): all 50 outboxes share this one process, and the server is what is measured.
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../electron/services/common/clock';
import { ShopServerConnection } from '../../electron/services/shop-server/connection';
import {
  JOURNAL_KINDS,
  type JournalEntry,
  type JournalSource,
} from '../../electron/services/shop-server/journal-source';
import { nextBatch, Outbox } from '../../electron/services/shop-server/outbox';
import { journalSources } from '../../electron/services/app/journal-sources';
import type { TestPostgres } from '../support/postgres';
import { prepareShop, tillSettings, type TillSide } from '../support/shop-server';
import { within } from '../support/wait';
import { quietLogger, watchOutbox } from './shop-server-till';

/** Every journal row of a till, lowest sequence first, as the outbox reads them. */
export function journalOf(side: TillSide): JournalEntry[] {
  const { sources, window } = journalSources(side.db);
  const all: JournalEntry[] = [];
  for (let mark = 0; ;) {
    const batch = nextBatch(sources, mark, 1_000, window(mark, 1_000));
    if (batch.length === 0) return all;
    all.push(...batch);
    mark = batch[batch.length - 1]!.seq;
  }
}

/** The rows of one kind after a sequence, from memory; nothing until `released()`. */
function memorySource(kind: JournalSource['kind'], rows: JournalEntry[], released: () => boolean) {
  const mine = rows.filter((r) => r.kind === kind);
  return {
    kind,
    after(seq: number, limit: number) {
      if (!released()) return [];
      let low = 0;
      let high = mine.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (mine[mid]!.seq <= seq) low = mid + 1;
        else high = mid;
      }
      return mine.slice(low, low + limit);
    },
  } satisfies JournalSource;
}

export interface Fleet {
  tills: number;
  sales: number;
  rows: number;
  batchSize: number;
  ms: number;
}

/**
 * Connects `tills` tills to a fresh shop with nothing to send, then gives each the whole of
 * `journal` at once and times until every one is up to date.
 */
export async function fleet(
  server: TestPostgres,
  journal: JournalEntry[],
  tills: number,
  batchSize: number,
): Promise<Fleet> {
  const shop = await prepareShop(server, tills);
  let released = false;
  const lastSeq = journal[journal.length - 1]!.seq;
  const sources = JOURNAL_KINDS.map((kind) => memorySource(kind, journal, () => released));
  const waitingSales = (mark: number) =>
    released ? journal.filter((r) => r.kind === 'sale' && r.seq > mark).length : 0;
  const running = shop.tills.map((login) => {
    let acknowledged = 0;
    const watch = watchOutbox();
    const connection = new ShopServerConnection({
      settings: () => tillSettings(server, shop, login),
      password: async () => login.password,
      clock: systemClock,
      logger: quietLogger,
      backoff: { firstMs: 100, maxMs: 500 },
    });
    const outbox = new Outbox({
      connection,
      sources,
      lastLocalSeq: () => (released ? lastSeq : 0),
      waitingSales,
      acknowledged: { get: () => acknowledged, set: (seq) => (acknowledged = seq) },
      held: { hold: () => undefined, release: () => undefined, count: () => 0 },
      resync: { changedUpTo: () => [], restampAbove: () => undefined },
      clock: systemClock,
      logger: quietLogger,
      batchSize,
      onChange: watch.onChange,
    });
    watch.watch(outbox);
    return { connection, outbox, watch };
  });
  try {
    // Signed in (SCRAM for 50 roles takes a while) and idle before the clock starts.
    for (const till of running) till.connection.restart();
    await within(
      Promise.all(running.map((t) => t.watch.upToDate())),
      'every till to connect, with nothing to send',
      120_000,
    );
    released = true;
    const began = performance.now();
    const done = Promise.all(running.map((t) => t.watch.upToDate()));
    for (const till of running) till.outbox.nudge();
    await within(done, 'every till to send its sales', 1_200_000);
    const ms = performance.now() - began;
    const sales = journal.filter((r) => r.kind === 'sale').length;
    const [count] = await server.query<{ n: string }>(
      shop.database,
      "SELECT count(*) AS n FROM journal WHERE shop_id = $1 AND kind = 'sale'",
      [shop.shopId],
    );
    if (Number(count!.n) !== sales * tills)
      throw new Error(`the server has ${count!.n} sales, not ${sales * tills}`);
    return { tills, sales: sales * tills, rows: journal.length * tills, batchSize, ms };
  } finally {
    for (const till of running) {
      await till.outbox.close();
      await till.connection.stop();
    }
  }
}
