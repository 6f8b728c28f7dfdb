// A till's shop-wide data against a real shop server (tests/support/postgres.ts): its own database,
// the catalogue edited through the catalogue's own handlers (as a manager in the back office), its
// staff directory, and the shop server's feed over the till's login, as the till runs them. A
// cuttable TCP link stands between a till and the server when a test cuts its network.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { AuditJournal } from '../../electron/services/audit/journal';
import { catalogueHandlers } from '../../electron/services/catalogue/handlers';
import { ProductCatalogue } from '../../electron/services/catalogue/store';
import { systemClock } from '../../electron/services/common/clock';
import { createLogger } from '../../electron/services/common/logger';
import { shopDataAreas } from '../../electron/services/app/shop-data-areas';
import { connectShopServer, ShopServerConnection } from '../../electron/services/shop-server/connection';
import { createShopData, type ShopData } from '../../electron/services/shop-server/shop-data-service';
import { StaffDirectory } from '../../electron/services/staff/directory';
import { StaffStore } from '../../electron/services/staff/store';
import { OrderAttempts } from '../../electron/services/supplies/order-attempts';
import { JsonFileSettingsStore } from '../../electron/services/storage/settings';
import { DEFAULT_SCRYPT_PARAMS } from '../../electron/services/storage/manager-pin';
import type { HandlersOf } from '../../shared/contract/dispatch';
import type { ShopServerSettings } from '../../shared/settings';
import type { TestPostgres } from './postgres';
import { openTillSide, tillSettings, type TestShop, type TillSide } from './shop-server';
import { waitUntil } from './wait';

export const MANAGER = { id: 'manager-1', name: 'Sam (manager)' };
/** Cheap PIN hashing for tests; the same on every till (so no till re-hashes a PIN it checks). */
export const TEST_SCRYPT = { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 };

export interface ShopDataTill {
  side: TillSide;
  catalogue: ProductCatalogue;
  /** The catalogue's contract, as the back office calls it (a manager is serving). */
  back: HandlersOf<'catalogue'>;
  staff: StaffDirectory;
  /** The till's supplies records: the shop's usual order is one of them. */
  supplies: OrderAttempts;
  /** The till's settings (a file beside its database), as a manager's save writes them. */
  settings: JsonFileSettingsStore;
  audit: AuditJournal;
  connection: ShopServerConnection;
  shopData: ShopData;
  /** Times the Sell screen was told the catalogue changed from the server. */
  announced: { catalogue: number; staff: number; supplies: number };
  /** Connects (again) with these settings. */
  connect(settings: ShopServerSettings, password: string): void;
  /** The till is switched off: its feed and connection stop, its database stays. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export function startShopDataTill(
  options: { side?: TillSide; slowLookMs?: number; listen?: boolean } = {},
): ShopDataTill {
  const side = options.side ?? openTillSide();
  const logger = createLogger('shop-data-test', process.env.SHOP_DATA_LOG ? undefined : () => undefined);
  const catalogue = new ProductCatalogue(side.db, 'GBP');
  const audit = new AuditJournal(side.db, systemClock);
  const store = new StaffStore(side.db, systemClock);
  const staff = new StaffDirectory({ store, clock: systemClock, audit, scryptParams: TEST_SCRYPT });
  let settings: ShopServerSettings = {
    enabled: false,
    address: null,
    tillNumber: null,
    tillName: '',
    login: null,
    tls: 'prefer',
  };
  let password = '';
  const connection = new ShopServerConnection({
    settings: () => settings,
    password: async () => password,
    clock: systemClock,
    logger,
    backoff: { firstMs: 100, maxMs: 300, refusedMs: 500 },
    // A cut link is noticed within a second or two, not the default half a minute.
    connect: (input) => connectShopServer({ ...input, connectTimeoutMs: 2_000, queryTimeoutMs: 2_000 }),
  });
  const announced = { catalogue: 0, staff: 0, supplies: 0 };
  const tillSettingsStore = new JsonFileSettingsStore({ file: join(dirname(side.dbFile), 'settings.json') });
  // What create-till does on `settings.changed`: the shop server notes the edit.
  tillSettingsStore.onChange(() => shopData.feed.noteLocalEdits());
  const shopData = createShopData({
    db: side.db,
    areas: shopDataAreas({
      db: side.db,
      catalogue,
      staff: store,
      clock: systemClock,
      settings: tillSettingsStore,
      audit,
      catalogueChanged: () => announced.catalogue++,
      staffChanged: () => announced.staff++,
      suppliesChanged: () => announced.supplies++,
    }),
    connection,
    server: () => `${settings.address}|${settings.login}`,
    clock: systemClock,
    logger,
    requireBackOffice: () => MANAGER,
    audit,
    ...(options.slowLookMs !== undefined && { slowLookMs: options.slowLookMs }),
    ...(options.listen !== undefined && { listen: options.listen }),
  });
  const back = catalogueHandlers({
    catalogue,
    requireBackOffice: () => MANAGER,
    supplierProduct: () => Promise.reject(new Error('no supplier in this test')),
    // What create-till does on `catalogue.changed`: the shop server notes the edit.
    onChange: () => shopData.feed.noteLocalEdits(),
    today: () => '2026-12-07',
    audit,
  });
  return {
    side,
    catalogue,
    back,
    staff,
    supplies: new OrderAttempts(side.db, () => systemClock.now()),
    settings: tillSettingsStore,
    audit,
    connection,
    shopData,
    announced,
    connect(next, pass) {
      settings = next;
      password = pass;
      connection.restart();
    },
    async stop() {
      await shopData.feed.close();
      await connection.stop();
    },
    async close() {
      await this.stop();
      if (!options.side) side.close();
    },
  };
}

/** Connects a till as the shop's till `index`, straight or through a port of the test's own. */
export function connectTill(
  server: TestPostgres,
  till: ShopDataTill,
  shop: TestShop,
  index: number,
  port?: number,
) {
  const login = shop.tills[index]!;
  const settings = tillSettings(server, shop, login);
  const address = port === undefined ? settings.address : `postgres://127.0.0.1:${port}/${shop.database}`;
  till.connect({ ...settings, address }, login.password);
}

/** The till is connected and has taken everything the server had. */
export async function settled(till: ShopDataTill) {
  await waitUntil(() => till.connection.link() !== null, 'the till connected');
  await till.shopData.feed.idle();
}

/** A TCP link of the test's own between a till and the server, which the test can cut and mend. */
export interface CuttableLink {
  port: number;
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

export async function cuttableLink(targetPort: number): Promise<CuttableLink> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    mend() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
