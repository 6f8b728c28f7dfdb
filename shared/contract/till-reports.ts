// The till's own X and Z reports: the day's takings by tender, VAT rate, category, cashier and
// hour, with refunds, discounts, voids, No-sales and cash movements. Z closes the day under a
// number that is never used again; past Z reports are kept, reprinted and exported as CSV.
import { z } from 'zod';
import { method, noInput } from './define';
import { cashMovementReasonSchema } from './shifts';
import { staffStampSchema } from './staff';

const minor = z.number().int();
const countAmount = { count: z.number().int(), amount: minor };
/** A row's refunds and net; null in a Z closed before rows carried them (gross only). */
const refundsAndNet = { refunds: minor.nullable().default(null), net: minor.nullable().default(null) };

/**
 * The English labels of rows the services cannot name from the shop's data; the screens and the
 * paper recognise them and word them in the shop's language.
 */
export const TILL_REPORT_LABELS = { nobody: 'Nobody signed in', noCategory: 'No category' } as const;

/**
 * A tender's or refund's row. On a card machine's row, `terminal` is that machine: its id and
 * whether the shop named it. Named, `label` is the shop's name; unnamed, `label` is the services'
 * English fallback, and screens and slips word it by its last digits in their own language from
 * `terminal`, never from the label. Absent on cash, hand-keyed and unknown-machine rows, and on
 * every row of a Z closed before rows carried it (those show their label as closed).
 */
const tenderRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  terminal: z.object({ id: z.string(), named: z.boolean() }).optional(),
  ...countAmount,
});
export type TenderRow = z.infer<typeof tenderRowSchema>;

export const tillReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  /** The Z number; null on an X report. */
  number: z.number().int().nullable(),
  /** The till's number in its shop, when a shop server was set ("Z report 2-12"); absent otherwise. */
  till: z.number().int().min(1).max(999).optional(),
  currency: z.string(),
  /** The end of the last Z (the day's start); null before the first Z. */
  since: z.string().nullable(),
  until: z.string(),
  runBy: staffStampSchema.nullable(),
  /** Completed sales: their count and gross takings; net = gross − refunds. */
  sales: z.object({ ...countAmount, refunds: minor, net: minor }),
  /** How the sales were paid: cash, each card machine by the shop's name, cards keyed in by hand. */
  tenders: z.array(tenderRowSchema),
  /**
   * By rate: the sales' VAT less the VAT of itemised refunds (docs/shop-day.md, "VAT"), each
   * receipt and each refund by the shared rule (shared/vat.ts).
   */
  vat: z.array(
    z.object({
      /** Basis points; null for lines sold before rates were kept. */
      basisPoints: z.number().int().nullable(),
      gross: minor,
      vat: minor,
      net: minor,
    }),
  ),
  /**
   * Card refunds given without picking items (their VAT rate is not known): not taken off the
   * VAT table, shown as their own row under it. Null in a Z closed before refunds were taken off
   * the VAT table (its VAT is the sales' alone).
   */
  refundsWithoutItems: z.object(countAmount).nullable().default(null),
  /**
   * By category: units sold and their takings (`amount`, gross), what itemised refunds gave back
   * on lines of that category, and net = amount − refunds. With the card refunds without items
   * (`refundsWithoutItems`, no category known) the rows' net adds up to `sales.net`.
   */
  categories: z.array(
    z.object({ category: z.string(), quantity: z.number().int(), amount: minor, ...refundsAndNet }),
  ),
  /**
   * By cashier: the sales each served (`count`, `amount`), the refunds each gave back (the person
   * who handed the money back, whoever served the sale), and net = amount − refunds. The rows'
   * net adds up to `sales.net`; someone who only refunded has a row with no sales.
   */
  cashiers: z.array(z.object({ name: z.string(), ...countAmount, ...refundsAndNet })),
  /** All 24 hours of the shop's day (local time), empty ones included, for the chart. */
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), ...countAmount })),
  refunds: z.array(tenderRowSchema),
  discounts: z.object(countAmount),
  /**
   * Lines sold at a price changed at the counter: how many, and list price × quantity − the
   * price changed to (a price raised counts against it). Null in a Z closed before they were
   * reported. Price overrides are not discounts.
   */
  priceOverrides: z.object(countAmount).nullable().default(null),
  /** Sales voided before they were paid (a sale set aside to be parked is not a void). */
  voids: z.object(countAmount),
  /** The drawer opened without a sale; null while the till cannot record them. */
  noSales: z.object({ count: z.number().int() }).nullable(),
  cashMovements: z.array(
    z.object({ direction: z.enum(['in', 'out']), reason: cashMovementReasonSchema, ...countAmount }),
  ),
  /** Shifts counted (closed) in the period. */
  shifts: z.array(
    z.object({
      number: z.number().int(),
      float: minor,
      expected: minor,
      counted: minor,
      difference: minor,
      countedBy: z.string().nullable(),
    }),
  ),
});
export type TillReportView = z.infer<typeof tillReportSchema>;

export const zSummarySchema = z.object({
  number: z.number().int(),
  /** As on the report: the till's number in its shop, when a shop server was set. */
  till: z.number().int().min(1).max(999).optional(),
  currency: z.string(),
  since: z.string().nullable(),
  until: z.string(),
  runBy: staffStampSchema.nullable(),
  gross: minor,
  net: minor,
});
export type ZSummary = z.infer<typeof zSummarySchema>;

export const csvFileSchema = z.object({ fileName: z.string(), text: z.string() });
export type CsvFile = z.infer<typeof csvFileSchema>;

/** Which report: the day so far (X), or a past Z by number. */
const whichSchema = z.object({ zNumber: z.number().int().positive().optional() }).strict();

export const tillReportsMethods = {
  'tillReports.x': method('The day so far (resets nothing).', noInput, tillReportSchema),
  'tillReports.z': method(
    'Closes the day under a new Z number and starts the next (supervisor or manager); prints it.',
    noInput,
    tillReportSchema,
  ),
  'tillReports.list': method(
    'Past Z reports, newest first.',
    z.object({ limit: z.number().int().min(1).max(500) }).strict(),
    z.array(zSummarySchema),
  ),
  'tillReports.get': method(
    'One past Z report, as it was closed.',
    z.object({ zNumber: z.number().int().positive() }).strict(),
    tillReportSchema,
  ),
  'tillReports.print': method(
    'Prints the day so far, or reprints a past Z, on the receipt printer.',
    whichSchema,
    z.object({ ok: z.literal(true) }),
  ),
  'tillReports.exportCsv': method(
    'The report as CSV for the accountant: a summary file and a line-by-line file.',
    whichSchema,
    z.object({ summary: csvFileSchema, lines: csvFileSchema }),
  ),
} as const;
