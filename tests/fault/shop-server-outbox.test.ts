// The outbox against a real PostgreSQL: sales both tills made while the shop server was stopped
// all arrive, each once and under the right till, when it starts; a batch cut off by a killed
// server or a till killed with SIGKILL is sent again whole (nothing lost, nothing twice); a row
// that changes after it was sent replaces the older version on the server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import {
  lastChangeSeq,
  openTillSide,
  prepareShop,
  sentEverything,
  serverMark,
  serverRows,
  startOutbox,
  tillSettings,
  type TestShop,
  type TillOutbox,
  type TillSide,
} from '../support/shop-server';
import { shopServerStatus } from '../../electron/services/shop-server/service';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

const ROOT = resolve(__dirname, '../..');
const CHILD = join(ROOT, 'tests/fault/fixtures/shop-server-child.ts');

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

/** Runs `work` with a till database and its outbox, closing both after. */
async function withTill(
  shop: TestShop,
  tillIndex: number,
  work: (side: TillSide, start: (options?: Parameters<typeof startOutbox>[3]) => TillOutbox) => Promise<void>,
): Promise<void> {
  const side = openTillSide();
  const started: TillOutbox[] = [];
  const till = shop.tills[tillIndex]!;
  try {
    await work(side, (options) => {
      const outbox = startOutbox(side, tillSettings(server, shop, till), till.password, options);
      started.push(outbox);
      return outbox;
    });
  } finally {
    for (const outbox of started) await outbox.close();
    side.close();
  }
}

/** What the till's top bar would say (the service's own wording). */
const statusOf = (outbox: TillOutbox) =>
  shopServerStatus(true, outbox.connection.state(), outbox.outbox.view());

/** Each row's order of arrival on the server (it changes whenever a row is written again). */
async function arrivals(shop: TestShop): Promise<Map<string, string>> {
  const rows = await server.query<{ kind: string; local_id: string; shop_seq: string }>(
    shop.database,
    'SELECT kind, local_id, shop_seq FROM journal WHERE shop_id = $1',
    [shop.shopId],
  );
  return new Map(rows.map((r) => [`${r.kind}/${r.local_id}`, r.shop_seq]));
}

/** Rows committed before a cut were not written again after it: their order of arrival stands. */
async function assertNotWrittenTwice(shop: TestShop, before: Map<string, string>) {
  assert.ok(before.size > 0, 'some rows were committed before the cut');
  const now = await arrivals(shop);
  for (const [key, seq] of before) assert.equal(now.get(key), seq, `${key} written once`);
}

/** Every sale on the server exactly once, each with the version the till holds now. */
async function assertAllSalesOnce(shop: TestShop, tillNumber: number, side: TillSide, ids: string[]) {
  const rows = await serverRows(server, shop, tillNumber, 'sale');
  assert.deepEqual(new Set(rows.map((r) => r.local_id)), new Set(ids));
  for (const row of rows) assert.equal(row.body.state, 'completed');
  const local = side.db
    .prepare("SELECT local_id, change_seq FROM journal_changes WHERE kind = 'sale'")
    .all() as { local_id: string; change_seq: number }[];
  const seqs = new Map(local.map((r) => [r.local_id, r.change_seq]));
  for (const row of rows)
    assert.equal(Number(row.seq), seqs.get(row.local_id), `${row.local_id}: newest version`);
  assert.equal(await serverMark(server, shop, tillNumber), lastChangeSeq(side.db));
}

