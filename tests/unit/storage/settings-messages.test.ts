import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError, type ErrorCode } from '../../../shared/contract/errors';
import { describeConnectionError } from '../../../electron/services/storage/settings-messages';

const CONNECTION_CODES: ErrorCode[] = [
  'bad_credentials',
  'unreachable',
  'timeout',
  'certificate',
  'not_found',
  'rate_limited',
  'service_error',
  'malformed_response',
  'not_configured',
];

test('each connection error code gets its own short sentence, without the technical message', () => {
  const technical = 'connect ECONNREFUSED 10.0.0.5:443 at TCPConnectWrap.afterConnect';
  const sentences = CONNECTION_CODES.map((code) => describeConnectionError(new TillError(code, technical)));
  assert.equal(new Set(sentences).size, CONNECTION_CODES.length, 'no two codes share wording');
  for (const sentence of sentences) {
    assert.equal(sentence.includes('ECONNREFUSED'), false);
    assert.match(sentence, /^[A-Z].*\.$/);
    assert.ok(sentence.length < 140, sentence);
  }
  assert.equal(
    describeConnectionError(new TillError('bad_credentials', technical)),
    'The username or password was not accepted.',
  );
});

test('the service is named when known, and waiting time is given for rate limits', () => {
  assert.equal(
    describeConnectionError(new TillError('unreachable', 'x'), 'payAtCounter'),
    "The card service can't be reached: check the internet connection.",
  );
  assert.match(
    describeConnectionError(new TillError('timeout', 'x'), 'distribution'),
    /^The supplier service/,
  );
  assert.match(
    describeConnectionError(new TillError('rate_limited', 'x', { retryAfterMs: 45_000 })),
    /Try again in 45 seconds\./,
  );
  assert.match(
    describeConnectionError(new TillError('rate_limited', 'x', { retryAfterMs: 125_000 })),
    /Try again in 3 minutes\./,
  );
  const waits = [1_000, 60_000].map((retryAfterMs) =>
    describeConnectionError(new TillError('rate_limited', 'x', { retryAfterMs }), 'merchant'),
  );
  assert.deepEqual(waits, [
    'The merchant service is receiving too many requests. Try again in 1 second.',
    'The merchant service is receiving too many requests. Try again in 1 minute.',
  ]);
});

test('error shapes from over the contract are understood too; anything else gets a general sentence', () => {
  assert.match(
    describeConnectionError({ code: 'certificate', message: 'self-signed' }),
    /certificate isn't trusted/,
  );
  const general = describeConnectionError(new Error('boom'));
  assert.match(general, /unexpected problem/);
  assert.equal(describeConnectionError({ code: 'made_up' }), general);
  assert.equal(describeConnectionError(null), general);
});

test('a rate limit without a usable wait asks for a minute, never "NaN" or "0 seconds"', () => {
  const wordsFor = (error: unknown) => describeConnectionError(error, 'payAtCounter');
  const aMinute = 'The card service is receiving too many requests. Try again in a minute.';
  assert.equal(wordsFor(new TillError('rate_limited', 'x')), aMinute);
  assert.equal(wordsFor(new TillError('rate_limited', 'x', { retryAfterMs: 0 })), aMinute);
  assert.equal(wordsFor(new TillError('rate_limited', 'x', { retryAfterMs: -5_000 })), aMinute);
  // Over the contract a wait is only a number: a text one is not read as 45 seconds.
  assert.equal(wordsFor({ code: 'rate_limited', message: 'x', retryAfterMs: '45000' }), aMinute);
});

test('a storage failure and a refusal get their own words, without naming the service', () => {
  assert.equal(
    describeConnectionError(
      new TillError('storage', 'EACCES: /home/till/.paydesk/settings.json'),
      'merchant',
    ),
    "Paydesk couldn't read or save its settings or passwords on this computer.",
  );
  assert.equal(
    describeConnectionError({ code: 'not_allowed', message: '403 Forbidden' }, 'distribution'),
    'That was refused: the account may not have permission for it.',
  );
});

test('codes with no connection wording, and errors that are not objects, get the general sentence', () => {
  const general = (label: string) =>
    `${label} could not be checked because of an unexpected problem. Try again, and if it keeps happening, restart Paydesk.`;
  for (const code of ['invalid_input', 'terminal_busy', 'conflict', 'internal'] as const) {
    assert.equal(
      describeConnectionError(new TillError(code, 'x'), 'merchant'),
      general('The merchant service'),
    );
  }
  for (const thrown of ['ECONNRESET', 42, undefined]) {
    assert.equal(describeConnectionError(thrown), general('The service'));
  }
});
