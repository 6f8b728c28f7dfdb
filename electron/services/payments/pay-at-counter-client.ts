// Client of the terminal pay-at-counter API. Every answer is unwrapped from `result` and
// validated (pay-at-counter-records.ts); failures become TillErrors the UI can word
// (pay-at-counter-errors.ts).
import { z } from 'zod';
import { TillError } from '../../../shared/contract/errors';
import {
  boundedFetch,
  DEFAULT_OUTBOUND_LIMITS,
  OutboundLimitFault,
  type BoundedAnswer,
  type OutboundLimits,
} from '../common/bounded-fetch';
import { systemClock, type Clock } from '../common/clock';
import { createLogger, type Logger } from '../common/logger';
import {
  limitError,
  networkError,
  neverSent,
  receiptTooLongError,
  statusError,
} from './pay-at-counter-errors';
import {
  reportRecordSchema,
  reportStartedSchema,
  receiptLimitBreach,
  startedSchema,
  terminalRecordSchema,
  toCardReport,
  toCardTransaction,
  transactionRecordSchema,
  type CardReport,
  type CardTransaction,
  type ReportType,
  type TerminalRecord,
} from './pay-at-counter-records';

export { requestNeverSent } from './pay-at-counter-errors';
export type {
  CardReport,
  CardTransaction,
  ReportBalances,
  ReportBankingBlock,
  ReportTotals,
  ReportType,
  TerminalRecord,
} from './pay-at-counter-records';

export interface PayAtCounterCredentials {
  username: string;
  password: string;
}

export interface PayAtCounterClientOptions {
  baseUrl: string;
  credentials: () => Promise<PayAtCounterCredentials | null>;
  fetch?: typeof fetch;
  /** Time limit of a whole request, answer included (outbound limits' totalMs). */
  timeoutMs?: number;
  /** Size cap and time limits of every answer; `timeoutMs` sets totalMs when given. */
  limits?: Partial<OutboundLimits>;
  /** Runs the time limits and reads the time for a Retry-After given as a date. */
  clock?: Clock;
  /** Where the raw detail of a refused answer goes (sizes, limits, paths); never to staff. */
  log?: Logger;
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
  private readonly limits: OutboundLimits;
  private readonly clock: Clock;
  private readonly log: Logger;
  constructor(private readonly options: PayAtCounterClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    const totalMs = options.timeoutMs ?? DEFAULT_OUTBOUND_LIMITS.totalMs;
    this.limits = {
      ...DEFAULT_OUTBOUND_LIMITS,
      totalMs,
      headersMs: Math.min(DEFAULT_OUTBOUND_LIMITS.headersMs, totalMs),
      ...options.limits,
    };
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? createLogger('card-service');
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
    const path = transactionPath(terminalId, transactionId);
    const record = toCardTransaction(await this.request('GET', path, transactionRecordSchema));
    // Another transaction's record would be saved as this payment's outcome: refused, so the
    // runner reads again rather than taking a sale's result from the wrong card payment.
    if (record.id !== transactionId) {
      this.log.warn(`The card service answered GET ${path} with the record of transaction ${record.id}`);
      throw new TillError(
        'malformed_response',
        'The card service sent an answer the till does not understand.',
      );
    }
    this.checkReceipt(`GET ${path}`, record.receipts);
    return record;
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
    const path = `${terminalPath(terminalId)}/reports/${encodeURIComponent(reportId)}`;
    const report = toCardReport(await this.request('GET', path, reportRecordSchema));
    this.checkReceipt(`GET ${path}`, { REPORT: report.receiptLines });
    return report;
  }

  /** Receipt lines past RECEIPT_LIMITS refuse the whole answer: a slip is never cut short silently. */
  private checkReceipt(what: string, copies: Parameters<typeof receiptLimitBreach>[0]): void {
    const breach = receiptLimitBreach(copies);
    if (breach === null) return;
    this.log.warn(`Refused the card service's answer to ${what}: ${breach}`);
    throw receiptTooLongError(breach);
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
    let answer: BoundedAnswer;
    try {
      answer = await boundedFetch(prepared.url, prepared.init, {
        limits: this.limits,
        clock: this.clock,
        fetch: this.fetchImpl,
        // A refusal is read from its status alone: a stalled or huge error body changes nothing.
        readsBodyOf: (status) => status >= 200 && status < 300,
      });
    } catch (error) {
      if (!(error instanceof OutboundLimitFault)) throw networkError(error);
      this.log.warn(`Refused the card service's answer to ${method} ${path.split('?')[0]}: ${error.message}`);
      throw limitError(error);
    }
    if (!answer.ok) throw statusError(answer.status, answer.headers, this.clock.now());
    const textBody = answer.text;
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
      this.log.warn(`Unexpected answer to ${method} ${path.split('?')[0]}: ${parsed.error.message}`);
      throw new TillError(
        'malformed_response',
        'The card service sent an answer the till does not understand.',
      );
    }
    return parsed.data.result;
  }
}

function terminalPath(terminalId: string): string {
  return `/terminals/${encodeURIComponent(terminalId)}`;
}

function transactionPath(terminalId: string, transactionId: string): string {
  return `${terminalPath(terminalId)}/transactions/${encodeURIComponent(transactionId)}`;
}
