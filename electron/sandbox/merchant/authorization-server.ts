// The third-party authorisation server of the merchant tool endpoint (spec section 5): RFC 8414
// metadata for an issuer with a path, dynamic registration, the authorise step (PKCE S256,
// `state`, the `resource` indicator; login delegated to the dashboard; `iss` on the way back,
// RFC 9207), the token endpoint (codes, rotating refresh tokens) and revocation (RFC 7009).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { sendJson } from '../../common/http-util';
import { ClientRegistry, RegistrationRefused, type ClientAuthMethod, type RegisteredClient } from './clients';
import { Dashboard } from './dashboard';
import {
  BodyTooLarge,
  dashboardPage,
  escapeHtml,
  pathOf,
  PUBLIC_CORS,
  queryOf,
  readBody,
  readForm,
  redirect,
  sendHtml,
  sendOAuthError,
} from './http';
import type { Account, DashboardUser, Venue } from './seed';
import { GrantRefused, TokenService, type Grant } from './tokens';

export const SUPPORTED_SCOPES = ['read'];
/** The issuer's path: the metadata lives at the path-aware well-known addresses. */
export const ISSUER_PATH = '/oauth';

export interface AuthorizationDeps {
  /** `{auth_url}`: the issuer, with its path. */
  issuer: string;
  /** The resource server's public address (the `resource` of its metadata). */
  resource: string;
  /** The MCP endpoint; also accepted as the resource indicator. */
  mcpUrl: string;
  clients: ClientRegistry;
  tokens: TokenService;
  users: () => readonly DashboardUser[];
  accounts: () => readonly Account[];
  venues: () => readonly Venue[];
  now: () => number;
}

export interface AuthorizationStats {
  authorisationCodes: number;
  tokenRequests: Record<'authorization_code' | 'refresh_token', number>;
}

/** What the authorise step asked for; the user is known once the dashboard confirms it. */
interface AuthoriseRequest extends Omit<Grant, 'userId'> {
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
}

const CORS_PREFLIGHT = {
  ...PUBLIC_CORS,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
};

