// 429 from the merchant tools: the till waits the server's Retry-After on its clock and sends
// the request again; a wait longer than it will sit through fails at once, worded with the wait.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { retryAfterMs } from '../../../electron/services/merchant/retry-after-fetch';
import { settleMicrotasks } from '../../support/manual-clock';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { startMerchantRig, type MerchantRig } from './support';

const LIMIT = { limit: 12, windowMs: 60_000 };

async function signedIn(rig: MerchantRig) {
  const started = await rig.service.connect();
  const connected = rig.waitForState('connected');
  await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
  await connected;
}

/** Calls until the stand-in answers 429; returns the call left waiting (it never resolved yet). */
async function callUntilLimited(rig: MerchantRig) {
  for (let i = 0; i < LIMIT.limit + 2; i++) {
    const refused = rig.sandbox.stats().refusals.rateLimited;
    let settled = false;
    const call = rig.service.callTool('list_venues', {}, false).finally(() => (settled = true));
    call.catch(() => undefined);
    // Real HTTP: wait for the answer or the 429, at most 5 s.
    for (
      let spin = 0;
      spin < 2500 && !settled && rig.sandbox.stats().refusals.rateLimited === refused;
      spin++
    )
      await new Promise((resolve) => setTimeout(resolve, 2));
    if (rig.sandbox.stats().refusals.rateLimited > refused) return { call, settled: () => settled };
    await call;
  }
  throw new Error(`no 429 after ${LIMIT.limit + 2} calls`);
}

test('Retry-After is read as seconds or as an HTTP date', () => {
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  assert.equal(retryAfterMs('7', now), 7000);
  assert.equal(retryAfterMs(new Date(now + 12_000).toUTCString(), now), 12_000);
  assert.equal(retryAfterMs('soon', now), null);
  assert.equal(retryAfterMs(null, now), null);
});

test('the 61st request of the minute waits for Retry-After on the clock, then goes through', async () => {
  const rig = await startMerchantRig({ standIn: { rateLimit: LIMIT }, retryAfter: { maxWaitMs: 120_000 } });
  try {
    await signedIn(rig);
    const limited = await callUntilLimited(rig);
    await settleMicrotasks();
    assert.equal(limited.settled(), false, 'the call waits instead of failing');
    await rig.clock.advance(59_000); // Retry-After is 60 s: the oldest request leaves the window then
    assert.equal(limited.settled(), false, 'still waiting before Retry-After has passed');
    await rig.clock.advance(1_000);
    const result = await limited.call;
    assert.equal((result.structured as { venues: unknown[] }).venues.length, 3);
  } finally {
    await rig.close();
  }
});

test('a Retry-After longer than the till waits fails at once: "try again in N seconds"', async () => {
  const rig = await startMerchantRig({ standIn: { rateLimit: LIMIT } });
  try {
    await signedIn(rig);
    const limited = await callUntilLimited(rig);
    const failure = await limited.call.then(
      () => assert.fail('expected the call to be refused'),
      (error: { code: string; message: string; retryAfterMs?: number }) => error,
    );
    assert.equal(failure.code, 'rate_limited');
    assert.equal(failure.retryAfterMs, 60_000);
    assert.match(failure.message, /Try again in 60 seconds\./);
  } finally {
    await rig.close();
  }
});
