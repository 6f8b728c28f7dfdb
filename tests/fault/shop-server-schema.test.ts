// The shop server's schema on a real PostgreSQL: the steps apply once, in order; each till's role
// sends only its own journal rows, through the server's function, and reads only its own shop
// (row-level security, two shops); it holds no right to lock or forge; its password never travels
// in a statement.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import {
  addTill,
  ensureShop,
  listTills,
  tillRoleName,
  type TillLogin,
} from '../../electron/services/shop-server/admin';
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

/** A batch as the outbox sends it: the server knows the till by its login. */
const send = (
  client: pg.Client,
  rows: { kind: string; id: string; seq: number; body?: unknown }[],
  upTo: number,
) =>
  client.query('SELECT send_journal_batch($1::jsonb, $2)', [
    JSON.stringify(rows.map((r) => ({ body: { total: 100 }, ...r }))),
    upTo,
  ]);
const PERMISSION_DENIED = /permission denied/;

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

async function shopWithTills(): Promise<{
  db: { name: string; url: string };
  corner: { id: number };
  harbour: { id: number };
  t1: TillLogin;
  t2: TillLogin;
  other: TillLogin;
}> {
  const db = await server.freshDatabase();
  return withClient(db.url, async (client) => {
    await migrate(client);
    const corner = await ensureShop(client, 'Corner Café');
    const harbour = await ensureShop(client, 'Harbour Bar');
    const t1 = await addTill(client, { shopId: corner.id, number: 1, name: 'Counter' });
    const t2 = await addTill(client, { shopId: corner.id, number: 2, name: 'Bar' });
    const other = await addTill(client, { shopId: harbour.id, number: 1, name: 'Front' });
    return { db, corner, harbour, t1, t2, other };
  });
}

