// One till catching up after 10,000 sales made while the shop server was away: the real outbox
// over the till's real journal (tests/bench/shop-server-till.ts) into a real PostgreSQL, from the
// server answering again to the till's "up to date". The time splits in two: waiting for the
// till's next try (its back-off), and sending. Also how long the till alone takes to read its
// journal in batches, so a slow figure can be placed on the till's side or the server's.
import { performance } from 'node:perf_hooks';
import { nextBatch } from '../../electron/services/shop-server/outbox';
import { journalSources } from '../../electron/services/app/journal-sources';
import { lastChangeSeq } from '../../electron/services/storage/journal-changes';
import type { TestPostgres } from '../support/postgres';
import { prepareShop, serverMark, startOutbox, tillSettings, type TillSide } from '../support/shop-server';
import { within } from '../support/wait';
import { quietLogger, watchOutbox } from './shop-server-till';

export interface CatchUp {
  batchSize: number;
  /** From the server answering again to the till connected (its back-off's wait). */
  reconnectMs: number;
  /** From connected to up to date. */
  sendMs: number;
  /** From the server answering again to up to date. */
  totalMs: number;
  rows: number;
}

/** Sends the whole journal of `side` to a fresh shop whose server was stopped while it waited. */
export async function catchUp(server: TestPostgres, side: TillSide, sales: number, batchSize: number) {
  const shop = await prepareShop(server, 1);
  const login = shop.tills[0]!;
  await server.server.stop();
  const watch = watchOutbox();
  const till = startOutbox(side, tillSettings(server, shop, login), login.password, {
    batchSize,
    // The tests' back-off, not the till's (1 s doubling to a minute): the wait is reported apart.
    backoff: { firstMs: 100, maxMs: 500 },
    logger: quietLogger,
    onChange: watch.onChange,
  });
  watch.watch(till.outbox);
  try {
    const offline = () => till.connection.state().state === 'offline';
    while (!offline()) await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = till.outbox.view().waitingSales;
    if (waiting !== sales) throw new Error(`the till counted ${waiting} sales waiting, not ${sales}`);
    const connected = new Promise<number>((resolve) => {
      const off = till.connection.onChange((state) => {
        if (state.state !== 'connected') return;
        off();
        resolve(performance.now());
      });
    });
    await server.server.start();
    const back = performance.now();
    const upToDate = watch.upToDate();
    const connectedAt = await within(connected, 'the till to connect again', 30_000);
    await within(upToDate, 'the till to catch up', 600_000);
    const done = performance.now();
    const [count] = await server.query<{ n: string }>(
      shop.database,
      "SELECT count(*) AS n FROM journal WHERE shop_id = $1 AND kind = 'sale'",
      [shop.shopId],
    );
    if (Number(count!.n) !== sales) throw new Error(`the server has ${count!.n} sales, not ${sales}`);
    if ((await serverMark(server, shop, 1)) !== lastChangeSeq(side.db))
      throw new Error('the server’s mark is not the till’s last change');
    return {
      batchSize,
      reconnectMs: connectedAt - back,
      sendMs: done - connectedAt,
      totalMs: done - back,
      rows: till.outbox.view().sentRows,
    } satisfies CatchUp;
  } finally {
    await till.close();
  }
}

/** How long the till takes to read its whole journal in batches of `batchSize` (nothing sent). */
export function readAllBatches(side: TillSide, batchSize: number): { ms: number; rows: number } {
  const { sources, window } = journalSources(side.db);
  const began = performance.now();
  let mark = 0;
  let rows = 0;
  for (;;) {
    const batch = nextBatch(sources, mark, batchSize, window(mark, batchSize));
    if (batch.length === 0) break;
    // As the outbox sends it: one JSON text per batch.
    JSON.stringify(batch.map((e) => ({ kind: e.kind, id: e.id, seq: e.seq, body: e.body })));
    rows += batch.length;
    mark = batch[batch.length - 1]!.seq;
  }
  return { ms: performance.now() - began, rows };
}
