// Sandbox stand-in of the merchant tool endpoint (../shared/specs/merchant-tool-endpoint.md): the
// resource server (`{base_url}`: /mcp and its metadata) and, on its own port as the third party
// it is, the authorisation server with the dashboard's sign-in (`{auth_url}` = …/oauth). Time
// comes from the injected clock, so tests expire tokens and roll the minute without sleeping.
import { createServer } from 'node:http';
import type { Clock } from '../../../shared/clock';
import { closeServer, listenOnLoopback, readJsonBody, sendJson } from '../../common/http-util';
import { createAuthorizationListener, ISSUER_PATH, type AuthorizationStats } from './authorization-server';
import { ClientRegistry } from './clients';
import { pathOf } from './http';
import { RollingWindowLimiter, type RollingLimit } from './rate-limit';
import { createResourceListener, type ResourceStats } from './resource-server';
import { merchantSeed, SANDBOX_USERS, type MerchantSeed } from './seed';
import { TokenService, type TokenLifetimes } from './tokens';

export { SANDBOX_USERS } from './seed';
export { READ_TOOLS, WRITE_TOOLS } from './tool-names';
export { PROTECTED_RESOURCE_PATH } from './resource-server';
export type { TokenLifetimes } from './tokens';

export const CONTROL_PATH = '/sandbox/control';

export interface MerchantSandboxOptions {
  /** Port of the resource server (/mcp); 0 = any free port. */
  port?: number;
  /** Port of the authorisation server and dashboard; 0 = any free port. */
  authPort?: number;
  clock?: Pick<Clock, 'now'>;
  /** Browser origins allowed on /mcp; null = no allow-list. Default: the endpoint's own origin. */
  allowedOrigins?: readonly string[] | null;
  /** 60 requests per rolling minute by default (spec section 8). */
  rateLimit?: RollingLimit;
  /** Access tokens 1 hour, refresh tokens 30 days, codes 5 minutes by default. */
  lifetimes?: Partial<TokenLifetimes>;
}

/** What a test (or POST /sandbox/control from loopback) can change. */
export interface MerchantControl {
  /** Every access and refresh token of this dashboard user (by email) stops working. */
  revokeTokensOf?: string;
  /** Puts an account on the beta waitlist or takes it off. */
  waitlist?: { accountId: string; onWaitlist: boolean };
  /** Replaces the Origin allow-list (null: none configured). */
  allowedOrigins?: string[] | null;
}

export interface MerchantStats extends ResourceStats, AuthorizationStats {
  registrations: number;
}

export interface MerchantSandbox {
  /** `{base_url}`: the public address of the endpoint host (the metadata's `resource`). */
  baseUrl: string;
  /** `{base_url}/mcp`. */
  mcpUrl: string;
  /** `{auth_url}`: the authorisation server's issuer, with its path. */
  issuer: string;
  /** The dashboard's data as it is now (writes through the tools change it). */
  data: MerchantSeed;
  control(next: MerchantControl): void;
  stats(): MerchantStats;
  close(): Promise<void>;
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export async function startMerchantSandbox(options: MerchantSandboxOptions = {}): Promise<MerchantSandbox> {
  const now = () => (options.clock ?? Date).now();
  const data = merchantSeed(now());
  const resourceServer = createServer();
  const authServer = createServer();
  const port = await listenOnLoopback(resourceServer, options.port ?? 0);
  const authPort = await listenOnLoopback(authServer, options.authPort ?? 0);
  const baseUrl = `http://127.0.0.1:${port}`;
  const issuer = `http://127.0.0.1:${authPort}${ISSUER_PATH}`;
  let allowedOrigins = options.allowedOrigins === undefined ? [baseUrl] : options.allowedOrigins;

  const clients = new ClientRegistry(now);
  const tokens = new TokenService(
    issuer,
    { accessMs: 3_600_000, refreshMs: 30 * 86_400_000, codeMs: 5 * 60_000, ...options.lifetimes },
    now,
  );
  const authorization = createAuthorizationListener({
    issuer,
    resource: baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    clients,
    tokens,
    users: () => data.users,
    accounts: () => data.accounts,
    venues: () => data.venues,
    now,
  });
  const resource = createResourceListener({
    baseUrl,
    issuer,
    tokens,
    limiter: new RollingWindowLimiter(options.rateLimit ?? { limit: 60, windowMs: 60_000 }, now),
    data,
    allowedOrigins: () => allowedOrigins,
  });

  const control = (next: MerchantControl) => {
    if (next.revokeTokensOf !== undefined) {
      const user = data.users.find((u) => u.email === next.revokeTokensOf!.toLowerCase());
      if (user) tokens.revokeUser(user.id);
    }
    if (next.waitlist) {
      const account = data.accounts.find((a) => a.id === next.waitlist!.accountId);
      if (account) account.onWaitlist = next.waitlist.onWaitlist;
    }
    if (next.allowedOrigins !== undefined) allowedOrigins = next.allowedOrigins;
  };

  resourceServer.on('request', (req, res) => {
    if (pathOf(req) !== CONTROL_PATH) return resource.listener(req, res);
    if (req.method !== 'POST' || !isLoopback(req.socket.remoteAddress))
      return sendJson(res, 404, { error: 'not_found' });
    readJsonBody(req)
      .then((body) => {
        control((body ?? {}) as MerchantControl);
        sendJson(res, 200, { ok: true });
      })
      .catch(() => sendJson(res, 400, { error: 'bad control body' }));
  });
  authServer.on('request', authorization.listener);

  return {
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    issuer,
    data,
    control,
    stats: () => ({ ...resource.stats(), ...authorization.stats(), registrations: clients.registrations }),
    async close() {
      await resource.close();
      await Promise.all([closeServer(resourceServer), closeServer(authServer)]);
    },
  };
}

/** The dashboard user `npm run sandbox` prints: an owner whose first account is on the waitlist. */
export const SANDBOX_SIGN_IN = SANDBOX_USERS.owner;
