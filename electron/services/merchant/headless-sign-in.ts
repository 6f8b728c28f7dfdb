// Completing a sign-in without a person at a browser, for the command-line entry: open the
// authorisation page as a browser would, fill in and send its sign-in form when credentials are
// given, and follow redirects until the answer reaches the till's loopback listener. Conformance
// suites' mock servers redirect at once; the dashboard (or its stand-in) shows a form first.

export interface HeadlessSignInOptions {
  fetch?: typeof fetch;
  /** Dashboard credentials, for an authorisation page that asks for them. */
  credentials?: { email: string; password: string };
  /** Requests before giving up (each redirect or form is one). */
  maxSteps?: number;
}

interface Form {
  action: string;
  method: string;
  fields: URLSearchParams;
}

/** A tag's attribute text: everything up to the `>` that is not inside a quoted value. */
const TAG_BODY = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const FORM = new RegExp(`<form\\b${TAG_BODY}>([\\s\\S]*?)<\\/form>`, 'i');
const INPUT = new RegExp(`<input\\b${TAG_BODY}>`, 'gi');

/**
 * A tag's attributes by lower-case name, each a whole name (`data-type` is not `type`, and
 * `title="type=password"` has no `type`); the first of a repeated name wins, as in a browser.
 */
function attributesOf(tagBody: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of tagBody.matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  )) {
    const key = name!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, values.find((v) => v !== undefined) ?? '');
  }
  return attributes;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's first form, with its fields: hidden values kept, email and password filled in. */
export function readSignInForm(
  html: string,
  pageUrl: string,
  credentials: { email: string; password: string },
): Form | null {
  const form = FORM.exec(html);
  if (!form) return null;
  const fields = new URLSearchParams();
  for (const [, body] of form[2]!.matchAll(INPUT)) {
    const input = attributesOf(body!);
    const name = input.get('name');
    if (!name) continue;
    const type = (input.get('type') || 'text').toLowerCase();
    if (type === 'password') fields.set(name, credentials.password);
    else if (type === 'email' || /e-?mail|user/i.test(name)) fields.set(name, credentials.email);
    else if (type !== 'submit' && type !== 'button')
      fields.set(name, decodeEntities(input.get('value') ?? ''));
  }
  const attributes = attributesOf(form[1]!);
  return {
    action: new URL(decodeEntities(attributes.get('action') ?? ''), pageUrl).href,
    method: (attributes.get('method') || 'GET').toUpperCase(),
    fields,
  };
}

/** Walks from the authorisation page to the loopback listener; throws in plain words if it cannot. */
export async function completeSignInHeadless(
  authorizationUrl: string,
  options: HeadlessSignInOptions = {},
): Promise<void> {
  const send = options.fetch ?? fetch;
  const cookies = new Map<string, string>();
  let request: { url: string; method: string; body?: URLSearchParams } = {
    url: authorizationUrl,
    method: 'GET',
  };
  let formSent = false;
  for (let step = 0; step < (options.maxSteps ?? 10); step++) {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await send(request.url, {
      method: request.method,
      headers,
      redirect: 'manual',
      ...(request.body && { body: request.body }),
    });
    for (const line of response.headers.getSetCookie?.() ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      request = { url: new URL(location, request.url).href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    // The loopback listener's own page ends the walk: the session has the answer now.
    if (new URL(request.url).hostname === '127.0.0.1' && /\/callback$/.test(new URL(request.url).pathname))
      return;
    if (!options.credentials)
      throw new Error('The sign-in page asks for a dashboard email and password (--email, --password).');
    // A second page after the form means the dashboard did not let this account through.
    if (formSent) throw new Error(`The dashboard did not accept that sign-in (status ${response.status}).`);
    const form = readSignInForm(html, request.url, options.credentials);
    if (!form) throw new Error(`The sign-in page could not be read (status ${response.status}).`);
    formSent = true;
    request =
      form.method === 'POST'
        ? { url: form.action, method: 'POST', body: form.fields }
        : { url: `${form.action.split('?')[0]}?${form.fields}`, method: 'GET' };
  }
  throw new Error('The sign-in went round in circles; stopped.');
}
