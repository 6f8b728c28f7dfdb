// The shop server's schema on a real PostgreSQL: the steps apply once, in order; each till's role
// adds only its own journal rows and reads only its own shop (row-level security, two shops).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { addTill, ensureShop, listTills, tillRoleName } from '../../electron/services/shop-server/admin';
import { migrate, schemaVersion } from '../../electron/services/shop-server/migrate';
import {
  SHOP_SCHEMA_VERSION,
  SHOP_SERVER_MIGRATIONS,
} from '../../electron/services/shop-server/schema/index';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const row = (kind: string, id: string, seq: number, till: number, shop: number) => ({
  kind,
  id,
  seq,
  till,
  shop,
});
const INSERT =
  'INSERT INTO journal (shop_id, till_id, kind, local_id, seq, body) VALUES ($1, $2, $3, $4, $5, $6)';
const insert = (client: pg.Client, r: ReturnType<typeof row>, body: unknown = { total: 100 }) =>
  client.query(INSERT, [r.shop, r.till, r.kind, r.id, r.seq, JSON.stringify(body)]);

test('the steps apply on an empty database, in order, and a second run applies nothing', async () => {
  const db = await server.freshDatabase();
  await withClient(db.url, async (client) => {
    assert.equal(await schemaVersion(client), 0);
    const first = await migrate(client);
    assert.deepEqual(
      first.applied.map((s) => s.version),
      SHOP_SERVER_MIGRATIONS.map((s) => s.version),
    );
    assert.equal(first.version, SHOP_SCHEMA_VERSION);
    assert.equal(await schemaVersion(client), SHOP_SCHEMA_VERSION);
    const second = await migrate(client);
    assert.deepEqual(second.applied, []);
    assert.equal(second.version, SHOP_SCHEMA_VERSION);
    const recorded = await client.query('SELECT version, name FROM schema_migrations ORDER BY version');
    assert.deepEqual(
      recorded.rows,
      SHOP_SERVER_MIGRATIONS.map((s) => ({ version: s.version, name: s.name })),
    );
  });
});

test('a step that fails leaves nothing of itself and is not recorded; the steps before it stay', async () => {
  const db = await server.freshDatabase();
  await withClient(db.url, async (client) => {
    const broken = [
      ...SHOP_SERVER_MIGRATIONS,
      { version: SHOP_SCHEMA_VERSION + 1, name: 'broken', sql: 'CREATE TABLE half (x int); SELECT 1/0;' },
    ];
    await assert.rejects(migrate(client, broken), /division by zero/);
    assert.equal(await schemaVersion(client), SHOP_SCHEMA_VERSION);
    const half = await client.query("SELECT to_regclass('public.half') AS t");
    assert.equal(half.rows[0].t, null);
  });
});

test('a database updated by a newer Paydesk is refused in words, and left as it is', async () => {
  const db = await server.freshDatabase();
  await withClient(db.url, async (client) => {
    const newer = [
      ...SHOP_SERVER_MIGRATIONS,
      { version: SHOP_SCHEMA_VERSION + 1, name: 'next', sql: 'SELECT 1' },
    ];
    await migrate(client, newer);
    await assert.rejects(migrate(client), /updated by a newer Paydesk.*Update Paydesk here first/);
    assert.equal(await schemaVersion(client), SHOP_SCHEMA_VERSION + 1);
  });
});

