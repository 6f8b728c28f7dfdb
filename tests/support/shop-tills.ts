// Whole tills (the composition root, a driven clock, staff signed in) in one shop on a real
// PostgreSQL: each with the shop server set in its settings and its password in a secret store of
// its own, so its journal goes up through the real outbox. For the shop reports' fault tests and
// benchmark.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from './encryption';
import type { TestPostgres } from './postgres';
import { tillSettings, type TestShop } from './shop-server';
import { startStaffedTill, type StaffedTill } from './staffed-till';
import { waitUntil } from './wait';

export const SHOP_TIME_ZONE = 'Europe/Berlin';

/** Till `number` of the shop, connected (its outbox running). */
export async function startShopTill(
  server: TestPostgres,
  shop: TestShop,
  number: number,
  /** emptyCatalogue: the till joins with no products (its ids for the shop's differ from till 1's). */
  options: { realClock?: boolean; emptyCatalogue?: boolean } = {},
): Promise<StaffedTill & { close(): Promise<void> }> {
  const login = shop.tills.find((t) => t.number === number);
  if (!login) throw new Error(`the shop has no till ${number}`);
  const dataDir = mkdtempSync(join(tmpdir(), `paydesk-shop-till-${number}-`));
  const secrets = new EncryptedFileSecretStore({
    file: join(dataDir, 'secrets.bin'),
    encryption: aesBackend(),
  });
  await secrets.set('shopServer.password', 'live', login.password);
  const staffed = await startStaffedTill({
    dataDir,
    secretStores: [secrets],
    // The benchmark's lag is real time; tests drive the clock fast.
    drivenClock: !options.realClock,
    ...(options.emptyCatalogue && { catalogueSeedSize: 0 }),
  });
  const settings = staffed.t.till.settings;
  settings.update({
    shop: { ...settings.load().shop, timeZone: SHOP_TIME_ZONE },
    shopServer: tillSettings(server, shop, login),
  });
  return {
    ...staffed,
    async close() {
      await staffed.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until everything the till wrote is on the shop server. */
export async function upToDate(till: StaffedTill, limitMs = 30_000): Promise<void> {
  await waitUntil(
    async () => (await till.t.call('shopServer.status', {})).state === 'up_to_date',
    'the till to be up to date with the shop server',
    limitMs,
  );
}
