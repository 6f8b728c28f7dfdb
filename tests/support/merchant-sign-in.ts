// A browser, as far as the merchant dashboard's sign-in needs one: it opens an authorisation URL,
// follows redirects, fills in and posts the sign-in form it is shown (email and password), keeps
// the dashboard's cookie, and stops where the authorisation server sends it back to the app (the
// loopback redirect URI), which it then opens as a browser would, unless told not to.
// Tests of the stand-in, the till's client and the end-to-end suites share it.

export interface DashboardCredentials {
  email: string;
  password: string;
}

export interface SignInOptions {
  /** Open the app's redirect URI at the end, as a browser does (default true). */
  followToApp?: boolean;
  /** Limit for each page load. */
  timeoutMs?: number;
}

export interface SignInResult {
  /** Where the authorisation server sent the browser back to (code, state, iss or error). */
  redirectedTo: URL;
  /** What the app's redirect URI answered, when it was opened. */
  appAnswer?: { status: number; body: string };
}

/** The sign-in page came back instead of a redirect: wrong credentials, or a page the app cannot use. */
export class SignInPageError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly page: string,
  ) {
    super(message);
  }
}

const MAX_STEPS = 10;

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** The first form of a page: where it posts, and its fields with what they hold. */
export function readForm(html: string): {
  action: string;
  fields: { name: string; type: string; value: string }[];
} {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('The page has no form');
  const fields = [...form[2]!.matchAll(/<input\b[^>]*>/gi)].map(([tag]) => ({
    name: attribute(tag, 'name') ?? '',
    type: (attribute(tag, 'type') ?? 'text').toLowerCase(),
    value: attribute(tag, 'value') ?? '',
  }));
  return { action: attribute(form[1]!, 'action') ?? '', fields: fields.filter((f) => f.name) };
}

/** The page's own words for a problem (the element with role="alert"), if it shows one. */
function problemOn(html: string): string | undefined {
  const alert = /<[^>]*role="alert"[^>]*>([\s\S]*?)</i.exec(html);
  return alert ? decodeEntities(alert[1]!.trim()) : undefined;
}

export class DashboardBrowser {
  private readonly cookies = new Map<string, string>();

  private async load(url: URL, init: RequestInit, timeoutMs: number, what: string): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie && { cookie }) },
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((error: unknown) => {
      throw new Error(`Waited ${timeoutMs} ms for ${what} at ${url.origin}${url.pathname}: ${String(error)}`);
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }

  /** Opens a page with the browser's cookies (the dashboard's own pages, say). */
  async open(url: string | URL, timeoutMs = 5000): Promise<{ status: number; body: string }> {
    const response = await this.load(new URL(url), { method: 'GET' }, timeoutMs, 'a page');
    return { status: response.status, body: await response.text() };
  }

  /**
   * Opens `authorizationUrl` and signs in with `credentials` when the dashboard asks (a browser
   * already signed in is sent straight back). Ends at the first redirect off the authorisation
   * server's origin: the app's redirect URI.
   */
  async signIn(
    authorizationUrl: string | URL,
    credentials: DashboardCredentials,
    options: SignInOptions = {},
  ): Promise<SignInResult> {
    const timeoutMs = options.timeoutMs ?? 5000;
    let url = new URL(authorizationUrl);
    const authOrigin = url.origin;
    let init: RequestInit = { method: 'GET' };
    let formPosted = false;
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const response = await this.load(
        url,
        init,
        timeoutMs,
        formPosted ? 'the sign-in answer' : 'a sign-in page',
      );
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        await response.arrayBuffer();
        if (next.origin !== authOrigin) return this.backToApp(next, options, timeoutMs);
        url = next;
        init = { method: 'GET' };
        continue;
      }
      const page = await response.text();
      if (formPosted || !/<form\b/i.test(page)) {
        const why = problemOn(page) ?? `the page answered ${response.status}`;
        throw new SignInPageError(
          `Sign-in did not send the browser back to the app: ${why}`,
          response.status,
          page,
        );
      }
      const form = readForm(page);
      const body = new URLSearchParams();
      for (const field of form.fields) {
        if (field.type === 'password') body.set(field.name, credentials.password);
        else if (field.type === 'email' || field.name === 'email') body.set(field.name, credentials.email);
        else body.set(field.name, field.value);
      }
      url = new URL(form.action, url);
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      };
      formPosted = true;
    }
    throw new Error(`Sign-in went through more than ${MAX_STEPS} pages without coming back to the app`);
  }

  private async backToApp(target: URL, options: SignInOptions, timeoutMs: number): Promise<SignInResult> {
    if (options.followToApp === false) return { redirectedTo: target };
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs) }).catch(
      (error: unknown) => {
        throw new Error(
          `Waited ${timeoutMs} ms for the app's redirect URI ${target.origin}${target.pathname}: ${String(error)}`,
        );
      },
    );
    return { redirectedTo: target, appAnswer: { status: response.status, body: await response.text() } };
  }
}

/** Signs in with a fresh browser (no dashboard session yet). */
export function signInThroughDashboard(
  authorizationUrl: string | URL,
  credentials: DashboardCredentials,
  options?: SignInOptions,
): Promise<SignInResult> {
  return new DashboardBrowser().signIn(authorizationUrl, credentials, options);
}