test('a till role adds and changes only its own journal rows and reads only its own shop (two shops)', async () => {
  const db = await server.freshDatabase();
  const { corner, harbour, t1, t2, other } = await withClient(db.url, async (client) => {
    await migrate(client);
    const corner = await ensureShop(client, 'Corner Café');
    const harbour = await ensureShop(client, 'Harbour Bar');
    const t1 = await addTill(client, { shopId: corner.id, number: 1, name: 'Counter' });
    const t2 = await addTill(client, { shopId: corner.id, number: 2, name: 'Bar' });
    const other = await addTill(client, { shopId: harbour.id, number: 1, name: 'Front' });
    return { corner, harbour, t1, t2, other };
  });
  assert.equal(t2.login, tillRoleName(db.name, corner.id, 2));
  const asTill = (till: { login: string; password: string }) =>
    server.server.url(db.name, till.login, till.password);

  await withClient(asTill(t1), async (client) => {
    await insert(client, row('sale', 's1', 1, 1, corner.id));
    await client.query('INSERT INTO till_progress (shop_id, till_id, last_seq) VALUES ($1, 1, 1)', [
      corner.id,
    ]);
    // Another till's rows, in its own shop or another: refused by the policy.
    await assert.rejects(insert(client, row('sale', 'x', 1, 2, corner.id)), /row-level security/);
    await assert.rejects(insert(client, row('sale', 'x', 1, 1, harbour.id)), /row-level security/);
    await assert.rejects(
      client.query('INSERT INTO till_progress (shop_id, till_id, last_seq) VALUES ($1, 2, 9)', [corner.id]),
      /row-level security/,
    );
    // Nor can it make a shop or a till, or take a role's rights.
    await assert.rejects(client.query("INSERT INTO shops (name) VALUES ('Mine')"), /permission denied/);
  });
  await withClient(asTill(t2), async (client) => {
    await insert(client, row('sale', 's1', 1, 2, corner.id));
    // It reads both tills of its shop, and may not change till 1's row.
    const seen = await client.query('SELECT till_id, local_id FROM journal ORDER BY till_id');
    assert.deepEqual(seen.rows, [
      { till_id: 1, local_id: 's1' },
      { till_id: 2, local_id: 's1' },
    ]);
    const changed = await client.query("UPDATE journal SET seq = 99, body = '{}' WHERE till_id = 1");
    assert.equal(changed.rowCount, 0);
    const tills = await client.query('SELECT number FROM tills ORDER BY number');
    assert.deepEqual(
      tills.rows.map((r) => r.number),
      [1, 2],
    );
  });
  await withClient(asTill(other), async (client) => {
    await insert(client, row('sale', 's1', 1, 1, harbour.id));
    // The other shop's till sees its own shop only: not one row of the Corner Café.
    const seen = await client.query('SELECT shop_id, till_id FROM journal');
    assert.deepEqual(seen.rows, [{ shop_id: harbour.id, till_id: 1 }]);
    assert.deepEqual((await client.query('SELECT name FROM shops')).rows, [{ name: 'Harbour Bar' }]);
    assert.deepEqual((await client.query('SELECT shop_id FROM till_progress')).rows, []);
    assert.equal((await client.query('SELECT * FROM tills')).rows.length, 1);
  });
  // The owner sees everything, as it was written.
  const all = await server.query(
    db.name,
    'SELECT shop_id, till_id, seq FROM journal ORDER BY shop_id, till_id',
  );
  assert.deepEqual(all, [
    { shop_id: corner.id, till_id: 1, seq: '1' },
    { shop_id: corner.id, till_id: 2, seq: '1' },
    { shop_id: harbour.id, till_id: 1, seq: '1' },
  ]);
  assert.equal((await withClient(db.url, (c) => listTills(c, corner.id))).length, 2);
});

test('a newer version of a row replaces its body; an older or equal one changes nothing', async () => {
  const db = await server.freshDatabase();
  const till = await withClient(db.url, async (client) => {
    await migrate(client);
    const shop = await ensureShop(client, 'Corner Café');
    return addTill(client, { shopId: shop.id, number: 1, name: 'Counter' });
  });
  await withClient(server.server.url(db.name, till.login, till.password), async (client) => {
    await insert(client, row('sale', 'a', 5, 1, till.shopId), { state: 'open' });
    const arrived = async () =>
      (await client.query("SELECT seq, body, shop_seq FROM journal WHERE local_id = 'a'")).rows[0];
    const first = await arrived();
    for (const [seq, state] of [
      [5, 'equal'],
      [4, 'older'],
    ] as const)
      await client.query('UPDATE journal SET seq = $1, body = $2 WHERE local_id = $3', [
        seq,
        JSON.stringify({ state }),
        'a',
      ]);
    assert.deepEqual(await arrived(), first);
    await client.query('UPDATE journal SET seq = 7, body = $1 WHERE local_id = $2', [
      JSON.stringify({ state: 'completed' }),
      'a',
    ]);
    const newer = await arrived();
    assert.equal(newer.seq, '7');
    assert.deepEqual(newer.body, { state: 'completed' });
    assert.ok(Number(newer.shop_seq) > Number(first.shop_seq), 'a replaced row counts as newly arrived');
  });
});

test('shop Z numbers are counted per shop, and only by that shop’s tills', async () => {
  const db = await server.freshDatabase();
  const [a, b] = await withClient(db.url, async (client) => {
    await migrate(client);
    const one = await ensureShop(client, 'One');
    const two = await ensureShop(client, 'Two');
    return [
      await addTill(client, { shopId: one.id, number: 1, name: 'A' }),
      await addTill(client, { shopId: two.id, number: 1, name: 'B' }),
    ];
  });
  const take = (till: typeof a) =>
    withClient(server.server.url(db.name, till.login, till.password), async (client) =>
      Number((await client.query('SELECT take_shop_z_number() AS n')).rows[0].n),
    );
  assert.deepEqual([await take(a), await take(a), await take(b), await take(a)], [1, 2, 1, 3]);
});

test('a till number is used once per shop, and said so in words', async () => {
  const db = await server.freshDatabase();
  await withClient(db.url, async (client) => {
    await migrate(client);
    const shop = await ensureShop(client, 'Corner Café');
    await addTill(client, { shopId: shop.id, number: 2, name: 'Bar' });
    await assert.rejects(
      addTill(client, { shopId: shop.id, number: 2, name: 'Again' }),
      /That shop already has a till number 2\./,
    );
    assert.equal((await listTills(client, shop.id)).length, 1);
  });
});
