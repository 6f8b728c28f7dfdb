// The refunds' own record: the tables, and every read of them (a refund as the screens see it,
// what each sale line has given back, and the cash that left the drawer for the cash-up). The
// rules that write them are in refunds.ts.
import type { RefundView, SaleView, StaffStamp } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import type { Db, Migration } from '../storage/database';
import { receiptNumberOf, type SaleLine } from './sales-records';

export const REFUND_MIGRATIONS: readonly Migration[] = [
  {
    id: 'sales-refunds',
    sql: `CREATE TABLE sale_refunds (
      id TEXT PRIMARY KEY,
      sale_id TEXT NOT NULL REFERENCES sales(id),
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
    CREATE INDEX sale_refunds_by_sale ON sale_refunds (sale_id);
    CREATE INDEX sale_refunds_card_pending ON sale_refunds (state) WHERE state = 'card_pending';
    CREATE TABLE sale_refund_lines (
      refund_id TEXT NOT NULL REFERENCES sale_refunds(id),
      line_index INTEGER NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      amount INTEGER NOT NULL CHECK (amount >= 0),
      PRIMARY KEY (refund_id, line_index)
    );
    -- Cash given back leaves the drawer when the refund completes: the cash-up counts
    -- cash_amount of completed refunds by completed_at (SaleRefunds.cashGivenBack).
    CREATE INDEX sale_refunds_cash_by_time ON sale_refunds (completed_at)
      WHERE state = 'completed' AND cash_amount > 0;`,
  },
  {
    // Another till's sale this till refunds, as the shop server held it (sales/other-till-sales.ts).
    id: 'sales-refunds-other-tills',
    sql: `CREATE TABLE other_till_sales (
      id TEXT PRIMARY KEY,
      till_number INTEGER NOT NULL,
      number INTEGER NOT NULL,
      lines TEXT NOT NULL,
      body TEXT NOT NULL,
      kept_at TEXT NOT NULL
    );`,
  },
];

export interface RefundRow {
  id: string;
  sale_id: string;
  state: RefundView['state'];
  currency: string;
  total: number;
  card_amount: number;
  cash_amount: number;
  original_payment_id: string | null;
  terminal_id: string | null;
  card_payment_id: string | null;
  reason: string;
  done_by: string | null;
  problem: string | null;
  created_at: string;
  completed_at: string | null;
}

/** Cash a refund handed back to the customer: out of the drawer at `at`. */
export interface CashGivenBack {
  refundId: string;
  saleId: string;
  amount: number;
  at: string;
  receiptNumber: string;
  by: StaffStamp | null;
}

/** A refund completed with its lines, each at the VAT rate it was sold at (the till reports). */
export interface ItemsGivenBack {
  refundId: string;
  saleId: string;
  receiptNumber: string;
  at: string;
  /** The card refund that carried its card part, if any. */
  cardPaymentId: string | null;
  /** What went back to the card (the rest of the lines' amount went back in cash). */
  cardAmount: number;
  /** The card machine the card part went back through; null when all was cash. */
  cardTerminalId: string | null;
  /** Who gave it back (and who approved it); null before staff were set up. */
  by: StaffStamp | null;
  lines: Array<{
    productId: string;
    name: string;
    quantity: number;
    amount: number;
    /** Null for a line sold before rates were kept. */
    vatRate: number | null;
  }>;
}

/** Per sale line: units given back (or held by a card part still running) and their value. */
export interface LineRefunded {
  quantity: number;
  amount: number;
}

// A refund's sale: one of this till's, or another till's it refunded (sales/other-till-sales.ts).
const SALE_JOIN = 'LEFT JOIN sales s ON s.id = r.sale_id LEFT JOIN other_till_sales o ON o.id = r.sale_id';
const SALE_NUMBER = 'COALESCE(s.number, o.number) AS number, o.till_number';

export const FAILED_WORDS =
  'The card refund did not go through, so nothing was refunded: try again, or give it all in cash.';

export class RefundRecords {
  constructor(
    private readonly db: Db,
    private readonly sale: (saleId: string) => SaleView,
    /** A sale number as its receipt shows it ("S000123", or "2-000123" on till 2 of a shop). */
    private readonly receiptNumber: (number: number) => string = receiptNumberOf,
  ) {}

