// The pay-at-counter API's answers: wire schemas (zod) and the camelCase shapes the till uses.
// Value sets (notifications, results, types) stay plain strings: a value the spec does not list
// is kept, never a crash.
import { z } from 'zod';
import {
  receiptCopiesSchema,
  receiptLineSchema,
  withoutControlCharactersIn,
  type ReceiptCopies,
  type ReceiptLine,
} from '../../../shared/receipt';

export const terminalRecordSchema = z.object({
  terminal_id: z.string(),
  currency: z.string(),
  status: z.string(),
  last_activity: z.string().nullable().optional(),
  device_address: z.string().nullable().optional(),
});
export type TerminalRecord = z.infer<typeof terminalRecordSchema>;

export const TRANSACTION_RESULTS = [
  'CANCELLED',
  'TRANSACTION_UNSUCCESSFUL',
  'CANCELLED_BY_USER',
  'SUCCESSFUL',
  'VOID',
  'FAILED_NOT_SUPPORTED',
  'FAILED_ERROR',
  'TIMED_OUT',
] as const;

export const REPORT_TYPES = ['END_OF_DAY', 'BANKING', 'X_BAL', 'Z_BAL'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Strings that a pending record may leave empty ("" or null) become null. */
const optionalText = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().nullable());
/** Pence; a pending record may carry "" or null. */
const optionalPence = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v),
  z.number().int().nullable(),
);

