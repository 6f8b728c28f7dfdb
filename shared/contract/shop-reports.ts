// The shop's X and Z over all its tills (issue 30), while a shop server is set: the shop's figures
// by tender, VAT rate, category, cashier and hour, and each till's beside them (they add up to the
// shop's, row by row). Shop Z closes the shop's period under its own number and is kept on the
// shop server; printed and exported like a till's report. Each till's own X and Z are unchanged.
import { z } from 'zod';
import { method, noInput } from './define';
import { csvFileSchema, tillReportSchema } from './till-reports';

export const shopReportSchema = z.object({
  /** The whole shop: `number` is the shop Z number (null on a shop X); no `till`. */
  report: tillReportSchema,
  /** Each till of the shop, by number: its share of the same period (`till` set, `number` null). */
  tills: z.array(z.object({ number: z.number().int(), name: z.string(), report: tillReportSchema })),
});
export type ShopReportView = z.infer<typeof shopReportSchema>;

export const shopZSummarySchema = z.object({
  number: z.number().int(),
  /** The till it was run on. */
  till: z.number().int(),
  since: z.string().nullable(),
  until: z.string(),
  currency: z.string(),
  gross: z.number().int(),
  net: z.number().int(),
});
export type ShopZSummary = z.infer<typeof shopZSummarySchema>;

/** Which shop report: since the last shop Z (X), or a past shop Z by number. */
const whichSchema = z.object({ zNumber: z.number().int().positive().optional() }).strict();

export const shopReportsMethods = {
  'shopReports.x': method(
    'The shop since its last shop Z, over all tills (resets nothing).',
    noInput,
    shopReportSchema,
  ),
  'shopReports.z': method(
    'Closes the shop’s period over all tills under a new shop Z number (supervisor or manager); prints it.',
    noInput,
    shopReportSchema,
  ),
  'shopReports.list': method(
    'Past shop Z reports, newest first.',
    z.object({ limit: z.number().int().min(1).max(500) }).strict(),
    z.array(shopZSummarySchema),
  ),
  'shopReports.get': method(
    'One past shop Z report, as it was closed.',
    z.object({ zNumber: z.number().int().positive() }).strict(),
    shopReportSchema,
  ),
  'shopReports.print': method(
    'Prints the shop so far, or reprints a past shop Z, on this till’s receipt printer.',
    whichSchema,
    z.object({ ok: z.literal(true) }),
  ),
  'shopReports.exportCsv': method(
    'The shop report as CSV for the accountant: the summary, and each till’s figures.',
    whichSchema,
    z.object({ summary: csvFileSchema, tills: csvFileSchema }),
  ),
} as const;