test('the shop server stopped while both tills make 50 sales each, then started: 100 sales on the server, each once', async (t) => {
  const shop = await prepareShop(server);
  await withTill(shop, 0, (one, startOne) =>
    withTill(shop, 1, async (two, startTwo) => {
      const tills = [
        { number: 1, side: one, outbox: startOne(), ids: [] as string[] },
        { number: 2, side: two, outbox: startTwo(), ids: [] as string[] },
      ];
      for (const till of tills)
        await waitUntil(
          () => sentEverything(till.outbox),
          `till ${till.number} to connect, with nothing to send`,
        );
      await server.server.stop();
      try {
        for (const till of tills)
          await waitUntil(
            () => till.outbox.connection.state().state === 'offline',
            `till ${till.number} to find the server away`,
          );
        // Both keep selling, turn about, through their own sales ledgers.
        for (let i = 0; i < 50; i++) for (const till of tills) till.ids.push(...till.side.sell(1, 250 + i));
        for (const till of tills) {
          till.outbox.outbox.nudge();
          const status = statusOf(till.outbox);
          assert.equal(status.state, 'offline');
          assert.equal(status.waitingSales, 50);
          assert.equal(status.pill, 'Shop server: offline, 50 sales waiting');
        }
        const began = performance.now();
        await server.server.start();
        // Nobody tells the tills: each finds the server again through its own back-off.
        for (const till of tills)
          await waitUntil(() => sentEverything(till.outbox), `till ${till.number} to catch up`, 30_000);
        const caughtUpMs = Math.round(performance.now() - began);

        const all = await server.query<{ till_id: number; local_id: string }>(
          shop.database,
          "SELECT till_id, local_id FROM journal WHERE shop_id = $1 AND kind = 'sale'",
          [shop.shopId],
        );
        assert.equal(all.length, 100, 'one hundred sale rows on the server');
        assert.equal(new Set(all.map((r) => `${r.till_id}/${r.local_id}`)).size, 100, 'each once');
        for (const till of tills) {
          assert.deepEqual(
            all
              .filter((r) => r.till_id === till.number)
              .map((r) => r.local_id)
              .sort(),
            [...till.ids].sort(),
            `till ${till.number}'s own 50 sales under its number`,
          );
          await assertAllSalesOnce(shop, till.number, till.side, till.ids);
          const status = statusOf(till.outbox);
          assert.equal(status.state, 'up_to_date');
          assert.equal(status.waitingSales, 0);
          assert.equal(status.pill, 'Shop server: up to date');
        }
        // Each tender went up inside its sale, with the amount that till took.
        const first = (await serverRows(server, shop, 2, 'sale')).find(
          (r) => r.local_id === tills[1]!.ids[0],
        );
        assert.deepEqual(
          (first!.body.tenders as { kind: string; amount: number }[]).map((x) => [x.kind, x.amount]),
          [['cash', 250]],
        );
        t.diagnostic(
          `PostgreSQL ready in ${server.startedInMs} ms; both tills caught up ${caughtUpMs} ms after it started`,
        );
      } finally {
        await server.server.start().catch(() => undefined);
      }
    }),
  );
});

test('the server killed in the middle of a batch: the batch is sent again whole, nothing twice', async () => {
  const shop = await prepareShop(server);
  await withTill(shop, 0, async (side, start) => {
    const ids = side.sell(120);
    let batches = 0;
    let killed = false;
    let committed = new Map<string, string>();
    const till = start({
      batchSize: 25,
      inBatch: async () => {
        batches++;
        // The third batch's rows are on the server, uncommitted, when the server dies.
        if (batches === 3 && !killed) {
          killed = true;
          // The test server runs without synchronous commit (speed): a checkpoint makes what is
          // committed so far as durable as on a shop's real server before the crash.
          await server.query(shop.database, 'CHECKPOINT');
          committed = await arrivals(shop);
          await server.server.kill();
        }
      },
    });
    await waitUntil(() => killed && till.connection.state().state === 'offline', 'the cut to be seen');
    // Two batches committed before the cut; the third's rows are not there.
    await server.server.start();
    await waitUntil(() => sentEverything(till), 'the outbox to resume', 30_000);
    await assertAllSalesOnce(shop, 1, side, ids);
    await assertNotWrittenTwice(shop, committed);
    assert.ok(batches >= 120 / 25 + 1, `the cut batch was sent again (${batches} batches)`);
  });
});

