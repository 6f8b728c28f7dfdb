// The till report as CSV for the accountant (csv-stringify): a summary file (one row per figure)
// and a line-level file (every sale line, tender, refund and refunded line, void, cash movement
// and No-sale).
// Amounts are decimal text made with integer arithmetic ("12.50", "-0.05"); text a spreadsheet
// would run as a formula gets a leading ' (the catalogue's rule).
import { stringify } from 'csv-stringify/sync';
import { CASH_MOVEMENT_LABELS, type CsvFile, type TillReportView } from '../../../shared/contract';
import type { ShopReportView } from '../../../shared/contract/shop-reports';
import { shopDate } from '../../../shared/time-zone';
import { zNumberText } from '../../../shared/till-report-receipts';
import { escapeCell } from '../catalogue/csv';
import type { LineRecord } from './compute';

/** `refunds` came last so files read by column position before it keep their meaning. */
export const SUMMARY_COLUMNS = [
  'section',
  'key',
  'label',
  'count',
  'amount',
  'vat',
  'net',
  'refunds',
] as const;
export const LINE_COLUMNS = [
  'record',
  'at',
  'receipt',
  'cashier',
  'description',
  'category',
  'quantity',
  'vat_rate',
  'amount',
  'discount',
  'tender_key',
  'tender',
  'direction',
  'price_override',
] as const;

