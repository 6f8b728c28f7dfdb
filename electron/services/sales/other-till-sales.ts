// Sales of the shop's other tills that this till refunds (issue 30, across tills). The sale as the
// shop server holds it is kept here, beside this till's own sales and never among them, so the
// refund's row in sale_refunds can name it and this till's X/Z, cash-up and journal count the
// refund like any other; the till's own sales, numbers and reports are untouched.
import type { SaleView } from '../../../shared/contract';
import type { Db, Migration } from '../storage/database';
import { journalChangesSql } from '../storage/journal-changes';
import { receiptNumberOf, saleViewOf, type SaleRow, type TenderRow } from './sales-records';

export const OTHER_TILL_SALES_MIGRATIONS: readonly Migration[] = [
  {
    // sale_refunds named only this till's sales (a reference to sales): rebuilt the same, without
    // that reference, so a refund can name another till's sale kept in other_till_sales (made with
    // the refunds' tables, refund-records.ts). Last of the till's steps: it keeps the journal triggers.
    id: 'sales-other-tills-1',
    rebuildsTables: true,
    sql: `CREATE TABLE sale_refunds_rebuilt (
      id TEXT PRIMARY KEY,
      sale_id TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('card_pending', 'completed', 'failed')),
      currency TEXT NOT NULL,
      total INTEGER NOT NULL CHECK (total > 0),
      card_amount INTEGER NOT NULL CHECK (card_amount >= 0),
      cash_amount INTEGER NOT NULL CHECK (cash_amount >= 0),
      original_payment_id TEXT,
      terminal_id TEXT,
      card_payment_id TEXT UNIQUE,
      reason TEXT NOT NULL,
      done_by TEXT,
      problem TEXT,
      created_at TEXT NOT NULL,
      completed_at TEXT
    );
    INSERT INTO sale_refunds_rebuilt SELECT id, sale_id, state, currency, total, card_amount, cash_amount,
      original_payment_id, terminal_id, card_payment_id, reason, done_by, problem, created_at, completed_at
      FROM sale_refunds ORDER BY rowid;
    DROP TABLE sale_refunds;
    ALTER TABLE sale_refunds_rebuilt RENAME TO sale_refunds;
    CREATE INDEX sale_refunds_by_sale ON sale_refunds (sale_id);
    CREATE INDEX sale_refunds_card_pending ON sale_refunds (state) WHERE state = 'card_pending';
    CREATE INDEX sale_refunds_cash_by_time ON sale_refunds (completed_at)
      WHERE state = 'completed' AND cash_amount > 0;
    ${journalChangesSql({ kind: 'refund', table: 'sale_refunds', idOfNew: 'NEW.id' })}`,
  },
];

/** Another till's sale as it went up to the shop server (the sales area's journal body). */
export interface OtherTillSale {
  tillNumber: number;
  body: Record<string, unknown>;
}

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The sale's journal body (sales/journal-export.ts) as the screens see a sale. */
export function saleViewFromJournal(sale: OtherTillSale): SaleView {
  const b = sale.body;
  const row: SaleRow = {
    id: String(b.id),
    number: Number(b.number),
    state: b.state as SaleRow['state'],
    currency: String(b.currency),
    lines: json(b.lines) ?? '[]',
    total: Number(b.total),
    created_at: String(b.createdAt),
    completed_at: (b.completedAt as string | null) ?? null,
    served_by: json(b.servedBy),
    discount: json(b.discount),
    ended_because: (b.endedBecause as SaleRow['ended_because']) ?? null,
  };
  const tenders = ((b.tenders as Record<string, unknown>[] | undefined) ?? []).map((t): TenderRow => ({
    kind: t.kind as TenderRow['kind'],
    amount: Number(t.amount),
    given: (t.given as number | null) ?? null,
    payment_id: (t.paymentId as string | null) ?? null,
    reference: (t.reference as string | null) ?? null,
    needs_reconciliation: Number(t.needsReconciliation ?? 0),
    taken_by: json(t.takenBy),
  }));
  return saleViewOf(row, tenders, 0, receiptNumberOf(row.number, sale.tillNumber));
}

/** The other tills' sales this till has refunded (or is refunding), kept as the server sent them. */
export class OtherTillSales {
  constructor(private readonly db: Db) {}

  /** Keeps (or refreshes) a sale before a refund of it is written. */
  keep(sale: OtherTillSale, at: string): void {
    this.db
      .prepare(
        `INSERT INTO other_till_sales (id, till_number, number, lines, body, kept_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body, lines = excluded.lines, kept_at = excluded.kept_at`,
      )
      .run(
        String(sale.body.id),
        sale.tillNumber,
        Number(sale.body.number),
        json(sale.body.lines) ?? '[]',
        JSON.stringify(sale.body),
        at,
      );
  }

  /** The kept sale, or null when this till never refunded it. */
  get(saleId: string): OtherTillSale | null {
    const row = this.db.prepare('SELECT till_number, body FROM other_till_sales WHERE id = ?').get(saleId) as
      { till_number: number; body: string } | undefined;
    return row
      ? { tillNumber: row.till_number, body: JSON.parse(row.body) as Record<string, unknown> }
      : null;
  }
}
