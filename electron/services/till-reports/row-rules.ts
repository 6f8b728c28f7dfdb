// The till report's rules for one row: how a sale, a card refund, a refund, a No-sale, a cash
// movement or a counted shift adds to the report's figures (a ReportTally, which contribution.ts
// writes out as a row's Contribution) and to the accountant's line records. The one place those
// rules live: computeReport adds a period's facts with them, and each journal row's contribution
// for the shop server is made by them.
import {
  CASH_MOVEMENT_LABELS,
  TILL_REPORT_LABELS,
  type ShiftView,
  type StaffStamp,
  type TillReportView,
} from '../../../shared/contract';
import { shopHour } from '../../../shared/time-zone';
import { vatSummary } from '../../../shared/vat';
import type { CashMovement } from '../shifts/store';
import type {
  CardPaymentFact,
  CashRefundFact,
  EndedSale,
  ItemsGivenBack,
  NoSaleFact,
  TerminalNaming,
} from './sources';

export type ReportBody = Omit<TillReportView, 'kind' | 'number' | 'since' | 'until' | 'runBy'>;

export const NOBODY = TILL_REPORT_LABELS.nobody;
export const NO_CATEGORY = TILL_REPORT_LABELS.noCategory;
export const CASH = { key: 'cash', label: 'Cash' };
export const MANUAL = { key: 'manual_card', label: 'Card keyed in by hand' };
/** A card tender's key: this, then the card machine's id. */
export const CARD_KEY = 'card:';
export const UNKNOWN_CARD = { key: `${CARD_KEY}unknown`, label: 'Card machine not known' };

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

/** A drawer count as the report lists it (per shift, never added). */
export type ShiftFigures = ReportBody['shifts'][number];

/**
 * A row's (or a sum of rows') share of a till report. `sums` is every figure that adds, keyed
 * `section|row|field` (KEY below) in integer minor units and counts: contributions add key by
 * key, a missing key is zero. The rest travel beside the sums and are never added: the names
 * of the cashiers and card machines the sums key by id (the first one met wins), and each
 * counted shift's drawer figures, listed.
 */
export interface Contribution {
  sums: Record<string, number>;
  /** Staff id → the name on the row's stamp. */
  cashiers: Record<string, string>;
  /** Card machine id → its name and whether the shop named it, when the row was worked out. */
  machines: Record<string, TerminalNaming>;
  shifts: ShiftFigures[];
}

/**
 * The sections of `sums`. A key is `section|row|field`: the row (a tender key, a VAT rate in
 * basis points or `none`, a product id, a staff id, an hour 0–23, a movement's
 * `direction:reason`; empty for a single figure) may hold any character, the section and field
 * hold no `|`.
 */
export const SECTION = {
  sales: 'sales',
  tender: 'tender',
  refund: 'refund',
  vat: 'vat',
  /** By product: the report groups products into categories when it is worked out. */
  product: 'product',
  cashier: 'cashier',
  hour: 'hour',
  refundsWithoutItems: 'refunds-without-items',
  discounts: 'discounts',
  priceOverrides: 'price-overrides',
  voids: 'voids',
  noSales: 'no-sales',
  cashMovement: 'cash-movement',
} as const;
export type Section = (typeof SECTION)[keyof typeof SECTION];
/** The VAT row of lines sold before rates were kept. */
export const NO_RATE = 'none';

export const KEY = (section: string, row: string, field: string) => `${section}|${row}|${field}`;

/** A row's figures by field (`count`, `amount`, `quantity`, `refunds`, `gross`, `vat`). */
export type Figures = Partial<Record<string, number>>;
/** The sums as the engine keeps them: by section, then row (in the order first met), then field. */
export type Table = Map<string, Map<string, Figures>>;

/** The parts of a report before it is worked out: a Contribution's, with its sums as a table. */
export interface Tallied {
  table: Table;
  cashiers: Contribution['cashiers'];
  machines: Contribution['machines'];
  shifts: ShiftFigures[];
}

