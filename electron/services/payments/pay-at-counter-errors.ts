// How the till reads a failed call to the card service: HTTP statuses and network failures
// become TillErrors the UI can word, and a request that certainly never left is marked so the
// runner may call its start refused rather than unknown.
import { TillError } from '../../../shared/contract/errors';
import type { OutboundLimitFault } from '../common/bounded-fetch';

/** The screens' catalogue key for a card-service message (`services.cardService.<name>`). */
const said = (name: string, params?: Record<string, number>) => ({
  words: { key: `cardService.${name}`, ...(params && { params }) },
});

/** Errors raised before a request was handed to fetch: nothing reached the card service. */
const unsentErrors = new WeakSet<TillError>();

export function neverSent(error: unknown): TillError {
  const tillError =
    error instanceof TillError
      ? error
      : new TillError('internal', 'The request to the card service could not be prepared.', {
          cause: error,
          ...said('notPrepared'),
        });
  unsentErrors.add(tillError);
  return tillError;
}

export function networkError(error: unknown): TillError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new TillError('timeout', 'The card service did not answer in time.', {
      cause: error,
      ...said('timeout'),
    });
  }
  const code = String((error as { cause?: { code?: string } })?.cause?.code ?? '');
  if (/CERT|SSL|TLS/i.test(code)) {
    return new TillError('certificate', 'The card service’s security certificate was not accepted.', {
      cause: error,
      ...said('certificate'),
    });
  }
  return new TillError('unreachable', 'The card service cannot be reached.', {
    cause: error,
    ...said('unreachable'),
  });
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

export function statusError(status: number, headers: Headers, nowMs = Date.now()): TillError {
  if (status === 401)
    return new TillError(
      'bad_credentials',
      'The card service refused the username or password.',
      said('badCredentials'),
    );
  if (status === 404) {
    return new TillError(
      'not_found',
      'The card service does not know that terminal or transaction (it may be offline).',
      said('notFound'),
    );
  }
  if (status === 422)
    return new TillError('terminal_busy', 'The card machine is busy or refused the request.', said('busy'));
  if (status === 400)
    return new TillError('rejected', 'The card service refused the request as invalid.', said('rejected'));
  if (status === 429) {
    const wait = retryAfterMs(headers.get('retry-after'), nowMs) ?? 1000;
    return new TillError('rate_limited', 'The card service asked the till to slow down.', {
      retryAfterMs: wait,
      ...said('slowDown'),
    });
  }
  if (status >= 500)
    return new TillError(
      'service_error',
      `The card service had an internal error (${status}).`,
      said('internal', { status }),
    );
  return new TillError(
    'service_error',
    `The card service answered with an unexpected status ${status}.`,
    said('unexpectedStatus', { status }),
  );
}

const IF_IT_KEEPS_HAPPENING = 'If this keeps happening, call the card service’s support.';

/** An answer past one of the outbound limits (size, time), in staff words; the figures stay in `cause`. */
export function limitError(fault: OutboundLimitFault): TillError {
  if (fault.kind === 'too_large') {
    return new TillError(
      'malformed_response',
      `The card service sent an answer far larger than any real one, so the till stopped reading it. ${IF_IT_KEEPS_HAPPENING}`,
      { cause: fault, ...said('tooLarge') },
    );
  }
  if (fault.kind === 'no_headers_in_time')
    return new TillError('timeout', 'The card service did not answer in time.', {
      cause: fault,
      ...said('timeout'),
    });
  return new TillError(
    'timeout',
    `The card service’s answer did not arrive in full in time. ${IF_IT_KEEPS_HAPPENING}`,
    { cause: fault, ...said('partial') },
  );
}

/** A card slip past the receipt limits (lines per copy, line length); `detail` goes to the log. */
export function receiptTooLongError(detail: string): TillError {
  return new TillError(
    'malformed_response',
    `The card service sent a card slip far longer than any real one, so the till did not take it. ${IF_IT_KEEPS_HAPPENING}`,
    { cause: new Error(detail), ...said('slipTooLong') },
  );
}

/** Reads of a card machine report kept failing for as long as a payment's may; the machine may have printed it. */
export function reportUnreadableError(lastFailure: unknown): TillError {
  return new TillError(
    'service_error',
    'The till could not read the card machine’s report for several minutes. It may have printed on the card machine: check there before running it again.',
    { cause: lastFailure, ...said('reportUnreadable') },
  );
}
