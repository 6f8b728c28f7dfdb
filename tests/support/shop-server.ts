// A shop on a real PostgreSQL (tests/support/postgres.ts) and a till's side of it: the till's own
// database (every area's migrations, as a till opens it), sales made through the real sales ledger,
// and the connection and outbox the till runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TILL_MIGRATIONS } from '../../electron/services/app/migrations';
import { journalSources } from '../../electron/services/app/journal-sources';
import { createLogger, type Logger } from '../../electron/services/common/logger';
import { SalesLedger } from '../../electron/services/sales/sales-ledger';
import { addTill, ensureShop, type TillLogin } from '../../electron/services/shop-server/admin';
import { ShopServerConnection } from '../../electron/services/shop-server/connection';
import { migrate } from '../../electron/services/shop-server/migrate';
import { Outbox, type OutboxOptions } from '../../electron/services/shop-server/outbox';
import { acknowledgedIn, heldIn } from '../../electron/services/shop-server/service';
import { closeDatabase, openDatabase, type Db } from '../../electron/services/storage/database';
import { changedUpTo, lastChangeSeq, restampAbove } from '../../electron/services/storage/journal-changes';
import type { ShopServerSettings } from '../../shared/settings';
import { systemClock } from '../../electron/services/common/clock';
import type { TestPostgres } from './postgres';

export interface TestShop {
  database: string;
  /** The owner's URL (a superuser): what `npm run shop-server -- migrate` is given. */
  ownerUrl: string;
  shopId: number;
  tills: TillLogin[];
}

/** A fresh database with the schema, one shop and `tills` tills. */
export async function prepareShop(
  server: TestPostgres,
  tills = 2,
  shopName = 'Corner Café',
): Promise<TestShop> {
  const { name, url } = await server.freshDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(client);
    const shop = await ensureShop(client, shopName);
    const logins: TillLogin[] = [];
    for (let n = 1; n <= tills; n++)
      logins.push(await addTill(client, { shopId: shop.id, number: n, name: `Till ${n}` }));
    return { database: name, ownerUrl: url, shopId: shop.id, tills: logins };
  } finally {
    await client.end();
  }
}

/** The settings a till of this shop would have saved. */
export function tillSettings(
  server: TestPostgres,
  shop: TestShop,
  till: TillLogin,
  extra: Partial<ShopServerSettings> = {},
): ShopServerSettings {
  return {
    enabled: true,
    address: `postgres://127.0.0.1:${server.server.port}/${shop.database}`,
    tillNumber: till.number,
    tillName: till.name,
    login: till.login,
    tls: 'prefer',
    ...extra,
  };
}

export interface TillSide {
  db: Db;
  dbFile: string;
  ledger: SalesLedger;
  /** Makes `count` cash sales of `amount` each, completed; their ids in order. */
  sell(count: number, amount?: number): string[];
  close(): void;
}

/** A till's own database (as the till opens it), in a temp folder of its own. */
export function openTillSide(dbFile?: string): TillSide {
  const dir = dbFile ? null : mkdtempSync(join(tmpdir(), 'paydesk-till-db-'));
  const file = dbFile ?? join(dir!, 'paydesk.sqlite');
  const db = openDatabase(file, TILL_MIGRATIONS);
  const ledger = new SalesLedger(db);
  return {
    db,
    dbFile: file,
    ledger,
    sell(count, amount = 250) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const sale = ledger.open('GBP', [
          {
            productId: 'flat-white',
            sku: 'FW',
            name: 'Flat white',
            quantity: 1,
            unitPrice: amount,
            lineTotal: amount,
            vatRate: 2000,
          },
        ]);
        ledger.addTender(sale.saleId, { kind: 'cash', amount, given: amount });
        ids.push(sale.saleId);
      }
      return ids;
    },
    close() {
      closeDatabase(db, () => undefined);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TillOutbox {
  connection: ShopServerConnection;
  outbox: Outbox;
  close(): Promise<void>;
}

/** The till's connection and outbox over its database, on the system clock (real servers). */
export function startOutbox(
  side: Pick<TillSide, 'db'>,
  settings: ShopServerSettings,
  password: string,
  options: Partial<Pick<OutboxOptions, 'batchSize' | 'inBatch' | 'onChange'>> & {
    backoff?: { firstMs?: number; maxMs?: number; refusedMs?: number };
    logger?: Logger;
  } = {},
): TillOutbox {
  const logger = options.logger ?? createLogger('shop-server-test', () => undefined);
  const journal = journalSources(side.db);
  const connection = new ShopServerConnection({
    settings: () => settings,
    password: async () => password,
    clock: systemClock,
    logger,
    backoff: options.backoff ?? { firstMs: 100, maxMs: 500, refusedMs: 500 },
  });
  const outbox = new Outbox({
    connection,
    sources: journal.sources,
    window: journal.window,
    lastLocalSeq: () => lastChangeSeq(side.db),
    waitingSales: journal.completedSalesAfter,
    acknowledged: acknowledgedIn(side.db, () => `${settings.address}|${settings.login}`),
    held: heldIn(side.db, systemClock),
    resync: {
      changedUpTo: (seq) => changedUpTo(side.db, seq),
      restampAbove: (seq, rows) => restampAbove(side.db, seq, rows),
    },
    clock: systemClock,
    logger,
    ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
    ...(options.inBatch && { inBatch: options.inBatch }),
    ...(options.onChange && { onChange: options.onChange }),
  });
  connection.restart();
  return {
    connection,
    outbox,
    async close() {
      await outbox.close();
      await connection.stop();
    },
  };
}

/** The journal rows of one till on the server, as the owner reads them. */
/** Everything this till has written is on the server, and nothing is being sent. */
export const sentEverything = (outbox: TillOutbox): boolean =>
  outbox.outbox.view().upToDate && !outbox.outbox.view().sending;

export async function serverRows(
  server: TestPostgres,
  shop: TestShop,
  tillNumber: number,
  kind?: string,
): Promise<{ kind: string; local_id: string; seq: string; body: Record<string, unknown> }[]> {
  return server.query(
    shop.database,
    `SELECT kind, local_id, seq, body FROM journal WHERE shop_id = $1 AND till_id = $2
       AND ($3::text IS NULL OR kind = $3) ORDER BY seq`,
    [shop.shopId, tillNumber, kind ?? null],
  );
}

export async function serverMark(server: TestPostgres, shop: TestShop, tillNumber: number): Promise<number> {
  const rows = await server.query<{ last_seq: string }>(
    shop.database,
    'SELECT last_seq FROM till_progress WHERE shop_id = $1 AND till_id = $2',
    [shop.shopId, tillNumber],
  );
  return rows[0] ? Number(rows[0].last_seq) : 0;
}

export { lastChangeSeq };
