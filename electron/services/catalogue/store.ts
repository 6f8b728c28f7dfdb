// The shop's product catalogue, in the till database. Read whole by the UI (which indexes it)
// and by the checkout, which prices every sale from here, never from the UI. Every write is one
// transaction and moves `version` on, so the Sell screen knows to reload.
import type { Db } from '../storage/database';
import type { Catalogue, CatalogueAdmin, Product, VatRateView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatRate } from '../../../shared/vat';

export { CATALOGUE_MIGRATIONS } from './schema';

/** A product as a seed supplies it (price in minor units, VAT-inclusive). */
export interface ProductSeed {
  sku: string;
  name: string;
  category: string;
  price: number;
  /** Basis points; the shop's first (standard) rate when absent. */
  vatRate?: number;
  colour?: string | null;
  barcodes?: readonly string[];
}

/** Everything a product holds; `id` absent for a new one, `sku` empty to have one made up. */
export interface ProductFields {
  id?: number;
  sku: string;
  name: string;
  category: string;
  price: number;
  vatRate: number;
  colour: string | null;
  /** undefined: keep the picture it has (imports carry none). */
  image?: string | null;
  barcodes: readonly string[];
  active: boolean;
}

interface ProductRow {
  id: number;
  sku: string;
  name: string;
  category: string;
  price: number;
  vat_rate: number;
  colour: string | null;
  image: string | null;
  active: number;
}

const PRODUCT_ORDER = `ORDER BY COALESCE(c.position, 1e9), p.category, p.name, p.id`;
/** Reading more products than this by id reads them all (and stays under SQLite's parameter limit). */
const READ_BY_ID_AT_MOST = 500;

export class ProductCatalogue {
  private sellCache: Catalogue | null = null;
  private adminCache: CatalogueAdmin | null = null;
  /** Moves on at every change; the `catalogue.changed` event carries it. */
  version = 1;
  /** How many change() calls are under way (nested ones run inside the outer one's transaction). */
  private changing = 0;

  constructor(
    private readonly db: Db,
    readonly currency: string,
  ) {}

  isEmpty(): boolean {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n === 0;
  }

  /** Adds products (skipping SKUs already present) in one transaction. */
  seed(products: readonly ProductSeed[]): void {
    const standard = this.vatRates()[0]?.basisPoints ?? 0;
    const known = new Set(this.products().map((p) => p.sku));
    // A first seed's categories go in alphabetical order; the shop reorders them after.
    const addCategory = this.db.prepare(
      'INSERT OR IGNORE INTO categories (name, position) VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categories))',
    );
    for (const category of [...new Set(products.map((p) => p.category))].sort()) addCategory.run(category);
    this.write(
      products
        .filter((p) => !known.has(p.sku))
        .map((p) => ({
          sku: p.sku,
          name: p.name,
          category: p.category,
          price: p.price,
          vatRate: p.vatRate ?? standard,
          colour: p.colour ?? null,
          barcodes: p.barcodes ?? [],
          active: true,
        })),
    );
  }

  /** The products for sale, as the Sell screen and the checkout see them. */
  all(): Catalogue {
    if (this.sellCache) return this.sellCache;
    const admin = this.admin();
    const products = admin.products.filter((p) => p.active);
    const used = new Set(products.map((p) => p.category));
    const categories = admin.categories.filter((c) => used.has(c.name));
    this.sellCache = {
      currency: this.currency,
      categories: categories.map((c) => c.name),
      categoryColours: Object.fromEntries(
        categories.filter((c) => c.colour !== null).map((c) => [c.name, c.colour!]),
      ),
      products,
      vatRates: admin.vatRates,
    };
    return this.sellCache;
  }

  admin(): CatalogueAdmin {
    if (this.adminCache) return this.adminCache;
    const products = this.products();
    const counts = new Map<string, number>();
    for (const p of products) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    const categories = (
      this.db.prepare('SELECT name, colour FROM categories ORDER BY position, name').all() as {
        name: string;
        colour: string | null;
      }[]
    ).map((c) => ({ ...c, productCount: counts.get(c.name) ?? 0 }));
    const country = this.db.prepare("SELECT value FROM catalogue_meta WHERE key = 'vat_country'").get() as
      { value: string } | undefined;
    this.adminCache = {
      currency: this.currency,
      products,
      categories,
      vatRates: this.vatRates(),
      vatCountry: country?.value || null,
    };
    return this.adminCache;
  }

