// The catalogue's part of the shop-wide data (docs/shop-server.md, "Shop-wide data"): products,
// the categories' list and the VAT rates as rows every till shares, and the shop server's changes
// taken in through the catalogue's own writes. A product's shared key is kept beside it (its local
// id differs on every till); a product the server names by a key this till does not know takes
// the product with the same SKU, so a till joining a shop keeps one product per SKU. Pictures stay
// each till's own. A till without a shop server never calls any of this.
import { randomUUID } from 'node:crypto';
import type { Db, Migration } from '../storage/database';
import type { ShopDataArea, ShopDataChange } from '../shop-server/shop-data-source';
import { saveCategories, saveVatRates } from './edits';
import type { ProductCatalogue } from './store';

export const CATALOGUE_SHOP_DATA_MIGRATIONS: readonly Migration[] = [
  {
    id: 'catalogue-shop-keys-1',
    sql: `CREATE TABLE product_shop_keys (
      product_id INTEGER PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
      shop_key TEXT NOT NULL UNIQUE
    );`,
  },
];

export interface ProductBody {
  sku: string;
  name: string;
  category: string;
  price: number;
  vatRate: number;
  colour: string | null;
  barcodes: string[];
  active: boolean;
}
export interface CategoriesBody {
  list: { name: string; colour: string | null }[];
}
export interface VatRatesBody {
  country: string | null;
  rates: { basisPoints: number; label: string }[];
}

/** The one row of a list kept whole (categories, VAT rates). */
export const WHOLE_LIST = 'all';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The catalogue's three kinds of shop-wide rows; `announce` tells the Sell screen. */
export function catalogueShopData(db: Db, catalogue: ProductCatalogue, announce: () => void): ShopDataArea[] {
  const keysByProduct = () =>
    new Map(
      (
        db.prepare('SELECT product_id, shop_key FROM product_shop_keys').all() as {
          product_id: number;
          shop_key: string;
        }[]
      ).map((r) => [String(r.product_id), r.shop_key]),
    );
  const products: ShopDataArea = {
    kind: 'product',
    neverRemoves: true,
    rows() {
      const keys = keysByProduct();
      const all = catalogue.admin().products;
      const missing = all.filter((p) => !keys.has(p.id));
      // Keys are given when first asked for: only a till with a shop server ever has them.
      if (missing.length > 0)
        db.transaction(() => {
          const give = db.prepare('INSERT INTO product_shop_keys (product_id, shop_key) VALUES (?, ?)');
          for (const p of missing) {
            const key = randomUUID();
            give.run(Number(p.id), key);
            keys.set(p.id, key);
          }
        })();
      return new Map(
        all.map((p) => [
          keys.get(p.id)!,
          {
            sku: p.sku,
            name: p.name,
            category: p.category,
            price: p.price,
            vatRate: p.vatRate,
            colour: p.colour,
            barcodes: [...p.barcodes],
            active: p.active,
          } satisfies ProductBody,
        ]),
      );
    },
    apply(changes) {
      const refused: { key: string; reason: string }[] = [];
      catalogue.change(() => {
        const byKey = db.prepare('SELECT product_id FROM product_shop_keys WHERE shop_key = ?');
        const bySku = db.prepare('SELECT id FROM products WHERE sku = ?');
        const keep = db.prepare(
          'INSERT INTO product_shop_keys (product_id, shop_key) VALUES (?, ?) ON CONFLICT (product_id) DO UPDATE SET shop_key = excluded.shop_key',
        );
        for (const change of changes) {
          // A product is never deleted (sales name it): one removed on the server is archived here.
          const body = (change.body ?? null) as ProductBody | null;
          const known = byKey.get(change.key) as { product_id: number } | undefined;
          const sameSku = body && (bySku.get(body.sku) as { id: number } | undefined);
          const id = known?.product_id ?? sameSku?.id;
          try {
            db.transaction(() => {
              if (!body) {
                if (id !== undefined) db.prepare('UPDATE products SET active = 0 WHERE id = ?').run(id);
                return;
              }
              const [saved] = catalogue.write([{ ...body, ...(id !== undefined && { id }) }]);
              keep.run(saved!, change.key);
            })();
          } catch (error) {
            refused.push({ key: change.key, reason: reasonOf(error) });
          }
        }
      });
      return { refused };
    },
    announce,
    describe(body) {
      const p = body as ProductBody;
      return {
        name: p.name,
        fields: [
          { field: 'name', value: p.name },
          { field: 'sku', value: p.sku },
          { field: 'price', value: p.price },
          { field: 'category', value: p.category },
          { field: 'vatRate', value: p.vatRate },
          { field: 'barcodes', value: p.barcodes.join(', ') },
          { field: 'active', value: p.active },
        ],
      };
    },
  };
  const categories: ShopDataArea = {
    kind: 'categories',
    rows: () =>
      new Map<string, unknown>([
        [WHOLE_LIST, { list: catalogue.admin().categories.map((c) => ({ name: c.name, colour: c.colour })) }],
      ]),
    apply: (changes) => applyWhole(changes, (body: CategoriesBody) => saveCategories(catalogue, body.list)),
    announce,
    describe: (body) => ({
      name: '',
      fields: [{ field: 'categories', value: (body as CategoriesBody).list.map((c) => c.name).join(', ') }],
    }),
  };
  const vatRates: ShopDataArea = {
    kind: 'vat-rates',
    rows() {
      const view = catalogue.admin();
      return new Map<string, unknown>([
        [
          WHOLE_LIST,
          {
            country: view.vatCountry,
            rates: view.vatRates.map((r) => ({ basisPoints: r.basisPoints, label: r.label })),
          } satisfies VatRatesBody,
        ],
      ]);
    },
    apply: (changes) =>
      applyWhole(changes, (body: VatRatesBody) => saveVatRates(catalogue, body.country, body.rates)),
    announce,
    describe: (body) => ({
      name: '',
      fields: [
        {
          field: 'vatRates',
          value: (body as VatRatesBody).rates.map((r) => `${r.label} ${r.basisPoints / 100} %`).join(', '),
        },
      ],
    }),
  };
  return [vatRates, categories, products];
}

/** A list kept as one row: the newest body given is saved (a removed list changes nothing). */
function applyWhole<B>(changes: readonly ShopDataChange[], save: (body: B) => void) {
  const refused: { key: string; reason: string }[] = [];
  for (const change of changes) {
    if (change.body === null || change.body === undefined) continue;
    try {
      save(change.body as B);
    } catch (error) {
      refused.push({ key: change.key, reason: reasonOf(error) });
    }
  }
  return { refused };
}