/** One journal row's facts (a refund row is its cash part and its itemised part). */
export type ReportFact =
  | { kind: 'sale'; sale: EndedSale }
  | { kind: 'card-payment'; payment: CardPaymentFact }
  | { kind: 'cash-refund'; refund: CashRefundFact }
  | { kind: 'itemised-refund'; refund: ItemsGivenBack }
  | { kind: 'no-sale'; noSale: NoSaleFact }
  | { kind: 'cash-movement'; movement: CashMovement }
  | { kind: 'shift'; shift: ShiftView };

/** What a row's contribution is worked out with, besides the row. */
export interface ContributionContext {
  /** Card refunds in another currency give nothing back on this till's report. */
  currency: string;
  /** The shop's hour (0–23) of an instant, in its time zone. */
  hourOf: (iso: string) => number;
  terminalOf: (paymentId: string) => string | null;
  terminalName: (terminalId: string) => TerminalNaming;
  /** For line records only: each product's category, and a sale's receipt by its id. */
  categories: ReadonlyMap<string, string>;
  /**
   * The key a product's rows are summed under: its id on this till's own reports; its SKU in the
   * contributions sent to the shop server, where every till's ids differ but the SKU is the shop's.
   */
  productKey?: (productId: string) => string;
  receiptOf?: (saleId: string) => string | undefined;
}

/**
 * The local hour (0–23) of an ISO time in the shop's zone; worked out once per quarter hour, so
 * 100,000 lines stay fast. Only the hour's number is read (the parts, not the text, which some
 * locales write as "14 Uhr"); the slips and screens write it in the shop's locale.
 */