  /** Products for sale by id (archived ones are not sold). */
  byIds(ids: readonly string[]): Map<string, Product> {
    const wanted = new Set(ids);
    return new Map(
      this.all()
        .products.filter((p) => wanted.has(p.id))
        .map((p) => [p.id, p]),
    );
  }

  /** Any product, archived too. */
  get(id: string): Product | undefined {
    return this.admin().products.find((p) => p.id === id);
  }

  vatRates(): VatRateView[] {
    return (
      this.db.prepare('SELECT basis_points, label FROM vat_rates ORDER BY position').all() as {
        basis_points: number;
        label: string;
      }[]
    ).map((r) => ({ basisPoints: r.basis_points, label: r.label }));
  }

  /**
   * Adds or changes products in one transaction: checks SKUs and barcodes are free and the VAT
   * rate is one of the shop's, creates missing categories at the end of the order. Returns ids.
   */
  write(products: readonly ProductFields[]): number[] {
    if (products.length === 0) return [];
    const rates = new Set(this.vatRates().map((r) => r.basisPoints));
    const s = this.statements();
    // A made-up SKU must not be one a later product of the same write names (an import's row).
    const named = new Set(products.map((p) => p.sku).filter(Boolean));
    const ids = this.db.transaction(() => {
      // Barcodes may move between products in one write (an import swapping two): freed first.
      for (const p of products) if (p.id !== undefined) s.clearBarcodes.run(p.id);
      return products.map((p) => {
        if (!rates.has(p.vatRate)) {
          throw new TillError(
            'invalid_input',
            `VAT at ${formatRate(p.vatRate)} is not one of the shop’s rates: add it under VAT rates first.`,
            { words: { key: 'catalogue.unknownRate', params: { rate: formatRate(p.vatRate) } } },
          );
        }
        const sku = p.sku || this.freeSku(named);
        const clash = s.skuOwner.get(sku, p.id ?? -1) as { name: string } | undefined;
        if (clash)
          throw new TillError('conflict', `The SKU ${sku} is already used by ${clash.name}.`, {
            words: { key: 'catalogue.skuTaken', params: { sku, name: clash.name } },
          });
        const fields = {
          sku,
          name: p.name,
          category: p.category,
          price: p.price,
          vat_rate: p.vatRate,
          colour: p.colour?.toLowerCase() ?? null,
          active: p.active ? 1 : 0,
        };
        let id: number;
        if (p.id === undefined) {
          id = Number(s.insert.run({ ...fields, image: p.image ?? null }).lastInsertRowid);
        } else {
          id = p.id;
          const changed =
            p.image === undefined
              ? s.update.run({ ...fields, id })
              : s.updateWithImage.run({ ...fields, id, image: p.image });
          if (changed.changes === 0)
            throw new TillError('not_found', 'That product is no longer in the catalogue.', {
              words: { key: 'catalogue.productGone' },
            });
          s.clearBarcodes.run(id);
        }
        s.addCategory.run(p.category);
        p.barcodes.forEach((code, position) => {
          const owner = s.barcodeOwner.get(code) as { name: string } | undefined;
          if (owner)
            throw new TillError('conflict', `The barcode ${code} is already on ${owner.name}.`, {
              words: { key: 'catalogue.barcodeTaken', params: { code, name: owner.name } },
            });
          s.addBarcode.run(code, id, position);
        });
        return id;
      });
    })();
    this.changed();
    return ids;
  }

  /**
   * Runs several SQL changes as one transaction (writes and changes inside it included), then marks
   * the catalogue changed once. A failed one forgets what was read inside it: that was rolled back.
   */
  change<T>(work: (db: Db) => T): T {
    this.changing++;
    try {
      const result = this.db.transaction(() => work(this.db))();
      this.changing--;
      this.changed();
      return result;
    } catch (error) {
      this.changing--;
      this.forgetReads();
      throw error;
    }
  }

