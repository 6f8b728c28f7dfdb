// The till report from the day's facts, no I/O: sales by tender, VAT rate (less itemised
// refunds), category, cashier and hour, refunds, discounts, price overrides, voids, No-sales and
// cash movements, all in integer minor units, and the line-by-line records the accountant's CSV
// is written from. One pass over the sales.
import {
  CASH_MOVEMENT_LABELS,
  TILL_REPORT_LABELS,
  type CashMovementReason,
  type StaffStamp,
  type TillReportView,
} from '../../../shared/contract';
import { shopHour } from '../../../shared/time-zone';
import { vatSummary } from '../../../shared/vat';
import type { DayFacts } from './sources';

export type ReportBody = Omit<TillReportView, 'kind' | 'number' | 'since' | 'until' | 'runBy'>;

export const LINE_RECORDS = [
  'sale_line',
  'tender',
  'void',
  'refund',
  'refund_line',
  'cash_movement',
  'no_sale',
] as const;

/** One row of the line-level export. */
export interface LineRecord {
  record: (typeof LINE_RECORDS)[number];
  at: string;
  receipt: string;
  cashier: string;
  description: string;
  category: string;
  quantity: number | null;
  /** Basis points; null when none (or not a sale line). */
  vatRate: number | null;
  amount: number;
  /** On a sale line: list price × quantity − what it sold for. */
  discount: number;
  /** On a sale line sold at a changed price: catalogue price × quantity − changed price × quantity. */
  priceOverride: number;
  tenderKey: string;
  tender: string;
  direction: 'in' | 'out' | '';
}

export const NOBODY = TILL_REPORT_LABELS.nobody;
export const NO_CATEGORY = TILL_REPORT_LABELS.noCategory;
export const CASH = { key: 'cash', label: 'Cash' };
export const MANUAL = { key: 'manual_card', label: 'Card keyed in by hand' };
/** A card tender's key: this, then the card machine's id. */
export const CARD_KEY = 'card:';
export const UNKNOWN_CARD = { key: `${CARD_KEY}unknown`, label: 'Card machine not known' };

interface CountAmount {
  count: number;
  amount: number;
}

/** A map of running counts and amounts (and what refunds gave back), kept in first-seen order. */
class Tally<K> {
  readonly rows = new Map<K, CountAmount & { label: string; refunds: number }>();
  add(key: K, label: string, amount: number, count = 1): void {
    const row = this.row(key, label);
    row.count += count;
    row.amount += amount;
  }
  /** Money a refund gave back on this row: it comes off the row's net, not its count. */
  giveBack(key: K, label: string, amount: number): void {
    this.row(key, label).refunds += amount;
  }
  private row(key: K, label: string) {
    const row = this.rows.get(key) ?? { label, count: 0, amount: 0, refunds: 0 };
    this.rows.set(key, row);
    return row;
  }
}

/** VAT by rate, a receipt (or a refund) at a time: each by the shared rule, then added up. */
class VatByRate {
  readonly rows = new Map<number | null, { gross: number; vat: number }>();
  /** `sign` −1 takes a refund's VAT off. */
  add(lines: readonly { amount: number; vatRate: number | null }[], sign: 1 | -1): void {
    for (const row of vatSummary(lines.map((l) => ({ gross: l.amount, vatRate: l.vatRate })))) {
      this.put(row.basisPoints, sign * row.gross, sign * row.vat);
    }
    const unrated = lines.filter((l) => l.vatRate === null);
    if (unrated.length > 0) this.put(null, sign * unrated.reduce((a, l) => a + l.amount, 0), 0);
  }
  private put(rate: number | null, gross: number, vat: number): void {
    const sum = this.rows.get(rate) ?? { gross: 0, vat: 0 };
    sum.gross += gross;
    sum.vat += vat;
    this.rows.set(rate, sum);
  }
}

/**
 * The local hour (0–23) of an ISO time in the shop's zone; worked out once per quarter hour, so
 * 100,000 lines stay fast. Only the hour's number is read (the parts, not the text, which some
 * locales write as "14 Uhr"); the slips and screens write it in the shop's locale.
 */
function hourReader(timeZone: string | undefined): (iso: string) => number {
  const cache = new Map<number, number>();
  return (iso) => {
    const quarter = Math.floor(Date.parse(iso) / 900_000);
    let hour = cache.get(quarter);
    if (hour === undefined) {
      hour = shopHour(quarter * 900_000, timeZone);
      cache.set(quarter, hour);
    }
    return hour;
  };
}

