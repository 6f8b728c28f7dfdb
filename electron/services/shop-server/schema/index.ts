// The shop server's schema, step by step. A step, once released, never changes: a change is a new
// step at the end. Each step runs in its own transaction and is recorded in `schema_migrations`
// with its number; a till knows the number it was built for (SHOP_SCHEMA_VERSION) and refuses, in
// words, a server at another (connection.ts).
import { SHOPS_TILLS_JOURNAL } from './0001-shops-tills-journal';
import { SHOP_DATA } from './0002-shop-data';
import { REFUND_CLAIMS } from './0003-refund-claims';
import { SHOP_REPORTS } from './0004-shop-reports';
import { ONE_PRODUCT_PER_SKU } from './0005-one-product-per-sku';

export interface ShopMigration {
  /** 1, 2, 3, … in order, no gaps. */
  version: number;
  /** What it adds, for `npm run shop-server -- migrate` to say. */
  name: string;
  sql: string;
}

export const SHOP_SERVER_MIGRATIONS: readonly ShopMigration[] = [
  SHOPS_TILLS_JOURNAL,
  SHOP_DATA,
  REFUND_CLAIMS,
  SHOP_REPORTS,
  ONE_PRODUCT_PER_SKU,
];

/** The schema this till (and this `npm run shop-server`) was built for: the last step's number. */
export const SHOP_SCHEMA_VERSION = SHOP_SERVER_MIGRATIONS.at(-1)!.version;
