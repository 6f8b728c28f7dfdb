// Every way a call to the supplier can fail, as staff read it (English words and the screens'
// catalogue key with its count), and which failures a read tries again after a pause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OutboundLimitFault } from '../../../electron/services/common/bounded-fetch';
import {
  fieldProblems,
  isRetryable,
  limitError,
  networkError,
  retryAfterMs,
  statusError,
  unreadableError,
} from '../../../electron/services/supplies/distribution-errors';
import { TillError } from '../../../shared/contract/errors';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const MISSING = {
  text: 'The supplier has no order with that number.',
  words: { key: 'supplier.missing.noOrder' },
};
const KEEPS = 'If it keeps happening, call the supplier.';

const answered = (status: number, retryAfter?: string) =>
  statusError(
    status,
    new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
    NOW,
    MISSING,
  ).toShape();
const key = (name: string, count?: number) => ({
  key: `supplier.${name}`,
  ...(count !== undefined && { params: { count } }),
});

test('each status the supplier answers with, in words', () => {
  assert.deepEqual(answered(401), {
    code: 'bad_credentials',
    message:
      "The supplier did not accept the till's API key. A manager can check it in Settings, under Supplies.",
    words: key('badKey'),
  });
  assert.deepEqual(answered(404), { code: 'not_found', message: MISSING.text, words: MISSING.words });
  assert.deepEqual(answered(400), {
    code: 'rejected',
    message: 'The supplier refused the request.',
    words: key('refused'),
  });
  for (const status of [500, 502]) {
    assert.deepEqual(answered(status), {
      code: 'service_error',
      message: 'The supplier had a problem of its own. Try again in a few minutes.',
      words: key('ownProblem'),
    });
  }
  for (const status of [302, 418]) {
    assert.deepEqual(answered(status), {
      code: 'malformed_response',
      message: `The supplier answered in a way the till does not understand. ${KEEPS}`,
      words: key('notUnderstood'),
    });
  }
});

test('429: the wait the supplier asks for, in seconds under a minute and whole minutes above', () => {
  const busy = (retryAfter: string | undefined) => {
    const shape = answered(429, retryAfter);
    assert.equal(shape.code, 'rate_limited');
    return [
      shape.retryAfterMs,
      shape.message.replace('The supplier is receiving too many requests. ', ''),
      shape.words,
    ];
  };
  assert.deepEqual(busy('1'), [1_000, 'Try again in 1 second.', key('busy.seconds', 1)]);
  assert.deepEqual(busy('0'), [0, 'Try again in 1 second.', key('busy.seconds', 1)]);
  assert.deepEqual(busy('1.2345'), [1_235, 'Try again in 2 seconds.', key('busy.seconds', 2)]);
  assert.deepEqual(busy('0.2'), [200, 'Try again in 1 second.', key('busy.seconds', 1)]);
  assert.deepEqual(busy('59'), [59_000, 'Try again in 59 seconds.', key('busy.seconds', 59)]);
  assert.deepEqual(busy('60'), [60_000, 'Try again in 1 minute.', key('busy.minutes', 1)]);
  assert.deepEqual(busy('61'), [61_000, 'Try again in 2 minutes.', key('busy.minutes', 2)]);
  assert.deepEqual(busy(new Date(NOW + 3 * 60_000).toUTCString()), [
    180_000,
    'Try again in 3 minutes.',
    key('busy.minutes', 3),
  ]);
  for (const none of [undefined, '', '  ', 'later']) {
    assert.deepEqual(busy(none), [30_000, 'Try again in 30 seconds.', key('busy.seconds', 30)], String(none));
  }
});

test('503: closed for maintenance, with the wait when the supplier gives one', () => {
  assert.deepEqual(answered(503), {
    code: 'service_error',
    message: 'The supplier is closed for maintenance just now. Try again later.',
    words: key('maintenance.later'),
  });
  assert.deepEqual(answered(503, '45'), {
    code: 'service_error',
    message: 'The supplier is closed for maintenance just now. Try again in 45 seconds.',
    retryAfterMs: 45_000,
    words: key('maintenance.seconds', 45),
  });
  assert.deepEqual(answered(503, '7200'), {
    code: 'service_error',
    message: 'The supplier is closed for maintenance just now. Try again in 120 minutes.',
    retryAfterMs: 7_200_000,
    words: key('maintenance.minutes', 120),
  });
});

