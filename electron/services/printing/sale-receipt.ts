// The shop's own sale receipt, built as receipt lines so it prints (and previews) exactly like a
// card slip. Amounts are integer minor units; VAT rates are basis points (2000 = 20 %).
import { formatMoneyPlain, sumMinor, type Currency } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS, type PaperWidth } from '../../../shared/receipt-layout';
import { formatRate, vatIncluded, vatSummary } from '../../../shared/vat';

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

function formatDateTime(date: Date, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

export function lineTotalOf(item: SaleItem): number {
  return item.lineTotal ?? item.quantity * item.unitPrice;
}

export function buildSaleReceipt(input: SaleReceiptInput): ReceiptLine[] {
  const columns = COLUMNS[input.paperWidth];
  const money = (minor: number) => formatMoneyPlain(minor, input.currency);
  const rows = (label: string, minor: number, ...format: ('BOLD' | 'DOUBLE_HEIGHT')[]) =>
    amountRow(label, money(minor), columns).map((value) => text(value, ...format));
  const lines: ReceiptLine[] = [];

  lines.push(text(input.shop.name, 'BOLD', 'DOUBLE_HEIGHT'));
  for (const address of input.shop.addressLines) lines.push(text(address));
  if (input.shop.phone) lines.push(text(`Tel ${input.shop.phone}`));
  if (input.shop.vatNumber) lines.push(text(`VAT No. ${input.shop.vatNumber}`));
  lines.push(line('DOUBLE_LINE_SEPARATOR'));
  lines.push(text(formatDateTime(input.issuedAt, input.timeZone)));
  lines.push(text(`Receipt ${input.receiptNumber}`));
  if (input.cashier) lines.push(text(`Served by ${input.cashier}`));
  lines.push(line('LINE_SEPARATOR'));

  for (const item of input.items) {
    const label = item.quantity === 1 ? item.name : `${item.quantity} x ${item.name}`;
    lines.push(...rows(label, lineTotalOf(item)));
    if (item.quantity !== 1) lines.push(text(`  @ ${money(item.unitPrice)}`));
  }
  lines.push(line('LINE_SEPARATOR'));

  const subtotal = sumMinor(input.items.map(lineTotalOf));
  const adjustments = input.adjustments ?? [];
  const total = sumMinor([subtotal, ...adjustments.map((a) => a.amount)]);
  lines.push(...rows('Subtotal', subtotal));
  for (const adjustment of adjustments) lines.push(...rows(adjustment.label, adjustment.amount));
  lines.push(...rows('TOTAL', total, 'BOLD', 'DOUBLE_HEIGHT'));
  lines.push(line('LINE_SEPARATOR'));

  for (const tender of input.tenders) {
    if (tender.kind === 'card') {
      const card = [tender.cardLabel ?? 'Card', tender.lastDigits ? `****${tender.lastDigits}` : '']
        .filter(Boolean)
        .join(' ');
      lines.push(...rows(card, tender.amount));
      if (tender.authCode) lines.push(text(`  Auth code ${tender.authCode}`));
    } else if (tender.kind === 'cash') {
      lines.push(...rows('Cash', tender.given));
      lines.push(...rows('Change due', tender.given - tender.amount, 'BOLD'));
    } else {
      lines.push(...rows(tender.label, tender.amount));
    }
  }

  const perRate = vatSummary(
    input.items.map((item) => ({ gross: lineTotalOf(item), vatRate: item.vatRate ?? null })),
  );
  if (perRate.length > 0) {
    // Per rate on the receipt's gross at that rate (shared/vat.ts states the rule).
    lines.push(line('LINE_SEPARATOR'));
    lines.push(text('VAT summary'));
    for (const row of perRate) {
      lines.push(...rows(`VAT ${formatRate(row.basisPoints)}`, row.vat));
      lines.push(...rows('  Net', row.net));
      lines.push(...rows('  Gross', row.gross));
    }
    if (perRate.length > 1) lines.push(...rows('Total VAT', sumMinor(perRate.map((r) => r.vat))));
  } else if (input.vatRateBasisPoints !== undefined) {
    const vat = vatIncluded(total, input.vatRateBasisPoints);
    lines.push(line('LINE_SEPARATOR'));
    lines.push(text('VAT summary'));
    lines.push(...rows(`VAT ${formatRate(input.vatRateBasisPoints)}`, vat));
    lines.push(...rows('Net', total - vat));
    lines.push(...rows('Gross', total));
  }

  if (input.footerLines && input.footerLines.length > 0) {
    lines.push(line('LINE_SEPARATOR'));
    for (const footer of input.footerLines) lines.push(text(footer));
  }
  lines.push(line('TICKET_FEED'));
  return lines;
}
