// The 429 fetch at its edges: a Retry-After that is a timestamp but not an HTTP date (no day
// or month name) is unreadable, and a 429 sent without a body is handled like any other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retryAfterFetch, retryAfterMs } from '../../../electron/services/merchant/retry-after-fetch';
import { ManualClock } from '../../support/manual-clock';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

test('an ISO timestamp is not an HTTP date: unreadable, though it names a time 5 s ahead', () => {
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  assert.equal(retryAfterMs('2026-11-23T09:00:05Z', now), null);
  assert.equal(retryAfterMs('Mon, 23 Nov 2026 09:00:05 GMT', now), 5000, 'the same time as an HTTP date');
});

test('a 429 without a body is waited out, or refused in words, like one with a body', async () => {
  const clock = new ManualClock();
  const answers = [
    () => new Response(null, { status: 429, headers: { 'retry-after': '2' } }),
    () => new Response('ok'),
    () => new Response(null, { status: 429, headers: { 'retry-after': '60' } }),
  ];
  let sent = 0;
  const send = retryAfterFetch(async () => answers[sent++]!(), { clock, log: quiet });

  const waited = send('http://127.0.0.1:1/mcp');
  for (let turn = 0; turn < 100 && clock.timers === 0; turn++)
    await new Promise((resolve) => setImmediate(resolve));
  await clock.advance(2000);
  assert.equal(await (await waited).text(), 'ok');

  await assert.rejects(send('http://127.0.0.1:1/mcp'), {
    code: 'rate_limited',
    message: 'The merchant tools are busy with too many requests. Try again in 60 seconds.',
  });
  assert.equal(sent, 3);
});
