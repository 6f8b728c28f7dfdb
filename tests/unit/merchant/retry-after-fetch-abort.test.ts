// A request given up while it waits out a 429 (retry-after-fetch.ts): the wait ends at once with
// the caller's reason, and the request is not sent again when the Retry-After time comes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retryAfterFetch } from '../../../electron/services/merchant/retry-after-fetch';
import { ManualClock } from '../../support/manual-clock';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

test('a request aborted during the Retry-After wait fails with the abort reason and is not sent again', async () => {
  const clock = new ManualClock();
  let sent = 0;
  const send = retryAfterFetch(
    async () => {
      sent += 1;
      return new Response(null, { status: 429, headers: { 'retry-after': '5' } });
    },
    { clock, log: quiet },
  );
  const stop = new AbortController();
  const waiting = send('http://127.0.0.1:1/mcp', { signal: stop.signal });
  for (let turn = 0; turn < 100 && clock.timers === 0; turn++)
    await new Promise((resolve) => setImmediate(resolve));
  assert.equal(clock.timers, 1, 'waiting out the 429');

  stop.abort(new Error('the till is closing'));
  await assert.rejects(waiting, { message: 'the till is closing' });
  assert.equal(clock.timers, 0, 'the wait was cancelled');
  await clock.advance(5000);
  assert.equal(sent, 1, 'nothing sent after the abort');
});
