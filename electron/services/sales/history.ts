// Sales history: completed sales found by receipt number, dates, amount, who served, or the
// card's last four digits; one sale opened with what each line can still give back; its receipt
// printed again marked COPY. Paged by sale number (newest first), on indexes, so a till with a
// hundred thousand sales answers at once.
import { randomUUID } from 'node:crypto';
import type { HistoryPage, SaleRecord, SaleSummary, SaleView, StaffStamp } from '../../../shared/contract';
import type { HistorySearch } from '../../../shared/contract/history';
import { TillError } from '../../../shared/contract/errors';
import { text, line, type ReceiptLine } from '../../../shared/receipt';
import { paperFormat } from '../../../shared/format';
import { receiptWords } from '../../../shared/receipt-words';
import { vatSummary } from '../../../shared/vat';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { refundableLeft, type MoneyFacts } from '../payments/journal';
import type { Db, Migration } from '../storage/database';
import { linePaidAmounts } from '../../../shared/refund-money';
import type { SaleRefunds } from './refunds';
import type { ReceiptSettings } from './checkout';
import { receiptNumberOf } from './sales-ledger';

export const HISTORY_MIGRATIONS: readonly Migration[] = [
  {
    // Each search key has an index; paging walks sale numbers newest first.
    id: 'sales-history-indexes',
    sql: `CREATE INDEX sales_by_state_number ON sales (state, number);
    CREATE INDEX sales_by_created ON sales (created_at);
    CREATE INDEX sales_by_total ON sales (total, number);
    CREATE INDEX sales_by_server ON sales (json_extract(served_by, '$.id'), number);`,
  },
];

export interface SaleHistoryOptions {
  db: Db;
  clock: Clock;
  sale: (saleId: string) => SaleView;
  refunds: Pick<SaleRefunds, 'forSale' | 'refundedByLine' | 'refundedTotals'>;
  /** Sales paid by a card ending in these four digits (the payments journal knows). */
  salesByCardDigits: (lastDigits: string) => string[];
  /** A card payment, its card's label and last digits, and the refunds against it. */
  cardPayment: (paymentId: string) => {
    facts: MoneyFacts;
    terminalId: string;
    cardLabel: string | null;
    lastDigits: string | null;
    refunds: readonly MoneyFacts[];
  } | null;
  /** The sale's receipt as it printed (the checkout builds it). */
  receiptLines: (sale: SaleView) => ReceiptLine[];
  /** The shop's locale and zone for the COPY heading; en-GB and the machine's zone when absent. */
  paperSettings?: () => Pick<ReceiptSettings, 'locale' | 'timeZone'>;
  printReceipt: (receiptId: string, lines: ReceiptLine[]) => Promise<unknown>;
  logger: Logger;
  /** A sale number as its receipt shows it (the ledger's, with the till's number); "S000123" by default. */
  receiptNumber?: (number: number) => string;
}

interface SummaryRow {
  id: string;
  number: number;
  currency: string;
  total: number;
  served_by: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * "S000123", "s123", "2-000123" or "123" → 123. The till's own sales are numbered once whatever
 * the prefix, so the number alone finds the sale here.
 */
export function receiptNumberFrom(typed: string): number {
  return Number(typed.trim().replace(/^(?:[Ss]|\d{1,3}-)/, ''));
}

export class SaleHistory {
  constructor(private readonly o: SaleHistoryOptions) {}

  /** The search's SQL and its values (one page plus one row, to know whether another follows). */
  query(input: HistorySearch): { sql: string; args: unknown[] } {
    const where = ["s.state = 'completed'"];
    const args: unknown[] = [];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      args.push(...values);
    };
    if (input.receiptNumber !== undefined) add('s.number = ?', receiptNumberFrom(input.receiptNumber));
    if (input.from !== undefined) add('s.created_at >= ?', new Date(input.from).toISOString());
    if (input.to !== undefined) add('s.created_at < ?', new Date(input.to).toISOString());
    if (input.amount !== undefined) add('s.total = ?', input.amount);
    if (input.cashierId !== undefined) add("json_extract(s.served_by, '$.id') = ?", input.cashierId);
    if (input.cardLastDigits !== undefined) {
      add(
        's.id IN (SELECT value FROM json_each(?))',
        JSON.stringify(this.o.salesByCardDigits(input.cardLastDigits)),
      );
    }
    if (input.after !== undefined) add('s.number < ?', input.after);
    return {
      sql: `SELECT s.id, s.number, s.currency, s.total, s.served_by, s.created_at, s.completed_at FROM sales s
           WHERE ${where.join(' AND ')} ORDER BY s.number DESC LIMIT ?`,
      args: [...args, (input.limit ?? 25) + 1],
    };
  }

