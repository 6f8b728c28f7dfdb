// The real-time waits: each has a limit and names what it waited for, so a hang fails by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitUntil, within } from '../../support/wait';

test('waitUntil: a check that never answers fails by name at the limit instead of hanging', async () => {
  const started = Date.now();
  await assert.rejects(
    waitUntil(() => new Promise<boolean>(() => {}), 'the server to answer', 300),
    /^Error: gave up after 300 ms waiting for the server to answer \(its last check never answered\)$/,
  );
  // The limit, or the one second a check always gets: not a hang.
  assert.ok(Date.now() - started < 5_000);
});

test('waitUntil and within: a limit, a name, and the value when it comes in time', async () => {
  await assert.rejects(
    waitUntil(() => false, 'a flag', 50),
    /^AssertionError.*gave up after 50 ms waiting for a flag$/,
  );
  await assert.rejects(
    within(new Promise(() => {}), () => 'a reply', 50),
    /^Error: gave up after 50 ms waiting for a reply$/,
  );
  let checks = 0;
  assert.equal(await waitUntil(async () => ++checks >= 3 && 'ready', 'the third check'), 'ready');
  assert.equal(await within(Promise.resolve(7), 'seven'), 7);
});

test('waitUntil: null is "not yet", as a connection with no link says it, never the value waited for', async () => {
  let link: { id: number } | null = null;
  setTimeout(() => (link = { id: 1 }), 30);
  assert.deepEqual(await waitUntil(() => link, 'the link', 2_000), { id: 1 });
  await assert.rejects(
    waitUntil(() => null, 'a link that never comes', 50),
    /^AssertionError.*gave up after 50 ms waiting for a link that never comes$/,
  );
});
