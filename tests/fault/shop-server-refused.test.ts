// Rows the shop server cannot take, on a real PostgreSQL: text jsonb refuses (a NUL character, half
// an emoji) is cleaned before it goes; a row the server still refuses is found, kept aside on the
// till and said in staff words, while every other row goes on and the link stays up; and a link
// that breaks straight after it was made does not knock again every second.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLogger } from '../../electron/services/common/logger';
import { shopServerStatus } from '../../electron/services/shop-server/service';
import {
  lastChangeSeq,
  openTillSide,
  prepareShop,
  sentEverything,
  serverMark,
  serverRows,
  startOutbox,
  tillSettings,
} from '../support/shop-server';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

test('a name with a NUL character or cut inside an emoji goes up cleaned; nothing is held back', async () => {
  const shop = await prepareShop(server, 1);
  const till = shop.tills[0]!;
  const side = openTillSide();
  const outbox = startOutbox(side, tillSettings(server, shop, till), till.password);
  try {
    const names = ['Tea\u0000 for two', `Cake ${'🍰'.slice(0, 1)}`, 'Flat white'];
    for (const name of names) {
      const sale = side.ledger.open('GBP', [
        { productId: 'p', sku: 'P', name, quantity: 1, unitPrice: 300, lineTotal: 300, vatRate: 2000 },
      ]);
      side.ledger.addTender(sale.saleId, { kind: 'cash', amount: 300, given: 300 });
    }
    outbox.outbox.nudge();
    await waitUntil(() => sentEverything(outbox), 'the till to send its sales');
    const rows = await serverRows(server, shop, till.number, 'sale');
    assert.equal(rows.length, 3);
    const text = JSON.stringify(rows.map((r) => r.body));
    assert.match(text, /Tea for two/);
    assert.match(text, /Cake \uFFFD/);
    assert.equal(outbox.outbox.view().heldRows, 0);
    assert.equal(outbox.connection.state().state, 'connected');
  } finally {
    await outbox.close();
    side.close();
  }
});

test('a row the server refuses is kept on the till and said in staff words; the rest goes on, the link stays up', async () => {
  const shop = await prepareShop(server, 1);
  const till = shop.tills[0]!;
  const side = openTillSide();
  const lines: string[] = [];
  const logger = createLogger('shop-server-test', (line) => lines.push(line));
  const ids = side.sell(5);
  // The server's owner refuses one sale (as a constraint added later might): SQLSTATE 23514.
  await server.query(
    shop.database,
    `ALTER TABLE journal ADD CONSTRAINT not_this CHECK (local_id <> '${ids[2]}')`,
  );
  const states: string[] = [];
  const outbox = startOutbox(side, tillSettings(server, shop, till), till.password, {
    logger,
    batchSize: 4,
    onChange: () => states.push(outbox.connection.state().state),
  });
  try {
    await waitUntil(() => sentEverything(outbox), 'the till to send what it can');
    const sent = (await serverRows(server, shop, till.number, 'sale')).map((r) => r.local_id);
    assert.deepEqual(new Set(sent), new Set(ids.filter((_, i) => i !== 2)));
    assert.equal(await serverMark(server, shop, till.number), lastChangeSeq(side.db));
    assert.ok(!states.includes('offline'), 'the link never counted as lost');
    assert.equal(outbox.connection.state().state, 'connected');
    const held = side.db.prepare('SELECT kind, local_id, reason FROM shop_server_held').all();
    assert.deepEqual(held, [{ kind: 'sale', local_id: ids[2], reason: '23514' }]);
    assert.ok(
      lines.some((l) => l.includes('ERROR') && l.includes(`refused sale ${ids[2]}`)),
      lines.join('\n'),
    );
    const status = shopServerStatus(true, outbox.connection.state(), outbox.outbox.view());
    assert.equal(status.pill, 'Shop server: 1 record could not be sent');
    assert.deepEqual(status.pillWords, { key: 'shopServer.heldOne' });
    assert.equal(status.detailWords?.key, 'shopServer.heldDetail');
    // Later sales still go.
    const later = side.sell(2);
    outbox.outbox.nudge();
    await waitUntil(
      async () => (await serverRows(server, shop, till.number, 'sale')).length === 6,
      'the later sales to arrive',
    );
    assert.deepEqual(
      (await serverRows(server, shop, till.number, 'sale')).slice(-2).map((r) => r.local_id),
      later,
    );
  } finally {
    await outbox.close();
    side.close();
  }
});

test('a link that fails straight after it is made backs off longer each time instead of knocking every 100 ms', async () => {
  const shop = await prepareShop(server, 1);
  const till = shop.tills[0]!;
  const side = openTillSide();
  side.sell(1);
  // The till signs in, then every batch fails: not the row's doing (an empty batch fails too).
  await server.query(
    shop.database,
    'REVOKE EXECUTE ON FUNCTION send_journal_batch(jsonb, bigint) FROM paydesk_till',
  );
  const connectedAt: number[] = [];
  const logger = createLogger('shop-server-test', (line) => {
    if (line.includes('connected as till')) connectedAt.push(performance.now());
  });
  const outbox = startOutbox(side, tillSettings(server, shop, till), till.password, {
    logger,
    backoff: { firstMs: 100, maxMs: 60_000, refusedMs: 60_000 },
  });
  try {
    await waitUntil(() => connectedAt.length >= 4, 'four connects', 20_000);
    const gaps = connectedAt.slice(1).map((t, i) => t - connectedAt[i]!);
    // 100, 200, 400 ms (and the connect itself) rather than 100, 100, 100.
    assert.ok(gaps[2]! >= 400, `gaps ${gaps.map(Math.round).join(', ')}`);
    // Each gap also holds the connect's own time, the same each time: the waits grow by 300 ms.
    assert.ok(gaps[2]! - gaps[0]! >= 200, `gaps ${gaps.map(Math.round).join(', ')}`);
    assert.equal(outbox.outbox.view().heldRows, 0, 'a failure of every batch holds no row');
  } finally {
    await outbox.close();
    side.close();
  }
});
