// What the screens read of a reply (shared/contract/till-error.ts): the till checks each answer
// against the method's output before sending it, so the screens check only the envelope. An
// answer passes with its value; an error becomes a TillError with its code, message, wait and
// words; anything else is the one "did not understand each other" message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unwrapReply } from '../../../renderer/src/bridge/contract-client';
import { errorWord, GARBLED_ANSWER, readReply, TillError } from '../../../shared/contract/till-error';

const words = { key: 'sale.tooBig', params: { total: { minor: 1250, currency: 'GBP' }, name: 'Tea' } };

test('an answer passes with its value as sent, whatever the value', () => {
  for (const value of [{ version: '0.1.0' }, [], null, 0, '']) {
    assert.deepEqual(readReply({ ok: true, value }), { ok: true, value });
    assert.deepEqual(unwrapReply('app.info', { ok: true, value }), value);
  }
  assert.deepEqual(
    readReply({ ok: true }),
    { ok: true, value: undefined },
    'a void answer loses its value in JSON',
  );
});

test('an error keeps its code, message, wait and words', () => {
  const error = { code: 'rate_limited', message: 'Wait a moment.', retryAfterMs: 0, words };
  assert.deepEqual(readReply({ ok: false, error }), { ok: false, error });
  assert.throws(
    () => unwrapReply('app.info', { ok: false, error: { ...error, retryAfterMs: 1500 } }),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'rate_limited' &&
      e.message === 'Wait a moment.' &&
      e.retryAfterMs === 1500 &&
      JSON.stringify(e.words) === JSON.stringify(words),
  );
  const bare = { code: 'not_found', message: 'No such sale.' };
  assert.deepEqual(readReply({ ok: false, error: bare }), { ok: false, error: bare });
  assert.deepEqual(readReply({ ok: false, error: { ...bare, words: { key: 'x' } } }), {
    ok: false,
    error: { ...bare, words: { key: 'x' } },
  });
  assert.throws(
    () => unwrapReply('app.info', { ok: false, error: bare }),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'not_found' &&
      e.retryAfterMs === undefined &&
      e.words === undefined,
  );
});

test('what is not an envelope, or an error without its parts, is not read', () => {
  const error = { code: 'timeout', message: 'The card machine did not answer.' };
  const unreadable: unknown[] = [
    null,
    'ok',
    [{ ok: true, value: 1 }],
    {},
    { ok: 'true', value: 1 },
    { ok: 1, value: 1 },
    { ok: 'false', error },
    { ok: false },
    { ok: false, error: 'timeout' },
    { ok: false, error: [] },
    { ok: false, error: { message: error.message } },
    { ok: false, error: { ...error, code: 7 } },
    { ok: false, error: { code: 'timeout' } },
    { ok: false, error: { ...error, message: null } },
    { ok: false, error: { ...error, retryAfterMs: -1 } },
    { ok: false, error: { ...error, retryAfterMs: 2.5 } },
    { ok: false, error: { ...error, retryAfterMs: '2000' } },
    { ok: false, error: { ...error, words: 'timeout' } },
    { ok: false, error: { ...error, words: { params: {} } } },
    { ok: false, error: { ...error, words: { key: 3 } } },
    { ok: false, error: { ...error, words: { key: 'x', params: 'y' } } },
    { ok: false, error: { ...error, words: { key: 'x', params: null } } },
  ];
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    for (const raw of unreadable) {
      assert.equal(readReply(raw), null, JSON.stringify(raw));
      assert.throws(
        () => unwrapReply('app.info', raw),
        (e: unknown) =>
          e instanceof TillError &&
          e.code === GARBLED_ANSWER.code &&
          e.message === GARBLED_ANSWER.message &&
          e.words?.key === 'bridge.garbled',
        JSON.stringify(raw),
      );
    }
  } finally {
    console.warn = warn;
  }
});

test('a failure inside another sentence: its own key with its plain parameters, else its English', () => {
  const nested = { key: 'inner', english: 'Inner.' };
  const failure = new TillError('rejected', 'The supplier refused.', {
    words: { key: 'supplies.refused', params: { count: 2, who: 'Acme', total: words.params.total, nested } },
  });
  assert.deepEqual(errorWord(failure), {
    key: 'supplies.refused',
    english: 'The supplier refused.',
    params: { count: 2, who: 'Acme', total: { minor: 1250, currency: 'GBP' } },
  });
  assert.deepEqual(
    errorWord(new TillError('rejected', 'Refused.', { words: { key: 'k', params: { nested } } })),
    {
      key: 'k',
      english: 'Refused.',
    },
  );
  assert.equal(errorWord(new TillError('timeout', 'No answer.')), 'No answer.');
  assert.equal(errorWord(new Error('disk full')), 'disk full');
  assert.equal(errorWord('plain words'), 'plain words');
});