  /** Every refund of a sale, oldest first. */
  forSale(saleId: string): RefundView[] {
    const rows = this.db
      .prepare('SELECT * FROM sale_refunds WHERE sale_id = ? ORDER BY created_at, rowid')
      .all(saleId) as RefundRow[];
    return rows.map((r) => this.view(r));
  }

  /** What each line of a sale has given back, failed refunds left out. */
  refundedByLine(saleId: string): Map<number, LineRefunded> {
    const rows = this.db
      .prepare(
        `SELECT l.line_index, SUM(l.quantity) AS quantity, SUM(l.amount) AS amount FROM sale_refund_lines l
           JOIN sale_refunds r ON r.id = l.refund_id
           WHERE r.sale_id = ? AND r.state != 'failed' GROUP BY l.line_index`,
      )
      .all(saleId) as { line_index: number; quantity: number; amount: number }[];
    return new Map(rows.map((r) => [r.line_index, { quantity: r.quantity, amount: r.amount }]));
  }

  /** Given back on each of these sales (refunds completed or under way), for history's list. */
  refundedTotals(saleIds: readonly string[]): Map<string, number> {
    const rows = this.db
      .prepare(
        `SELECT sale_id, SUM(total) AS total FROM sale_refunds
           WHERE sale_id IN (SELECT value FROM json_each(?)) AND state != 'failed' GROUP BY sale_id`,
      )
      .all(JSON.stringify(saleIds)) as { sale_id: string; total: number }[];
    return new Map(rows.map((r) => [r.sale_id, r.total]));
  }

  /**
   * Cash handed back by refunds completed in (since, until] (ISO times), oldest first: what left
   * the drawer, for the cash-up and the till reports.
   */
  cashGivenBack(since: string, until: string): CashGivenBack[] {
    const rows = this.db
      .prepare(
        `SELECT r.id, r.sale_id, r.cash_amount, r.completed_at, r.done_by, ${SALE_NUMBER} FROM sale_refunds r
           ${SALE_JOIN}
           WHERE r.state = 'completed' AND r.cash_amount > 0 AND r.completed_at > ? AND r.completed_at <= ?
           ORDER BY r.completed_at, r.rowid`,
      )
      .all(since, until) as {
      id: string;
      sale_id: string;
      cash_amount: number;
      completed_at: string;
      done_by: string | null;
      number: number;
      till_number: number | null;
    }[];
    return rows.map((r) => ({
      refundId: r.id,
      saleId: r.sale_id,
      amount: r.cash_amount,
      at: r.completed_at,
      receiptNumber: this.receiptOf(r),
      by: r.done_by ? (JSON.parse(r.done_by) as StaffStamp) : null,
    }));
  }

  /**
   * Refunds completed in (since, until] (ISO times), oldest first, with the lines they gave back:
   * the till reports take their VAT off the day's, rate by rate.
   */
  completedWithItems(since: string, until: string): ItemsGivenBack[] {
    const rows = this.db
      .prepare(
        `SELECT r.id, r.sale_id, r.completed_at, r.card_payment_id, r.card_amount, r.terminal_id, r.done_by,
             ${SALE_NUMBER}, COALESCE(s.lines, o.lines) AS sale_lines, l.line_index, l.quantity, l.amount
           FROM sale_refunds r ${SALE_JOIN} JOIN sale_refund_lines l ON l.refund_id = r.id
           WHERE r.state = 'completed' AND r.completed_at > ? AND r.completed_at <= ?
           ORDER BY r.completed_at, r.rowid, l.line_index`,
      )
      .all(since, until) as {
      id: string;
      sale_id: string;
      completed_at: string;
      card_payment_id: string | null;
      card_amount: number;
      terminal_id: string | null;
      done_by: string | null;
      number: number;
      till_number: number | null;
      sale_lines: string;
      line_index: number;
      quantity: number;
      amount: number;
    }[];
    const refunds = new Map<string, ItemsGivenBack>();
    const saleLines = new Map<string, SaleLine[]>();
    for (const r of rows) {
      let lines = saleLines.get(r.sale_id);
      if (!lines) {
        lines = JSON.parse(r.sale_lines) as SaleLine[];
        saleLines.set(r.sale_id, lines);
      }
      const refund = refunds.get(r.id) ?? {
        refundId: r.id,
        saleId: r.sale_id,
        receiptNumber: this.receiptOf(r),
        at: r.completed_at,
        cardPaymentId: r.card_payment_id,
        cardAmount: r.card_amount,
        cardTerminalId: r.card_amount > 0 ? r.terminal_id : null,
        by: r.done_by ? (JSON.parse(r.done_by) as StaffStamp) : null,
        lines: [],
      };
      const sold = lines[r.line_index];
      refund.lines.push({
        productId: sold?.productId ?? '',
        name: sold?.name ?? '',
        quantity: r.quantity,
        amount: r.amount,
        vatRate: sold?.vatRate ?? null,
      });
      refunds.set(r.id, refund);
    }
    return [...refunds.values()];
  }