  /** One new version per change: a write or change inside another only forgets what was read. */
  private changed(): void {
    this.forgetReads();
    if (this.changing === 0) this.version++;
  }

  private forgetReads(): void {
    this.sellCache = null;
    this.adminCache = null;
  }

  /**
   * Products by id as the database has them now, not from the cache: inside a change, with what it
   * has written so far (its audit trail entries are made from these). Unknown ids are left out.
   */
  read(ids: readonly number[]): Map<string, Product> {
    // Many ids: one read of every product is quicker than many reads by id.
    const wanted = new Set(ids.map(String));
    const products = ids.length > READ_BY_ID_AT_MOST ? this.products() : this.products(ids);
    return new Map(products.filter((p) => wanted.has(p.id)).map((p) => [p.id, p]));
  }

  /** Every product in the shop's order, or only those with the ids given. */
  private products(only?: readonly number[]): Product[] {
    const marks = only && `(${only.map(() => '?').join(', ')})`;
    const rows = this.db
      .prepare(
        `SELECT p.id, p.sku, p.name, p.category, p.price, p.vat_rate, p.colour, p.image, p.active
         FROM products p LEFT JOIN categories c ON c.name = p.category
         ${marks ? `WHERE p.id IN ${marks}` : ''} ${PRODUCT_ORDER}`,
      )
      .all(...(only ?? [])) as ProductRow[];
    const barcodes = new Map<number, string[]>();
    for (const b of this.db
      .prepare(
        `SELECT code, product_id FROM product_barcodes ${marks ? `WHERE product_id IN ${marks}` : ''}
         ORDER BY product_id, position`,
      )
      .all(...(only ?? [])) as { code: string; product_id: number }[]) {
      const list = barcodes.get(b.product_id);
      if (list) list.push(b.code);
      else barcodes.set(b.product_id, [b.code]);
    }
    return rows.map((r) => ({
      id: String(r.id),
      sku: r.sku,
      name: r.name,
      category: r.category,
      price: r.price,
      vatRate: r.vat_rate,
      colour: r.colour,
      image: r.image,
      barcodes: barcodes.get(r.id) ?? [],
      active: r.active === 1,
    }));
  }

  /**
   * A made-up SKU for a product given none: P000042, the next one neither in the catalogue nor
   * in `named` (the SKUs the same write gives other products).
   */
  private freeSku(named: ReadonlySet<string>): string {
    let n = (this.db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS n FROM products').get() as { n: number }).n;
    const taken = this.db.prepare('SELECT 1 FROM products WHERE sku = ?');
    const sku = () => `P${String(n).padStart(6, '0')}`;
    while (named.has(sku()) || taken.get(sku())) n++;
    return sku();
  }

  private statements() {
    const columns =
      'sku = @sku, name = @name, category = @category, price = @price, vat_rate = @vat_rate, colour = @colour, active = @active';
    return {
      insert: this.db.prepare(
        `INSERT INTO products (sku, name, category, price, vat_rate, colour, image, active)
         VALUES (@sku, @name, @category, @price, @vat_rate, @colour, @image, @active)`,
      ),
      update: this.db.prepare(`UPDATE products SET ${columns} WHERE id = @id`),
      updateWithImage: this.db.prepare(`UPDATE products SET ${columns}, image = @image WHERE id = @id`),
      skuOwner: this.db.prepare('SELECT name FROM products WHERE sku = ? AND id != ?'),
      barcodeOwner: this.db.prepare(
        'SELECT p.name FROM product_barcodes b JOIN products p ON p.id = b.product_id WHERE b.code = ?',
      ),
      clearBarcodes: this.db.prepare('DELETE FROM product_barcodes WHERE product_id = ?'),
      addBarcode: this.db.prepare(
        'INSERT INTO product_barcodes (code, product_id, position) VALUES (?, ?, ?)',
      ),
      addCategory: this.db.prepare(
        'INSERT OR IGNORE INTO categories (name, position) VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categories))',
      ),
    };
  }
}