export function authorizationMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    revocation_endpoint: `${issuer}/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    scopes_supported: SUPPORTED_SCOPES,
    authorization_response_iss_parameter_supported: true,
  };
}

/** Where the app's browser lands: its redirect URI with these parameters and `iss` added. */
function backToApp(redirectUri: string, issuer: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/** The client's credentials as sent: Basic header, form fields, or a bare client_id. */
function presentedCredentials(req: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
  if (basic) {
    const [id = '', ...secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    const decode = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
    return {
      clientId: decode(id),
      secret: decode(secret.join(':')),
      method: 'client_secret_basic' as ClientAuthMethod,
    };
  }
  const secret = form.get('client_secret');
  return {
    clientId: form.get('client_id'),
    secret,
    method: (secret === null ? 'none' : 'client_secret_post') as ClientAuthMethod,
  };
}

export function createAuthorizationListener(deps: AuthorizationDeps) {
  const stats: AuthorizationStats = {
    authorisationCodes: 0,
    tokenRequests: { authorization_code: 0, refresh_token: 0 },
  };

  /** The resource server's public address when `value` names it (its address or its /mcp). */
  const canonicalResource = (value: string | null): string | null => {
    if (value === null) return null;
    try {
      const href = new URL(value).href;
      return href === new URL(deps.resource).href || href === new URL(deps.mcpUrl).href
        ? deps.resource
        : null;
    } catch {
      return null;
    }
  };

  const dashboard = new Dashboard<AuthoriseRequest>({
    users: deps.users,
    venues: deps.venues,
    now: deps.now,
    confirm: (request, user) => {
      const account = deps.accounts().find((a) => a.id === user.accountIds[0]);
      if (!account?.onWaitlist)
        return backToApp(request.redirectUri, deps.issuer, {
          error: 'access_denied',
          error_description: 'The account is not on the beta waitlist for merchant tools.',
          state: request.state,
        });
      const { redirectUri, codeChallenge, state, ...grant } = request;
      stats.authorisationCodes += 1;
      const code = deps.tokens.issueCode({ ...grant, userId: user.id }, redirectUri, codeChallenge);
      return backToApp(redirectUri, deps.issuer, { code, state });
    },
  });

  const refusePage = (res: ServerResponse, why: string) =>
    sendHtml(res, 400, dashboardPage('This app cannot sign in', `<p>${escapeHtml(why)}</p>`));

  const authorise = (req: IncomingMessage, res: ServerResponse) => {
    const query = queryOf(req);
    const client = deps.clients.get(query.get('client_id'));
    if (!client) return refusePage(res, 'The app is not registered here. Connect again from the app.');
    const redirectUri = deps.clients.matchRedirect(client, query.get('redirect_uri'));
    if (!redirectUri) return refusePage(res, 'The app asked to come back to an address it did not register.');
    const state = query.get('state');
    const fail = (error: string, description: string) =>
      redirect(res, backToApp(redirectUri, deps.issuer, { error, error_description: description, state }));
    if (query.get('response_type') !== 'code')
      return fail('unsupported_response_type', 'Only response_type=code.');
    const codeChallenge = query.get('code_challenge');
    if (!codeChallenge || query.get('code_challenge_method') !== 'S256')
      return fail('invalid_request', 'PKCE with code_challenge_method=S256 is required.');
    const resource = canonicalResource(query.get('resource'));
    if (!resource) return fail('invalid_target', 'resource must name the merchant tool endpoint.');
    const scope = query.get('scope')?.trim() || undefined;
    if (scope && scope.split(/\s+/).some((s) => !SUPPORTED_SCOPES.includes(s)))
      return fail('invalid_scope', `Supported scopes: ${SUPPORTED_SCOPES.join(' ')}.`);
    const request: AuthoriseRequest = {
      clientId: client.client_id,
      scope,
      resource,
      redirectUri,
      state,
      codeChallenge,
    };
    redirect(res, dashboard.startLogin(request, client.client_name ?? 'An app'));
  };

  const authenticatedClient = (req: IncomingMessage, res: ServerResponse, form: URLSearchParams) => {
    const presented = presentedCredentials(req, form);
    const client: RegisteredClient | undefined = deps.clients.get(presented.clientId);
    if (client && deps.clients.authenticates(client, presented.secret, presented.method)) return client;
    sendOAuthError(
      res,
      401,
      'invalid_client',
      'The client is unknown or its credentials are wrong.',
      PUBLIC_CORS,
    );
    return undefined;
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    const client = authenticatedClient(req, res, form);
    if (!client) return;
    const grantType = form.get('grant_type');
    const resourceParam = form.get('resource');
    const resource = canonicalResource(resourceParam);
    try {
      let answer;
      if (grantType === 'authorization_code') {
        stats.tokenRequests.authorization_code += 1;
        if (!resource)
          throw new GrantRefused('invalid_target', 'resource must name the merchant tool endpoint.');
        answer = deps.tokens.redeemCode(form.get('code') ?? '', {
          clientId: client.client_id,
          redirectUri: form.get('redirect_uri') ?? undefined,
          verifier: form.get('code_verifier') ?? undefined,
          resource,
        });
      } else if (grantType === 'refresh_token') {
        stats.tokenRequests.refresh_token += 1;
        if (resourceParam !== null && !resource)
          throw new GrantRefused('invalid_target', 'resource must name the merchant tool endpoint.');
        answer = deps.tokens.refresh(form.get('refresh_token') ?? '', {
          clientId: client.client_id,
          resource: resource ?? undefined,
          scope: form.get('scope')?.trim() || undefined,
        });
      } else {
        return sendOAuthError(
          res,
          400,
          'unsupported_grant_type',
          'authorization_code or refresh_token.',
          PUBLIC_CORS,
        );
      }
      sendJson(res, 200, answer, { 'cache-control': 'no-store', pragma: 'no-cache', ...PUBLIC_CORS });
    } catch (error) {
      if (!(error instanceof GrantRefused)) throw error;
      sendOAuthError(res, 400, error.error, error.message, PUBLIC_CORS);
    }
  };

  const register = async (req: IncomingMessage, res: ServerResponse) => {
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, 16 * 1024)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw error;
      return sendOAuthError(res, 400, 'invalid_client_metadata', 'The body must be JSON.', PUBLIC_CORS);
    }
    try {
      sendJson(res, 201, deps.clients.register(body), { 'cache-control': 'no-store', ...PUBLIC_CORS });
    } catch (error) {
      if (!(error instanceof RegistrationRefused)) throw error;
      sendOAuthError(res, 400, error.error, error.message, PUBLIC_CORS);
    }
  };

  const revoke = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    if (!authenticatedClient(req, res, form)) return;
    deps.tokens.revokeToken(form.get('token') ?? '');
    sendJson(res, 200, {}, PUBLIC_CORS);
  };

  const metadataPaths = new Set([
    `/.well-known/oauth-authorization-server${ISSUER_PATH}`,
    `${ISSUER_PATH}/.well-known/oauth-authorization-server`,
  ]);

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req);
    const method = req.method ?? 'GET';
    if (dashboard.handle(req, res, path)) return;
    if (method === 'OPTIONS') return void res.writeHead(204, CORS_PREFLIGHT).end();
    if (metadataPaths.has(path) && method === 'GET')
      return sendJson(res, 200, authorizationMetadata(deps.issuer), PUBLIC_CORS);
    if (path === `${ISSUER_PATH}/authorize` && method === 'GET') return authorise(req, res);
    if (path === `${ISSUER_PATH}/token` && method === 'POST') return token(req, res);
    if (path === `${ISSUER_PATH}/register` && method === 'POST') return register(req, res);
    if (path === `${ISSUER_PATH}/revoke` && method === 'POST') return revoke(req, res);
    sendJson(res, 404, { error: 'not_found' });
  };

  const listener: RequestListener = (req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge)
        return sendOAuthError(res, 413, 'invalid_request', 'The body is too large.');
      sendOAuthError(res, 500, 'server_error', 'The authorisation server failed.');
    });
  };

  return { listener, stats: (): AuthorizationStats => structuredClone(stats) };
}