export function hourReader(timeZone: string | undefined): (iso: string) => number {
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

/** A line record's columns a record of its kind leaves empty. */
const BLANK = {
  category: '',
  quantity: null,
  vatRate: null,
  discount: 0,
  priceOverride: 0,
  tenderKey: '',
  tender: '',
  direction: '',
} as const;

/**
 * The report's rules, one row at a time: each fact added makes its figures in `table` (and its
 * line records, when `lines` is given: the accountant's CSV). The one place the rules live:
 * computeReport adds a period's facts to one tally, and a journal row's contribution is the
 * tally of that row alone (contribution.ts).
 */
export class ReportTally implements Tallied {
  readonly table: Table = new Map();
  // Without a prototype: a staff or machine id is never taken for an inherited property.
  readonly cashiers = Object.create(null) as Record<string, string>;
  readonly machines = Object.create(null) as Record<string, TerminalNaming>;
  readonly shifts: ShiftFigures[] = [];

  constructor(
    private readonly ctx: ContributionContext,
    private readonly lines?: LineRecord[],
  ) {}

  add(fact: ReportFact): void {
    switch (fact.kind) {
      case 'sale':
        return this.sale(fact.sale);
      case 'card-payment':
        return this.cardPayment(fact.payment);
      case 'cash-refund':
        return this.cashRefund(fact.refund);
      case 'itemised-refund':
        return this.itemisedRefund(fact.refund);
      case 'cash-movement':
        return this.cashMovement(fact.movement);
      case 'no-sale':
        return this.noSale(fact.noSale);
      case 'shift':
        return this.shift(fact.shift);
    }
  }

  /** Adds to a figure; a figure added to, even by 0, makes its row appear in the report. */
  private put(section: Section, row: string, field: string, value: number): void {
    let rows = this.table.get(section);
    if (!rows) this.table.set(section, (rows = new Map()));
    let figures = rows.get(row);
    if (!figures) rows.set(row, (figures = {}));
    figures[field] = (figures[field] ?? 0) + value;
  }

  private countAmount(section: Section, row: string, amount: number): void {
    this.put(section, row, 'count', 1);
    this.put(section, row, 'amount', amount);
  }

  /** The row of who served a sale or gave money back (their name kept beside the sums). */
  private cashier(by: StaffStamp | null): string {
    const id = by?.id ?? NOBODY;
    if (!Object.hasOwn(this.cashiers, id)) this.cashiers[id] = by?.name ?? NOBODY;
    return id;
  }

  /** A card machine's row: its key and name; the machine's naming travels with the sums. */
  private card(terminalId: string | null): { key: string; label: string } {
    if (!terminalId) return UNKNOWN_CARD;
    const naming = this.ctx.terminalName(terminalId);
    if (!Object.hasOwn(this.machines, terminalId)) this.machines[terminalId] = naming;
    return { key: `${CARD_KEY}${terminalId}`, label: naming.name };
  }

  private productKey(productId: string): string {
    return this.ctx.productKey?.(productId) ?? productId;
  }

  private categoryOf(productId: string): string {
    return this.ctx.categories.get(productId) ?? NO_CATEGORY;
  }

  /** VAT as each receipt (or refund) printed it, per rate by the shared rule; `sign` −1 takes off. */
  private vat(lines: readonly { amount: number; vatRate: number | null }[], sign: 1 | -1): void {
    for (const r of vatSummary(lines.map((l) => ({ gross: l.amount, vatRate: l.vatRate })))) {
      this.put(SECTION.vat, String(r.basisPoints), 'gross', sign * r.gross);
      this.put(SECTION.vat, String(r.basisPoints), 'vat', sign * r.vat);
    }
    const unrated = lines.filter((l) => l.vatRate === null);
    if (unrated.length > 0)
      this.put(SECTION.vat, NO_RATE, 'gross', sign * unrated.reduce((a, l) => a + l.amount, 0));
  }

  private sale(sale: EndedSale): void {
    const cashier = sale.servedBy?.name ?? NOBODY;
    if (sale.state === 'abandoned') {
      // Only a sale the cashier voided is a void (those ended before reasons were kept were
      // voids); one set aside to be parked comes back as a new sale, one never issued was never seen.
      if (sale.endedBecause !== null && sale.endedBecause !== 'voided') return;
      this.countAmount(SECTION.voids, '', sale.total);
      this.lines?.push({
        ...BLANK,
        record: 'void',
        at: sale.createdAt,
        receipt: sale.receiptNumber,
        cashier,
        description: 'Abandoned before it was paid',
        amount: sale.total,
      });
      return;
    }
    const at = sale.completedAt ?? sale.createdAt;
    this.countAmount(SECTION.sales, '', sale.total);
    this.countAmount(SECTION.cashier, this.cashier(sale.servedBy), sale.total);
    this.countAmount(SECTION.hour, String(this.ctx.hourOf(at)), sale.total);
    for (const line of sale.lines) {
      const discount = Math.max(0, line.quantity * line.unitPrice - line.lineTotal);
      if (discount > 0) this.countAmount(SECTION.discounts, '', discount);
      const override = line.priceOverride
        ? (line.priceOverride.listPrice - line.unitPrice) * line.quantity
        : 0;
      if (line.priceOverride) this.countAmount(SECTION.priceOverrides, '', override);
      this.put(SECTION.product, this.productKey(line.productId), 'quantity', line.quantity);
      this.put(SECTION.product, this.productKey(line.productId), 'amount', line.lineTotal);
      this.lines?.push({
        ...BLANK,
        record: 'sale_line',
        at,
        receipt: sale.receiptNumber,
        cashier,
        description: line.name,
        category: this.categoryOf(line.productId),
        quantity: line.quantity,
        vatRate: line.vatRate ?? null,
        amount: line.lineTotal,
        discount,
        priceOverride: override,
      });
    }
    this.vat(
      sale.lines.map((l) => ({ amount: l.lineTotal, vatRate: l.vatRate ?? null })),
      1,
    );
    for (const t of sale.tenders) {
      const terminalId = t.kind === 'card' && t.paymentId ? this.ctx.terminalOf(t.paymentId) : null;
      const { key, label } =
        t.kind === 'cash' ? CASH : t.kind === 'manual_card' ? MANUAL : this.card(terminalId);
      this.countAmount(SECTION.tender, key, t.amount);
      this.lines?.push({
        ...BLANK,
        record: 'tender',
        at: t.takenAt,
        receipt: sale.receiptNumber,
        cashier,
        description: label,
        amount: t.amount,
        tenderKey: key,
        tender: label,
      });
    }
  }

  /** Money handed back by card: on its machine's refund row. */
  private cardRefund(
    terminalId: string | null,
    amount: number,
    at: string,
    receipt: string,
    by: StaffStamp | null,
  ): void {
    const { key, label } = this.card(terminalId);
    this.countAmount(SECTION.refund, key, amount);
    this.lines?.push({
      ...BLANK,
      record: 'refund',
      at,
      receipt,
      cashier: by?.name ?? '',
      description: 'Card refund',
      amount,
      tenderKey: key,
      tender: label,
    });
  }

  /** Who gave money back: the cashier's row loses what they handed back (docs/shop-day.md). */
  private refundedBy(by: StaffStamp | null, amount: number): void {
    this.put(SECTION.cashier, this.cashier(by), 'refunds', amount);
  }

  private cardPayment(p: CardPaymentFact): void {
    if (p.type !== 'REFUND' || !p.paid || (p.currency !== null && p.currency !== this.ctx.currency)) return;
    // The card part of an itemised refund counts with its refund, when that completes.
    if (p.itemised) return;
    const amount = p.amount ?? 0;
    this.countAmount(SECTION.refundsWithoutItems, '', amount);
    this.refundedBy(p.by, amount);
    const receipt = (p.saleId && this.ctx.receiptOf?.(p.saleId)) || '';
    this.cardRefund(p.terminalId, amount, p.createdAt, receipt, p.by);
  }

  private cashRefund(r: CashRefundFact): void {
    this.countAmount(SECTION.refund, CASH.key, r.amount);
    this.lines?.push({
      ...BLANK,
      record: 'refund',
      at: r.at,
      receipt: r.receiptNumber ?? '',
      cashier: r.by?.name ?? '',
      description: 'Cash refund',
      amount: r.amount,
      tenderKey: CASH.key,
      tender: CASH.label,
    });
  }

  /**
   * An itemised refund gives back lines sold at known rates: their VAT comes off, the refund by
   * the shared rule (as a receipt). Each line comes off its product's row, and the whole refund
   * off the row of who gave it back. Its cash part is its own fact (cashRefund).
   */
  private itemisedRefund(r: ItemsGivenBack): void {
    this.vat(r.lines, -1);
    if (r.cardAmount > 0) {
      const terminalId = r.cardTerminalId ?? (r.cardPaymentId && this.ctx.terminalOf(r.cardPaymentId));
      this.cardRefund(terminalId || null, r.cardAmount, r.at, r.receiptNumber, r.by);
    }
    for (const l of r.lines) {
      this.put(SECTION.product, this.productKey(l.productId), 'refunds', l.amount);
      this.refundedBy(r.by, l.amount);
      this.lines?.push({
        ...BLANK,
        record: 'refund_line',
        at: r.at,
        receipt: r.receiptNumber,
        cashier: r.by?.name ?? '',
        description: l.name,
        category: this.categoryOf(l.productId),
        quantity: l.quantity,
        vatRate: l.vatRate,
        amount: l.amount,
      });
    }
  }

  private cashMovement(m: CashMovement): void {
    this.countAmount(SECTION.cashMovement, `${m.direction}:${m.reason}`, m.amount);
    this.lines?.push({
      ...BLANK,
      record: 'cash_movement',
      at: m.at,
      receipt: '',
      cashier: m.by?.name ?? '',
      description: `${CASH_MOVEMENT_LABELS[m.reason]}${m.note ? `: ${m.note}` : ''}`,
      amount: m.amount,
      direction: m.direction,
    });
  }

  private noSale(n: NoSaleFact): void {
    this.put(SECTION.noSales, '', 'count', 1);
    this.lines?.push({
      ...BLANK,
      record: 'no_sale',
      at: n.at,
      receipt: '',
      cashier: n.by?.name ?? '',
      description: n.reason,
      amount: 0,
    });
  }

  /** A counted shift's drawer figures, worked out by the shifts area over its own time: listed. */
  private shift(s: ShiftView): void {
    this.shifts.push({
      number: s.number,
      float: s.float,
      expected: s.expected ?? 0,
      counted: s.counted ?? 0,
      difference: s.difference ?? 0,
      countedBy: s.countedBy?.name ?? null,
    });
  }
}