  search(input: HistorySearch): HistoryPage {
    const limit = input.limit ?? 25;
    const { sql, args } = this.query(input);
    const rows = this.o.db.prepare(sql).all(...args) as SummaryRow[];
    const page = rows.slice(0, limit);
    return {
      sales: this.summaries(page),
      next: rows.length > limit ? page[page.length - 1]!.number : null,
    };
  }

  /** One sale as history shows it: lines with what each can still give back, VAT, cards, refunds. */
  record(saleId: string): SaleRecord {
    const sale = this.o.sale(saleId);
    if (sale.state === 'open')
      throw new TillError('conflict', 'This sale is still open: finish it on the Sell screen.', {
        words: { key: 'history.stillOpen' },
      });
    const paid = linePaidAmounts(
      sale.lines.map((l) => l.lineTotal),
      sale.total,
    );
    const refunded = this.o.refunds.refundedByLine(saleId);
    const refunds = this.o.refunds.forSale(saleId);
    const cards = sale.tenders.flatMap((t) => {
      const card = t.kind === 'card' && t.paymentId ? this.o.cardPayment(t.paymentId) : null;
      if (!card || !t.paymentId) return [];
      return [
        {
          paymentId: t.paymentId,
          terminalId: card.terminalId,
          amount: t.amount,
          cardLabel: card.cardLabel,
          lastDigits: card.lastDigits,
          refundableLeft: Math.max(0, refundableLeft(card.facts, card.refunds)),
        },
      ];
    });
    return {
      sale,
      lines: sale.lines.map((l, lineIndex) => {
        const back = refunded.get(lineIndex)?.quantity ?? 0;
        return {
          lineIndex,
          name: l.name,
          quantity: l.quantity,
          paid: paid[lineIndex]!,
          refundedQuantity: back,
          refundableQuantity: Math.max(0, l.quantity - back),
        };
      }),
      vat: vatSummary(sale.lines.map((l, i) => ({ gross: paid[i]!, vatRate: l.vatRate }))),
      cards,
      refunds,
      refundedTotal: refunds.filter((r) => r.state !== 'failed').reduce((sum, r) => sum + r.total, 0),
    };
  }

  /**
   * Prints the sale's receipt again, as it printed, under a COPY heading that says when and by
   * whom, so it can never pass for a new sale. Every press prints (a fresh job).
   */
  reprint(saleId: string, by: StaffStamp | null): void {
    const sale = this.o.sale(saleId);
    if (sale.state !== 'completed')
      throw new TillError('conflict', 'Only a completed sale has a receipt to print again.', {
        words: { key: 'history.noReceipt' },
      });
    const { locale, timeZone } = this.o.paperSettings?.() ?? {};
    const words = receiptWords(locale);
    const when = paperFormat(locale, timeZone).dateTime(this.o.clock.now());
    const heading: ReceiptLine[] = [
      text(words.copy, 'BOLD', 'DOUBLE_HEIGHT'),
      text(words.reprinted(when, by?.name ?? null)),
      line('DOUBLE_LINE_SEPARATOR'),
    ];
    const receiptId = `${sale.saleId}:copy-${randomUUID().slice(0, 8)}`;
    this.o
      .printReceipt(receiptId, [...heading, ...this.o.receiptLines(sale)])
      .catch((error: unknown) => this.o.logger.error(`could not queue receipt copy ${receiptId}`, error));
  }

  private summaries(rows: SummaryRow[]): SaleSummary[] {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const kinds = new Map<string, Set<SaleSummary['tenderKinds'][number]>>();
    const tenderRows = this.o.db
      .prepare('SELECT sale_id, kind FROM tenders WHERE sale_id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as { sale_id: string; kind: SaleSummary['tenderKinds'][number] }[];
    for (const t of tenderRows) {
      const set = kinds.get(t.sale_id) ?? new Set();
      set.add(t.kind);
      kinds.set(t.sale_id, set);
    }
    const refunded = this.o.refunds.refundedTotals(ids);
    return rows.map((r) => ({
      saleId: r.id,
      receiptNumber: (this.o.receiptNumber ?? receiptNumberOf)(r.number),
      currency: r.currency,
      total: r.total,
      refunded: refunded.get(r.id) ?? 0,
      tenderKinds: [...(kinds.get(r.id) ?? [])],
      servedBy: r.served_by ? (JSON.parse(r.served_by) as StaffStamp).name : null,
      createdAt: r.created_at,
      completedAt: r.completed_at,
    }));
  }
}
