// The command line's browser (headless-sign-in.ts): which of a sign-in page's fields get the email
// and the password (by whole attribute names only, never a `data-type` or words inside a value),
// and the walk from the authorisation page to the till's loopback listener, on a scripted fetch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completeSignInHeadless, readSignInForm } from '../../../electron/services/merchant/headless-sign-in';

const WHO = { email: 'owner@harbour-cafe.example', password: 'pa55-word' };
const PAGE = 'https://dashboard.example/oauth/authorize?client_id=c1';

/** The page's form as the fields it would send, name → value. */
function sent(html: string): Record<string, string> {
  const form = readSignInForm(html, PAGE, WHO);
  assert.ok(form, 'the form is read');
  return Object.fromEntries(form.fields);
}

test('a password field is found by its type even when a data-type attribute stands before or after it', () => {
  const before = `<form method="post" action="/login">
    <input data-type="credential" type="password" name="password">
    <input type="email" name="email">
  </form>`;
  assert.deepEqual(sent(before), { password: WHO.password, email: WHO.email });

  const after = `<form method="post" action="/login">
    <input name="secret" type="password" data-type="text">
    <input name="login" data-name="ignored" type="email">
  </form>`;
  assert.deepEqual(sent(after), { secret: WHO.password, login: WHO.email });
});

test('attribute names are whole: data-name, data-value and words inside another value are not the field', () => {
  const html = `<form method="post" action="/login">
    <input data-name="shadow" name="remember" data-value="yes" value="no">
    <input title="type=password" name="note" value="kept">
    <input aria-label="name=password" name="pin_hint" value="&quot;4 digits&quot; &amp; more">
    <input data-name="only-a-data-name" type="text">
  </form>`;
  // No password lands in a field that merely mentions one; a field with no real name is not sent.
  assert.deepEqual(sent(html), { remember: 'no', note: 'kept', pin_hint: '"4 digits" & more' });
});

test('quoting and case: single quotes, no quotes, upper-case names and types, a value holding ">"', () => {
  const html = `<FORM METHOD=post ACTION='/session?step=2&amp;x=1'>
    <INPUT TYPE=PASSWORD NAME=pw>
    <input type='hidden' name='csrf' value='a>b'>
    <input name=username>
    <input type="submit" name="go" value="Sign in">
    <input type="button" name="cancel" value="Cancel">
    <input name="plain" type="">
  </FORM>`;
  const form = readSignInForm(html, PAGE, WHO);
  assert.ok(form);
  assert.equal(form.method, 'POST');
  assert.equal(form.action, 'https://dashboard.example/session?step=2&x=1');
  assert.deepEqual(Object.fromEntries(form.fields), {
    pw: WHO.password,
    csrf: 'a>b',
    username: WHO.email,
    plain: '',
  });
});

test('a form without method or action is a GET to the page itself; a page without a form is null', () => {
  const form = readSignInForm('<form><input name="e-mail"></form>', PAGE, WHO);
  assert.ok(form);
  assert.equal(form.method, 'GET');
  assert.equal(form.action, PAGE);
  assert.deepEqual(Object.fromEntries(form.fields), { 'e-mail': WHO.email });
  assert.equal(readSignInForm('<p>Signed out</p>', PAGE, WHO), null);
});

interface Sent {
  url: string;
  method: string;
  cookie: string | undefined;
  body: string | undefined;
}

/** A fetch that answers from a script, one answer per request, and records what was sent. */
function scripted(answers: Array<(request: Sent) => Response>) {
  const requests: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const request: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      cookie: headers.cookie,
      body: init?.body === undefined ? undefined : String(init.body as URLSearchParams),
    };
    requests.push(request);
    const answer = answers[requests.length - 1];
    assert.ok(answer, `no answer scripted for request ${requests.length}: ${request.method} ${request.url}`);
    return answer(request);
  };
  return { fetch, requests };
}

const redirect = (location: string, cookie?: string) =>
  new Response(null, {
    status: 302,
    headers: { location, ...(cookie && { 'set-cookie': cookie }) },
  });
