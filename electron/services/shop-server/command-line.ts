// `npm run shop-server`: a shop server to try on one PC, and the commands whoever looks after a real
// one runs (docs/shop-server.md). Words for people on stderr and stdout, never a stack trace.
//
//   npm run shop-server [-- --data-dir .shop-server --shop "Corner Café" --tills 2 --port 5433]
//       starts a PostgreSQL of its own in the data folder, applies the schema, makes the shop and
//       its tills, prints ONE JSON line {"url","shop","tills":[{number,name,login,password}]} and
//       runs until Ctrl-C (stopping PostgreSQL cleanly).
//   npm run shop-server -- migrate --url postgres://owner:password@host:5432/paydesk
//   npm run shop-server -- add-till --url … --shop "Corner Café" --number 2 --name "Bar" [--json]
//   npm run shop-server -- status --url …
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { TillError } from '../../../shared/contract/errors';
import { addTill, ensureShop, findShop, listShops, listTills, type TillLogin } from './admin';
import { hasLocalPostgres, startLocalPostgres, type LocalPostgres } from './local-postgres';
import { migrate, schemaVersion } from './migrate';
import { SHOP_SCHEMA_VERSION } from './schema/index';
import { problemOf } from './words';

export const USAGE = `usage:
  npm run shop-server [-- --data-dir <folder> --shop <name> --tills <n> --port <port>]
  npm run shop-server -- migrate --url postgres://<owner>:<password>@<host>:<port>/<database>
  npm run shop-server -- add-till --url <url> --shop <name> --number <n> --name <till name> [--json]
  npm run shop-server -- status --url <url>`;

export interface ShopServerCliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Resolves when the person asks it to stop (Ctrl-C); the local server then stops cleanly. */
  stopSignal?: Promise<void>;
  /** The folder a relative --data-dir is in (the current one by default). */
  cwd?: string;
}

/** Called wrongly: its words go to stderr and the exit code is 2. */
class UsageError extends Error {}

/** The local server's database, and what the shop-server command keeps beside its data. */
const LOCAL_DATABASE = 'paydesk';
const LOCAL_FILE = 'shop-server.json';

interface LocalRecord {
  port: number;
  shop: string;
  tills: TillLogin[];
}

function readRecord(file: string): LocalRecord | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalRecord;
  } catch {
    return null;
  }
}

function readArguments(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        'data-dir': { type: 'string' },
        shop: { type: 'string' },
        tills: { type: 'string' },
        port: { type: 'string' },
        number: { type: 'string' },
        name: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

function whole(text: string | undefined, what: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${what} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** The address without its password, for words on screen. */
export function safeAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'the address given';
  }
}

