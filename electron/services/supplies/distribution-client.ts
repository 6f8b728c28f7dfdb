// Client of the product distribution API (the supplier). `Authorization: Key …` on every
// request; every answer read within the outbound limits and validated. Reads retry with
// back-off on the injected Clock (honouring Retry-After); an order creation is sent exactly
// once and reports what is known about its fate, never retried here or anywhere else.
import { z } from 'zod';
import { TillError, type Words } from '../../../shared/contract/errors';
import {
  boundedFetch,
  DEFAULT_OUTBOUND_LIMITS,
  OutboundLimitFault,
  type BoundedAnswer,
  type OutboundLimits,
} from '../common/bounded-fetch';
import { systemClock, type Clock } from '../common/clock';
import { createLogger, type Logger } from '../common/logger';
import { isRetryable, limitError, networkError, statusError, unreadableError } from './distribution-errors';
import {
  wireOrderSchema,
  wireProductSchema,
  type CreationRequest,
  type WireOrder,
  type WireProduct,
} from './distribution-records';

export interface ReadRetryPolicy {
  /** Tries of one read in all, the first included. */
  attempts: number;
  /** Pause before the second try; doubles after each. */
  firstDelayMs: number;
  /** A Retry-After longer than this is not waited for: the read fails with the wait worded. */
  maxWaitMs: number;
}

export const DEFAULT_READ_RETRY: ReadRetryPolicy = { attempts: 3, firstDelayMs: 500, maxWaitMs: 10_000 };

export interface DistributionClientOptions {
  baseUrl: string;
  /** The API key (keychain or stand-in), read per request; null when none is saved. */
  apiKey: () => Promise<string | null>;
  /** The spec gives both; POST unless the settings say PUT. */
  orderMethod?: 'POST' | 'PUT';
  clock?: Clock;
  limits?: Partial<OutboundLimits>;
  retry?: Partial<ReadRetryPolicy>;
  fetch?: typeof fetch;
  log?: Logger;
  /** True once the till is closing: a read that failed is not tried again. */
  isClosed?: () => boolean;
}

/** What became of one creation request. */
export type CreationOutcome =
  | { kind: 'created'; order: WireOrder }
  /** 400: nothing stored; the body names the fields at fault. */
  | { kind: 'refused'; body: string }
  /** Certainly not stored (never sent, 401, 404, 429, 503): may be tried again. */
  | { kind: 'not_created'; error: TillError }
  /** Sent, but the answer was lost or unreadable: it may exist at the supplier. */
  | { kind: 'unclear'; error: TillError };

/** Connection failures that prove the request never reached the service. */
const NEVER_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

class NotSent extends Error {
  constructor(readonly error: TillError) {
    super(error.message);
  }
}

/** What a 404 means for one request, with its key. */
type Missing = { text: string; words: Words };
const missingAs = (key: string, text: string): Missing => ({
  text,
  words: { key: `supplier.missing.${key}` },
});

export class DistributionClient {
  private readonly limits: OutboundLimits;
  private readonly retry: ReadRetryPolicy;
  private readonly clock: Clock;
  private readonly log: Logger;

  constructor(private readonly options: DistributionClientOptions) {
    this.limits = { ...DEFAULT_OUTBOUND_LIMITS, ...options.limits };
    this.retry = { ...DEFAULT_READ_RETRY, ...options.retry };
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? createLogger('supplier');
  }

  listProducts(): Promise<WireProduct[]> {
    return this.read(
      '/products',
      z.array(wireProductSchema),
      missingAs('noProductList', 'The supplier has no product list at that address.'),
    );
  }

  getProduct(id: number): Promise<WireProduct> {
    return this.read(
      `/products/${id}`,
      wireProductSchema,
      missingAs('noProduct', 'The supplier no longer lists that product.'),
    );
  }

  listOrders(): Promise<WireOrder[]> {
    return this.read(
      '/orders',
      z.array(wireOrderSchema),
      missingAs('noOrderList', 'The supplier has no order list at that address.'),
    );
  }

  getOrder(id: number): Promise<WireOrder> {
    return this.read(
      `/orders/${id}`,
      wireOrderSchema,
      missingAs('noOrder', 'The supplier has no order with that number.'),
    );
  }

