// The sign-in's loopback listener on its own: it takes one answer carrying the state it was told
// to expect (none before it was told, none after the first), refuses the rest and keeps waiting,
// reports an OAuth error as a refusal, and stops on the clock.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import {
  LoopbackRedirect,
  SignInRefused,
  SignInTimedOut,
} from '../../../electron/services/merchant/loopback-redirect';
import { ManualClock } from '../../support/manual-clock';

const logs: string[] = [];
const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: () => {} };

/** Every listener a test opened, closed at the end even when the test failed before its close. */
const opened = new Set<LoopbackRedirect>();
after(async () => {
  for (const redirect of opened) await redirect.close().catch(() => undefined);
});

async function open() {
  const clock = new ManualClock();
  const redirect = await LoopbackRedirect.open(log);
  opened.add(redirect);
  let outcome: string | undefined;
  redirect.answer.then(
    (a) => (outcome = `code ${a.code} iss ${a.iss}`),
    (e: Error) => (outcome = e.name),
  );
  const get = async (query: string) => {
    const response = await fetch(`${redirect.url}${query}`);
    return { status: response.status, text: await response.text() };
  };
  return { clock, redirect, get, outcome: () => outcome };
}

test('the listener is on 127.0.0.1 at /callback; nothing is taken before it knows the state', async () => {
  const { clock, redirect, get, outcome } = await open();
  try {
    assert.match(redirect.url, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.equal((await get('?code=c')).status, 400, 'no state yet, none sent');
    assert.equal((await get('?code=c&state=')).status, 400);
    assert.equal(redirect.refused, 2);
    redirect.expect('s-1', clock, 60_000);
    const other = await fetch(redirect.url.replace('/callback', '/other?code=c&state=s-1'));
    assert.equal(other.status, 404);
    const post = await fetch(`${redirect.url}?code=c&state=s-1`, { method: 'POST' });
    assert.equal(post.status, 404);
    assert.equal(outcome(), undefined, 'still waiting');
  } finally {
    await redirect.close();
  }
});

test('the answer with the right state ends the wait once; a second one is refused', async () => {
  const { clock, redirect, get, outcome } = await open();
  redirect.expect('s-1', clock, 60_000);
  assert.equal((await get('?code=forged&state=s-2')).status, 400);
  const noCode = await get('?state=s-1');
  assert.equal(noCode.status, 400);
  assert.match(noCode.text, /sent no answer/);
  assert.equal(outcome(), undefined, 'a wrong state or a missing code does not end the wait');
  const right = await get('?code=c-1&state=s-1&iss=https%3A%2F%2Fissuer.example');
  assert.equal(right.status, 200);
  assert.match(right.text, /You can close this tab/);
  assert.deepEqual(await redirect.answer, { code: 'c-1', iss: 'https://issuer.example' });
  assert.equal(outcome(), 'code c-1 iss https://issuer.example');
  assert.equal(redirect.refused, 1);
  await redirect.close();
});

test('an OAuth error with the right state is a refusal carrying the dashboard’s reason', async () => {
  const { clock, redirect, get } = await open();
  redirect.expect('s-1', clock, 60_000);
  const page = await get('?error=access_denied&error_description=waitlist&state=s-1');
  assert.equal(page.status, 200);
  assert.match(page.text, /did not complete/);
  const refusal = await redirect.answer.then(
    () => assert.fail('expected a refusal'),
    (error: unknown) => error,
  );
  assert.ok(refusal instanceof SignInRefused);
  assert.equal(refusal.error, 'access_denied');
  assert.equal(refusal.description, 'waitlist');
  await redirect.close();
});

test('a sign-in not answered stops exactly at its time limit on the clock', async () => {
  const { clock, redirect, outcome } = await open();
  redirect.expect('s-1', clock, 600_000);
  await clock.advance(599_999);
  assert.equal(outcome(), undefined);
  await clock.advance(1);
  await assert.rejects(redirect.answer, SignInTimedOut);
  assert.equal(outcome(), 'SignInTimedOut');
  assert.equal(clock.timers, 0);
});

test('a stop before the state is known ends the wait with that reason; later stops and a closed listener are quiet', async () => {
  const { redirect, get } = await open();
  const waited = await get('?code=c');
  assert.equal(waited.status, 400);
  assert.match(
    waited.text,
    /^<!doctype html>.*<h1>This sign-in did not start here<\/h1><p>Paydesk did not start/s,
  );
  const reason = new Error('stopped by the till');
  redirect.cancel(reason);
  await assert.rejects(redirect.answer, reason);
  redirect.cancel(new Error('again')); // settled already: nothing happens
  await redirect.close();
  await assert.rejects(fetch(redirect.url), 'nothing listens after close');
});

test('pages are private HTML, and a refusal and a time-out say what happened', async () => {
  const { clock, redirect } = await open();
  redirect.expect('s-1', clock, 1000);
  const notFound = await fetch(redirect.url.replace('/callback', '/x'));
  assert.equal(notFound.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(notFound.headers.get('cache-control'), 'no-store');
  assert.match(await notFound.text(), /<title>Not found<\/title>.*Nothing here\./s);
  const noCode = await (await fetch(`${redirect.url}?state=s-1`)).text();
  assert.match(noCode, /<h1>Sign-in not completed<\/h1>/);
  await clock.advance(1000);
  await assert.rejects(redirect.answer, {
    name: 'SignInTimedOut',
    message: 'no answer from the sign-in page in time',
  });
  const refusal = new SignInRefused('access_denied', 'waitlist');
  assert.equal(refusal.message, 'sign-in refused: access_denied (waitlist)');
  assert.equal(new SignInRefused('access_denied', null).message, 'sign-in refused: access_denied');
  await redirect.close();
});