  /** Of these card payments, those that carried the card part of an itemised refund. */
  itemisedCardPayments(paymentIds: readonly string[]): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT card_payment_id AS id FROM sale_refunds
           WHERE card_payment_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(paymentIds)) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  row(id: string): RefundRow {
    return this.db.prepare('SELECT * FROM sale_refunds WHERE id = ?').get(id) as RefundRow;
  }

  /** Refunds whose card part has not finished, oldest first. */
  pending(): RefundRow[] {
    return this.db
      .prepare("SELECT * FROM sale_refunds WHERE state = 'card_pending' ORDER BY created_at, rowid")
      .all() as RefundRow[];
  }

  /** Card payments some refund already stands for. */
  claimedCardPayments(): Set<string> {
    const rows = this.db
      .prepare('SELECT card_payment_id AS id FROM sale_refunds WHERE card_payment_id IS NOT NULL')
      .all() as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /** The refund waiting for this card payment, if one is. */
  pendingFor(cardPaymentId: string): RefundRow | null {
    const row = this.db
      .prepare("SELECT * FROM sale_refunds WHERE card_payment_id = ? AND state = 'card_pending'")
      .get(cardPaymentId) as RefundRow | undefined;
    return row ?? null;
  }

  /** This till's sale number, or another till's with that till's number ("2-000123"). */
  private receiptOf(r: { number: number; till_number: number | null }): string {
    return r.till_number === null ? this.receiptNumber(r.number) : receiptNumberOf(r.number, r.till_number);
  }

  view(row: RefundRow): RefundView {
    const sale = this.sale(row.sale_id);
    const lines = (
      this.db
        .prepare(
          'SELECT line_index, quantity, amount FROM sale_refund_lines WHERE refund_id = ? ORDER BY line_index',
        )
        .all(row.id) as { line_index: number; quantity: number; amount: number }[]
    ).map((l) => ({
      lineIndex: l.line_index,
      name: sale.lines[l.line_index]?.name ?? '',
      quantity: l.quantity,
      amount: l.amount,
    }));
    return {
      refundId: row.id,
      saleId: row.sale_id,
      receiptNumber: sale.receiptNumber,
      state: row.state,
      currency: row.currency,
      total: row.total,
      cardAmount: row.card_amount,
      cashAmount: row.cash_amount,
      cardPaymentId: row.card_payment_id,
      originalPaymentId: row.original_payment_id,
      reason: row.reason,
      lines,
      by: row.done_by ? (JSON.parse(row.done_by) as StaffStamp) : null,
      message: this.words(row),
      createdAt: row.created_at,
      completedAt: row.completed_at,
    };
  }

  private words(row: RefundRow): string {
    const money = (minor: number) => formatMoney(minor, row.currency);
    if (row.state === 'failed') return row.problem ?? FAILED_WORDS;
    if (row.state === 'card_pending') {
      return `${money(row.card_amount)} is going back to the card: the customer presents their card on the card machine.`;
    }
    const parts = [
      row.card_amount > 0 && `${money(row.card_amount)} to the card`,
      row.cash_amount > 0 && `${money(row.cash_amount)} in cash from the drawer`,
    ].filter(Boolean);
    return `Refunded ${money(row.total)}: ${parts.join(' and ')}.`;
  }
}
