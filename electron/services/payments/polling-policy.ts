// How often the runner reads a transaction, a report or a terminal, and how it backs off when
// a read fails. The pace is the card service's rule: at most 4 reads a second per transaction.
import { TillError } from '../../../shared/contract/errors';

export interface PollingPolicy {
  /** First read after the start answered. */
  firstPollMs: number;
  /** Time between the starts of two reads of one transaction (250 ms = at most 4 per second). */
  intervalMs: number;
  /** Never less than this between the end of one read and the start of the next. */
  minGapMs: number;
  /** First wait after a failed read; doubles per failure up to maxBackoffMs. */
  errorBackoffMs: number;
  maxBackoffMs: number;
  /** How often the terminal is checked while a payment's outcome is unknown. */
  terminalWatchMs: number;
  /**
   * Reads of a started transaction answered 404 (with no good read between) after which the
   * till stops reading and the outcome becomes unknown, provided the first of them was at least
   * lostAfterNotFoundMs earlier. A short 404 just after the start may be the service catching up.
   */
  lostAfterNotFoundReads: number;
  lostAfterNotFoundMs: number;
  /**
   * How long reads of a started transaction may keep failing (any failure: an answer too large,
   * unreadable or with a value the till refuses, 5xx, 429, the network), from the first failed
   * read with no good read since, before the till stops and the outcome becomes unknown. Longer
   * than a real card sale can take at the machine, so the machine has finished by the time the
   * cashier is asked whether it was paid.
   */
  giveUpReadingAfterMs: number;
}

export const DEFAULT_POLLING: PollingPolicy = {
  firstPollMs: 120,
  intervalMs: 250,
  minGapMs: 100,
  errorBackoffMs: 500,
  maxBackoffMs: 5_000,
  terminalWatchMs: 1_000,
  lostAfterNotFoundReads: 5,
  lostAfterNotFoundMs: 10_000,
  // The slowest plausible sale: a customer slow to find the card (about 60 s), three PIN tries
  // (about 90 s), the 80 s signature check, and the bank with its retries (about 60 s).
  giveUpReadingAfterMs: 5 * 60_000,
};

/** The wait after the `failures`-th failed read in a row; a 429 waits its Retry-After. */
export function backoffMs(policy: PollingPolicy, failures: number, error: unknown): number {
  if (error instanceof TillError && error.code === 'rate_limited') {
    return Math.max(error.retryAfterMs ?? policy.intervalMs, policy.intervalMs);
  }
  return Math.min(policy.errorBackoffMs * 2 ** Math.max(0, failures - 1), policy.maxBackoffMs);
}

/** The wait before the next read, so reads start at most every intervalMs. */
export function nextReadDelayMs(policy: PollingPolicy, readStartedAt: number, now: number): number {
  return Math.max(policy.intervalMs - (now - readStartedAt), policy.minGapMs);
}
