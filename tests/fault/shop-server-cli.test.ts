// `npm run shop-server` on a real PostgreSQL: with no command it starts one in a data folder, sets
// up the shop and its tills, prints one JSON line whose logins sign in, and stops cleanly when asked
// (a second start keeps the same tills); migrate, add-till and status say what they did in words,
// and a wrong call or a wrong login is refused in words without a stack trace.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runShopServerCli } from '../../electron/services/shop-server/command-line';
import { connectShopServer } from '../../electron/services/shop-server/connection';
import { letPostgresThrough } from '../../electron/services/shop-server/local-postgres';
import {
  SHOP_SCHEMA_VERSION,
  SHOP_SERVER_MIGRATIONS,
} from '../../electron/services/shop-server/schema/index';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

function io() {
  let out = '';
  let err = '';
  let stop: () => void = () => undefined;
  const stopSignal = new Promise<void>((resolve) => (stop = resolve));
  return {
    io: {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
      stopSignal,
    },
    out: () => out,
    err: () => err,
    stop: () => stop(),
  };
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const t = io();
  const code = await runShopServerCli(argv, t.io);
  return { code, out: t.out(), err: t.err() };
}

interface Announced {
  url: string;
  shop: string;
  tills: { number: number; name: string; login: string; password: string }[];
}

/** Starts the local shop server, waits for its one JSON line, and returns it with the stop. */
async function startLocal(dataDir: string, ...argv: string[]) {
  const t = io();
  const exited = runShopServerCli(['--data-dir', dataDir, ...argv], t.io);
  const line = await waitUntil(
    () => t.out().split('\n')[0]?.endsWith('}') && t.out(),
    'the JSON line',
    60_000,
  );
  assert.equal(line.trim().split('\n').length, 1, 'one line');
  return { announced: JSON.parse(line) as Announced, stop: t.stop, exited, err: t.err };
}

