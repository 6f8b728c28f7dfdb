// Parked sales: a basket set aside to serve the next customer, kept in the database so it
// survives a restart, and taken back whole (lines, discounts, price changes) when resumed.
import { randomUUID } from 'node:crypto';
import type { ParkedSaleView, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';

export const PARKED_MIGRATIONS: readonly Migration[] = [
  {
    id: 'parked-sales-1',
    sql: `CREATE TABLE parked_sales (
      id TEXT PRIMARY KEY,
      lines TEXT NOT NULL,
      discount TEXT,
      note TEXT NOT NULL,
      item_count INTEGER NOT NULL,
      total INTEGER NOT NULL,
      currency TEXT NOT NULL,
      parked_by TEXT,
      parked_at TEXT NOT NULL
    );`,
  },
];

interface ParkedRow {
  id: string;
  lines: string;
  discount: string | null;
  note: string;
  item_count: number;
  total: number;
  currency: string;
  parked_by: string | null;
  parked_at: string;
}

export type ParkRequest = Omit<ParkedSaleView, 'parkedId' | 'parkedAt'>;

const toView = (row: ParkedRow): ParkedSaleView => ({
  parkedId: row.id,
  lines: JSON.parse(row.lines) as ParkedSaleView['lines'],
  discount: row.discount ? (JSON.parse(row.discount) as ParkedSaleView['discount']) : null,
  note: row.note,
  itemCount: row.item_count,
  total: row.total,
  currency: row.currency,
  parkedBy: row.parked_by ? (JSON.parse(row.parked_by) as StaffStamp) : null,
  parkedAt: row.parked_at,
});

export class ParkedSales {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  park(request: ParkRequest): ParkedSaleView {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO parked_sales (id, lines, discount, note, item_count, total, currency, parked_by, parked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        JSON.stringify(request.lines),
        request.discount ? JSON.stringify(request.discount) : null,
        request.note,
        request.itemCount,
        request.total,
        request.currency,
        request.parkedBy ? JSON.stringify(request.parkedBy) : null,
        new Date(this.clock.now()).toISOString(),
      );
    return this.take(id, { keep: true });
  }

  list(): ParkedSaleView[] {
    const rows = this.db.prepare('SELECT * FROM parked_sales ORDER BY parked_at, rowid').all() as ParkedRow[];
    return rows.map(toView);
  }

  /** The parked sale, no longer parked (unless `keep`): one transaction, so it resumes only once. */
  take(parkedId: string, options: { keep?: boolean } = {}): ParkedSaleView {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT * FROM parked_sales WHERE id = ?').get(parkedId) as
        ParkedRow | undefined;
      if (!row) {
        throw new TillError(
          'not_found',
          'That parked sale is no longer parked (it was resumed, perhaps at another moment): look in the list again.',
          { words: { key: 'parked.gone' } },
        );
      }
      if (!options.keep) this.db.prepare('DELETE FROM parked_sales WHERE id = ?').run(parkedId);
      return toView(row);
    })();
  }
}
