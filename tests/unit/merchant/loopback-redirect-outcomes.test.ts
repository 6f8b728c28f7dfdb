// What the loopback listener shows and reports at each ending: the page headings the browser
// shows for a completed and a refused sign-in, the refusal's name (the session tells refusals
// from other failures by it), and a sign-in stopped while nobody waits on it not crashing the till.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { LoopbackRedirect, SignInRefused } from '../../../electron/services/merchant/loopback-redirect';
import { ManualClock } from '../../support/manual-clock';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Every listener a test opened, closed at the end even when the test failed before its close. */
const opened = new Set<LoopbackRedirect>();
after(async () => {
  for (const redirect of opened) await redirect.close().catch(() => undefined);
});

async function expecting(state: string) {
  const redirect = await LoopbackRedirect.open(quiet);
  opened.add(redirect);
  redirect.expect(state, new ManualClock(), 60_000);
  return redirect;
}

test('a completed sign-in shows "Signed in to Paydesk"; a refused one "Sign-in not completed"', async () => {
  const done = await expecting('s-1');
  const signedIn = await (await fetch(`${done.url}?code=c-1&state=s-1`)).text();
  assert.match(signedIn, /<title>Signed in to Paydesk<\/title>.*<h1>Signed in to Paydesk<\/h1>/s);
  assert.equal((await done.answer).code, 'c-1');

  const refused = await expecting('s-2');
  const outcome = refused.answer.catch((error: unknown) => error);
  const page = await (await fetch(`${refused.url}?error=access_denied&state=s-2`)).text();
  assert.match(page, /<title>Sign-in not completed<\/title>.*<h1>Sign-in not completed<\/h1>/s);
  const error = await outcome;
  assert.ok(error instanceof SignInRefused);
  assert.equal(error.name, 'SignInRefused');
  assert.equal(error.message, 'sign-in refused: access_denied');
});

test('a sign-in stopped while nothing waits on its answer does not end in an unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', record);
  try {
    const redirect = await expecting('s-1');
    redirect.cancel(new Error('the till closed'));
    await redirect.close();
    // Unhandled rejections are reported once the microtasks have run: give them a full turn.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', record);
  }
});
