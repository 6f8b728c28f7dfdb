// Sales and their tenders, in the till database. A sale is priced from the catalogue when it
// opens; tenders are added idempotently (a card payment counts once, whichever path reports it).
import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';
import type { SaleView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { sumMinor } from '../../../shared/money';

export const SALES_MIGRATIONS: readonly Migration[] = [
  {
    id: 'sales-1',
    sql: `CREATE TABLE sales (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE,
      state TEXT NOT NULL,
      currency TEXT NOT NULL,
      lines TEXT NOT NULL,
      total INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      completed_at TEXT
    );
    CREATE TABLE tenders (
      id INTEGER PRIMARY KEY,
      sale_id TEXT NOT NULL REFERENCES sales(id),
      kind TEXT NOT NULL,
      amount INTEGER NOT NULL,
      given INTEGER,
      payment_id TEXT UNIQUE,
      reference TEXT,
      needs_reconciliation INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL
    );
    CREATE INDEX tenders_by_sale ON tenders(sale_id);`,
  },
];

export type SaleLine = SaleView['lines'][number];

interface SaleRow {
  id: string;
  number: number;
  state: SaleView['state'];
  currency: string;
  lines: string;
  total: number;
  created_at: string;
  completed_at: string | null;
}

interface TenderRow {
  kind: 'card' | 'cash' | 'manual_card';
  amount: number;
  given: number | null;
  payment_id: string | null;
  reference: string | null;
  needs_reconciliation: number;
}

/**
 * The highest sale number ever handed out, kept apart from the database
 * (storage/sale-number-mark.ts), so a number is never used twice even if the database loses rows.
 */
export interface SaleNumbers {
  highest(): number;
  /** Durably records `number` as handed out; throws (changing nothing) when it cannot. */
  raise(number: number): void;
}

/** A sale number as staff see it on the receipt. */
export function receiptNumberOf(number: number): string {
  return `S${String(number).padStart(6, '0')}`;
}

export class SalesLedger {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    private readonly numbers?: SaleNumbers,
    /** What card refunds gave back on a sale (the payments area knows; the ledger only shows it). */
    private readonly refundedOn: (saleId: string) => number = () => 0,
  ) {}

  private stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** The highest sale number the database holds (0 when none). */
  highestNumber(): number {
    return (this.db.prepare('SELECT COALESCE(MAX(number), 0) AS n FROM sales').get() as { n: number }).n;
  }

  /**
   * Opens a sale under the next number above both the database and the mark. The number is
   * marked after the sale is saved and before it is returned: a crash in between leaves the
   * database ahead of the mark (harmless, the start check raises the mark), never behind it.
   */
  open(currency: string, lines: SaleLine[]): SaleView {
    const id = randomUUID();
    const total = sumMinor(lines.map((l) => l.lineTotal));
    const number = this.db.transaction(() => {
      const next = Math.max(this.highestNumber(), this.numbers?.highest() ?? 0) + 1;
      this.db
        .prepare(
          'INSERT INTO sales (id, number, state, currency, lines, total, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(id, next, 'open', currency, JSON.stringify(lines), total, this.stamp());
      return next;
    })();
    try {
      this.numbers?.raise(number);
    } catch (error) {
      // Nobody has seen this number; the sale is set aside so it never looks like a real one.
      try {
        this.abandon(id);
      } catch {
        // The database is failing too; the start check raises the mark past it.
      }
      throw error;
    }
    return this.get(id);
  }

  get(saleId: string): SaleView {
    const row = this.db.prepare('SELECT * FROM sales WHERE id = ?').get(saleId) as SaleRow | undefined;
    if (!row) throw new TillError('not_found', 'That sale does not exist.');
    return this.view(row);
  }

  recent(limit: number): SaleView[] {
    const rows = this.db.prepare('SELECT * FROM sales ORDER BY number DESC LIMIT ?').all(limit) as SaleRow[];
    return rows.map((r) => this.view(r));
  }

  openSaleIds(): string[] {
    return (this.db.prepare("SELECT id FROM sales WHERE state = 'open'").all() as { id: string }[]).map(
      (r) => r.id,
    );
  }

  /**
   * Adds a tender and completes the sale if it is now paid, in one transaction, so a crash can
   * never leave a paid sale open. A card payment already recorded is not added twice. Cash and
   * manual card are refused on a sale that is not open; a card payment that the card machine
   * approved is always recorded (the money moved), flagged for reconciliation if the sale had
   * already been closed by other means.
   */
  addTender(
    saleId: string,
    tender: {
      kind: TenderRow['kind'];
      amount: number;
      given?: number;
      paymentId?: string;
      reference?: string;
    },
  ): { added: boolean; completedNow: boolean } {
    return this.db.transaction(() => {
      const sale = this.get(saleId);
      if (sale.state !== 'open' && tender.kind !== 'card') {
        throw new TillError('conflict', `This sale is already ${sale.state}.`);
      }
      const flagged =
        tender.kind === 'manual_card' || sale.state !== 'open' || tender.reference !== undefined;
      const result = this.db
        .prepare(
          `INSERT OR IGNORE INTO tenders (sale_id, kind, amount, given, payment_id, reference, needs_reconciliation, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          saleId,
          tender.kind,
          tender.amount,
          tender.given ?? null,
          tender.paymentId ?? null,
          tender.reference ?? null,
          flagged ? 1 : 0,
          this.stamp(),
        );
      const added = result.changes === 1;
      return { added, completedNow: added && this.completeIfPaid(saleId) };
    })();
  }

  /** Marks the sale completed once its tenders cover the total. Returns true on the transition. */
  completeIfPaid(saleId: string): boolean {
    const sale = this.get(saleId);
    if (sale.state !== 'open' || sale.due > 0) return false;
    const r = this.db
      .prepare("UPDATE sales SET state = 'completed', completed_at = ? WHERE id = ? AND state = 'open'")
      .run(this.stamp(), saleId);
    return r.changes === 1;
  }

  abandon(saleId: string): SaleView {
    this.db.prepare("UPDATE sales SET state = 'abandoned' WHERE id = ? AND state = 'open'").run(saleId);
    return this.get(saleId);
  }

  private view(row: SaleRow): SaleView {
    const tenders = this.db
      .prepare(
        'SELECT kind, amount, given, payment_id, reference, needs_reconciliation FROM tenders WHERE sale_id = ? ORDER BY id',
      )
      .all(row.id) as TenderRow[];
    const paid = sumMinor(tenders.map((t) => t.amount));
    const change = sumMinor(
      tenders.map((t) => (t.kind === 'cash' && t.given !== null ? t.given - t.amount : 0)),
    );
    const refunded = this.refundedOn(row.id);
    // On an open sale, card money given back is owed again: only what was kept counts as paid
    // towards completing it. (A refund after completion does not reopen the sale.)
    const kept = row.state === 'open' ? paid - refunded : paid;
    return {
      saleId: row.id,
      receiptNumber: receiptNumberOf(row.number),
      state: row.state,
      currency: row.currency,
      lines: JSON.parse(row.lines) as SaleLine[],
      total: row.total,
      paid,
      due: Math.max(0, row.total - kept),
      change,
      refunded,
      tenders: tenders.map((t) => ({
        kind: t.kind,
        amount: t.amount,
        given: t.given,
        paymentId: t.payment_id,
        reference: t.reference,
        needsReconciliation: t.needs_reconciliation === 1,
      })),
      createdAt: row.created_at,
      completedAt: row.completed_at,
    };
  }
}
