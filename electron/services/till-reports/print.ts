// The till report as receipt lines, so it prints (and previews) like every other slip.
import { CASH_MOVEMENT_LABELS, type TillReportView } from '../../../shared/contract';
import { formatMoneyPlain } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS, type PaperWidth } from '../../../shared/receipt-layout';
import { formatRate } from '../../../shared/vat';
import { amountRow } from '../printing/sale-receipt';

export interface PrintOptions {
  shopName: string;
  paperWidth: PaperWidth;
  timeZone?: string;
  /** A past Z printed again. */
  reprint?: boolean;
}

function when(iso: string, timeZone: string | undefined): string {
  return new Date(iso).toLocaleString('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' });
}

export function reportReceipt(report: TillReportView, o: PrintOptions): ReceiptLine[] {
  const columns = COLUMNS[o.paperWidth];
  const money = (minor: number) => formatMoneyPlain(minor, report.currency);
  const out: ReceiptLine[] = [];
  const row = (label: string, amount: number, count?: number) => {
    const left = count === undefined ? label : `${label} (${count})`;
    for (const value of amountRow(left, money(amount), columns)) out.push(text(value));
  };
  const heading = (title: string) => {
    out.push(line('LINE_SEPARATOR'));
    out.push(text(title, 'BOLD'));
  };

  if (o.reprint) out.push(text('REPRINT', 'BOLD'));
  if (o.shopName) out.push(text(o.shopName, 'BOLD'));
  out.push(
    text(
      report.kind === 'Z' ? `Z REPORT ${report.number}` : 'X REPORT (day so far)',
      'BOLD',
      'DOUBLE_HEIGHT',
    ),
  );
  out.push(text(`From ${report.since ? when(report.since, o.timeZone) : 'the first sale'}`));
  out.push(text(`To   ${when(report.until, o.timeZone)}`));
  if (report.runBy) out.push(text(`Run by ${report.runBy.name}`));

  heading('Takings');
  row('Sales', report.sales.amount, report.sales.count);
  row('Refunds', -report.sales.refunds);
  row('Net takings', report.sales.net);

  heading('By tender');
  for (const t of report.tenders) row(t.label, t.amount, t.count);
  heading('VAT');
  for (const v of report.vat) {
    const name = v.basisPoints === null ? 'No rate kept' : formatRate(v.basisPoints);
    row(`${name} gross`, v.gross);
    row(`${name} VAT`, v.vat);
    row(`${name} net`, v.net);
  }
  if (report.refundsWithoutItems && report.refundsWithoutItems.count > 0) {
    // Their VAT rate is not known, so they are not in the rows above.
    row('Card refunds, no items', -report.refundsWithoutItems.amount, report.refundsWithoutItems.count);
  }
  heading('By category');
  for (const c of report.categories) row(c.category, c.amount, c.quantity);
  heading('By cashier');
  for (const c of report.cashiers) row(c.name, c.amount, c.count);
  heading('By hour');
  for (const h of report.hours)
    if (h.count > 0) row(`${String(h.hour).padStart(2, '0')}:00`, h.amount, h.count);
  heading('Refunds');
  for (const r of report.refunds) row(r.label, r.amount, r.count);
  heading('Other');
  row('Discounts', report.discounts.amount, report.discounts.count);
  if (report.priceOverrides)
    row('Price overrides', report.priceOverrides.amount, report.priceOverrides.count);
  row('Voids', report.voids.amount, report.voids.count);
  out.push(text(`No-sales: ${report.noSales ? report.noSales.count : 'not recorded'}`));
  if (report.cashMovements.length > 0) {
    heading('Cash in and out');
    for (const m of report.cashMovements)
      row(`${m.direction === 'in' ? 'In' : 'Out'}: ${CASH_MOVEMENT_LABELS[m.reason]}`, m.amount, m.count);
  }
  for (const s of report.shifts) {
    heading(`Shift ${s.number}${s.countedBy ? ` counted by ${s.countedBy}` : ''}`);
    row('Float', s.float);
    row('Expected', s.expected);
    row('Counted', s.counted);
    row('Difference', s.difference);
  }
  out.push(line('TICKET_FEED'));
  return out;
}
