// Sales and their tenders, in the till database. A sale is priced from the catalogue when it
// opens; tenders are added idempotently (a card payment counts once, whichever path reports it).
import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../common/clock';
import type { Db } from '../storage/database';
import type { AppliedDiscount, SaleView, StaffStamp } from '../../../shared/contract';
import { sumMinor } from '../../../shared/money';
import { TillError } from '../../../shared/contract/errors';
import {
  receiptNumberOf,
  saleViewOf,
  stampFrom,
  stampJson,
  type EndedSale,
  type EndReason,
  type ManualCardEntry,
  type SaleLine,
  type SaleNumbers,
  type SaleRow,
  type TenderRow,
} from './sales-records';

export {
  SALES_MIGRATIONS,
  receiptNumberOf,
  type EndedSale,
  type EndReason,
  type ManualCardEntry,
  type SaleLine,
  type SaleNumbers,
} from './sales-records';

export class SalesLedger {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    private readonly numbers?: SaleNumbers,
    /** What card refunds gave back on a sale (the payments area knows; the ledger only shows it). */
    private readonly refundedOn: (saleId: string) => number = () => 0,
    /** This till's number while a shop server is set (receipts "2-000123"), else null ("S000123"). */
    private readonly tillNumber: () => number | null = () => null,
  ) {}

  private stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** A sale number as its receipt shows it ("S000123", or "2-000123" on till 2 of a shop). */
  receiptNumber(number: number): string {
    return receiptNumberOf(number, this.tillNumber());
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
  open(
    currency: string,
    lines: SaleLine[],
    servedBy: StaffStamp | null = null,
    discount: AppliedDiscount | null = null,
  ): SaleView {
    const id = randomUUID();
    const total = sumMinor(lines.map((l) => l.lineTotal));
    const number = this.db.transaction(() => {
      const next = Math.max(this.highestNumber(), this.numbers?.highest() ?? 0) + 1;
      this.db
        .prepare(
          'INSERT INTO sales (id, number, state, currency, lines, total, created_at, served_by, discount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          id,
          next,
          'open',
          currency,
          JSON.stringify(lines),
          total,
          this.stamp(),
          stampJson(servedBy),
          discount ? JSON.stringify(discount) : null,
        );
      return next;
    })();
    try {
      this.numbers?.raise(number);
    } catch (error) {
      // Nobody has seen this number; the sale is set aside so it never looks like a real one.
      try {
        this.abandon(id, 'not_issued');
      } catch {
        // The database is failing too; the start check raises the mark past it.
      }
      throw error;
    }
    return this.get(id);
  }

  /** How many sales the database holds, in any state. */
  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM sales').get() as { n: number }).n;
  }

  /** When the first sale the database holds was opened (ISO), or null when it holds none. */
  firstSaleAt(): string | null {
    const row = this.db.prepare('SELECT created_at FROM sales ORDER BY number LIMIT 1').get() as
      { created_at: string } | undefined;
    return row?.created_at ?? null;
  }

  /** Whether this till made the sale (another till's sale is not in its ledger). */
  has(saleId: string): boolean {
    return this.db.prepare('SELECT 1 FROM sales WHERE id = ?').get(saleId) !== undefined;
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

  /** The newest completed sale (for "reprint last"), or null. */
  lastCompleted(): SaleView | null {
    const row = this.db
      .prepare(
        "SELECT * FROM sales WHERE state = 'completed' ORDER BY completed_at DESC, number DESC LIMIT 1",
      )
      .get() as SaleRow | undefined;
    return row ? this.view(row) : null;
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
      /** Who took it; for a card tender, who started the card payment. */
      by?: StaffStamp | null;
    },
  ): { added: boolean; completedNow: boolean } {
    return this.db.transaction(() => {
      const sale = this.get(saleId);
      if (sale.state !== 'open' && tender.kind !== 'card') {
        throw new TillError('conflict', `This sale is already ${sale.state}.`, {
          words: { key: `sale.already.${sale.state}` },
        });
      }
      const flagged =
        tender.kind === 'manual_card' || sale.state !== 'open' || tender.reference !== undefined;
      const result = this.db
        .prepare(
          `INSERT OR IGNORE INTO tenders (sale_id, kind, amount, given, payment_id, reference, needs_reconciliation, created_at, taken_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
          stampJson(tender.by ?? null),
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

  /**
   * Card payments keyed in by hand that still await reconciliation with a card machine, in one
   * currency, taken at or after `since` (ISO time), oldest first.
   */
  manualCardsToReconcile(currency: string, since: string): ManualCardEntry[] {
    const rows = this.db
      .prepare(
        `SELECT t.id, t.sale_id, s.number, t.amount, t.reference, t.created_at, t.taken_by FROM tenders t
           JOIN sales s ON s.id = t.sale_id
           WHERE t.kind = 'manual_card' AND t.needs_reconciliation = 1 AND s.currency = ? AND t.created_at >= ?
           ORDER BY t.created_at, t.id`,
      )
      .all(currency, since) as Array<{
      id: number;
      sale_id: string;
      number: number;
      amount: number;
      reference: string | null;
      created_at: string;
      taken_by: string | null;
    }>;
    const till = this.tillNumber();
    return rows.map((r) => ({
      tenderId: r.id,
      saleId: r.sale_id,
      receiptNumber: receiptNumberOf(r.number, till),
      amount: r.amount,
      reference: r.reference,
      takenAt: r.created_at,
      by: stampFrom(r.taken_by),
    }));
  }

  /** A manager matched or settled a hand-keyed card payment: it no longer needs reconciliation. */
  markReconciled(tenderId: number): boolean {
    const r = this.db
      .prepare("UPDATE tenders SET needs_reconciliation = 0 WHERE id = ? AND kind = 'manual_card'")
      .run(tenderId);
    return r.changes === 1;
  }

  /**
   * Sales completed in (since, until] (ISO times), and sales abandoned that were opened in it (an
   * abandoned sale keeps no end time), each with its tenders and when they were taken, in number
   * order: the till's X and Z reports read the day from this, in two queries for any size of day.
   */
  endedBetween(since: string, until: string): EndedSale[] {
    const sales = this.db
      .prepare(
        `SELECT * FROM sales WHERE (state = 'completed' AND completed_at > ? AND completed_at <= ?)
           OR (state = 'abandoned' AND created_at > ? AND created_at <= ?) ORDER BY number`,
      )
      .all(since, until, since, until) as SaleRow[];
    const tenders = this.db
      .prepare(
        `SELECT t.sale_id, t.kind, t.amount, t.given, t.payment_id, t.created_at FROM tenders t JOIN sales s ON s.id = t.sale_id
           WHERE s.state = 'completed' AND s.completed_at > ? AND s.completed_at <= ? ORDER BY t.id`,
      )
      .all(since, until) as Array<
      Pick<TenderRow, 'kind' | 'amount' | 'given' | 'payment_id'> & { sale_id: string; created_at: string }
    >;
    const bySale = new Map<string, EndedSale['tenders']>();
    for (const t of tenders) {
      const list = bySale.get(t.sale_id) ?? [];
      list.push({
        kind: t.kind,
        amount: t.amount,
        given: t.given,
        paymentId: t.payment_id,
        takenAt: t.created_at,
      });
      bySale.set(t.sale_id, list);
    }
    // The till's number read once: a day's report reads tens of thousands of sales.
    const till = this.tillNumber();
    return sales.map((row) => ({
      saleId: row.id,
      receiptNumber: receiptNumberOf(row.number, till),
      state: row.state === 'completed' ? 'completed' : 'abandoned',
      endedBecause: row.ended_because,
      currency: row.currency,
      lines: JSON.parse(row.lines) as SaleLine[],
      total: row.total,
      servedBy: stampFrom(row.served_by),
      createdAt: row.created_at,
      completedAt: row.completed_at,
      tenders: bySale.get(row.id) ?? [],
    }));
  }

  /** Cash applied to sales in (since, until] (ISO times), change excluded: what a drawer took in. */
  cashTakenBetween(since: string, until: string): number {
    const row = this.db
      .prepare(
        "SELECT COALESCE(SUM(amount), 0) AS total FROM tenders WHERE kind = 'cash' AND created_at > ? AND created_at <= ?",
      )
      .get(since, until) as { total: number };
    return row.total;
  }

  /** Ends an open sale without payment, keeping why (voided, parked, or never issued). */
  abandon(saleId: string, because: EndReason): SaleView {
    this.db
      .prepare("UPDATE sales SET state = 'abandoned', ended_because = ? WHERE id = ? AND state = 'open'")
      .run(because, saleId);
    return this.get(saleId);
  }

  private view(row: SaleRow): SaleView {
    const tenders = this.db
      .prepare(
        'SELECT kind, amount, given, payment_id, reference, needs_reconciliation, taken_by FROM tenders WHERE sale_id = ? ORDER BY id',
      )
      .all(row.id) as TenderRow[];
    return saleViewOf(row, tenders, this.refundedOn(row.id), this.receiptNumber(row.number));
  }
}