const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html' } });
const SIGN_IN_PAGE = `<form method="post" action="/login">
  <input type="hidden" name="login_request" value="lr-1">
  <input data-type="secret" type="password" name="password">
  <input type="email" name="email">
</form>`;
const CALLBACK = 'http://127.0.0.1:49152/callback?code=c-1&state=s-1';

test('the walk: redirects followed with their cookie, the form posted with the password, ended at the listener', async () => {
  const { fetch, requests } = scripted([
    () => redirect('/oauth/login?lr=1', 'dash=abc; Path=/; HttpOnly'),
    () => html(SIGN_IN_PAGE),
    () => redirect(CALLBACK),
    () => html('<h1>Signed in to Paydesk</h1>'),
  ]);
  await completeSignInHeadless(PAGE, { fetch, credentials: WHO });
  assert.deepEqual(
    requests.map((r) => `${r.method} ${r.url}`),
    [
      `GET ${PAGE}`,
      'GET https://dashboard.example/oauth/login?lr=1',
      'POST https://dashboard.example/login',
      `GET ${CALLBACK}`,
    ],
  );
  assert.equal(requests[0]!.cookie, undefined, 'no cookie before the dashboard set one');
  assert.equal(requests[1]!.cookie, 'dash=abc');
  assert.equal(requests[2]!.cookie, 'dash=abc');
  assert.deepEqual(Object.fromEntries(new URLSearchParams(requests[2]!.body)), {
    login_request: 'lr-1',
    password: WHO.password,
    email: WHO.email,
  });
});

test('a form sent as GET goes as a query on its action, without the action’s own query', async () => {
  const { fetch, requests } = scripted([
    () => html('<form action="/login?old=1"><input type="password" name="pw"></form>'),
    () => redirect(CALLBACK),
    () => html('ok'),
  ]);
  await completeSignInHeadless(PAGE, { fetch, credentials: WHO });
  assert.equal(requests[1]!.method, 'GET');
  assert.equal(requests[1]!.url, `https://dashboard.example/login?pw=${WHO.password}`);
  assert.equal(requests[1]!.body, undefined);
});

test('a page asking for a password without credentials, or refusing them, stops with words saying so', async () => {
  const asks = scripted([() => html(SIGN_IN_PAGE)]);
  await assert.rejects(completeSignInHeadless(PAGE, { fetch: asks.fetch }), {
    message: 'The sign-in page asks for a dashboard email and password (--email, --password).',
  });

  const refuses = scripted([() => html(SIGN_IN_PAGE), () => html(SIGN_IN_PAGE, 401)]);
  await assert.rejects(completeSignInHeadless(PAGE, { fetch: refuses.fetch, credentials: WHO }), {
    message: 'The dashboard did not accept that sign-in (status 401).',
  });
  assert.equal(refuses.requests.length, 2, 'the form is sent once, not again');

  const unreadable = scripted([() => html('<p>Maintenance</p>', 503)]);
  await assert.rejects(completeSignInHeadless(PAGE, { fetch: unreadable.fetch, credentials: WHO }), {
    message: 'The sign-in page could not be read (status 503).',
  });
});

test('a page that only redirects in a circle is stopped after the step limit', async () => {
  const loop = scripted(Array.from({ length: 10 }, () => () => redirect(PAGE)));
  await assert.rejects(completeSignInHeadless(PAGE, { fetch: loop.fetch }), {
    message: 'The sign-in went round in circles; stopped.',
  });
  assert.equal(loop.requests.length, 10);

  const short = scripted(Array.from({ length: 3 }, () => () => redirect(PAGE)));
  await assert.rejects(completeSignInHeadless(PAGE, { fetch: short.fetch, maxSteps: 3 }), /round in circles/);
  assert.equal(short.requests.length, 3);
});

test('a 3xx without a Location is read as a page, and a callback elsewhere than 127.0.0.1 does not end the walk', async () => {
  const { fetch, requests } = scripted([
    () => new Response(SIGN_IN_PAGE, { status: 303 }),
    () => redirect('https://evil.example/callback?code=x'),
    () => html('<p>Thanks</p>'),
  ]);
  await assert.rejects(completeSignInHeadless(PAGE, { fetch, credentials: WHO }), {
    message: 'The dashboard did not accept that sign-in (status 200).',
  });
  assert.equal(requests[1]!.method, 'POST');
});
