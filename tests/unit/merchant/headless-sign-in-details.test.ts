// The command line's browser (headless-sign-in.ts) in the details a browser gets right: attributes
// given bare or twice, the entities in a value, an email field known by its name, the Accept and
// Cookie headers it sends, which Set-Cookie lines it keeps, which answers count as redirects, and
// that only the listener's own /callback ends the walk.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completeSignInHeadless, readSignInForm } from '../../../electron/services/merchant/headless-sign-in';

const WHO = { email: 'owner@harbour-cafe.example', password: 'pa55-word' };
const PAGE = 'https://dashboard.example/oauth/authorize?client_id=c1';
const CALLBACK = 'http://127.0.0.1:49152/callback?code=c-1&state=s-1';

/** The fields the page's form would send, name → value. */
function sent(inputs: string): Record<string, string> {
  const form = readSignInForm(`<form method="post" action="/login">${inputs}</form>`, PAGE, WHO);
  assert.ok(form, 'the form is read');
  return Object.fromEntries(form.fields);
}

test('a bare attribute is present and empty, and the first of a repeated attribute wins, as in a browser', () => {
  assert.deepEqual(sent('<input type="hidden" name="remember" value>'), { remember: '' });
  assert.deepEqual(sent('<input name="first" name="second" value="v">'), { first: 'v' });
  // A bare `type` makes a text field: the later type="password" does not count.
  assert.deepEqual(sent('<input type type="password" name="note" value="kept">'), { note: 'kept' });
});

test('a value’s entities are decoded: quotes, apostrophes, angle brackets and ampersands', () => {
  assert.deepEqual(
    sent('<input type="hidden" name="csrf" value="&#39;a&lt;b&gt;c&#39; &quot;&amp;lt;&quot;">'),
    {
      csrf: `'a<b>c' "&lt;"`,
    },
  );
});

test('a text field named for an email or a user gets the email, with or without a hyphen', () => {
  assert.deepEqual(
    sent('<input name="email"><input name="Work-E-mail"><input name="username"><input name="shop">'),
    {
      email: WHO.email,
      'Work-E-mail': WHO.email,
      username: WHO.email,
      shop: '',
    },
  );
});

interface Sent {
  url: string;
  headers: Record<string, string>;
}

/** A fetch answering from a script, one answer per request, recording each URL and its headers. */
function scripted(answers: Array<() => Response>) {
  const requests: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
    const answer = answers[requests.length - 1];
    assert.ok(answer, `no answer scripted for request ${requests.length}: ${String(input)}`);
    return answer();
  };
  return { fetch, requests };
}

function redirect(location: string, setCookies: string[] = [], status = 302) {
  const headers = new Headers({ location });
  for (const line of setCookies) headers.append('set-cookie', line);
  return new Response(null, { status, headers });
}
const page = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/html', ...headers } });

test('every request asks for HTML and carries each cookie kept, trimmed, separated by "; "', async () => {
  const { fetch, requests } = scripted([
    () => redirect('/oauth/login', [' dash = abc ; Path=/; HttpOnly', 'lang=en']),
    // Lines without a name are not cookies: neither kept nor sent.
    () => redirect(CALLBACK, ['no-equals-sign; Path=/', '=orphan; Path=/']),
    () => page('<h1>Signed in to Paydesk</h1>'),
  ]);
  await completeSignInHeadless(PAGE, { fetch });
  assert.deepEqual(
    requests.map((r) => r.headers),
    [
      { accept: 'text/html' },
      { accept: 'text/html', cookie: 'dash=abc; lang=en' },
      { accept: 'text/html', cookie: 'dash=abc; lang=en' },
    ],
  );
});

test('answers whose headers cannot list their cookies (an older fetch) are walked without cookies', async () => {
  const withoutCookieList = (response: Response) => {
    Object.defineProperty(response.headers, 'getSetCookie', { value: undefined });
    return response;
  };
  const { fetch, requests } = scripted([
    () => withoutCookieList(redirect(CALLBACK, ['dash=abc'])),
    () => withoutCookieList(page('<h1>Signed in to Paydesk</h1>')),
  ]);
  await completeSignInHeadless(PAGE, { fetch });
  assert.deepEqual(
    requests.map((r) => `${r.url} ${r.headers.cookie ?? 'no cookie'}`),
    [`${PAGE} no cookie`, `${CALLBACK} no cookie`],
  );
});

test('only a 3xx with a Location is followed: 300 is, a 200 or a 400 carrying a Location is a page', async () => {
  const multiple = scripted([() => redirect(CALLBACK, [], 300), () => page('ok')]);
  await completeSignInHeadless(PAGE, { fetch: multiple.fetch });
  assert.deepEqual(
    multiple.requests.map((r) => r.url),
    [PAGE, CALLBACK],
  );

  // A page that asks for a password stops a walk without credentials, whatever Location it names.
  for (const status of [200, 400]) {
    const located = scripted([
      () => page('<form><input type="password" name="pw"></form>', status, { location: CALLBACK }),
    ]);
    await assert.rejects(completeSignInHeadless(PAGE, { fetch: located.fetch }), {
      message: 'The sign-in page asks for a dashboard email and password (--email, --password).',
    });
    assert.equal(located.requests.length, 1, `status ${status}: the Location is not followed`);
  }
});

test('a dashboard page on 127.0.0.1 under /callback/… is not the listener’s answer: the walk goes on', async () => {
  const { fetch, requests } = scripted([
    () => redirect('http://127.0.0.1:4200/callback/login'),
    () => page('<form method="post" action="/callback/login"><input type="password" name="pw"></form>'),
  ]);
  await assert.rejects(completeSignInHeadless(PAGE, { fetch }), {
    message: 'The sign-in page asks for a dashboard email and password (--email, --password).',
  });
  assert.equal(requests.length, 2);
});
