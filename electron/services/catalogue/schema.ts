// The catalogue's tables. catalogue-1 is the first shape (never edited); catalogue-2 adds what
// the back office needs: VAT rate, colour and picture per product, barcodes (unique across the
// catalogue), categories in the shop's order, and the shop's VAT rates (UK set by default).
import type { Migration } from '../storage/database';

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
  {
    // Products from before VAT rates were kept get the UK standard rate (the default set's
    // first); the back office shows it and a bulk edit changes it.
    id: 'catalogue-2',
    sql: `ALTER TABLE products ADD COLUMN vat_rate INTEGER NOT NULL DEFAULT 2000 CHECK (vat_rate BETWEEN 0 AND 10000);
    ALTER TABLE products ADD COLUMN colour TEXT;
    ALTER TABLE products ADD COLUMN image TEXT;
    CREATE TABLE product_barcodes (
      code TEXT PRIMARY KEY,
      product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      position INTEGER NOT NULL
    );
    CREATE INDEX product_barcodes_by_product ON product_barcodes(product_id);
    CREATE TABLE categories (
      name TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      colour TEXT
    );
    INSERT INTO categories (name, position)
      SELECT category, ROW_NUMBER() OVER (ORDER BY category) FROM (SELECT DISTINCT category FROM products);
    CREATE TABLE vat_rates (
      basis_points INTEGER PRIMARY KEY CHECK (basis_points BETWEEN 0 AND 10000),
      label TEXT NOT NULL,
      position INTEGER NOT NULL
    );
    INSERT INTO vat_rates (basis_points, label, position) VALUES (2000, 'Standard', 1), (500, 'Reduced', 2), (0, 'Zero', 3);
    CREATE TABLE catalogue_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO catalogue_meta (key, value) VALUES ('vat_country', 'GB');`,
  },
];