test('a sale completed and a refund settled after being sent go up again and replace the older version', async () => {
  const shop = await prepareShop(server);
  await withTill(shop, 0, async (side, start) => {
    const till = start();
    const sale = side.ledger.open('GBP', [
      { productId: 'p', sku: 'P', name: 'Cake', quantity: 2, unitPrice: 300, lineTotal: 600, vatRate: 0 },
    ]);
    await waitUntil(
      async () => (await serverRows(server, shop, 1, 'sale'))[0]?.body.state === 'open',
      'the open sale',
    );
    side.ledger.addTender(sale.saleId, { kind: 'cash', amount: 600, given: 1000 });
    till.outbox.nudge();
    await waitUntil(
      async () => (await serverRows(server, shop, 1, 'sale'))[0]?.body.state === 'completed',
      'the completed sale',
    );
    const [row] = await serverRows(server, shop, 1, 'sale');
    assert.equal((row!.body.tenders as unknown[]).length, 1);

    // A refund whose card part is still running, then settled.
    side.db
      .prepare(
        `INSERT INTO sale_refunds (id, sale_id, state, currency, total, card_amount, cash_amount, reason, created_at)
         VALUES ('r1', ?, 'card_pending', 'GBP', 300, 300, 0, 'Dropped', '2026-01-01T10:00:00Z')`,
      )
      .run(sale.saleId);
    side.db
      .prepare(
        "INSERT INTO sale_refund_lines (refund_id, line_index, quantity, amount) VALUES ('r1', 0, 1, 300)",
      )
      .run();
    till.outbox.nudge();
    await waitUntil(
      async () => (await serverRows(server, shop, 1, 'refund'))[0]?.body.state === 'card_pending',
      'the pending refund',
    );
    side.db
      .prepare("UPDATE sale_refunds SET state = 'completed', completed_at = 'then' WHERE id = 'r1'")
      .run();
    till.outbox.nudge();
    await waitUntil(
      async () => (await serverRows(server, shop, 1, 'refund'))[0]?.body.state === 'completed',
      'the settled refund',
    );
    const refunds = await serverRows(server, shop, 1, 'refund');
    assert.equal(refunds.length, 1);
    assert.deepEqual(refunds[0]!.body.lines, [{ refundId: 'r1', lineIndex: 0, quantity: 1, amount: 300 }]);
    await waitUntil(() => sentEverything(till), 'up to date');
    assert.equal(await serverMark(server, shop, 1), lastChangeSeq(side.db));
  });
});

/** Starts the till child on a database; it says each batch it begins, and "up to date" at the end. */
function startChild(dbFile: string, shop: TestShop, pauseInBatch: number | null) {
  const till = shop.tills[0]!;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CHILD,
      dbFile,
      JSON.stringify(tillSettings(server, shop, till)),
      String(pauseInBatch ?? 0),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SHOP_TILL_PASSWORD: till.password },
    },
  );
  const said: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  createInterface({ input: child.stdout }).on('line', (line) => said.push(line));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, said, stderr: () => stderr, exited };
}

test('the till killed (SIGKILL) in the middle of a batch resends it after a restart: nothing lost, nothing twice', async () => {
  const shop = await prepareShop(server);
  const side = openTillSide();
  try {
    const ids = side.sell(300);
    const first = startChild(side.dbFile, shop, 4);
    await waitUntil(
      () => first.said.includes('in batch 4'),
      'the child to be inside its fourth batch',
      30_000,
    ).catch((error: unknown) =>
      assert.fail(`${String(error)}; said=${first.said.join(' | ')} ${first.stderr()}`),
    );
    first.child.kill('SIGKILL');
    await first.exited;
    // Three batches of 50 committed; the fourth died with the till, and the mark with it.
    assert.equal((await serverRows(server, shop, 1, 'sale')).length, 150);
    const hundredAndFiftieth = side.db
      .prepare('SELECT change_seq FROM journal_changes ORDER BY change_seq LIMIT 1 OFFSET 149')
      .get() as { change_seq: number };
    assert.equal(await serverMark(server, shop, 1), hundredAndFiftieth.change_seq);
    const committed = await arrivals(shop);
    const second = startChild(side.dbFile, shop, null);
    assert.equal(await second.exited, 0, second.stderr());
    assert.ok(second.said.includes('up to date'), second.said.join(' | '));
    assert.equal(second.said.filter((l) => l.startsWith('in batch')).length, 3, 'it resumed from the mark');
    await assertAllSalesOnce(shop, 1, side, ids);
    await assertNotWrittenTwice(shop, committed);
  } finally {
    side.close();
  }
});
