// The till's connection to a real PostgreSQL: it signs in with its own login, refuses in words a
// schema it was not built for (either way), a wrong password, a login that is no till or another
// till's number, and uses TLS when the server offers it (required, with a trusted certificate, when
// set to verify). Never a crash: every refusal is a ShopServerProblem with staff words.
import assert from 'node:assert/strict';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { systemClock } from '../../electron/services/common/clock';
import { createLogger } from '../../electron/services/common/logger';
import { connectShopServer, ShopServerConnection } from '../../electron/services/shop-server/connection';
import { migrate } from '../../electron/services/shop-server/migrate';
import {
  SHOP_SCHEMA_VERSION,
  SHOP_SERVER_MIGRATIONS,
} from '../../electron/services/shop-server/schema/index';
import { ShopServerProblem } from '../../electron/services/shop-server/words';
import { freePort } from '../../electron/services/shop-server/local-postgres';
import { SHOP_SERVER_WORDS } from '../../shared/shop-server-words';
import { prepareShop, tillSettings, type TestShop } from '../support/shop-server';
import { selfSignedCertificate, startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
let tlsServer: TestPostgres;
let shop: TestShop;
before(async () => {
  [server, tlsServer] = await Promise.all([
    startTestPostgres(),
    startTestPostgres({ tls: selfSignedCertificate() }),
  ]);
  shop = await prepareShop(server);
});
after(async () => {
  await server?.close();
  await tlsServer?.close();
});

/** The refusal a connect ends in: its words key and kind (fails the test if it connects). */
async function refusal(input: Parameters<typeof connectShopServer>[0]): Promise<ShopServerProblem> {
  try {
    const link = await connectShopServer(input);
    await link.close();
  } catch (error) {
    assert.ok(error instanceof ShopServerProblem, `a worded refusal, not ${String(error)}`);
    return error;
  }
  return assert.fail('it connected');
}

test('a till signs in with its own login and learns which till and shop it is', async () => {
  const till = shop.tills[1]!;
  const link = await connectShopServer({
    settings: tillSettings(server, shop, till),
    password: till.password,
  });
  try {
    assert.deepEqual(
      { shop: link.shopName, number: link.tillNumber, name: link.tillName, id: link.shopId },
      { shop: 'Corner Café', number: 2, name: 'Till 2', id: shop.shopId },
    );
    // The test server offers no TLS: "prefer" falls back to a plain connection.
    assert.equal(link.encrypted, false);
    const who = await link.client.query('SELECT current_user AS me');
    assert.equal(who.rows[0].me, till.login);
  } finally {
    await link.close();
  }
});

test('a shop server older than the till is refused in words: it needs updating', async () => {
  const till = shop.tills[0]!;
  const problem = await refusal({
    settings: tillSettings(server, shop, till),
    password: till.password,
    schemaVersion: SHOP_SCHEMA_VERSION + 1,
  });
  assert.equal(problem.key, 'serverOutdated');
  assert.equal(problem.kind, 'refused');
  assert.equal(
    problem.message,
    'The shop server needs updating: ask whoever looks after it to run the update.',
  );
});

test('a shop server newer than the till is refused in words: this till needs updating', async () => {
  const newer = await prepareShop(server, 1);
  const client = new pg.Client({ connectionString: newer.ownerUrl });
  await client.connect();
  try {
    await migrate(client, [
      ...SHOP_SERVER_MIGRATIONS,
      { version: SHOP_SCHEMA_VERSION + 1, name: 'later', sql: 'SELECT 1' },
    ]);
  } finally {
    await client.end();
  }
  const till = newer.tills[0]!;
  const problem = await refusal({ settings: tillSettings(server, newer, till), password: till.password });
  assert.equal(problem.key, 'tillOutdated');
  assert.match(problem.message, /^This till needs updating/);
});

test('a database with no shop schema yet says the server needs updating', async () => {
  const empty = await server.freshDatabase();
  const problem = await refusal({
    settings: {
      ...tillSettings(server, shop, shop.tills[0]!),
      address: `postgres://127.0.0.1:${server.server.port}/${empty.name}`,
      login: server.server.superuser,
    },
    password: server.server.password,
  });
  assert.equal(problem.key, 'serverOutdated');
});

test('a wrong password, no password, a login that is no till, another till’s number: each refused in words', async () => {
  const till = shop.tills[0]!;
  const settings = tillSettings(server, shop, till);
  assert.equal((await refusal({ settings, password: 'not-it' })).key, 'badLogin');
  assert.equal((await refusal({ settings, password: null })).key, 'noPassword');
  assert.equal(
    (
      await refusal({
        settings: { ...settings, login: server.server.superuser },
        password: server.server.password,
      })
    ).key,
    'notATill',
  );
  const wrong = await refusal({ settings: { ...settings, tillNumber: 2 }, password: till.password });
  assert.equal(wrong.key, 'wrongNumber');
  assert.equal(
    wrong.message,
    'The shop server knows this login as till 1, but this till is set up as till 2: a manager corrects the till number under Settings → Shop server.',
  );
  assert.equal(
    (
      await refusal({
        settings: { ...settings, address: `postgres://127.0.0.1:${server.server.port}/nope` },
        password: till.password,
      })
    ).key,
    'noDatabase',
  );
});

test('a server that does not answer is "offline" (the till keeps trying), never a crash; the log keeps the password out', async () => {
  const till = shop.tills[0]!;
  const port = await freePort();
  const settings = { ...tillSettings(server, shop, till), address: `postgres://127.0.0.1:${port}/x` };
  const problem = await refusal({ settings, password: till.password });
  assert.equal(problem.key, 'unreachable');
  assert.equal(problem.kind, 'offline');
  assert.equal(problem.message, SHOP_SERVER_WORDS.unreachable);
  assert.deepEqual(problem.said.words, { key: 'shopServer.unreachable' });
  // The kept connection logs why (the log is for whoever looks after the till), never the password.
  const lines: string[] = [];
  const connection = new ShopServerConnection({
    settings: () => settings,
    password: async () => till.password,
    clock: systemClock,
    logger: createLogger('shop-server-test', (line) => lines.push(line)),
    backoff: { firstMs: 50, maxMs: 100 },
  });
  connection.restart();
  try {
    await waitUntil(() => lines.length >= 2, 'two attempts logged');
    const state = connection.state();
    assert.equal(state.state, 'offline');
    assert.equal(state.state === 'offline' && state.problem.message, SHOP_SERVER_WORDS.unreachable);
    assert.match(lines.join('\n'), /not connected \(unreachable\).*ECONNREFUSED/);
    for (const line of lines) {
      assert.ok(!line.includes(till.password), 'no password in the log');
      assert.doesNotMatch(line, /postgres(ql)?:\/\/[^/\s]*:[^/\s]*@/, 'no address with a password in it');
    }
  } finally {
    await connection.stop();
  }
});

test(
  'closing on a network that stopped answering takes seconds, not forever',
  { timeout: 60_000 },
  async () => {
    const till = shop.tills[0]!;
    // A line between the till and the server that goes silent: it forwards nothing and closes nothing.
    let silent = false;
    const sockets = new Set<Socket>();
    const line = createServer({ allowHalfOpen: true }, (fromTill) => {
      const toServer = connect(server.server.port, '127.0.0.1');
      sockets.add(fromTill).add(toServer);
      fromTill.on('data', (chunk) => silent || toServer.write(chunk));
      toServer.on('data', (chunk) => silent || fromTill.write(chunk));
      for (const socket of [fromTill, toServer]) socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => line.listen(0, '127.0.0.1', resolve));
    const port = (line.address() as AddressInfo).port;
    try {
      const link = await connectShopServer({
        settings: {
          ...tillSettings(server, shop, till),
          address: `postgres://127.0.0.1:${port}/${shop.database}`,
        },
        password: till.password,
      });
      silent = true;
      const began = performance.now();
      const closed = await Promise.race([
        link.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 8_000).unref()),
      ]);
      assert.ok(closed, 'closed within 8 s');
      assert.ok(performance.now() - began < 4_000, `closed in ${Math.round(performance.now() - began)} ms`);
    } finally {
      for (const socket of sockets) socket.destroy();
      line.close();
    }
  },
);

test('TLS: used when the server offers it; "verify" refuses a certificate this computer does not trust, and a server without TLS', async () => {
  const tlsShop = await prepareShop(tlsServer, 1);
  const till = tlsShop.tills[0]!;
  const settings = tillSettings(tlsServer, tlsShop, till);
  const link = await connectShopServer({ settings, password: till.password });
  try {
    assert.equal(link.encrypted, true);
    const ssl = await link.client.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
    assert.equal(ssl.rows[0].ssl, true);
  } finally {
    await link.close();
  }
  assert.equal(
    (await refusal({ settings: { ...settings, tls: 'verify' }, password: till.password })).key,
    'certificate',
  );
  const plainTill = shop.tills[0]!;
  assert.equal(
    (
      await refusal({
        settings: { ...tillSettings(server, shop, plainTill), tls: 'verify' },
        password: plainTill.password,
      })
    ).key,
    'noTls',
  );
});