export const transactionRecordSchema = z.object({
  id: z.string(),
  tid: optionalText,
  transaction_number: optionalText,
  transaction_type: optionalText,
  transaction_result: optionalText,
  transaction_time: optionalText,
  application_id: optionalText,
  application_label: optionalText,
  auth_code: optionalText,
  reference_number: optionalText,
  currency: optionalText,
  amount_base: optionalPence,
  amount_cashback: optionalPence,
  amount_gratuity: optionalPence,
  amount_total: optionalPence,
  issuer_name: optionalText,
  card_holder_verification_method: optionalText,
  date_of_expiry: optionalText,
  date_of_start: optionalText,
  payment_method: optionalText,
  primary_account_number: optionalText,
  primary_account_number_sequence: optionalText,
  device_notifications: z.array(z.string()).nullable().default([]),
  created_at: optionalText,
  updated_at: optionalText,
  receipt_lines: receiptCopiesSchema.nullable().optional(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/** A transaction as the till uses it (camelCase). Card data and amounts are null until finished. */
export interface CardTransaction {
  id: string;
  terminalId: string | null;
  transactionNumber: string | null;
  transactionType: string | null;
  /** Null while the transaction runs. */
  result: string | null;
  /** True once TRANSACTION_FINISHED is among the notifications (order is not relied on). */
  finished: boolean;
  transactionTime: string | null;
  applicationId: string | null;
  applicationLabel: string | null;
  authCode: string | null;
  referenceNumber: string | null;
  currency: string | null;
  amountBase: number | null;
  amountCashback: number | null;
  amountGratuity: number | null;
  amountTotal: number | null;
  issuerName: string | null;
  cardholderVerificationMethod: string | null;
  dateOfExpiry: string | null;
  dateOfStart: string | null;
  paymentMethod: string | null;
  primaryAccountNumber: string | null;
  primaryAccountNumberSequence: string | null;
  /** As the service listed them (Connect: newest first). */
  notifications: string[];
  createdAt: string | null;
  updatedAt: string | null;
  receipts: ReceiptCopies;
}

export function toCardTransaction(record: TransactionRecord): CardTransaction {
  const notifications = record.device_notifications ?? [];
  return {
    id: record.id,
    terminalId: record.tid,
    transactionNumber: record.transaction_number,
    transactionType: record.transaction_type,
    result: record.transaction_result,
    finished: notifications.includes('TRANSACTION_FINISHED'),
    transactionTime: record.transaction_time,
    applicationId: record.application_id,
    applicationLabel: record.application_label,
    authCode: record.auth_code,
    referenceNumber: record.reference_number,
    currency: record.currency,
    amountBase: record.amount_base,
    amountCashback: record.amount_cashback,
    amountGratuity: record.amount_gratuity,
    amountTotal: record.amount_total,
    issuerName: record.issuer_name,
    cardholderVerificationMethod: record.card_holder_verification_method,
    dateOfExpiry: record.date_of_expiry,
    dateOfStart: record.date_of_start,
    paymentMethod: record.payment_method,
    primaryAccountNumber: record.primary_account_number,
    primaryAccountNumberSequence: record.primary_account_number_sequence,
    notifications,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    // The card machine's slips are taken in here, once, with no raw control character left.
    receipts: {
      MERCHANT: withoutControlCharactersIn(record.receipt_lines?.MERCHANT ?? []),
      CUSTOMER: withoutControlCharactersIn(record.receipt_lines?.CUSTOMER ?? []),
    },
  };
}

const count = z.number().int();
const totalsSchema = z
  .object({
    currency: z.string().optional(),
    total_amount: count.default(0),
    total_refunds_amount: count.default(0),
    total_sales_amount: count.default(0),
    total_refunds_count: count.default(0),
    total_sales_count: count.default(0),
  })
  .transform((t) => ({
    currency: t.currency ?? null,
    totalAmount: t.total_amount,
    refundsAmount: t.total_refunds_amount,
    salesAmount: t.total_sales_amount,
    refundsCount: t.total_refunds_count,
    salesCount: t.total_sales_count,
  }));
export type ReportTotals = z.output<typeof totalsSchema>;

const balancesSchema = z
  .object({
    issuer_totals: z.record(z.string(), totalsSchema).default({}),
    currency: z.string().optional(),
    total_cashback_amount: count.default(0),
    total_cashback_count: count.default(0),
    total_gratuity_amount: count.default(0),
    total_gratuity_count: count.default(0),
    total_refunds_amount: count.default(0),
    total_refunds_count: count.default(0),
    total_sales_amount: count.default(0),
    total_sales_count: count.default(0),
    total_amount: count.default(0),
    totals_since: z.string().nullable().optional(),
  })
  .transform((b) => ({
    issuerTotals: b.issuer_totals,
    currency: b.currency ?? null,
    cashbackAmount: b.total_cashback_amount,
    cashbackCount: b.total_cashback_count,
    gratuityAmount: b.total_gratuity_amount,
    gratuityCount: b.total_gratuity_count,
    refundsAmount: b.total_refunds_amount,
    refundsCount: b.total_refunds_count,
    salesAmount: b.total_sales_amount,
    salesCount: b.total_sales_count,
    totalAmount: b.total_amount,
    totalsSince: b.totals_since ?? null,
  }));
export type ReportBalances = z.output<typeof balancesSchema>;

const bankingBlockSchema = z
  .object({
    currency: z.string().optional(),
    current_session_issuer_totals: z.record(z.string(), totalsSchema).default({}),
    previous_session_issuer_totals: z.record(z.string(), totalsSchema).default({}),
    current_session_totals: totalsSchema.optional(),
    previous_session_totals: totalsSchema.optional(),
    current_session_transaction_numbers: z.array(z.string()).default([]),
    previous_session_transaction_numbers: z.array(z.string()).default([]),
  })
  .transform((b) => ({
    currency: b.currency ?? null,
    currentIssuerTotals: b.current_session_issuer_totals,
    previousIssuerTotals: b.previous_session_issuer_totals,
    currentTotals: b.current_session_totals ?? null,
    previousTotals: b.previous_session_totals ?? null,
    currentTransactionNumbers: b.current_session_transaction_numbers,
    previousTransactionNumbers: b.previous_session_transaction_numbers,
  }));
export type ReportBankingBlock = z.output<typeof bankingBlockSchema>;

export const reportRecordSchema = z.object({
  id: z.string(),
  tid: optionalText,
  report_type: optionalText,
  report_result: optionalText,
  report_time: optionalText,
  device_notifications: z.array(z.string()).nullable().default([]),
  created_at: optionalText,
  updated_at: optionalText,
  banking: z.record(z.string(), bankingBlockSchema).nullable().optional(),
  balances: balancesSchema.nullable().optional(),
  receipt_lines: z.array(receiptLineSchema).nullable().optional(),
});

export type ReportRecord = z.infer<typeof reportRecordSchema>;

export interface CardReport {
  id: string;
  terminalId: string | null;
  reportType: string | null;
  result: string | null;
  /** True once REPORT_FINISHED is listed or a result is present. */
  finished: boolean;
  reportTime: string | null;
  notifications: string[];
  createdAt: string | null;
  updatedAt: string | null;
  /** Keyed by acquirer; BANKING and END_OF_DAY only. */
  banking: Record<string, ReportBankingBlock> | null;
  /** X_BAL, Z_BAL and END_OF_DAY only. */
  balances: ReportBalances | null;
  receiptLines: ReceiptLine[];
}

export function toCardReport(r: ReportRecord): CardReport {
  const notifications = r.device_notifications ?? [];
  return {
    id: r.id,
    terminalId: r.tid,
    reportType: r.report_type,
    result: r.report_result,
    finished: notifications.includes('REPORT_FINISHED') || r.report_result !== null,
    reportTime: r.report_time,
    notifications,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    banking: r.banking ?? null,
    balances: r.balances ?? null,
    receiptLines: withoutControlCharactersIn(r.receipt_lines ?? []),
  };
}

export const startedSchema = z
  .object({ transaction_id: z.string().min(1).optional(), id: z.string().min(1).optional() })
  .refine((v) => v.transaction_id ?? v.id, 'no transaction id')
  .transform((v) => ({ transactionId: (v.transaction_id ?? v.id)! }));

export const reportStartedSchema = z
  .object({ report_id: z.string().min(1).optional(), id: z.string().min(1).optional() })
  .refine((v) => v.report_id ?? v.id, 'no report id')
  .transform((v) => ({ reportId: (v.report_id ?? v.id)! }));

/**
 * No real card slip comes near these: a UK slip is about 40 lines of at most 48 characters. An
 * answer past them is a fault, not a receipt to print.
 */
export const RECEIPT_LIMITS = { maxLinesPerCopy: 200, maxLineChars: 200 } as const;

/** What is past the receipt limits, for the log; null when every copy is within them. */
export function receiptLimitBreach(copies: Readonly<Record<string, readonly ReceiptLine[]>>): string | null {
  for (const [copy, lines] of Object.entries(copies)) {
    if (lines.length > RECEIPT_LIMITS.maxLinesPerCopy) {
      return `${copy} copy has ${lines.length} lines (limit ${RECEIPT_LIMITS.maxLinesPerCopy})`;
    }
    const longest = Math.max(0, ...lines.map((l) => l.value.length));
    if (longest > RECEIPT_LIMITS.maxLineChars) {
      return `${copy} copy has a line of ${longest} characters (limit ${RECEIPT_LIMITS.maxLineChars})`;
    }
  }
  return null;
}