/** Minor units as decimal text with two places, without floating point. */
export function decimal(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Decimal text back to minor units; null when it is not one. */
export function minorFrom(text: string): number | null {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

const cell = (value: string) => escapeCell(value);
const rate = (basisPoints: number | null) => (basisPoints === null ? '' : String(basisPoints));

/** The file's name: the kind, the Z number and the shop's day the report ran to. */
function fileStem(report: TillReportView, timeZone: string | undefined): string {
  const day = shopDate(report.until, timeZone);
  return report.kind === 'Z' ? `z-report-${zNumberText(report)}-${day}` : `x-report-${day}`;
}

const amountOrEmpty = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : decimal(minor);

type SummaryRow = [string, string, string, string, string, string, string, string];

export function summaryCsv(report: TillReportView, timeZone?: string): CsvFile {
  return {
    fileName: `${fileStem(report, timeZone)}-summary.csv`,
    text: stringify(summaryRows(report), { header: true, columns: [...SUMMARY_COLUMNS] }),
  };
}

/** The shop report's summary (a shop report is a till report over all tills): as a till's. */
export function shopSummaryCsv(view: ShopReportView, timeZone?: string): CsvFile {
  return {
    fileName: `shop-${fileStem(view.report, timeZone)}-summary.csv`,
    text: stringify(summaryRows(view.report), { header: true, columns: [...SUMMARY_COLUMNS] }),
  };
}

/** Each till's summary rows in one file, the till's number first on each row. */
export function shopTillsCsv(view: ShopReportView, timeZone?: string): CsvFile {
  return {
    fileName: `shop-${fileStem(view.report, timeZone)}-by-till.csv`,
    text: stringify(
      view.tills.flatMap((t) => summaryRows(t.report).map((row) => [String(t.number), ...row])),
      { header: true, columns: ['till', ...SUMMARY_COLUMNS] },
    ),
  };
}

/** The summary file's rows: one per figure. */
function summaryRows(report: TillReportView): SummaryRow[] {
  type Row = SummaryRow;
  const row = (
    section: string,
    key: string,
    label: string,
    count: number | null,
    amount: number | null,
    more: { vat?: number; net?: number | null; refunds?: number | null } = {},
  ): Row => [
    section,
    cell(key),
    cell(label),
    count === null ? '' : String(count),
    amountOrEmpty(amount),
    amountOrEmpty(more.vat),
    amountOrEmpty(more.net),
    amountOrEmpty(more.refunds),
  ];
  const fact = (key: string, value: string): Row => ['report', key, value, '', '', '', '', ''];
  const withoutItems = report.refundsWithoutItems;
  const rows: Row[] = [
    fact('kind', report.kind),
    fact('number', zNumberText(report)),
    fact('currency', report.currency),
    fact('since', report.since ?? ''),
    fact('until', report.until),
    fact('run_by', cell(report.runBy?.name ?? '')),
    row('sales', 'gross', 'Sales', report.sales.count, report.sales.amount),
    row('sales', 'refunds', 'Refunds', null, report.sales.refunds),
    row('sales', 'net', 'Net takings', null, report.sales.net),
    ...report.tenders.map((t) => row('tender', t.key, t.label, t.count, t.amount)),
    ...report.vat.map((v) => row('vat', rate(v.basisPoints), '', null, v.gross, { vat: v.vat, net: v.net })),
    // Each row's refunds and net; with the card refunds without items the net adds up to the
    // net takings (docs/shop-day.md).
    ...report.categories.map((c) =>
      row('category', c.category, c.category, c.quantity, c.amount, { net: c.net, refunds: c.refunds }),
    ),
    ...(withoutItems && withoutItems.count > 0
      ? [
          row(
            'category',
            'refunds_without_items',
            'Card refunds without items (category not known)',
            withoutItems.count,
            null,
            { net: -withoutItems.amount, refunds: withoutItems.amount },
          ),
        ]
      : []),
    ...report.cashiers.map((c) =>
      row('cashier', c.name, c.name, c.count, c.amount, { net: c.net, refunds: c.refunds }),
    ),
    ...report.hours.map((h) => row('hour', String(h.hour), `${h.hour}:00`, h.count, h.amount)),
    ...report.refunds.map((r) => row('refund', r.key, r.label, r.count, r.amount)),
    ...(report.refundsWithoutItems
      ? [
          row(
            'vat',
            'refunds_without_items',
            'Card refunds without items (VAT not known)',
            report.refundsWithoutItems.count,
            -report.refundsWithoutItems.amount,
          ),
        ]
      : []),
    row('discounts', 'all', 'Discounts', report.discounts.count, report.discounts.amount),
    ...(report.priceOverrides
      ? [
          row(
            'price_overrides',
            'all',
            'Price overrides',
            report.priceOverrides.count,
            report.priceOverrides.amount,
          ),
        ]
      : []),
    row('voids', 'all', 'Voids', report.voids.count, report.voids.amount),
    ...(report.noSales ? [row('no_sales', 'all', 'No-sales', report.noSales.count, null)] : []),
    ...report.cashMovements.map((m) =>
      row('cash_movement', `${m.direction}:${m.reason}`, CASH_MOVEMENT_LABELS[m.reason], m.count, m.amount),
    ),
    ...report.shifts.flatMap((s) => {
      const by = s.countedBy ?? '';
      return [
        row('shift', `${s.number}:float`, by, null, s.float),
        row('shift', `${s.number}:expected`, by, null, s.expected),
        row('shift', `${s.number}:counted`, by, null, s.counted),
        row('shift', `${s.number}:difference`, by, null, s.difference),
      ];
    }),
  ];
  return rows;
}

/** The line-level file's rows, cell by cell (what a Z keeps, so its export never changes). */
export function lineRows(lines: readonly LineRecord[]): string[][] {
  return lines.map((l) => [
    l.record,
    l.at,
    l.receipt,
    cell(l.cashier),
    cell(l.description),
    cell(l.category),
    l.quantity === null ? '' : String(l.quantity),
    rate(l.vatRate),
    decimal(l.amount),
    decimal(l.discount),
    cell(l.tenderKey),
    cell(l.tender),
    l.direction,
    decimal(l.priceOverride),
  ]);
}

export function linesCsv(report: TillReportView, rows: readonly string[][], timeZone?: string): CsvFile {
  return {
    fileName: `${fileStem(report, timeZone)}-lines.csv`,
    text: stringify([...rows], { header: true, columns: [...LINE_COLUMNS] }),
  };
}
