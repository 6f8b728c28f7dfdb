// A till's record of shop-wide data without a server (tests/unit/shop-server/shop-data-queue*):
// a real till database, the catalogue's and staff's own shop-data areas, a clock the test moves,
// and server rows written out by hand.
import * as path from 'node:path';
import { shopDataAreas } from '../../electron/services/app/shop-data-areas';
import { AuditJournal } from '../../electron/services/audit/journal';
import { ProductCatalogue } from '../../electron/services/catalogue/store';
import { JsonFileSettingsStore } from '../../electron/services/storage/settings';
import { ShopDataQueue, type ServerRow } from '../../electron/services/shop-server/shop-data-queue';
import { StaffStore } from '../../electron/services/staff/store';
import { openTillSide, type TillSide } from './shop-server';

export const product = (sku: string, price: number, extra: Record<string, unknown> = {}) => ({
  sku,
  name: `Product ${sku}`,
  category: 'Drinks',
  price,
  vatRate: 2000,
  colour: null,
  barcodes: [] as string[],
  active: true,
  ...extra,
});

export interface QueueTill {
  side: TillSide;
  catalogue: ProductCatalogue;
  staff: StaffStore;
  queue: ShopDataQueue;
  /** The queue's clock: each reading moves it on by one; a test may move it further. */
  clock: { now: number };
  /** How often each area announced a change. */
  announced: { catalogue: number; staff: number };
  /** A server row, each with the next change sequence number. */
  row(kind: string, key: string, version: number, body: unknown): ServerRow;
  /** The change sequence number of the last row made. */
  lastSeq(): number;
  bySku(sku: string): ReturnType<ProductCatalogue['admin']>['products'][number] | undefined;
  /** A product's shared key, by its SKU. */
  keyOf(sku: string): string;
  /** Joins a server with these rows; the till's own rows then went up (each at version 1). */
  join(rows?: ServerRow[]): void;
}

export function openQueueTill(): QueueTill {
  const side = openTillSide();
  const catalogue = new ProductCatalogue(side.db, 'GBP');
  const staff = new StaffStore(side.db, { now: () => Date.UTC(2026, 11, 7) });
  const clock = { now: 1_000 };
  const announced = { catalogue: 0, staff: 0 };
  const queue = new ShopDataQueue(
    side.db,
    shopDataAreas({
      db: side.db,
      catalogue,
      staff,
      clock: { now: () => clock.now },
      catalogueChanged: () => announced.catalogue++,
      staffChanged: () => announced.staff++,
      suppliesChanged: () => undefined,
      settings: new JsonFileSettingsStore({ file: path.join(path.dirname(side.dbFile), 'settings.json') }),
      audit: new AuditJournal(side.db, { now: () => clock.now }),
    }),
    () => clock.now++,
  );
  let seq = 0;
  return {
    side,
    catalogue,
    staff,
    queue,
    clock,
    announced,
    row: (kind, key, version, body) => ({ kind, key, version, changeSeq: ++seq, body }),
    lastSeq: () => seq,
    bySku: (sku) => catalogue.admin().products.find((p) => p.sku === sku),
    keyOf: (sku) =>
      [...queue.area('product')!.rows()].find(([, body]) => (body as { sku: string }).sku === sku)![0],
    join(rows = []) {
      queue.useServer('server-a');
      queue.applyServerRows(rows);
      queue.markJoined();
      queue.recordLocalEdits();
      for (const q of queue.queued()) queue.written(q, 1, q.body);
    },
  };
}
