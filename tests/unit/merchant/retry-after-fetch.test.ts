// The 429 fetch on its own, on a scripted fetch and a manual clock: how long it waits (Retry-After
// in seconds, as a date, none at all), the longest wait it sits through, how many 429s it waits
// out, and the words when it gives up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  rateLimitedError,
  retryAfterFetch,
  retryAfterMs,
  type RetryAfterPolicy,
} from '../../../electron/services/merchant/retry-after-fetch';
import { ManualClock } from '../../support/manual-clock';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function limited(retryAfter?: string) {
  return new Response('slow down', {
    status: 429,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });
}

/** A fetch answering from `answers` in turn; `sent` counts the requests. */
function rig(answers: Array<() => Response>, policy?: Partial<RetryAfterPolicy>) {
  const clock = new ManualClock();
  let sent = 0;
  const base: typeof fetch = async () => {
    const answer = answers[sent++];
    assert.ok(answer, `request ${sent} was not expected`);
    return answer();
  };
  const send = retryAfterFetch(base, { clock, log: quiet, ...(policy && { policy }) });
  return { clock, send, sent: () => sent };
}

/** Lets the request reach its wait (the 429's body is let go first) before time moves. */
async function untilWaiting(clock: ManualClock) {
  for (let turn = 0; turn < 100 && clock.timers === 0; turn++)
    await new Promise((resolve) => setImmediate(resolve));
  assert.equal(clock.timers, 1, 'the request waits on the clock');
}

/** Starts a request; `settled()` says whether it has finished yet. */
function start(send: typeof fetch) {
  let settled = false;
  const response = send('http://127.0.0.1:1/mcp').finally(() => (settled = true));
  response.catch(() => undefined);
  return { response, settled: () => settled };
}

test('Retry-After: seconds (spaces allowed), a date (never negative), anything else unreadable', () => {
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  assert.equal(retryAfterMs(' 3 ', now), 3000);
  assert.equal(retryAfterMs('0', now), 0);
  assert.equal(retryAfterMs(new Date(now - 5000).toUTCString(), now), 0, 'a date already passed');
  assert.equal(retryAfterMs('-1', now), null, 'not a date in the year 2001');
  assert.equal(retryAfterMs('1.5', now), null);
  assert.equal(retryAfterMs('', now), null);
});

test('a 429 waits exactly Retry-After on the clock, then the request is sent again', async () => {
  const { clock, send, sent } = rig([() => limited('5'), () => new Response('ok')]);
  const request = start(send);
  await untilWaiting(clock);
  assert.equal(sent(), 1);
  await clock.advance(4999);
  assert.equal(request.settled(), false, 'still waiting 1 ms before Retry-After');
  assert.equal(sent(), 1);
  await clock.advance(1);
  assert.equal(await (await request.response).text(), 'ok');
  assert.equal(sent(), 2);
});

test('a 429 without Retry-After waits one second', async () => {
  const { clock, send } = rig([() => limited(), () => new Response('ok')]);
  const request = start(send);
  await untilWaiting(clock);
  await clock.advance(999);
  assert.equal(request.settled(), false);
  await clock.advance(1);
  assert.equal((await request.response).status, 200);
});

test('a wait of exactly 15 s is waited; a longer one fails at once, worded with the wait', async () => {
  const fifteen = rig([() => limited('15'), () => new Response('ok')]);
  const waited = start(fifteen.send);
  await untilWaiting(fifteen.clock);
  await fifteen.clock.advance(15_000);
  assert.equal((await waited.response).status, 200);

  const sixteen = rig([() => limited('16')]);
  await assert.rejects(sixteen.send('http://127.0.0.1:1/mcp'), {
    code: 'rate_limited',
    retryAfterMs: 16_000,
    message: 'The merchant tools are busy with too many requests. Try again in 16 seconds.',
  });
  assert.equal(sixteen.sent(), 1, 'not sent again');
});

test('two 429s are waited out; a third fails worded, after the two waits only', async () => {
  const twice = rig([() => limited('1'), () => limited('1'), () => new Response('ok')]);
  const request = start(twice.send);
  for (let wait = 0; wait < 2; wait++) {
    await untilWaiting(twice.clock);
    await twice.clock.advance(1000);
  }
  assert.equal((await request.response).status, 200);
  assert.equal(twice.sent(), 3);

  const thrice = rig([() => limited('1'), () => limited('1'), () => limited('2')]);
  const refused = start(thrice.send);
  for (let wait = 0; wait < 2; wait++) {
    await untilWaiting(thrice.clock);
    await thrice.clock.advance(1000);
  }
  await assert.rejects(refused.response, { code: 'rate_limited', retryAfterMs: 2000 });
  assert.equal(thrice.sent(), 3);
  assert.equal(thrice.clock.timers, 0, 'nothing left waiting');

  const policy = rig([() => limited('1'), () => limited('1')], { maxRetries: 1 });
  const early = start(policy.send);
  await untilWaiting(policy.clock);
  await policy.clock.advance(1000);
  await assert.rejects(early.response, { code: 'rate_limited' });
  assert.equal(policy.sent(), 2);
});

test('an answer other than 429 comes straight back, errors included', async () => {
  const { send, sent } = rig([() => new Response('no', { status: 503 })]);
  assert.equal((await send('http://127.0.0.1:1/mcp')).status, 503);
  assert.equal(sent(), 1);
});

test('the busy words: whole seconds rounded up, never 0, "1 second" singular', () => {
  assert.equal(
    rateLimitedError(1).message,
    'The merchant tools are busy with too many requests. Try again in 1 second.',
  );
  assert.equal(rateLimitedError(0).message, rateLimitedError(1000).message);
  assert.match(rateLimitedError(1001).message, /Try again in 2 seconds\.$/);
  assert.equal(rateLimitedError(1001).retryAfterMs, 1001);
});