export function computeReport(
  facts: DayFacts,
  options: { timeZone?: string } = {},
): { body: ReportBody; lines: LineRecord[] } {
  const hourOf = hourReader(options.timeZone);
  const lines: LineRecord[] = [];
  const tenders = new Tally<string>();
  const categories = new Tally<string>();
  const cashiers = new Tally<string>();
  const vatByRate = new VatByRate();
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0, amount: 0 }));
  const sales = { count: 0, amount: 0 };
  const discounts = { count: 0, amount: 0 };
  const priceOverrides = { count: 0, amount: 0 };
  const voids = { count: 0, amount: 0 };
  const refundsWithoutItems = { count: 0, amount: 0 };
  // Each card machine's row says which machine it is and whether the shop named it, so screens
  // and slips word an unnamed one in their language (never by reading its English label).
  const machines = new Map<string, { id: string; named: boolean }>();
  const cardRow = (terminalId: string | null) => {
    if (!terminalId) return UNKNOWN_CARD;
    const key = `${CARD_KEY}${terminalId}`;
    const { name, named } = facts.terminalName(terminalId);
    machines.set(key, { id: terminalId, named });
    return { key, label: name };
  };
  const blank = {
    category: '',
    quantity: null,
    vatRate: null,
    discount: 0,
    priceOverride: 0,
    tenderKey: '',
    tender: '',
  };

  for (const sale of facts.sales) {
    const cashier = sale.servedBy?.name ?? NOBODY;
    if (sale.state === 'abandoned') {
      // Only a sale the cashier voided is a void (those ended before reasons were kept were
      // voids); one set aside to be parked comes back as a new sale, one never issued was never seen.
      if (sale.endedBecause !== null && sale.endedBecause !== 'voided') continue;
      voids.count += 1;
      voids.amount += sale.total;
      lines.push({
        ...blank,
        record: 'void',
        at: sale.createdAt,
        receipt: sale.receiptNumber,
        cashier,
        description: 'Abandoned before it was paid',
        amount: sale.total,
        direction: '',
      });
      continue;
    }
    const at = sale.completedAt ?? sale.createdAt;
    sales.count += 1;
    sales.amount += sale.total;
    cashiers.add(sale.servedBy?.id ?? NOBODY, cashier, sale.total);
    const hour = hours[hourOf(at)]!;
    hour.count += 1;
    hour.amount += sale.total;
    for (const line of sale.lines) {
      const category = facts.categories.get(line.productId) ?? NO_CATEGORY;
      const discount = Math.max(0, line.quantity * line.unitPrice - line.lineTotal);
      if (discount > 0) {
        discounts.count += 1;
        discounts.amount += discount;
      }
      const override = line.priceOverride
        ? (line.priceOverride.listPrice - line.unitPrice) * line.quantity
        : 0;
      if (line.priceOverride) {
        priceOverrides.count += 1;
        priceOverrides.amount += override;
      }
      categories.add(category, category, line.lineTotal, line.quantity);
      lines.push({
        ...blank,
        record: 'sale_line',
        at,
        receipt: sale.receiptNumber,
        cashier,
        description: line.name,
        category,
        quantity: line.quantity,
        vatRate: line.vatRate ?? null,
        amount: line.lineTotal,
        discount,
        priceOverride: override,
        direction: '',
      });
    }
    // VAT as each receipt printed it (per rate on the receipt's gross), then added up by rate.
    vatByRate.add(
      sale.lines.map((l) => ({ amount: l.lineTotal, vatRate: l.vatRate ?? null })),
      1,
    );
    for (const t of sale.tenders) {
      const terminalId = t.kind === 'card' && t.paymentId ? facts.terminalOf(t.paymentId) : null;
      const { key, label } =
        t.kind === 'cash' ? CASH : t.kind === 'manual_card' ? MANUAL : cardRow(terminalId);
      tenders.add(key, label, t.amount);
      lines.push({
        ...blank,
        record: 'tender',
        at: t.takenAt,
        receipt: sale.receiptNumber,
        cashier,
        description: label,
        amount: t.amount,
        tenderKey: key,
        tender: label,
        direction: '',
      });
    }
  }

  const receiptOf = new Map(facts.sales.map((s) => [s.saleId, s.receiptNumber]));
  const refunds = new Tally<string>();
  // Who gave money back: the cashier's row loses what they handed back (docs/shop-day.md).
  const refundedBy = (by: StaffStamp | null, amount: number) =>
    cashiers.giveBack(by?.id ?? NOBODY, by?.name ?? NOBODY, amount);
  const cardRefund = (
    terminalId: string | null,
    amount: number,
    at: string,
    receipt: string,
    by: StaffStamp | null,
  ) => {
    const { key, label } = cardRow(terminalId);
    refunds.add(key, label, amount);
    lines.push({
      ...blank,
      record: 'refund',
      at,
      receipt,
      cashier: by?.name ?? '',
      description: 'Card refund',
      amount,
      tenderKey: key,
      tender: label,
      direction: '',
    });
  };
  for (const p of facts.cardPayments) {
    if (p.type !== 'REFUND' || !p.paid || (p.currency !== null && p.currency !== facts.currency)) continue;
    // The card part of an itemised refund counts with its refund, when that completes (below).
    if (p.itemised) continue;
    const amount = p.amount ?? 0;
    refundsWithoutItems.count += 1;
    refundsWithoutItems.amount += amount;
    refundedBy(p.by, amount);
    cardRefund(p.terminalId, amount, p.createdAt, (p.saleId && receiptOf.get(p.saleId)) ?? '', p.by);
  }
  for (const r of facts.cashRefunds) {
    refunds.add(CASH.key, CASH.label, r.amount);
    lines.push({
      ...blank,
      record: 'refund',
      at: r.at,
      receipt: r.receiptNumber ?? '',
      cashier: r.by?.name ?? '',
      description: 'Cash refund',
      amount: r.amount,
      tenderKey: CASH.key,
      tender: CASH.label,
      direction: '',
    });
  }

  // An itemised refund gives back lines sold at known rates: their VAT comes off the day's, each
  // refund by the shared rule (as each receipt). A card refund without items stays its own row.
  // Each line comes off its category's row, and the whole refund off the row of who gave it back.
  for (const r of facts.itemisedRefunds) {
    vatByRate.add(r.lines, -1);
    if (r.cardAmount > 0) {
      const terminalId = r.cardTerminalId ?? (r.cardPaymentId && facts.terminalOf(r.cardPaymentId));
      cardRefund(terminalId || null, r.cardAmount, r.at, r.receiptNumber, r.by);
    }
    for (const l of r.lines) {
      const category = facts.categories.get(l.productId) ?? NO_CATEGORY;
      categories.giveBack(category, category, l.amount);
      refundedBy(r.by, l.amount);
      lines.push({
        ...blank,
        record: 'refund_line',
        at: r.at,
        receipt: r.receiptNumber,
        cashier: r.by?.name ?? '',
        description: l.name,
        category,
        quantity: l.quantity,
        vatRate: l.vatRate,
        amount: l.amount,
        direction: '',
      });
    }
  }

  const movements = new Tally<string>();
  for (const m of facts.cashMovements) {
    movements.add(`${m.direction}:${m.reason}`, CASH_MOVEMENT_LABELS[m.reason], m.amount);
    lines.push({
      ...blank,
      record: 'cash_movement',
      at: m.at,
      receipt: '',
      cashier: m.by?.name ?? '',
      description: `${CASH_MOVEMENT_LABELS[m.reason]}${m.note ? `: ${m.note}` : ''}`,
      amount: m.amount,
      direction: m.direction,
    });
  }
  for (const n of facts.noSales ?? []) {
    lines.push({
      ...blank,
      record: 'no_sale',
      at: n.at,
      receipt: '',
      cashier: n.by?.name ?? '',
      description: n.reason,
      amount: 0,
      direction: '',
    });
  }

  const refundTotal = [...refunds.rows.values()].reduce((a, r) => a + r.amount, 0);
  const list = <K>(t: Tally<K>) => [...t.rows.entries()];
  const tenderRows = (t: Tally<string>) =>
    list(t).map(([key, r]) => {
      const terminal = machines.get(key);
      return { key, label: r.label, ...(terminal && { terminal }), count: r.count, amount: r.amount };
    });
  return {
    body: {
      currency: facts.currency,
      sales: { ...sales, refunds: refundTotal, net: sales.amount - refundTotal },
      tenders: tenderRows(tenders),
      vat: [...vatByRate.rows.entries()]
        .sort(([a], [b]) => (b ?? -1) - (a ?? -1))
        .map(([basisPoints, s]) => ({ basisPoints, gross: s.gross, vat: s.vat, net: s.gross - s.vat })),
      categories: list(categories)
        .map(([category, r]) => ({
          category,
          quantity: r.count,
          amount: r.amount,
          refunds: r.refunds,
          net: r.amount - r.refunds,
        }))
        .sort((a, b) => b.amount - a.amount),
      cashiers: list(cashiers)
        .map(([, r]) => ({
          name: r.label,
          count: r.count,
          amount: r.amount,
          refunds: r.refunds,
          net: r.amount - r.refunds,
        }))
        .sort((a, b) => b.amount - a.amount),
      hours,
      refunds: tenderRows(refunds),
      refundsWithoutItems,
      discounts,
      priceOverrides,
      voids,
      noSales: facts.noSales && { count: facts.noSales.length },
      cashMovements: list(movements).map(([key, r]) => {
        const [direction, reason] = key.split(':') as ['in' | 'out', CashMovementReason];
        return { direction, reason, count: r.count, amount: r.amount };
      }),
      shifts: facts.shifts.map((s) => ({
        number: s.number,
        float: s.float,
        expected: s.expected ?? 0,
        counted: s.counted ?? 0,
        difference: s.difference ?? 0,
        countedBy: s.countedBy?.name ?? null,
      })),
    },
    lines,
  };
}