  /** Sends one creation, once. Never throws: the outcome says whether an order may exist. */
  async createOrder(request: CreationRequest): Promise<CreationOutcome> {
    const method = this.options.orderMethod ?? 'POST';
    let answer: BoundedAnswer;
    try {
      answer = await this.send(method, '/orders', request);
    } catch (error) {
      if (error instanceof NotSent) return { kind: 'not_created', error: error.error };
      const worded = error as TillError;
      const fetchFailure = worded.cause as { cause?: { code?: string } } | undefined;
      const neverConnected =
        worded.code === 'certificate' ||
        (worded.code === 'unreachable' && NEVER_CONNECTED.includes(String(fetchFailure?.cause?.code ?? '')));
      return neverConnected ? { kind: 'not_created', error: worded } : { kind: 'unclear', error: worded };
    }
    if (answer.status === 400) return { kind: 'refused', body: answer.text };
    if (!answer.ok) {
      const error = statusError(
        answer.status,
        answer.headers,
        this.clock.now(),
        missingAs('notAtAddress', 'The supplier could not be found at that address.'),
      );
      // These refusals come before anything is stored; a 500 (or anything odd) may come after.
      return [401, 404, 429, 503].includes(answer.status)
        ? { kind: 'not_created', error }
        : { kind: 'unclear', error };
    }
    try {
      return { kind: 'created', order: this.parse(`${method} /orders`, answer.text, wireOrderSchema) };
    } catch (error) {
      return { kind: 'unclear', error: error as TillError };
    }
  }

  /** A GET, tried again after a pause when the failure may pass (network, 429, 500). */
  private async read<T>(path: string, schema: z.ZodType<T>, missing: Missing): Promise<T> {
    let delay = this.retry.firstDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.send('GET', path);
        if (!answer.ok) throw statusError(answer.status, answer.headers, this.clock.now(), missing);
        return this.parse(`GET ${path}`, answer.text, schema);
      } catch (error) {
        const worded = error instanceof NotSent ? error.error : (error as TillError);
        const wait = worded.code === 'rate_limited' ? (worded.retryAfterMs ?? delay) : delay;
        if (
          error instanceof NotSent ||
          attempt >= this.retry.attempts ||
          !isRetryable(worded) ||
          wait > this.retry.maxWaitMs ||
          this.closed()
        )
          throw worded;
        this.log.warn(`GET ${path} failed (${worded.code}); trying again in ${wait} ms`, worded.cause);
        await this.clock.sleep(wait);
        // A till closed during the pause has no one left to answer: stop instead of asking again.
        if (this.closed()) throw worded;
        delay *= 2;
      }
    }
  }

  private closed(): boolean {
    return this.options.isClosed?.() ?? false;
  }

  private parse<T>(what: string, text: string, schema: z.ZodType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.log.warn(`${what}: the answer is not JSON (${text.length} characters)`);
      throw unreadableError(`${what}: not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      this.log.warn(`${what}: unexpected answer: ${parsed.error.message.slice(0, 500)}`);
      throw unreadableError(`${what}: unexpected shape`);
    }
    return parsed.data;
  }

  /** One request; faults before sending throw NotSent, network faults and limits a worded TillError. */
  private async send(method: string, path: string, body?: unknown): Promise<BoundedAnswer> {
    const apiKey = await this.options.apiKey().catch((error: unknown) => {
      throw new NotSent(
        new TillError('storage', "The supplier's API key could not be read from this computer's keychain.", {
          cause: error,
          words: { key: 'supplier.keyUnreadable' },
        }),
      );
    });
    if (!apiKey) {
      throw new NotSent(
        new TillError(
          'not_configured',
          'No API key for the supplier is saved. A manager can add it in Settings, under Supplies.',
          { words: { key: 'supplier.noKey' } },
        ),
      );
    }
    let url: string;
    try {
      url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`).href;
    } catch (error) {
      throw new NotSent(
        new TillError('not_configured', "The supplier's address in Settings is not a web address.", {
          cause: error,
          words: { key: 'supplier.notWebAddress' },
        }),
      );
    }
    try {
      return await boundedFetch(
        url,
        {
          method,
          headers: {
            authorization: `Key ${apiKey}`,
            accept: 'application/json',
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        },
        {
          limits: this.limits,
          clock: this.clock,
          ...(this.options.fetch && { fetch: this.options.fetch }),
          // Only successes and 400s (the fields at fault) are worth reading.
          readsBodyOf: (status) => (status >= 200 && status < 300) || status === 400,
        },
      );
    } catch (error) {
      if (error instanceof OutboundLimitFault) {
        this.log.warn(`${method} ${path}: ${error.message}`);
        throw limitError(error);
      }
      throw networkError(error);
    }
  }
}
