// The shop's product catalogue, in the till database. Read whole by the UI (which indexes it)
// and by the checkout, which prices every sale from here, never from the UI.
import type { Db, Migration } from '../storage/database';
import type { Catalogue, Product } from '../../../shared/contract';

export const CATALOGUE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'catalogue-1',
    sql: `CREATE TABLE products (
      id INTEGER PRIMARY KEY,
      sku TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      category TEXT NOT NULL,
      price INTEGER NOT NULL CHECK (price >= 0),
      active INTEGER NOT NULL DEFAULT 1
    )`,
  },
];

/** A product as a seed or an import supplies it (price in minor units). */
export interface ProductSeed {
  sku: string;
  name: string;
  category: string;
  price: number;
}

interface ProductRow {
  id: number;
  sku: string;
  name: string;
  category: string;
  price: number;
}

export class ProductCatalogue {
  private cache: Catalogue | null = null;

  constructor(
    private readonly db: Db,
    private readonly currency: string,
  ) {}

  isEmpty(): boolean {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n === 0;
  }

  /** Adds products (skipping SKUs already present) in one transaction. */
  seed(products: readonly ProductSeed[]): void {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO products (sku, name, category, price) VALUES (@sku, @name, @category, @price)',
    );
    this.db.transaction(() => {
      for (const p of products) insert.run(p);
    })();
    this.cache = null;
  }

  all(): Catalogue {
    if (this.cache) return this.cache;
    const rows = this.db
      .prepare('SELECT id, sku, name, category, price FROM products WHERE active = 1 ORDER BY category, name')
      .all() as ProductRow[];
    const products: Product[] = rows.map((r) => ({ ...r, id: String(r.id) }));
    const categories = [...new Set(products.map((p) => p.category))];
    this.cache = { currency: this.currency, categories, products };
    return this.cache;
  }

  byIds(ids: readonly string[]): Map<string, Product> {
    const wanted = new Set(ids);
    return new Map(
      this.all()
        .products.filter((p) => wanted.has(p.id))
        .map((p) => [p.id, p]),
    );
  }
}
