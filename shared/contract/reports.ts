// Card machine reports (X, Z, banking, end of day) as the till UI sees them.
import { z } from 'zod';
import { receiptLineSchema } from '../receipt';
import { method } from './define';
import { staffStampSchema } from './staff';

const minor = z.number().int();
const count = z.number().int();

export const reportTypeSchema = z.enum(['X_BAL', 'Z_BAL', 'END_OF_DAY', 'BANKING']);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** Sales, refunds and their difference over one period. */
export const reportTotalsViewSchema = z.object({
  currency: z.string().nullable(),
  salesAmount: minor,
  salesCount: count,
  refundsAmount: minor,
  refundsCount: count,
  totalAmount: minor,
});
export type ReportTotalsView = z.infer<typeof reportTotalsViewSchema>;

export const reportBalancesViewSchema = reportTotalsViewSchema.extend({
  cashbackAmount: minor,
  cashbackCount: count,
  gratuityAmount: minor,
  gratuityCount: count,
  /** When the card machine started counting these totals (its last Z report). */
  totalsSince: z.string().nullable(),
});
export type ReportBalancesView = z.infer<typeof reportBalancesViewSchema>;

export const reportBankingViewSchema = z.object({
  acquirer: z.string(),
  /** The acquirer's totals for the session not yet banked; null when the card machine gave none. */
  currentSession: reportTotalsViewSchema.nullable(),
});
export type ReportBankingView = z.infer<typeof reportBankingViewSchema>;

export const reportViewSchema = z.object({
  id: z.string(),
  terminalId: z.string(),
  type: reportTypeSchema,
  /** The card machine's report_result, kept as-is (null when it gave none). */
  result: z.string().nullable(),
  reportTime: z.string().nullable(),
  /** X, Z and end of day reports only. */
  balances: reportBalancesViewSchema.nullable(),
  /** Banking and end of day reports only. */
  banking: z.array(reportBankingViewSchema),
  receiptLines: z.array(receiptLineSchema),
  /** Who ran it (and who approved a Z or end of day report); null before staff were set up. */
  runBy: staffStampSchema.nullable().default(null),
});
export type ReportView = z.infer<typeof reportViewSchema>;

export const reportsMethods = {
  'reports.run': method(
    'Runs a report on a card machine and prints its slip; Z and end of day reset its totals and need the manager.',
    z.object({ terminalId: z.string().min(1).max(64), type: reportTypeSchema }).strict(),
    reportViewSchema,
  ),
} as const;
