// The sales area's part of the shop server's journal: sales (with their tenders), refunds (with
// their lines) and No-sales, read from this area's own tables for the outbox, and the steps that
// keep their change sequence (storage/journal-changes.ts). A till without a shop server keeps the
// sequence and never reads it.
import type { Migration } from '../storage/database';
import type { Db } from '../storage/database';
import { journalChangesSql, journalSource, rowBody, rowsWithIds } from '../storage/journal-changes';
import type { JournalSource } from '../shop-server/journal-source';

export const SALES_JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'sales-journal-changes',
    sql: journalChangesSql(
      { kind: 'sale', table: 'sales', idOfNew: 'NEW.id', existing: { table: 'sales', id: 'id' } },
      // A tender taken changes its sale.
      { kind: 'sale', table: 'tenders', idOfNew: 'NEW.sale_id' },
      {
        kind: 'refund',
        table: 'sale_refunds',
        idOfNew: 'NEW.id',
        existing: { table: 'sale_refunds', id: 'id' },
      },
      { kind: 'refund', table: 'sale_refund_lines', idOfNew: 'NEW.refund_id' },
      { kind: 'no-sale', table: 'no_sales', idOfNew: 'NEW.id', existing: { table: 'no_sales', id: 'id' } },
    ),
  },
];

const IDS = 'IN (SELECT value FROM json_each(?))';

/** Child rows grouped under their parent's id. */
function grouped(rows: Record<string, unknown>[], parent: string, json: string[] = []) {
  const by = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = String(row[parent]);
    by.set(key, [...(by.get(key) ?? []), rowBody(row, json)]);
  }
  return by;
}

export interface SalesJournal {
  sales: JournalSource;
  refunds: JournalSource;
  noSales: JournalSource;
  /** Completed sales whose latest change is after `seq`: what the top bar counts as waiting. */
  completedSalesAfter(seq: number): number;
}

export function salesJournal(db: Db): SalesJournal {
  return {
    sales: journalSource(db, 'sale', (ids) => {
      const tenders = grouped(
        rowsWithIds(db, `SELECT * FROM tenders WHERE sale_id ${IDS} ORDER BY id`, ids),
        'sale_id',
        ['taken_by'],
      );
      const sales = rowsWithIds<Record<string, unknown>>(db, `SELECT * FROM sales WHERE id ${IDS}`, ids);
      return new Map(
        sales.map((row) => [
          String(row.id),
          { ...rowBody(row, ['lines', 'served_by', 'discount']), tenders: tenders.get(String(row.id)) ?? [] },
        ]),
      );
    }),
    refunds: journalSource(db, 'refund', (ids) => {
      const lines = grouped(
        rowsWithIds(db, `SELECT * FROM sale_refund_lines WHERE refund_id ${IDS} ORDER BY line_index`, ids),
        'refund_id',
      );
      const refunds = rowsWithIds<Record<string, unknown>>(
        db,
        `SELECT * FROM sale_refunds WHERE id ${IDS}`,
        ids,
      );
      return new Map(
        refunds.map((row) => [
          String(row.id),
          { ...rowBody(row, ['done_by', 'problem']), lines: lines.get(String(row.id)) ?? [] },
        ]),
      );
    }),
    noSales: journalSource(db, 'no-sale', (ids) => {
      const rows = rowsWithIds<Record<string, unknown>>(db, `SELECT * FROM no_sales WHERE id ${IDS}`, ids);
      return new Map(rows.map((row) => [String(row.id), rowBody(row, ['by_staff'])]));
    }),
    completedSalesAfter(seq) {
      return (
        db
          .prepare(
            `SELECT count(*) AS n FROM journal_changes c JOIN sales s ON s.id = c.local_id
              WHERE c.kind = 'sale' AND c.change_seq > ? AND s.state = 'completed'`,
          )
          .get(seq) as { n: number }
      ).n;
    },
  };
}