test('a till sends only its own rows and mark, and reads only its own shop (two shops)', async () => {
  const { db, corner, harbour, t1, t2, other } = await shopWithTills();
  assert.equal(t2.login, tillRoleName(db.name, corner.id, 2));
  const asTill = (till: TillLogin) => server.server.url(db.name, till.login, till.password);

  await withClient(asTill(t1), async (client) => {
    // Whatever shop or till a row claims, the server files it under the till that signed in.
    await send(client, [{ kind: 'sale', id: 's1', seq: 1, ...{ till_id: 2, shop_id: harbour.id } }], 1);
    await assert.rejects(client.query("INSERT INTO shops (name) VALUES ('Mine')"), PERMISSION_DENIED);
  });
  await withClient(asTill(t2), async (client) => {
    await send(client, [{ kind: 'sale', id: 's1', seq: 1 }], 1);
    const seen = await client.query('SELECT till_id, local_id FROM journal ORDER BY till_id');
    assert.deepEqual(seen.rows, [
      { till_id: 1, local_id: 's1' },
      { till_id: 2, local_id: 's1' },
    ]);
    const tills = await client.query('SELECT number FROM tills ORDER BY number');
    assert.deepEqual(
      tills.rows.map((r) => r.number),
      [1, 2],
    );
  });
  await withClient(asTill(other), async (client) => {
    await send(client, [{ kind: 'sale', id: 's1', seq: 1 }], 1);
    const seen = await client.query('SELECT shop_id, till_id FROM journal');
    assert.deepEqual(seen.rows, [{ shop_id: harbour.id, till_id: 1 }]);
    assert.deepEqual((await client.query('SELECT name FROM shops')).rows, [{ name: 'Harbour Bar' }]);
    assert.deepEqual((await client.query('SELECT shop_id, till_id FROM till_progress')).rows, [
      { shop_id: harbour.id, till_id: 1 },
    ]);
    assert.equal((await client.query('SELECT * FROM tills')).rows.length, 1);
  });
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

test('a till cannot lock the journal, write another till’s rows or mark (even through ON CONFLICT), nor set the order of arrival', async () => {
  const { db, corner, t1, t2 } = await shopWithTills();
  await withClient(server.server.url(db.name, t2.login, t2.password), (c) =>
    send(c, [{ kind: 'sale', id: 'b', seq: 4 }], 4),
  );
  const before = await server.query(db.name, 'SELECT * FROM journal ORDER BY till_id');
  const marks = await server.query(db.name, 'SELECT * FROM till_progress ORDER BY till_id');
  await withClient(server.server.url(db.name, t1.login, t1.password), async (client) => {
    for (const table of ['journal', 'till_progress']) {
      await client.query('BEGIN');
      await assert.rejects(client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`), PERMISSION_DENIED);
      await client.query('ROLLBACK');
    }
    const attempts = [
      `INSERT INTO journal (shop_id, till_id, kind, local_id, seq, body, shop_seq)
         VALUES (${corner.id}, 1, 'sale', 'a', 1, '{}', 1)`,
      `INSERT INTO journal (shop_id, till_id, kind, local_id, seq, body)
         VALUES (${corner.id}, 2, 'sale', 'b', 9, '{"forged":true}')
         ON CONFLICT (shop_id, till_id, kind, local_id) DO UPDATE SET body = excluded.body, seq = 9`,
      `UPDATE journal SET shop_seq = 0, received_at = '2000-01-01', seq = 99`,
      `INSERT INTO till_progress (shop_id, till_id, last_seq) VALUES (${corner.id}, 2, 0)
         ON CONFLICT (shop_id, till_id) DO UPDATE SET last_seq = 0`,
      `UPDATE till_progress SET last_seq = 0`,
      `DELETE FROM journal`,
    ];
    for (const sql of attempts) await assert.rejects(client.query(sql), PERMISSION_DENIED, sql);
    // Through the function: the order of arrival and the time are the server's own.
    await send(
      client,
      [{ kind: 'sale', id: 'a', seq: 1, ...{ shop_seq: -5, received_at: '2000-01-01' } }],
      1,
    );
  });
  assert.deepEqual(await server.query(db.name, 'SELECT * FROM journal WHERE till_id = 2'), before);
  assert.deepEqual(await server.query(db.name, 'SELECT * FROM till_progress WHERE till_id = 2'), marks);
  const mine = await server.query<{ shop_seq: string; received_at: Date }>(
    db.name,
    'SELECT shop_seq, received_at FROM journal WHERE till_id = 1',
  );
  assert.ok(Number(mine[0]!.shop_seq) > Number(before[0]!.shop_seq), 'shop_seq from the server');
  assert.ok(mine[0]!.received_at.getFullYear() > 2000, 'received_at from the server');
});

test('a batch and its mark go together: a refused row leaves neither', async () => {
  const { db, t1 } = await shopWithTills();
  await withClient(server.server.url(db.name, t1.login, t1.password), async (client) => {
    await send(client, [{ kind: 'sale', id: 'a', seq: 1 }], 1);
    await assert.rejects(
      send(
        client,
        [
          { kind: 'sale', id: 'b', seq: 2 },
          { kind: 'sale', id: 'x'.repeat(201), seq: 3 },
        ],
        3,
      ),
      (e: { code?: string }) => e.code === '23514',
    );
  });
  assert.deepEqual(await server.query(db.name, 'SELECT local_id FROM journal'), [{ local_id: 'a' }]);
  assert.deepEqual(await server.query(db.name, 'SELECT last_seq FROM till_progress'), [{ last_seq: '1' }]);
});

test('a till’s session ends a stuck query, lock wait or open transaction; only tills ask who a login is; nobody else makes objects in public', async () => {
  const db = await server.freshDatabase();
  const stranger = `stranger_${db.name}`;
  const till = await withClient(db.url, async (client) => {
    // A database made by a PostgreSQL before 15 lets everyone create in public.
    await client.query('GRANT CREATE ON SCHEMA public TO PUBLIC');
    await client.query(`CREATE ROLE ${stranger} LOGIN PASSWORD 'stranger-pw'`);
    await migrate(client);
    const shop = await ensureShop(client, 'Corner Café');
    return addTill(client, { shopId: shop.id, number: 1, name: 'Counter' });
  });
  await withClient(server.server.url(db.name, till.login, till.password), async (client) => {
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings
        WHERE name IN ('statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout') ORDER BY name`,
    );
    assert.deepEqual(settings.rows, [
      { name: 'idle_in_transaction_session_timeout', setting: '60000', unit: 'ms' },
      { name: 'lock_timeout', setting: '5000', unit: 'ms' },
      { name: 'statement_timeout', setting: '20000', unit: 'ms' },
    ]);
    await assert.rejects(client.query('CREATE TABLE public.tills_shadow (x int)'), PERMISSION_DENIED);
    assert.equal((await client.query('SELECT till_of_role(current_user) AS n')).rows[0].n, 1);
  });
  await withClient(server.server.url(db.name, stranger, 'stranger-pw'), async (client) => {
    await assert.rejects(client.query(`SELECT shop_of_role('${till.login}')`), PERMISSION_DENIED);
    await assert.rejects(client.query(`SELECT till_of_role('${till.login}')`), PERMISSION_DENIED);
    await assert.rejects(client.query("SELECT send_journal_batch('[]', 1)"), PERMISSION_DENIED);
  });
});

test('a till’s password never goes to the server in a statement: its role keeps a SCRAM verifier, and the till signs in with it', async () => {
  const db = await server.freshDatabase();
  const said: string[] = [];
  const till = await withClient(db.url, async (client) => {
    await migrate(client);
    const shop = await ensureShop(client, 'Corner Café');
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      said.push(typeof args[0] === 'string' ? args[0] : JSON.stringify(args[0]));
      said.push(JSON.stringify(args[1] ?? null));
      return query(...args);
    };
    return addTill(client, { shopId: shop.id, number: 1, name: 'Counter' });
  });
  assert.ok(said.some((text) => text.includes('CREATE ROLE')));
  for (const text of said) assert.ok(!text.includes(till.password), 'no statement carries the password');
  const stored = await server.query<{ rolpassword: string }>(
    db.name,
    'SELECT rolpassword FROM pg_authid WHERE rolname = $1',
    [till.login],
  );
  assert.match(
    stored[0]!.rolpassword,
    /^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/,
  );
  await withClient(server.server.url(db.name, till.login, till.password), async (client) => {
    assert.equal((await client.query('SELECT current_user AS u')).rows[0].u, till.login);
  });
  await assert.rejects(
    withClient(server.server.url(db.name, till.login, `${till.password}x`), async () => undefined),
    /password authentication failed/,
  );
});

test('a newer version of a row replaces its body; an older or equal one changes nothing', async () => {
  const { db, t1: till } = await shopWithTills();
  await withClient(server.server.url(db.name, till.login, till.password), async (client) => {
    await send(client, [{ kind: 'sale', id: 'a', seq: 5, body: { state: 'open' } }], 5);
    const arrived = async () =>
      (await client.query("SELECT seq, body, shop_seq FROM journal WHERE local_id = 'a'")).rows[0];
    const first = await arrived();
    for (const [seq, state] of [
      [5, 'equal'],
      [4, 'older'],
    ] as const)
      await send(client, [{ kind: 'sale', id: 'a', seq, body: { state } }], seq);
    assert.deepEqual(await arrived(), first);
    await send(client, [{ kind: 'sale', id: 'a', seq: 7, body: { state: 'completed' } }], 7);
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
