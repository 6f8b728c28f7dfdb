// The protected resource (spec sections 4, 5, 7, 8): its metadata at the root well-known address,
// and `/mcp`, where every request goes through the gates in the spec's order: Origin (403, before
// authentication), Host, the rolling-minute limit (keyed by user, by IP before authentication;
// 429 with Retry-After, no JSON-RPC body), the bearer token (401 with the spec's
// WWW-Authenticate), the waitlist, and only then the MCP protocol (the server SDK's handler).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { sendJson } from '../../common/http-util';
import { BodyTooLarge, pathOf, PUBLIC_CORS, readBody } from './http';
import type { RollingWindowLimiter } from './rate-limit';
import type { Account, DashboardUser, MerchantSeed } from './seed';
import type { TokenService } from './tokens';
import type { merchantToolHandler } from './tools';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
const MCP_PATH = '/mcp';
const MAX_BODY = 1024 * 1024;

export interface ResourceDeps {
  /** `{base_url}`: the endpoint host's public address. */
  baseUrl: string;
  issuer: string;
  tokens: TokenService;
  limiter: RollingWindowLimiter;
  data: MerchantSeed;
  /** Browser origins allowed to call /mcp; null: no allow-list configured, no Origin check. */
  allowedOrigins: () => readonly string[] | null;
}

export interface ResourceStats {
  /** Requests to /mcp that reached the MCP protocol (every gate passed). */
  mcpCalls: number;
  refusals: Record<'origin' | 'host' | 'rateLimited' | 'unauthorised' | 'notOnWaitlist', number>;
}

interface TokenUser {
  user: DashboardUser;
  account: Account;
  auth: AuthInfo;
}

const EXPOSED = 'www-authenticate, retry-after, mcp-session-id, mcp-protocol-version';

/** The Node request as a web Request for the SDK's handler (the body already read). */
function webRequest(req: IncomingMessage, baseUrl: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`${baseUrl}${req.url ?? MCP_PATH}`, {
    method: req.method,
    headers,
    ...(hasBody && { body: new Uint8Array(body) }),
  });
}

async function sendWebResponse(res: ServerResponse, response: Response, extra: Record<string, string>) {
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...extra });
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
}

export function createResourceListener(deps: ResourceDeps) {
  const stats: ResourceStats = {
    mcpCalls: 0,
    refusals: { origin: 0, host: 0, rateLimited: 0, unauthorised: 0, notOnWaitlist: 0 },
  };
  const metadataUrl = `${deps.baseUrl}${PROTECTED_RESOURCE_PATH}`;
  const publicHostname = new URL(deps.baseUrl).hostname;
  const challenge = `Bearer realm="OAuth", resource_metadata="${metadataUrl}"`;

  // The MCP SDK (with the tools on it) loads with the first request that passes every gate, not
  // when the sandbox starts: it is a third of the till's start time and about 14 MiB.
  let handler: Promise<ReturnType<typeof merchantToolHandler>> | null = null;
  const mcpHandler = () =>
    (handler ??= import('./tools').then((tools) => tools.merchantToolHandler(deps.data)));

  /** The token's user and account when the bearer token is one of ours, live, for this resource. */
  const tokenUser = (req: IncomingMessage): TokenUser | null => {
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(req.headers.authorization ?? '');
    const claims = match ? deps.tokens.verifyAccess(match[1]!, deps.baseUrl) : null;
    const user = claims && deps.data.users.find((u) => u.id === claims.sub);
    const account = user && deps.data.accounts.find((a) => a.id === user.accountIds[0]);
    if (!claims || !user || !account) return null;
    const scopes = (claims.scope ?? 'read').split(' ');
    return {
      user,
      account,
      auth: {
        token: match![1]!,
        clientId: claims.client_id,
        scopes,
        expiresAt: claims.exp,
        resource: new URL(deps.baseUrl),
        extra: { userId: user.id, accountId: account.id },
      },
    };
  };

  const hostMatches = (req: IncomingMessage): boolean => {
    try {
      return new URL(`http://${req.headers.host ?? ''}`).hostname === publicHostname;
    } catch {
      return false;
    }
  };

  const mcp = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const allowed = deps.allowedOrigins();
    if (origin !== undefined && allowed !== null && !allowed.includes(origin)) {
      stats.refusals.origin += 1;
      return sendJson(res, 403, {
        error: 'forbidden',
        error_description: 'This origin may not call the endpoint.',
      });
    }
    const cors: Record<string, string> =
      origin === undefined
        ? {}
        : { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED };
    if (!hostMatches(req)) {
      stats.refusals.host += 1;
      return sendJson(res, 403, { error: 'forbidden', error_description: 'Unknown host.' }, cors);
    }
    if (req.method === 'OPTIONS') {
      return void res
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
          'access-control-allow-headers':
            'authorization, content-type, accept, mcp-protocol-version, mcp-session-id',
        })
        .end();
    }
    const who = tokenUser(req);
    const wait = deps.limiter.take(
      who ? `user:${who.user.id}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`,
    );
    if (wait !== null) {
      stats.refusals.rateLimited += 1;
      return sendJson(res, 429, { error: 'rate_limited' }, { ...cors, 'retry-after': String(wait) });
    }
    if (!who) {
      stats.refusals.unauthorised += 1;
      return sendJson(res, 401, { error: 'unauthorized' }, { ...cors, 'www-authenticate': challenge });
    }
    if (!who.account.onWaitlist) {
      stats.refusals.notOnWaitlist += 1;
      const description = 'The account is not on the beta waitlist for merchant tools.';
      return sendJson(res, 403, { error: 'access_denied', error_description: description }, cors);
    }
    const body = await readBody(req, MAX_BODY);
    stats.mcpCalls += 1;
    const response = await (
      await mcpHandler()
    ).fetch(webRequest(req, deps.baseUrl, body), {
      authInfo: who.auth,
    });
    await sendWebResponse(res, response, cors);
  };

  const listener: RequestListener = (req, res) => {
    const path = pathOf(req);
    if (path === PROTECTED_RESOURCE_PATH && (req.method === 'GET' || req.method === 'OPTIONS')) {
      if (!hostMatches(req))
        return sendJson(res, 403, { error: 'forbidden', error_description: 'Unknown host.' });
      return sendJson(
        res,
        200,
        {
          resource: deps.baseUrl,
          authorization_servers: [deps.issuer],
          bearer_methods_supported: ['header'],
          scopes_supported: ['read'],
        },
        PUBLIC_CORS,
      );
    }
    if (path !== MCP_PATH) return sendJson(res, 404, { error: 'not_found' });
    mcp(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge) return sendJson(res, 413, { error: 'request_too_large' });
      sendJson(res, 500, { error: 'server_error' });
    });
  };

  return {
    listener,
    stats: (): ResourceStats => structuredClone(stats),
    close: async () => {
      // A handler that never loaded has nothing to close.
      await handler?.then(
        (loaded) => loaded.close(),
        () => undefined,
      );
    },
  };
}
