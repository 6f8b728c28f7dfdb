// Back-office changes to many products at once, categories and VAT rates. Each is one
// transaction through ProductCatalogue.change(), so the Sell screen hears of it once.
import type { BulkChange } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatRate, VAT_PRESETS } from '../../../shared/vat';
import type { ProductCatalogue } from './store';

const MAX_PRICE = 99_999_999;

/** A price moved by `basisPoints` (500 = 5 % more), rounded half up to the minor unit. */
export function priceByPercent(price: number, basisPoints: number): number {
  const scaled = BigInt(price) * BigInt(10_000 + basisPoints);
  return Number((scaled * 2n + 10_000n) / 20_000n);
}

function idList(ids: readonly string[]): number[] {
  return [...new Set(ids)].map(Number).filter((n) => Number.isSafeInteger(n));
}

export function setArchived(catalogue: ProductCatalogue, ids: readonly string[], archived: boolean): number {
  return catalogue.change((db) => {
    const update = db.prepare('UPDATE products SET active = ? WHERE id = ? AND active != ?');
    let changed = 0;
    for (const id of idList(ids)) changed += update.run(archived ? 0 : 1, id, archived ? 0 : 1).changes;
    return changed;
  });
}

export function bulkEdit(catalogue: ProductCatalogue, ids: readonly string[], change: BulkChange): number {
  if (change.kind === 'vatRate' && !catalogue.vatRates().some((r) => r.basisPoints === change.vatRate)) {
    throw new TillError(
      'invalid_input',
      `VAT at ${formatRate(change.vatRate)} is not one of the shop’s rates: add it under VAT rates first.`,
      { words: { key: 'catalogue.unknownRate', params: { rate: formatRate(change.vatRate) } } },
    );
  }
  return catalogue.change((db) => {
    const read = db.prepare('SELECT price FROM products WHERE id = ?');
    const setPrice = db.prepare('UPDATE products SET price = ? WHERE id = ?');
    let changed = 0;
    for (const id of idList(ids)) {
      if (change.kind === 'vatRate') {
        changed += db
          .prepare('UPDATE products SET vat_rate = ? WHERE id = ?')
          .run(change.vatRate, id).changes;
      } else if (change.kind === 'category') {
        db.prepare(
          'INSERT OR IGNORE INTO categories (name, position) VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categories))',
        ).run(change.category);
        changed += db
          .prepare('UPDATE products SET category = ? WHERE id = ?')
          .run(change.category, id).changes;
      } else {
        const row = read.get(id) as { price: number } | undefined;
        if (!row) continue;
        const next = change.kind === 'price' ? change.price : priceByPercent(row.price, change.basisPoints);
        if (next > MAX_PRICE) {
          throw new TillError(
            'invalid_input',
            'That change would make a price larger than the till takes. Nothing was changed.',
            { words: { key: 'catalogue.priceTooLarge' } },
          );
        }
        changed += setPrice.run(next, id).changes;
      }
    }
    return changed;
  });
}

/**
 * The categories in the order given, with their colours; a renamed one takes its products along.
 * Categories left out keep their products and go to the end, in their old order.
 */
export function saveCategories(
  catalogue: ProductCatalogue,
  list: ReadonlyArray<{ name: string; colour: string | null; renamedFrom?: string | undefined }>,
): void {
  const names = list.map((c) => c.name.toLowerCase());
  if (new Set(names).size !== names.length) {
    throw new TillError('invalid_input', 'Two categories have the same name: give each its own.', {
      words: { key: 'catalogue.sameCategoryName' },
    });
  }
  catalogue.change((db) => {
    const existing = (
      db.prepare('SELECT name FROM categories ORDER BY position').all() as { name: string }[]
    ).map((r) => r.name);
    for (const c of list) {
      if (c.renamedFrom && c.renamedFrom !== c.name) {
        db.prepare('UPDATE products SET category = ? WHERE category = ?').run(c.name, c.renamedFrom);
        db.prepare('DELETE FROM categories WHERE name = ?').run(c.renamedFrom);
      }
    }
    const given = new Set(list.map((c) => c.name));
    const renamed = new Set(list.flatMap((c) => (c.renamedFrom ? [c.renamedFrom] : [])));
    const rest = existing.filter((name) => !given.has(name) && !renamed.has(name));
    const upsert = db.prepare(
      'INSERT INTO categories (name, position, colour) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position, colour = excluded.colour',
    );
    list.forEach((c, i) => upsert.run(c.name, i + 1, c.colour));
    const move = db.prepare('UPDATE categories SET position = ? WHERE name = ?');
    rest.forEach((name, i) => move.run(list.length + i + 1, name));
  });
}

/** The shop's VAT rates, in the order given; a rate a product still uses cannot be dropped. */
export function saveVatRates(
  catalogue: ProductCatalogue,
  country: string | null,
  rates: ReadonlyArray<{ basisPoints: number; label: string }>,
): void {
  const points = rates.map((r) => r.basisPoints);
  if (new Set(points).size !== points.length) {
    throw new TillError('invalid_input', 'The same rate is listed twice: keep it once.', {
      words: { key: 'catalogue.rateTwice' },
    });
  }
  if (country !== null && !VAT_PRESETS[country]) {
    throw new TillError('invalid_input', 'The till has no VAT set for that country.', {
      words: { key: 'catalogue.noCountryVat' },
    });
  }
  catalogue.change((db) => {
    const inUse = db.prepare('SELECT vat_rate, COUNT(*) AS n FROM products GROUP BY vat_rate').all() as {
      vat_rate: number;
      n: number;
    }[];
    const dropped = inUse.filter((u) => !points.includes(u.vat_rate));
    if (dropped.length > 0) {
      const count = dropped.reduce((sum, d) => sum + d.n, 0);
      const rates = dropped.map((d) => formatRate(d.vat_rate)).join(', ');
      throw new TillError(
        'conflict',
        `${count} product${count === 1 ? ' still uses' : 's still use'} a rate you removed (${rates}). Move them to another rate first (Products, select, Change VAT rate).`,
        { words: { key: 'catalogue.rateInUse', params: { count, rates } } },
      );
    }
    db.prepare('DELETE FROM vat_rates').run();
    const insert = db.prepare('INSERT INTO vat_rates (basis_points, label, position) VALUES (?, ?, ?)');
    rates.forEach((r, i) => insert.run(r.basisPoints, r.label, i + 1));
    db.prepare(
      "INSERT INTO catalogue_meta (key, value) VALUES ('vat_country', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ).run(country ?? '');
  });
}
