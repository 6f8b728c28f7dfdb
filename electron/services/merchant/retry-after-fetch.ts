// A fetch that honours 429 Too Many Requests: it waits the server's Retry-After on the injected
// Clock and sends the request again. A wait longer than the till will sit through is not taken:
// the call fails at once with the wait in the error, so staff read "try again in N seconds".
// (The MCP SDK has no 429 handling of its own; every request it makes goes through here.)
import { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';

export interface RetryAfterPolicy {
  /** Longest Retry-After waited for in place. */
  maxWaitMs: number;
  /** 429s waited out for one request before giving up. */
  maxRetries: number;
  /** Wait when a 429 names none. */
  defaultWaitMs: number;
}

export const DEFAULT_RETRY_AFTER: RetryAfterPolicy = {
  maxWaitMs: 15_000,
  maxRetries: 2,
  defaultWaitMs: 1_000,
};

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; Date.parse alone would read "-1" or "1.5" as dates.
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function rateLimitedError(waitMs: number): TillError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new TillError(
    'rate_limited',
    `The merchant tools are busy with too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterMs: waitMs },
  );
}

export function retryAfterFetch(
  base: typeof fetch,
  options: { clock: Clock; log: Logger; policy?: Partial<RetryAfterPolicy> },
): typeof fetch {
  const policy = { ...DEFAULT_RETRY_AFTER, ...options.policy };
  return async (input, init) => {
    for (let retries = 0; ; retries++) {
      const response = await base(input, init);
      if (response.status !== 429) return response;
      const wait =
        retryAfterMs(response.headers.get('retry-after'), options.clock.now()) ?? policy.defaultWaitMs;
      await response.body?.cancel().catch(() => undefined);
      if (wait > policy.maxWaitMs || retries >= policy.maxRetries) throw rateLimitedError(wait);
      options.log.warn(`merchant tools answered 429; waiting ${wait} ms as asked`);
      await options.clock.sleep(wait, init?.signal ?? undefined);
    }
  };
}
