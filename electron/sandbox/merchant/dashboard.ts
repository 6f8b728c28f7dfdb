// The sandbox merchant dashboard, as far as sign-in goes (spec section 5 rule 4): the
// authorisation server delegates login here; a user not yet signed in signs in with dashboard
// email and password, then the dashboard confirms the login request and the browser goes back to
// the app. A dashboard session (cookie) skips the form next time.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { dashboardPage, escapeHtml, queryOf, readForm, redirect, sendHtml } from './http';
import type { DashboardUser, Venue } from './seed';

export const SIGN_IN_PATH = '/dashboard/sign-in';
const SESSION_COOKIE = 'dashboard_session';
const LOGIN_REQUEST_MS = 10 * 60_000;

interface PendingLogin<P> {
  payload: P;
  appName: string;
  expiresAt: number;
}

export interface DashboardDeps<P> {
  users: () => readonly DashboardUser[];
  venues: () => readonly Venue[];
  now: () => number;
  /** Confirms a login request for the user with the service; the URL the browser goes to next. */
  confirm: (payload: P, user: DashboardUser) => string;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function signInForm(loginRequest: string, appName: string, problem?: string, email = ''): string {
  return dashboardPage(
    'Sign in to your dashboard',
    `<p>${escapeHtml(appName)} wants to use your merchant tools. Sign in to continue.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="login_request" value="${escapeHtml(loginRequest)}">
<label>Email <input name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

export class Dashboard<P> {
  private readonly logins = new Map<string, PendingLogin<P>>();
  private readonly sessions = new Map<string, string>();

  constructor(private readonly deps: DashboardDeps<P>) {}

  /** Keeps a login request the authorisation server hands over; the sign-in address for it. */
  startLogin(payload: P, appName: string): string {
    const id = randomBytes(16).toString('base64url');
    this.logins.set(id, { payload, appName, expiresAt: this.deps.now() + LOGIN_REQUEST_MS });
    return `${SIGN_IN_PATH}?login_request=${id}`;
  }

  /** Serves the dashboard's paths; false when the path is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (path === SIGN_IN_PATH && req.method === 'GET') this.showSignIn(req, res);
    else if (path === SIGN_IN_PATH && req.method === 'POST') void this.signIn(req, res);
    else if (path === '/dashboard/sign-out' && req.method === 'POST') this.signOut(req, res);
    else if (path === '/dashboard' && req.method === 'GET') this.home(req, res);
    else return false;
    return true;
  }

  private pending(id: string | null): PendingLogin<P> | undefined {
    const login = id ? this.logins.get(id) : undefined;
    return login && login.expiresAt > this.deps.now() ? login : undefined;
  }

  private sessionUser(req: IncomingMessage): DashboardUser | undefined {
    const sid = cookie(req, SESSION_COOKIE);
    const userId = sid ? this.sessions.get(sid) : undefined;
    return this.deps.users().find((u) => u.id === userId);
  }

  private expired(res: ServerResponse) {
    sendHtml(
      res,
      400,
      dashboardPage('This sign-in link has expired', '<p>Go back to the app and connect again.</p>'),
    );
  }

  /** Confirms the login request (once) and sends the browser back to the app. */
  private finish(res: ServerResponse, id: string, login: PendingLogin<P>, user: DashboardUser, headers = {}) {
    this.logins.delete(id);
    redirect(res, this.deps.confirm(login.payload, user), headers);
  }

  private showSignIn(req: IncomingMessage, res: ServerResponse) {
    const id = queryOf(req).get('login_request');
    const login = this.pending(id);
    if (!login) return this.expired(res);
    const user = this.sessionUser(req);
    if (user) return this.finish(res, id!, login, user);
    sendHtml(res, 200, signInForm(id!, login.appName));
  }

  private async signIn(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req).catch(() => new URLSearchParams());
    const id = form.get('login_request');
    const login = this.pending(id);
    if (!login) return this.expired(res);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const password = form.get('password') ?? '';
    const user = this.deps.users().find((u) => u.email === email);
    if (!user || !sameText(password, user.password)) {
      const problem = 'That email and password do not match a dashboard user. Check them and try again.';
      return sendHtml(res, 401, signInForm(id!, login.appName, problem, email));
    }
    const sid = randomBytes(24).toString('base64url');
    this.sessions.set(sid, user.id);
    this.finish(res, id!, login, user, {
      'set-cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax`,
    });
  }

  private signOut(req: IncomingMessage, res: ServerResponse) {
    const sid = cookie(req, SESSION_COOKIE);
    if (sid) this.sessions.delete(sid);
    redirect(res, '/dashboard', { 'set-cookie': `${SESSION_COOKIE}=; Path=/; Max-Age=0` });
  }

  /** The venues the signed-in user sees in the dashboard (per-venue access applies here, not over MCP). */
  private home(req: IncomingMessage, res: ServerResponse) {
    const user = this.sessionUser(req);
    if (!user) return sendHtml(res, 401, dashboardPage('Dashboard', '<p>You are not signed in.</p>'));
    const visible = this.deps
      .venues()
      .filter((v) => v.accountId === user.accountIds[0])
      .filter((v) => user.dashboardVenues === 'all' || user.dashboardVenues.includes(v.id));
    const items = visible
      .map((v) => `<li data-venue="${escapeHtml(v.id)}">${escapeHtml(v.name)}</li>`)
      .join('');
    sendHtml(res, 200, dashboardPage(`Signed in as ${user.name}`, `<h2>Your venues</h2><ul>${items}</ul>`));
  }
}
