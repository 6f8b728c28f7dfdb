// How sales and tenders are kept: the tables and their migrations, the rows as stored, and the
// record shapes other areas read (SalesLedger is the only writer; sales-ledger.ts re-exports these).
import type { AppliedDiscount, SaleView, StaffStamp } from '../../../shared/contract';
import { sumMinor } from '../../../shared/money';
import type { Migration } from '../storage/database';

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
  {
    // Who served the sale and who took each tender (a StaffStamp as JSON; NULL before staff).
    id: 'sales-staff',
    sql: `ALTER TABLE sales ADD COLUMN served_by TEXT;
    ALTER TABLE tenders ADD COLUMN taken_by TEXT;`,
  },
  {
    // The discount on the whole basket (an AppliedDiscount as JSON; NULL when none). Line
    // discounts, basket shares and price overrides live in each line of the lines JSON.
    id: 'sales-basket-discount',
    sql: `ALTER TABLE sales ADD COLUMN discount TEXT;`,
  },
  {
    // Why a sale ended without payment (an EndReason); NULL while open or completed, and on
    // sales abandoned before reasons were kept (the reports count those as voids, as they did).
    id: 'sales-end-reason',
    sql: `ALTER TABLE sales ADD COLUMN ended_because TEXT
      CHECK (ended_because IS NULL OR ended_because IN ('voided', 'parked', 'not_issued'));`,
  },
];

/**
 * Why a sale was abandoned: `voided` by the cashier (a void in the till reports), `parked` (the
 * basket was set aside and comes back as a new sale), `not_issued` (its number could not be
 * recorded, so nobody ever saw it).
 */
export type EndReason = 'voided' | 'parked' | 'not_issued';

type SaleLineView = SaleView['lines'][number];
/**
 * A line as it is stored; without a VAT rate it shows none (as lines sold before rates were
 * kept), and lines sold before discounts carry none of them.
 */
export type SaleLine = Omit<SaleLineView, 'vatRate' | 'discount' | 'basketShare' | 'priceOverride'> &
  Partial<Pick<SaleLineView, 'vatRate' | 'discount' | 'basketShare' | 'priceOverride'>>;

export interface SaleRow {
  id: string;
  number: number;
  state: SaleView['state'];
  currency: string;
  lines: string;
  total: number;
  created_at: string;
  completed_at: string | null;
  served_by: string | null;
  discount: string | null;
  ended_because: EndReason | null;
}

export interface TenderRow {
  kind: 'card' | 'cash' | 'manual_card';
  amount: number;
  given: number | null;
  payment_id: string | null;
  reference: string | null;
  needs_reconciliation: number;
  taken_by: string | null;
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

export const stampJson = (stamp: StaffStamp | null): string | null => (stamp ? JSON.stringify(stamp) : null);
export const stampFrom = (text: string | null): StaffStamp | null =>
  text ? (JSON.parse(text) as StaffStamp) : null;

/** A card payment keyed in by hand, as reconciliation lists it. */
export interface ManualCardEntry {
  tenderId: number;
  saleId: string;
  receiptNumber: string;
  amount: number;
  reference: string | null;
  takenAt: string;
  by: StaffStamp | null;
}

/** A sale that ended, as the till reports read it (SalesLedger.endedBetween). */
export interface EndedSale {
  saleId: string;
  receiptNumber: string;
  state: 'completed' | 'abandoned';
  /** Why an abandoned sale ended; null when completed, or abandoned before reasons were kept. */
  endedBecause: EndReason | null;
  currency: string;
  lines: SaleLine[];
  total: number;
  servedBy: StaffStamp | null;
  createdAt: string;
  completedAt: string | null;
  tenders: Array<{
    kind: TenderRow['kind'];
    amount: number;
    given: number | null;
    paymentId: string | null;
    takenAt: string;
  }>;
}

/**
 * A sale number as staff see it on the receipt: "S000123" on a till alone; "2-000123" on till 2 of a
 * shop with a shop server (settings `shopServer`), so receipts stay unique across the shop's tills.
 */
export function receiptNumberOf(number: number, tillNumber: number | null = null): string {
  const digits = String(number).padStart(6, '0');
  return tillNumber === null ? `S${digits}` : `${tillNumber}-${digits}`;
}

/**
 * A stored sale and its tenders as the screens see it (the ledger's own sales, and another till's
 * sale as the shop server holds it). `refunded`: what card refunds gave back on it.
 */
export function saleViewOf(
  row: SaleRow,
  tenders: readonly TenderRow[],
  refunded: number,
  receiptNumber: string,
): SaleView {
  const paid = sumMinor(tenders.map((t) => t.amount));
  const change = sumMinor(
    tenders.map((t) => (t.kind === 'cash' && t.given !== null ? t.given - t.amount : 0)),
  );
  // On an open sale, card money given back is owed again: only what was kept counts as paid
  // towards completing it. (A refund after completion does not reopen the sale.)
  const kept = row.state === 'open' ? paid - refunded : paid;
  return {
    saleId: row.id,
    receiptNumber,
    state: row.state,
    currency: row.currency,
    // Lines sold before VAT rates were kept have none: no VAT is shown for them.
    lines: (JSON.parse(row.lines) as SaleLine[]).map((l) => ({
      ...l,
      vatRate: l.vatRate ?? null,
      discount: l.discount ?? null,
      basketShare: l.basketShare ?? 0,
      priceOverride: l.priceOverride ?? null,
    })),
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
      by: stampFrom(t.taken_by),
    })),
    servedBy: stampFrom(row.served_by),
    discount: row.discount ? (JSON.parse(row.discount) as AppliedDiscount) : null,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}
