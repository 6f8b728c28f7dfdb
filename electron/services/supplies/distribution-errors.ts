// How the till reads a failed call to the supplier: statuses, network failures and tripped
// limits become TillErrors in staff words (the raw detail stays in `cause` for the log), and a
// 400's body becomes the fields to fix.
import { TillError, type Words } from '../../../shared/contract/errors';
import { ADDRESS_FIELDS, ADDRESS_LABELS, type AddressField } from '../../../shared/supplies';
import type { OutboundLimitFault } from '../common/bounded-fetch';

const KEEPS_HAPPENING = 'If it keeps happening, call the supplier.';

/** Parses Retry-After (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export function waitWords(ms: number): string {
  const { unit, count } = waitIn(ms);
  return `Try again in ${count} ${unit === 'seconds' ? 'second' : 'minute'}${count === 1 ? '' : 's'}.`;
}

/** A wait as whole seconds under a minute, else whole minutes: the catalogue's plural keys. */
function waitIn(ms: number): { unit: 'seconds' | 'minutes'; count: number } {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60
    ? { unit: 'seconds', count: seconds }
    : { unit: 'minutes', count: Math.ceil(seconds / 60) };
}

const keyed = (key: string, params?: Words['params']): { words: Words } => ({
  words: params ? { key: `supplier.${key}`, params } : { key: `supplier.${key}` },
});

/** A status that is not 2xx, worded. `missing` says what a 404 means for this request. */
export function statusError(
  status: number,
  headers: Headers,
  nowMs: number,
  missing: { text: string; words: Words },
): TillError {
  const cause = new Error(`distribution API answered ${status}`);
  if (status === 401) {
    return new TillError(
      'bad_credentials',
      "The supplier did not accept the till's API key. A manager can check it in Settings, under Supplies.",
      { cause, ...keyed('badKey') },
    );
  }
  if (status === 404) return new TillError('not_found', missing.text, { cause, words: missing.words });
  if (status === 429) {
    const wait = retryAfterMs(headers.get('retry-after'), nowMs) ?? 30_000;
    return new TillError('rate_limited', `The supplier is receiving too many requests. ${waitWords(wait)}`, {
      retryAfterMs: wait,
      cause,
      ...keyed(`busy.${waitIn(wait).unit}`, { count: waitIn(wait).count }),
    });
  }
  if (status === 503) {
    const wait = retryAfterMs(headers.get('retry-after'), nowMs);
    return new TillError(
      'service_error',
      `The supplier is closed for maintenance just now. ${wait === null ? 'Try again later.' : waitWords(wait)}`,
      {
        cause,
        ...(wait !== null && { retryAfterMs: wait }),
        ...(wait === null
          ? keyed('maintenance.later')
          : keyed(`maintenance.${waitIn(wait).unit}`, { count: waitIn(wait).count })),
      },
    );
  }
  if (status >= 500) {
    return new TillError(
      'service_error',
      'The supplier had a problem of its own. Try again in a few minutes.',
      { cause, ...keyed('ownProblem') },
    );
  }
  if (status === 400)
    return new TillError('rejected', 'The supplier refused the request.', {
      cause,
      ...keyed('refused'),
    });
  return new TillError(
    'malformed_response',
    `The supplier answered in a way the till does not understand. ${KEEPS_HAPPENING}`,
    { cause, ...keyed('notUnderstood') },
  );
}

export function networkError(error: unknown): TillError {
  const code = String((error as { cause?: { code?: string } })?.cause?.code ?? '');
  if (/CERT|SSL|TLS/i.test(code)) {
    return new TillError(
      'certificate',
      "The supplier's security certificate was not accepted, so the till did not connect.",
      { cause: error, ...keyed('certificate') },
    );
  }
  return new TillError(
    'unreachable',
    "The supplier can't be reached. Check the internet connection, then try again.",
    { cause: error, ...keyed('unreachable') },
  );
}

export function limitError(fault: OutboundLimitFault): TillError {
  if (fault.kind === 'too_large') {
    return new TillError(
      'malformed_response',
      `The supplier sent an answer far larger than any real one, so the till stopped reading it. ${KEEPS_HAPPENING}`,
      { cause: fault, ...keyed('tooLarge') },
    );
  }
  return new TillError('timeout', 'The supplier took too long to answer. Try again in a moment.', {
    cause: fault,
    ...keyed('tooSlow'),
  });
}

export function unreadableError(detail: string): TillError {
  return new TillError(
    'malformed_response',
    `The supplier sent an answer the till could not read. ${KEEPS_HAPPENING}`,
    { cause: new Error(detail), ...keyed('unreadable') },
  );
}

/** Whether a failed read is worth another try after a pause. */
export function isRetryable(error: TillError): boolean {
  if (error.code === 'unreachable' || error.code === 'timeout' || error.code === 'rate_limited') return true;
  // 500s are worth a retry; maintenance (503, with its wait) is not.
  return (
    error.code === 'service_error' && error.retryAfterMs === undefined && !/maintenance/.test(error.message)
  );
}

export interface FieldProblem {
  /** An address field name, `line:<productId>`, or `order`. */
  field: string;
  message: string;
  words: Words;
}

interface RawFault {
  field: string;
  reason: string;
}

/** The faults a 400 body names, whatever shape it takes ({ errors: [...] } or { errors: { field: text } }). */
function rawFaults(body: string): RawFault[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) {
    return errors.flatMap((e: unknown) => {
      const f = e as { field?: unknown; reason?: unknown };
      return typeof f?.field === 'string'
        ? [{ field: f.field, reason: typeof f.reason === 'string' ? f.reason : '' }]
        : [];
    });
  }
  if (errors && typeof errors === 'object')
    return Object.keys(errors).map((field) => ({ field, reason: '' }));
  return [];
}

/** Staff words for each field a 400 names; lines are named by their product. */
export function fieldProblems(
  body: string,
  lines: readonly { productId: number }[],
  productName: (productId: number) => string,
): FieldProblem[] {
  const problems = rawFaults(body).map(({ field, reason }): FieldProblem => {
    const address = /^address\.(\w+)$/.exec(field)?.[1];
    if (address && (ADDRESS_FIELDS as readonly string[]).includes(address)) {
      const label = ADDRESS_LABELS[address as AddressField].toLowerCase();
      return reason === 'required'
        ? { field: address, message: `Enter the ${label}.`, ...keyed(`field.enter.${address}`) }
        : {
            field: address,
            message: `The supplier did not accept the ${label}: check it.`,
            ...keyed(`field.refused.${address}`),
          };
    }
    const line = /^lines\[(\d+)\]\.(\w+)$/.exec(field);
    const ordered = line ? lines[Number(line[1])] : undefined;
    if (line && ordered) {
      const name = productName(ordered.productId);
      const field = `line:${ordered.productId}`;
      if (reason === 'out_of_stock')
        return {
          field,
          message: `${name} is out of stock at the supplier: take it out of the order.`,
          ...keyed('line.outOfStock', { name }),
        };
      if (reason === 'unknown_product')
        return {
          field,
          message: `${name} is no longer sold by the supplier: take it out of the order.`,
          ...keyed('line.notSold', { name }),
        };
      return { field, message: `Check the quantity of ${name}.`, ...keyed('line.quantity', { name }) };
    }
    return { field: 'order', message: 'The supplier refused part of the order.', ...keyed('partRefused') };
  });
  return problems.length > 0
    ? problems
    : [
        {
          field: 'order',
          message: 'The supplier refused the order without saying why. Check it and try again.',
          ...keyed('refusedWithoutReason'),
        },
      ];
}
