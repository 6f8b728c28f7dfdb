// The till report as receipt lines, so it prints (and previews) like every other slip, in the
// shop's language, money format and time zone (shared/receipt-words.ts, shared/format.ts).
import type { TenderRow, TillReportView } from '../../../shared/contract';
import { paperFormat } from '../../../shared/format';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS, type PaperWidth } from '../../../shared/receipt-layout';
import { receiptWords, type ReceiptWords } from '../../../shared/receipt-words';
import { zNumberText } from '../../../shared/till-report-receipts';
import { amountRow } from '../printing/sale-receipt';
import { lastDigitsOf } from '../../../shared/terminal-names';
import { CASH, MANUAL, NO_CATEGORY, NOBODY, UNKNOWN_CARD } from './compute';

export interface PrintOptions {
  shopName: string;
  paperWidth: PaperWidth;
  /** The shop's locale; en-GB when absent. */
  locale?: string;
  timeZone?: string;
  /** A past Z printed again. */
  reprint?: boolean;
  /** A shop report over all tills (shop server): each till's takings, printed under the shop's. */
  byTill?: ReadonlyArray<{ number: number; name: string; sales: TillReportView['sales'] }>;
}

/**
 * A tender's or refund's label in the slip's language: card machines keep the shop's names, one
 * the shop has not named is its last digits in the slip's words. A row of a Z closed before rows
 * said which machine they were prints its label as closed.
 */
function tenderLabel(row: TenderRow, words: ReceiptWords): string {
  if (row.key === CASH.key) return words.cash;
  if (row.key === MANUAL.key) return words.tillReport.manualCard;
  if (row.key === UNKNOWN_CARD.key) return words.tillReport.unknownCardMachine;
  if (row.terminal && !row.terminal.named)
    return words.tillReport.unnamedCardMachine(lastDigitsOf(row.terminal.id));
  return row.label;
}

export function reportReceipt(report: TillReportView, o: PrintOptions): ReceiptLine[] {
  const columns = COLUMNS[o.paperWidth];
  const paper = paperFormat(o.locale, o.timeZone);
  const all = receiptWords(o.locale);
  const words = all.tillReport;
  const out: ReceiptLine[] = [];
  const row = (label: string, amount: number, count?: number) => {
    const left = count === undefined ? label : `${label} (${count})`;
    for (const value of amountRow(left, paper.money(amount, report.currency), columns)) out.push(text(value));
  };
  // A row that refunds took from shows what they gave back and what is left; the rows then add
  // up to the net takings, written under each table.
  const refundsAndNet = (r: { refunds: number | null; net: number | null }) => {
    if (!r.refunds || r.net === null) return;
    row(words.rowRefunded, -r.refunds);
    row(words.rowAfterRefunds, r.net);
  };
  const heading = (title: string) => {
    out.push(line('LINE_SEPARATOR'));
    out.push(text(title, 'BOLD'));
  };

  if (o.reprint) out.push(text(words.reprint, 'BOLD'));
  if (o.shopName) out.push(text(o.shopName, 'BOLD'));
  const title = o.byTill
    ? report.kind === 'Z'
      ? words.shopZTitle(zNumberText(report))
      : words.shopXTitle
    : report.kind === 'Z'
      ? words.zTitle(zNumberText(report))
      : words.xTitle;
  out.push(text(title, 'BOLD', 'DOUBLE_HEIGHT'));
  out.push(text(words.from(report.since ? paper.dateTime(report.since) : null)));
  out.push(text(words.to(paper.dateTime(report.until))));
  if (report.runBy) out.push(text(words.runBy(report.runBy.name)));

  heading(words.takings);
  row(words.sales, report.sales.amount, report.sales.count);
  row(words.refunds, -report.sales.refunds);
  row(words.netTakings, report.sales.net);

  if (o.byTill) {
    heading(words.byTill);
    for (const t of o.byTill) {
      row(words.till(t.number, t.name), t.sales.amount, t.sales.count);
      refundsAndNet(t.sales);
    }
  }

  heading(words.byTender);
  for (const t of report.tenders) row(tenderLabel(t, all), t.amount, t.count);
  heading(words.vat);
  for (const v of report.vat) {
    const name = v.basisPoints === null ? words.noRateKept : paper.percent(v.basisPoints);
    row(words.rateGross(name), v.gross);
    row(words.rateVat(name), v.vat);
    row(words.rateNet(name), v.net);
  }
  const withoutItems = report.refundsWithoutItems?.count ? report.refundsWithoutItems : null;
  // Their VAT rate (and category) is not known, so they are not in the rows above.
  if (withoutItems) row(words.refundsWithoutItems, -withoutItems.amount, withoutItems.count);
  heading(words.byCategory);
  for (const c of report.categories) {
    row(c.category === NO_CATEGORY ? words.noCategory : c.category, c.amount, c.quantity);
    refundsAndNet(c);
  }
  if (withoutItems) row(words.refundsWithoutItems, -withoutItems.amount, withoutItems.count);
  // A Z closed before rows carried refunds has gross rows only: they do not add up to it.
  const rowsCarryNet = [...report.categories, ...report.cashiers].every((r) => r.net !== null);
  if (rowsCarryNet) row(words.netTakings, report.sales.net);
  heading(words.byCashier);
  for (const c of report.cashiers) {
    row(c.name === NOBODY ? words.nobody : c.name, c.amount, c.count);
    refundsAndNet(c);
  }
  if (rowsCarryNet) row(words.netTakings, report.sales.net);
  heading(words.byHour);
  for (const h of report.hours)
    if (h.count > 0) row(`${String(h.hour).padStart(2, '0')}:00`, h.amount, h.count);
  heading(words.refunds);
  for (const r of report.refunds) row(tenderLabel(r, all), r.amount, r.count);
  heading(words.other);
  row(words.discounts, report.discounts.amount, report.discounts.count);
  if (report.priceOverrides)
    row(words.priceOverrides, report.priceOverrides.amount, report.priceOverrides.count);
  row(words.voids, report.voids.amount, report.voids.count);
  out.push(text(words.noSales(report.noSales ? report.noSales.count : null)));
  if (report.cashMovements.length > 0) {
    heading(words.cashInAndOut);
    for (const m of report.cashMovements) {
      const reason = words.movementReasons[m.reason];
      row(m.direction === 'in' ? words.cashIn(reason) : words.cashOut(reason), m.amount, m.count);
    }
  }
  for (const s of report.shifts) {
    heading(words.shift(s.number, s.countedBy));
    row(words.float, s.float);
    row(words.expected, s.expected);
    row(words.counted, s.counted);
    row(words.difference, s.difference);
  }
  out.push(line('TICKET_FEED'));
  return out;
}