async function withServer<T>(url: string | undefined, work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!url)
    throw new UsageError(`--url is needed: the shop server's address with its owner's login.\n${USAGE}`);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new TillError(
      'unreachable',
      `Could not sign in to the shop server at ${safeAddress(url)}: ${whyNot(error)}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why a sign-in failed, for whoever looks after the server (the till's own words are for staff). */
function whyNot(error: unknown): string {
  switch (problemOf(error).key) {
    case 'badLogin':
      return 'the login or password is wrong.';
    case 'noDatabase':
      return 'it has no database by that name.';
    case 'unreachable':
      return 'nothing answers there. Check that PostgreSQL is running and that the address and port are right.';
    case 'certificate':
      return 'its certificate is not one this computer trusts.';
    case 'noTls':
      return 'it offers no encrypted connection, and the address asks for one.';
    default:
      return 'it did not answer as expected (see the PostgreSQL log).';
  }
}

const PERMISSION_DENIED = '42501';
const INSUFFICIENT = /must be owner|permission denied|must have CREATEROLE|CREATEROLE/i;

/** A database's refusal of the owner's work, in words. */
function ownerWork(error: unknown): never {
  if (
    (error as { code?: string }).code === PERMISSION_DENIED ||
    INSUFFICIENT.test(error instanceof Error ? error.message : '')
  )
    throw new TillError(
      'not_allowed',
      'That login may not change the shop server: use the database owner’s login (it needs the right to create roles).',
    );
  throw error;
}

async function runMigrate(url: string | undefined, out: ShopServerCliIo['stdout']): Promise<void> {
  await withServer(url, async (client) => {
    const result = await migrate(client).catch(ownerWork);
    if (result.applied.length === 0) {
      out.write(`The shop server is up to date (schema step ${result.version}).\n`);
      return;
    }
    for (const step of result.applied) out.write(`Applied step ${step.version}: ${step.name}.\n`);
    out.write(`The shop server is now at schema step ${result.version}.\n`);
  });
}

async function runAddTill(
  values: ReturnType<typeof readArguments>['values'],
  out: ShopServerCliIo['stdout'],
) {
  const number = whole(values.number, '--number', 1, 999);
  if (!values.shop || number === undefined || !values.name)
    throw new UsageError(`add-till needs --shop, --number and --name.\n${USAGE}`);
  const shopName = values.shop;
  const tillName = values.name;
  await withServer(values.url, async (client) => {
    await needsSchema(client);
    const existing = await findShop(client, shopName);
    const shop = existing ?? (await ensureShop(client, shopName).catch(ownerWork));
    const till = await addTill(client, { shopId: shop.id, number, name: tillName }).catch(ownerWork);
    if (values.json) {
      out.write(`${JSON.stringify({ shop: shop.name, ...tillJson(till) })}\n`);
      return;
    }
    out.write(
      `${existing ? '' : `New shop: ${shop.name}.\n`}Till ${till.number} (${till.name}) added to ${shop.name}.\n` +
        `  login:    ${till.login}\n  password: ${till.password}\n` +
        'Enter them in that till under Settings → Shop server now: the password is not shown again.\n',
    );
  });
}

async function needsSchema(client: pg.Client): Promise<void> {
  const version = await schemaVersion(client);
  if (version < SHOP_SCHEMA_VERSION)
    throw new TillError(
      'not_configured',
      'The shop server needs updating first: run npm run shop-server -- migrate --url … with the owner’s login.',
    );
  if (version > SHOP_SCHEMA_VERSION)
    throw new TillError('conflict', 'The shop server is newer than this Paydesk: update Paydesk here first.');
}

async function runStatus(url: string | undefined, out: ShopServerCliIo['stdout']): Promise<void> {
  await withServer(url, async (client) => {
    const version = await schemaVersion(client);
    out.write(
      `Shop server ${safeAddress(url!)}: schema step ${version} (this Paydesk knows ${SHOP_SCHEMA_VERSION}).\n`,
    );
    if (version === 0) {
      out.write('No shop schema yet: run migrate.\n');
      return;
    }
    const progress = await client.query<{
      shop_id: number;
      till_id: number;
      last_seq: string;
      updated_at: Date;
      rows: string;
    }>(
      `SELECT t.shop_id, t.number AS till_id, COALESCE(p.last_seq, 0) AS last_seq, p.updated_at,
              (SELECT count(*) FROM journal j WHERE j.shop_id = t.shop_id AND j.till_id = t.number) AS rows
         FROM tills t LEFT JOIN till_progress p ON p.shop_id = t.shop_id AND p.till_id = t.number`,
    );
    const of = new Map(progress.rows.map((r) => [`${r.shop_id}/${r.till_id}`, r]));
    const shops = await listShops(client);
    if (shops.length === 0) out.write('No shops yet: add a till with add-till --shop <name>.\n');
    for (const shop of shops) {
      out.write(`${shop.name}:\n`);
      const tills = await listTills(client, shop.id);
      if (tills.length === 0) out.write('  no tills yet\n');
      for (const till of tills) {
        const p = of.get(`${shop.id}/${till.number}`);
        const last = p?.updated_at ? `last sent ${p.updated_at.toISOString()}` : 'nothing sent yet';
        out.write(
          `  till ${till.number} (${till.name}), login ${till.login}: ${p?.rows ?? 0} journal rows, ${last}\n`,
        );
      }
    }
  });
}

const tillJson = (t: TillLogin) => ({ number: t.number, name: t.name, login: t.login, password: t.password });

/** A local shop server to try: started, set up, announced in one JSON line, stopped on request. */
async function runLocal(
  values: ReturnType<typeof readArguments>['values'],
  io: ShopServerCliIo,
): Promise<void> {
  const folder = resolve(io.cwd ?? process.cwd(), values['data-dir'] ?? '.shop-server');
  const tillCount = whole(values.tills, '--tills', 1, 20) ?? 2;
  const recordFile = join(folder, LOCAL_FILE);
  const record = hasLocalPostgres(folder) ? readRecord(recordFile) : null;
  const shopName = values.shop ?? record?.shop ?? 'My Shop';
  const port = whole(values.port, '--port', 1, 65_535) ?? record?.port;
  io.stderr.write(`Starting PostgreSQL in ${folder} …\n`);
  const local: LocalPostgres = await startLocalPostgres({ folder, ...(port !== undefined && { port }) });
  try {
    const owner = new pg.Client({ connectionString: local.url('postgres') });
    await owner.connect();
    try {
      const exists = await owner.query('SELECT 1 FROM pg_database WHERE datname = $1', [LOCAL_DATABASE]);
      if (exists.rowCount === 0) await owner.query(`CREATE DATABASE ${LOCAL_DATABASE}`);
    } finally {
      await owner.end();
    }
    const tills = await withServer(local.url(LOCAL_DATABASE), async (client) => {
      await migrate(client);
      const shop = await ensureShop(client, shopName);
      // Tills made by an earlier run keep their logins and passwords (kept beside the data, 0600).
      const known = (record?.tills ?? []).filter((t) => t.shopId === shop.id);
      const made = new Map(known.map((t) => [t.number, t]));
      const onServer = new Set((await listTills(client, shop.id)).map((t) => t.number));
      for (let number = 1; number <= tillCount; number++) {
        if (made.has(number) || onServer.has(number)) continue;
        made.set(number, await addTill(client, { shopId: shop.id, number, name: `Till ${number}` }));
      }
      return [...made.values()].sort((a, b) => a.number - b.number);
    });
    writeFileSync(recordFile, `${JSON.stringify({ port: local.port, shop: shopName, tills }, null, 2)}\n`, {
      mode: 0o600,
    });
    io.stdout.write(
      `${JSON.stringify({
        url: `postgres://127.0.0.1:${local.port}/${LOCAL_DATABASE}`,
        shop: shopName,
        tills: tills.map(tillJson),
      })}\n`,
    );
    io.stderr.write('The shop server is running. Press Ctrl-C to stop it.\n');
    await (io.stopSignal ?? new Promise<void>(() => undefined));
  } finally {
    io.stderr.write('Stopping PostgreSQL …\n');
    await local.stop();
    io.stderr.write('Stopped.\n');
  }
}

/** Runs the command; returns its exit code (0 done, 1 failed with words on stderr, 2 called wrongly). */
export async function runShopServerCli(argv: readonly string[], io: ShopServerCliIo): Promise<number> {
  try {
    const { values, positionals } = readArguments(argv);
    const [command, ...rest] = positionals;
    if (rest.length > 0) throw new UsageError(USAGE);
    if (command === undefined || command === 'start') await runLocal(values, io);
    else if (command === 'migrate') await runMigrate(values.url, io.stdout);
    else if (command === 'add-till') await runAddTill(values, io.stdout);
    else if (command === 'status') await runStatus(values.url, io.stdout);
    else throw new UsageError(USAGE);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    io.stderr.write(`${error instanceof TillError ? error.message : problemOf(error).message}\n`);
    return 1;
  }
}