test('with no command it starts PostgreSQL, sets up the shop and tills, prints one JSON line, and stops on request', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-shop-cli-'));
  letPostgresThrough(folder, tmpdir());
  const dataDir = join(folder, 'shop');
  try {
    const began = performance.now();
    const first = await startLocal(dataDir, '--shop', 'Corner Café', '--tills', '2');
    t.diagnostic(
      `npm run shop-server answered in ${Math.round(performance.now() - began)} ms (initdb included)`,
    );
    const { announced } = first;
    assert.match(announced.url, /^postgres:\/\/127\.0\.0\.1:\d+\/paydesk$/);
    assert.equal(announced.shop, 'Corner Café');
    assert.deepEqual(
      announced.tills.map((x) => [x.number, x.name]),
      [
        [1, 'Till 1'],
        [2, 'Till 2'],
      ],
    );
    // Each login signs in as its own till.
    for (const till of announced.tills) {
      const link = await connectShopServer({
        settings: {
          enabled: true,
          address: announced.url,
          tillNumber: till.number,
          tillName: '',
          login: till.login,
          tls: 'prefer',
        },
        password: till.password,
      });
      assert.deepEqual([link.tillNumber, link.shopName], [till.number, 'Corner Café']);
      await link.close();
    }
    assert.equal(statSync(join(dataDir, 'shop-server.json')).mode & 0o777, 0o600);
    first.stop();
    assert.equal(await first.exited, 0);
    assert.match(first.err(), /Stopped\./);

    // Started again: the same port, shop and tills (the logins written into the tills still work).
    const again = await startLocal(dataDir);
    assert.deepEqual(again.announced, announced);
    again.stop();
    assert.equal(await again.exited, 0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('migrate applies what is missing and says so; a second run says it is up to date', async () => {
  const db = await server.freshDatabase();
  const first = await run('migrate', '--url', db.url);
  assert.equal(first.code, 0, first.err);
  // Every step, in order (schema/index.ts), then the step it is at.
  assert.equal(
    first.out,
    SHOP_SERVER_MIGRATIONS.map((step) => `Applied step ${step.version}: ${step.name}.\n`).join('') +
      `The shop server is now at schema step ${SHOP_SCHEMA_VERSION}.\n`,
  );
  assert.match(first.out, /^Applied step 1: shops, tills, the journal and each till’s progress\.\n/);
  const second = await run('migrate', '--url', db.url);
  assert.equal(second.out, `The shop server is up to date (schema step ${SHOP_SCHEMA_VERSION}).\n`);
});

test('add-till makes the shop when new, prints the till’s login once, and refuses a number twice', async () => {
  const db = await server.freshDatabase();
  assert.equal((await run('migrate', '--url', db.url)).code, 0);
  const added = await run(
    'add-till',
    '--url',
    db.url,
    '--shop',
    'Harbour Bar',
    '--number',
    '2',
    '--name',
    'Bar',
  );
  assert.equal(added.code, 0, added.err);
  assert.match(
    added.out,
    /^New shop: Harbour Bar\.\nTill 2 \(Bar\) added to Harbour Bar\.\n {2}login: {4}\S+\n {2}password: \S+\n/,
  );
  const json = await run(
    'add-till',
    '--url',
    db.url,
    '--shop',
    'Harbour Bar',
    '--number',
    '3',
    '--name',
    'Door',
    '--json',
  );
  const till = JSON.parse(json.out) as { shop: string; number: number; login: string; password: string };
  assert.deepEqual([till.shop, till.number], ['Harbour Bar', 3]);
  const twice = await run(
    'add-till',
    '--url',
    db.url,
    '--shop',
    'Harbour Bar',
    '--number',
    '2',
    '--name',
    'Again',
  );
  assert.deepEqual([twice.code, twice.err], [1, 'That shop already has a till number 2.\n']);
  // A till's own login may not add tills.
  const asTill = await run(
    'add-till',
    '--url',
    server.server.url(db.name, till.login, till.password),
    '--shop',
    'Harbour Bar',
    '--number',
    '9',
    '--name',
    'Mine',
  );
  assert.equal(asTill.code, 1);
  assert.match(asTill.err, /^That login may not change the shop server: use the database owner’s login/);
  const status = await run('status', '--url', db.url);
  assert.match(
    status.out,
    new RegExp(
      `schema step ${SHOP_SCHEMA_VERSION} \\(this Paydesk knows ${SHOP_SCHEMA_VERSION}\\)\\.\\nHarbour Bar:\\n {2}till 2 \\(Bar\\), login \\S+: 0 journal rows, nothing sent yet\\n {2}till 3 \\(Door\\)`,
    ),
  );
});

test('a wrong call, a wrong password and a server that is not there are refused in words, without a stack trace', async () => {
  const db = await server.freshDatabase();
  const usage = await run('frobnicate');
  assert.equal(usage.code, 2);
  assert.match(usage.err, /^usage:/);
  assert.equal((await run('add-till', '--url', db.url, '--shop', 'X')).code, 2);
  assert.equal((await run('--tills', 'many')).err, '--tills must be a whole number from 1 to 20.\n');
  const wrong = await run('status', '--url', server.server.url(db.name, server.server.superuser, 'wrong'));
  assert.equal(wrong.code, 1);
  assert.match(
    wrong.err,
    /^Could not sign in to the shop server at 127\.0\.0\.1:\d+\/test_\d+_\d+: the login or password is wrong\.\n$/,
  );
  assert.doesNotMatch(wrong.err, /wrong@|password=/);
  const away = await run('migrate', '--url', 'postgres://x:y@127.0.0.1:1/paydesk');
  assert.match(away.err, /nothing answers there/);
  for (const said of [wrong.err, away.err]) assert.doesNotMatch(said, /\n\s+at |Error:|ECONN/);
  const notMigrated = await run('add-till', '--url', db.url, '--shop', 'X', '--number', '1', '--name', 'Y');
  assert.match(notMigrated.err, /^The shop server needs updating first: run npm run shop-server -- migrate/);
});