test('network faults, tripped limits and unreadable answers, in words', () => {
  const failed = (code?: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });
  for (const code of [
    'CERT_HAS_EXPIRED',
    'ERR_SSL_WRONG_VERSION_NUMBER',
    'ERR_TLS_INVALID_PROTOCOL_VERSION',
  ]) {
    assert.deepEqual(networkError(failed(code)).toShape(), {
      code: 'certificate',
      message: "The supplier's security certificate was not accepted, so the till did not connect.",
      words: key('certificate'),
    });
  }
  for (const error of [failed('ECONNRESET'), failed(), new Error('gone'), undefined]) {
    assert.deepEqual(networkError(error).toShape(), {
      code: 'unreachable',
      message: "The supplier can't be reached. Check the internet connection, then try again.",
      words: key('unreachable'),
    });
  }
  assert.deepEqual(limitError(new OutboundLimitFault('too_large', 2_000_000, 1_048_576)).toShape(), {
    code: 'malformed_response',
    message: `The supplier sent an answer far larger than any real one, so the till stopped reading it. ${KEEPS}`,
    words: key('tooLarge'),
  });
  for (const kind of ['no_headers_in_time', 'not_finished_in_time'] as const) {
    assert.deepEqual(limitError(new OutboundLimitFault(kind, 0, 10_000)).toShape(), {
      code: 'timeout',
      message: 'The supplier took too long to answer. Try again in a moment.',
      words: key('tooSlow'),
    });
  }
  assert.deepEqual(unreadableError('GET /orders: not JSON').toShape(), {
    code: 'malformed_response',
    message: `The supplier sent an answer the till could not read. ${KEEPS}`,
    words: key('unreadable'),
  });
});

test('a read is tried again after network faults, timeouts, a busy supplier and its own problems only', () => {
  const fault = (code?: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });
  const again = [
    networkError(fault('ECONNRESET')),
    limitError(new OutboundLimitFault('not_finished_in_time', 0, 15_000)),
    statusError(429, new Headers({ 'retry-after': '2' }), NOW, MISSING),
    statusError(500, new Headers(), NOW, MISSING),
  ];
  const not = [
    networkError(fault('CERT_HAS_EXPIRED')),
    limitError(new OutboundLimitFault('too_large', 2_000_000, 1_048_576)),
    unreadableError('not JSON'),
    statusError(401, new Headers(), NOW, MISSING),
    statusError(404, new Headers(), NOW, MISSING),
    statusError(400, new Headers(), NOW, MISSING),
    statusError(503, new Headers(), NOW, MISSING),
    statusError(503, new Headers({ 'retry-after': '5' }), NOW, MISSING),
    new TillError('service_error', 'The supplier had a problem.', { retryAfterMs: 1_000 }),
  ];
  assert.deepEqual(again.map(isRetryable), [true, true, true, true]);
  assert.deepEqual(
    not.map(isRetryable),
    not.map(() => false),
  );
});

test('Retry-After in seconds: blank, negative or endless is no number; a number is never read as a date', () => {
  assert.deepEqual(
    ['  ', '\t', '-5', 'Infinity', '0'].map((header) => retryAfterMs(header, NOW)),
    [null, null, 0, null, 0],
  );
  // "0" is no wait even on a clock set before 2000 (read as a date, "0" would be the year 2000).
  assert.equal(retryAfterMs('0', Date.UTC(1999, 0, 1)), 0);
});

test('the log keeps the status the supplier answered with; staff words never show it', () => {
  const error = statusError(502, new Headers(), NOW, MISSING);
  assert.equal((error.cause as Error).message, 'distribution API answered 502');
  assert.doesNotMatch(error.message, /502/);
});

test('a 400 naming fields the till does not know, or lines it did not send: each is "part of the order"', () => {
  const lines = Array.from({ length: 11 }, (_, i) => ({ productId: 100 + i }));
  const problems = fieldProblems(
    JSON.stringify({
      errors: [
        null,
        { field: 'address.city', reason: 'required' },
        { field: 'address.planet', reason: 'required' },
        { field: 'billing.address.city', reason: 'required' },
        { field: 'address.city.spelling', reason: 'required' },
        { field: 'lines[10].quantity', reason: 'out_of_stock' },
        { field: 'lines[11].quantity', reason: 'out_of_stock' },
        { field: 'extra.lines[0].quantity', reason: 'out_of_stock' },
        { field: 'lines[0].quantity.max', reason: 'out_of_stock' },
      ],
    }),
    lines,
    (id) => `Product ${id}`,
  );
  const part = ['order', 'The supplier refused part of the order.', 'supplier.partRefused'];
  assert.deepEqual(
    problems.map((p) => [p.field, p.message, p.words.key]),
    [
      ['city', 'Enter the town or city.', 'supplier.field.enter.city'],
      part,
      part,
      part,
      [
        'line:110',
        'Product 110 is out of stock at the supplier: take it out of the order.',
        'supplier.line.outOfStock',
      ],
      part,
      part,
      part,
    ],
  );
});
