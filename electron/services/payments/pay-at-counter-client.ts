// Client of the terminal pay-at-counter API. Every answer is unwrapped from `result` and
// validated; failures become TillErrors the UI can word. Value sets (notifications, results,
// types) stay plain strings: a value the spec does not list is kept, never a crash.
import { z } from 'zod';
import { TillError } from '../../../shared/contract/errors';
import {
  receiptCopiesSchema,
  receiptLineSchema,
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
    receipts: record.receipt_lines ?? { MERCHANT: [], CUSTOMER: [] },
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

const startedSchema = z
  .object({ transaction_id: z.string().min(1).optional(), id: z.string().min(1).optional() })
  .refine((v) => v.transaction_id ?? v.id, 'no transaction id')
  .transform((v) => ({ transactionId: (v.transaction_id ?? v.id)! }));

const reportStartedSchema = z
  .object({ report_id: z.string().min(1).optional(), id: z.string().min(1).optional() })
  .refine((v) => v.report_id ?? v.id, 'no report id')
  .transform((v) => ({ reportId: (v.report_id ?? v.id)! }));

export interface PayAtCounterCredentials {
  username: string;
  password: string;
}

export interface PayAtCounterClientOptions {
  baseUrl: string;
  credentials: () => Promise<PayAtCounterCredentials | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface StartTransactionInput {
  transactionType: 'SALE' | 'REFUND' | 'DUPLICATE';
  amount?: number;
  currency?: string;
}

/** Bodies the spec does not show (cancel, signature): accept anything, including nothing. */
const anyBody = z.unknown();

export class PayAtCounterClient {
  private readonly fetchImpl: typeof fetch;
  constructor(private readonly options: PayAtCounterClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  async listTerminals(filter: { currency?: string; status?: string } = {}): Promise<TerminalRecord[]> {
    const query = new URLSearchParams();
    if (filter.currency) query.set('currency', filter.currency);
    if (filter.status) query.set('status', filter.status);
    const qs = query.toString();
    return this.request('GET', `/terminals${qs ? `?${qs}` : ''}`, z.array(terminalRecordSchema));
  }

  async getTerminal(terminalId: string): Promise<TerminalRecord> {
    return this.request('GET', terminalPath(terminalId), terminalRecordSchema);
  }

  /** Endpoint 3. Never retried by anything in the till: a lost answer is an unknown outcome. */
  async startTransaction(
    terminalId: string,
    input: StartTransactionInput,
  ): Promise<{ transactionId: string }> {
    const body: Record<string, unknown> = { transaction_type: input.transactionType };
    if (input.amount !== undefined) body.amount = input.amount;
    if (input.currency !== undefined) body.currency = input.currency;
    return this.request('POST', `${terminalPath(terminalId)}/transactions`, startedSchema, body);
  }

  /** Endpoint 4: reprint the last transaction's receipt; runs as a DUPLICATE transaction. */
  async startDuplicate(terminalId: string): Promise<{ transactionId: string }> {
    return this.request('POST', `${terminalPath(terminalId)}/transactions/duplicate`, startedSchema, {});
  }

  async getTransaction(terminalId: string, transactionId: string): Promise<CardTransaction> {
    const record = await this.request(
      'GET',
      transactionPath(terminalId, transactionId),
      transactionRecordSchema,
    );
    return toCardTransaction(record);
  }

  /** A request, not a guarantee: the outcome shows in the record. 422 (terminal_busy) = refused. */
  async cancelTransaction(terminalId: string, transactionId: string): Promise<void> {
    await this.request('DELETE', transactionPath(terminalId, transactionId), anyBody, undefined, {
      wrapped: false,
    });
  }

  async answerSignature(terminalId: string, transactionId: string, accepted: boolean): Promise<void> {
    await this.request(
      'PUT',
      `${transactionPath(terminalId, transactionId)}/signature`,
      anyBody,
      { accepted },
      {
        wrapped: false,
      },
    );
  }

  async startReport(terminalId: string, type: ReportType): Promise<{ reportId: string }> {
    return this.request('POST', `${terminalPath(terminalId)}/reports`, reportStartedSchema, { type });
  }

  async getReport(terminalId: string, reportId: string): Promise<CardReport> {
    const r = await this.request(
      'GET',
      `${terminalPath(terminalId)}/reports/${encodeURIComponent(reportId)}`,
      reportRecordSchema,
    );
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
      receiptLines: r.receipt_lines ?? [],
    };
  }

  /** Everything that can fail before the request leaves: credentials (keychain), URL, body. */
  private async prepare(
    method: string,
    path: string,
    body: unknown,
  ): Promise<{ url: string; init: RequestInit }> {
    const credentials = await this.options.credentials();
    if (!credentials)
      throw new TillError('not_configured', 'No card service username and password are saved yet.');
    let url: string;
    try {
      url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/api/v1/pay-at-counter${path}`).href;
    } catch (error) {
      throw new TillError('not_configured', 'The card service address is not a valid web address.', {
        cause: error,
      });
    }
    const auth = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
    return {
      url,
      init: {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    };
  }

  private async request<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    { wrapped = true }: { wrapped?: boolean } = {},
  ): Promise<T> {
    let prepared: { url: string; init: RequestInit };
    try {
      prepared = await this.prepare(method, path, body);
    } catch (error) {
      throw neverSent(error);
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
    let response: Response;
    let textBody: string;
    try {
      response = await this.fetchImpl(prepared.url, { ...prepared.init, signal });
      if (!response.ok) throw await statusError(response);
      // The body is read under the same time limit: a stalled body is a timeout, not a hang.
      textBody = await response.text();
    } catch (error) {
      if (error instanceof TillError) throw error;
      throw networkError(error);
    }
    if (!wrapped) return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(textBody);
    } catch (error) {
      throw new TillError('malformed_response', 'The card service sent an answer that is not JSON.', {
        cause: error,
      });
    }
    const parsed = z.object({ result: schema }).safeParse(json);
    if (!parsed.success) {
      throw new TillError(
        'malformed_response',
        `The card service sent an unexpected answer to ${method} ${path.split('?')[0]}.`,
      );
    }
    return parsed.data.result;
  }
}

/** Errors raised before a request was handed to fetch: nothing reached the card service. */
const unsentErrors = new WeakSet<TillError>();

function neverSent(error: unknown): TillError {
  const tillError =
    error instanceof TillError
      ? error
      : new TillError('internal', 'The request to the card service could not be prepared.', {
          cause: error,
        });
  unsentErrors.add(tillError);
  return tillError;
}

function terminalPath(terminalId: string): string {
  return `/terminals/${encodeURIComponent(terminalId)}`;
}

function transactionPath(terminalId: string, transactionId: string): string {
  return `${terminalPath(terminalId)}/transactions/${encodeURIComponent(transactionId)}`;
}

export function networkError(error: unknown): TillError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new TillError('timeout', 'The card service did not answer in time.', { cause: error });
  }
  const code = String((error as { cause?: { code?: string } })?.cause?.code ?? '');
  if (/CERT|SSL|TLS/i.test(code)) {
    return new TillError('certificate', 'The card service’s security certificate was not accepted.', {
      cause: error,
    });
  }
  return new TillError('unreachable', 'The card service cannot be reached.', { cause: error });
}

/**
 * True only when the request certainly never reached the service: it failed before it was handed
 * to fetch (credentials, address), or the connection was refused, the name not found, the
 * certificate refused. Anything else after sending (reset, timeout) may have been acted on.
 */
export function requestNeverSent(error: unknown): boolean {
  if (!(error instanceof TillError)) return false;
  if (unsentErrors.has(error)) return true;
  if (error.code === 'not_configured' || error.code === 'certificate') return true;
  if (error.code !== 'unreachable') return false;
  const cause = (error.cause as { cause?: { code?: string } } | undefined)?.cause;
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(
    String(cause?.code ?? ''),
  );
}

/** Parses Retry-After (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export async function statusError(response: Response): Promise<TillError> {
  const status = response.status;
  await response.body?.cancel().catch(() => undefined);
  if (status === 401)
    return new TillError('bad_credentials', 'The card service refused the username or password.');
  if (status === 404) {
    return new TillError(
      'not_found',
      'The card service does not know that terminal or transaction (it may be offline).',
    );
  }
  if (status === 422)
    return new TillError('terminal_busy', 'The card machine is busy or refused the request.');
  if (status === 400) return new TillError('rejected', 'The card service refused the request as invalid.');
  if (status === 429) {
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000;
    return new TillError('rate_limited', 'The card service asked the till to slow down.', {
      retryAfterMs: wait,
    });
  }
  if (status >= 500)
    return new TillError('service_error', `The card service had an internal error (${status}).`);
  return new TillError('service_error', `The card service answered with an unexpected status ${status}.`);
}
