// One outbound HTTP request with limits, for every client of an outside service (card service
// now; distribution and merchant services when they come): the answer's body is read as a stream
// and abandoned past a size cap, and the wait for the answer's headers and for the whole answer
// each has a time limit on the injected Clock. A limit that trips is an OutboundLimitFault that
// says which limit and how many bytes were read; each client words it for staff.
import type { Clock } from './clock';

export interface OutboundLimits {
  /** Bytes of one answer's body; reading stops past it. */
  maxBodyBytes: number;
  /** From sending to the answer's status and headers (connecting and the service's thinking). */
  headersMs: number;
  /** From sending to the answer's last byte. */
  totalMs: number;
}

export const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = {
  maxBodyBytes: 1024 * 1024,
  headersMs: 10_000,
  totalMs: 15_000,
};

export type OutboundLimitKind = 'too_large' | 'no_headers_in_time' | 'not_finished_in_time';

export class OutboundLimitFault extends Error {
  constructor(
    readonly kind: OutboundLimitKind,
    /** Body bytes received before the request was abandoned. */
    readonly bytesRead: number,
    /** The limit that tripped: bytes for too_large, milliseconds otherwise. */
    readonly limit: number,
  ) {
    super(describeFault(kind, bytesRead, limit));
    this.name = 'OutboundLimitFault';
  }
}

function describeFault(kind: OutboundLimitKind, bytesRead: number, limit: number): string {
  if (kind === 'too_large') return `answer body over ${limit} bytes; stopped after reading ${bytesRead}`;
  if (kind === 'no_headers_in_time') return `no answer headers within ${limit} ms`;
  return `answer not complete within ${limit} ms (${bytesRead} body bytes read)`;
}

export interface BoundedAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The body as UTF-8 text, complete and within the cap. */
  text: string;
  bytesRead: number;
}

export interface BoundedFetchOptions {
  limits: OutboundLimits;
  clock: Pick<Clock, 'setTimer'>;
  fetch?: typeof fetch;
  /** Whether an answer with this status is worth reading; otherwise its body is dropped unread. */
  readsBodyOf?: (status: number) => boolean;
}

/**
 * Sends one request and reads its whole answer within the limits. Network failures reject as
 * fetch's own errors; a tripped limit rejects with OutboundLimitFault after aborting the request.
 */
export async function boundedFetch(
  url: string,
  init: RequestInit,
  { limits, clock, fetch: fetchImpl = fetch, readsBodyOf = () => true }: BoundedFetchOptions,
): Promise<BoundedAnswer> {
  const abort = new AbortController();
  let bytesRead = 0;
  // The first limit to trip is the reason, whatever fetch or the stream throws after it.
  const limit: { tripped: OutboundLimitFault | null } = { tripped: null };
  const trip = (fault: OutboundLimitFault): OutboundLimitFault => {
    limit.tripped ??= fault;
    abort.abort(limit.tripped);
    return limit.tripped;
  };
  let headersArrived = false;
  const headersTimer = clock.setTimer(() => {
    if (!headersArrived) trip(new OutboundLimitFault('no_headers_in_time', 0, limits.headersMs));
  }, limits.headersMs);
  const totalTimer = clock.setTimer(
    () => trip(new OutboundLimitFault('not_finished_in_time', bytesRead, limits.totalMs)),
    limits.totalMs,
  );
  try {
    const response = await fetchImpl(url, { ...init, signal: abort.signal });
    headersArrived = true;
    headersTimer.cancel();
    if (!readsBodyOf(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, ok: response.ok, headers: response.headers, text: '', bytesRead };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBodyBytes) {
      throw trip(new OutboundLimitFault('too_large', 0, limits.maxBodyBytes));
    }
    const chunks: Uint8Array[] = [];
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytesRead += value.byteLength;
        if (bytesRead > limits.maxBodyBytes) {
          const fault = trip(new OutboundLimitFault('too_large', bytesRead, limits.maxBodyBytes));
          await reader.cancel().catch(() => undefined);
          throw fault;
        }
        chunks.push(value);
      }
    }
    return {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      text: Buffer.concat(chunks).toString('utf8'),
      bytesRead,
    };
  } catch (error) {
    throw limit.tripped ?? error;
  } finally {
    headersTimer.cancel();
    totalTimer.cancel();
  }
}
