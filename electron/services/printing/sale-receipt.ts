// The shop's own sale receipt, built as receipt lines so it prints (and previews) exactly like a
// card slip. Amounts are integer minor units; VAT rates are basis points (2000 = 20 %).
import { sumMinor, type Currency } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS, type PaperWidth } from '../../../shared/receipt-layout';
import { vatIncluded, vatSummary } from '../../../shared/vat';
import { receiptWords } from '../../../shared/receipt-words';
import { paperFormat } from '../../../shared/format';

export { vatIncluded };

export interface ShopDetails {
  name: string;
  addressLines: string[];
  vatNumber?: string;
  phone?: string;
}

export interface SaleItem {
  name: string;
  /** Whole units. */
  quantity: number;
  unitPrice: number;
  /** Defaults to quantity × unitPrice; give it when a line discount applies. */
  lineTotal?: number;
  /** The VAT rate it was sold at (basis points); when lines carry rates the summary is per rate. */
  vatRate?: number | null;
  /** The line's own discount: printed under it; lineTotal is after it. */
  discount?: { label: string; amount: number };
  /** A price changed at the counter, printed under the line (e.g. "Price changed from 3.40"). */
  note?: string;
  /**
   * What the line finally cost after a basket discount's share (the VAT summary's gross); the
   * lineTotal when absent.
   */
  vatGross?: number;
}

export type Tender =
  | { kind: 'card'; amount: number; cardLabel?: string; lastDigits?: string; authCode?: string }
  /** `amount` is what the cash pays towards the sale; `given` is what the customer handed over. */
  | { kind: 'cash'; amount: number; given: number }
  | { kind: 'other'; amount: number; label: string };

export interface SaleReceiptInput {
  shop: ShopDetails;
  receiptNumber: string;
  issuedAt: Date;
  /** IANA zone for the printed date; the machine's zone when absent. */
  timeZone?: string;
  currency: Currency;
  /** The shop's locale for words and amounts ("1.234,50 €" in de-DE); en-GB when absent. */
  locale?: string;
  items: SaleItem[];
  /** Basket-level adjustments, e.g. { label: 'Discount', amount: -150 }. */
  adjustments?: { label: string; amount: number }[];
  tenders: Tender[];
  /**
   * One VAT rate for the whole receipt (basis points), for lines that carry none of their own
   * (sales from before rates were kept). No VAT summary when absent and no line has a rate.
   */
  vatRateBasisPoints?: number;
  cashier?: string;
  footerLines?: string[];
  paperWidth: PaperWidth;
}

/** Label on the left, amount right-aligned to the paper width; too long a label takes its own line. */
export function amountRow(label: string, amount: string, columns: number): string[] {
  const room = columns - amount.length - 1;
  if (label.length <= room) return [label + ' '.repeat(columns - label.length - amount.length) + amount];
  return [label, amount.padStart(columns)];
}

export function lineTotalOf(item: SaleItem): number {
  return item.lineTotal ?? item.quantity * item.unitPrice;
}

export function buildSaleReceipt(input: SaleReceiptInput): ReceiptLine[] {
  const columns = COLUMNS[input.paperWidth];
  const paper = paperFormat(input.locale, input.timeZone);
  const money = (minor: number) => paper.money(minor, input.currency);
  const words = receiptWords(input.locale);
  const rate = (basisPoints: number) => paper.percent(basisPoints);
  const rows = (label: string, minor: number, ...format: ('BOLD' | 'DOUBLE_HEIGHT')[]) =>
    amountRow(label, money(minor), columns).map((value) => text(value, ...format));
  const lines: ReceiptLine[] = [];

  lines.push(text(input.shop.name, 'BOLD', 'DOUBLE_HEIGHT'));
  for (const address of input.shop.addressLines) lines.push(text(address));
  if (input.shop.phone) lines.push(text(words.phone(input.shop.phone)));
  if (input.shop.vatNumber) lines.push(text(words.vatNumber(input.shop.vatNumber)));
  lines.push(line('DOUBLE_LINE_SEPARATOR'));
  lines.push(text(paper.dateTime(input.issuedAt)));
  lines.push(text(words.receipt(input.receiptNumber)));
  if (input.cashier) lines.push(text(words.servedBy(input.cashier)));
  lines.push(line('LINE_SEPARATOR'));

  for (const item of input.items) {
    const label = item.quantity === 1 ? item.name : `${item.quantity} x ${item.name}`;
    lines.push(...rows(label, lineTotalOf(item) + (item.discount?.amount ?? 0)));
    if (item.quantity !== 1) lines.push(text(`  ${words.each(money(item.unitPrice))}`));
    if (item.note) lines.push(text(`  ${item.note}`));
    if (item.discount) lines.push(...rows(`  ${item.discount.label}`, -item.discount.amount));
  }
  lines.push(line('LINE_SEPARATOR'));

  const subtotal = sumMinor(input.items.map(lineTotalOf));
  const adjustments = input.adjustments ?? [];
  const total = sumMinor([subtotal, ...adjustments.map((a) => a.amount)]);
  lines.push(...rows(words.subtotal, subtotal));
  for (const adjustment of adjustments) lines.push(...rows(adjustment.label, adjustment.amount));
  lines.push(...rows(words.total, total, 'BOLD', 'DOUBLE_HEIGHT'));
  lines.push(line('LINE_SEPARATOR'));

  for (const tender of input.tenders) {
    if (tender.kind === 'card') {
      const card = [tender.cardLabel ?? words.card, tender.lastDigits ? `****${tender.lastDigits}` : '']
        .filter(Boolean)
        .join(' ');
      lines.push(...rows(card, tender.amount));
      if (tender.authCode) lines.push(text(`  ${words.authCode(tender.authCode)}`));
    } else if (tender.kind === 'cash') {
      lines.push(...rows(words.cash, tender.given));
      lines.push(...rows(words.changeDue, tender.given - tender.amount, 'BOLD'));
    } else {
      lines.push(...rows(tender.label, tender.amount));
    }
  }

  const perRate = vatSummary(
    input.items.map((item) => ({ gross: item.vatGross ?? lineTotalOf(item), vatRate: item.vatRate ?? null })),
  );
  if (perRate.length > 0) {
    // Per rate on the receipt's gross at that rate (shared/vat.ts states the rule).
    lines.push(line('LINE_SEPARATOR'));
    lines.push(text(words.vatSummary));
    for (const row of perRate) {
      lines.push(...rows(words.vatAt(rate(row.basisPoints)), row.vat));
      lines.push(...rows(`  ${words.net}`, row.net));
      lines.push(...rows(`  ${words.gross}`, row.gross));
    }
    if (perRate.length > 1) lines.push(...rows(words.totalVat, sumMinor(perRate.map((r) => r.vat))));
  } else if (input.vatRateBasisPoints !== undefined) {
    const vat = vatIncluded(total, input.vatRateBasisPoints);
    lines.push(line('LINE_SEPARATOR'));
    lines.push(text(words.vatSummary));
    lines.push(...rows(words.vatAt(rate(input.vatRateBasisPoints)), vat));
    lines.push(...rows(words.net, total - vat));
    lines.push(...rows(words.gross, total));
  }

  if (input.footerLines && input.footerLines.length > 0) {
    lines.push(line('LINE_SEPARATOR'));
    for (const footer of input.footerLines) lines.push(text(footer));
  }
  lines.push(line('TICKET_FEED'));
  return lines;
}
