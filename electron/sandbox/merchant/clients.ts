// Dynamic client registration (RFC 7591) for native apps: no client is configured beforehand,
// each registers itself. Loopback redirect URIs match whatever port the app listens on at the
// time (RFC 8252 section 7.3); every other redirect URI must match exactly.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_secret_expires_at?: number;
  client_name?: string;
  application_type: 'native' | 'web';
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  scope?: string;
}

export class RegistrationRefused extends Error {
  constructor(
    readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata',
    description: string,
  ) {
    super(description);
  }
}

const AUTH_METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** One redirect URI's rule: plain http only on loopback, and loopback only for native apps. */
function checkRedirectUri(value: unknown, applicationType: 'native' | 'web'): string {
  const url = typeof value === 'string' ? parseUrl(value) : null;
  if (!url || url.hash)
    throw new RegistrationRefused('invalid_redirect_uri', `Not a redirect URI: ${String(value)}`);
  if (url.protocol === 'http:' && !isLoopbackHttp(url))
    throw new RegistrationRefused('invalid_redirect_uri', 'Plain http redirect URIs must be loopback.');
  if (isLoopbackHttp(url) && applicationType === 'web')
    throw new RegistrationRefused(
      'invalid_redirect_uri',
      'A loopback redirect URI needs application_type native.',
    );
  return value as string;
}

function stringList(value: unknown, field: string, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new RegistrationRefused('invalid_client_metadata', `${field} must be a list of strings.`);
  return value as string[];
}

export class ClientRegistry {
  private readonly clients = new Map<string, RegisteredClient>();
  registrations = 0;

  constructor(private readonly now: () => number) {}

  register(body: unknown): RegisteredClient {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new RegistrationRefused('invalid_client_metadata', 'The body must be a JSON object.');
    const asked = body as Record<string, unknown>;
    const applicationType = asked.application_type ?? 'native';
    if (applicationType !== 'native' && applicationType !== 'web')
      throw new RegistrationRefused('invalid_client_metadata', 'application_type is native or web.');
    const redirectUris = stringList(asked.redirect_uris, 'redirect_uris', []);
    if (redirectUris.length === 0)
      throw new RegistrationRefused('invalid_redirect_uri', 'At least one redirect URI is needed.');
    redirectUris.forEach((uri) => checkRedirectUri(uri, applicationType));
    const grantTypes = stringList(asked.grant_types, 'grant_types', ['authorization_code']);
    if (grantTypes.some((g) => !GRANT_TYPES.includes(g)))
      throw new RegistrationRefused('invalid_client_metadata', 'Only authorization_code and refresh_token.');
    const responseTypes = stringList(asked.response_types, 'response_types', ['code']);
    if (responseTypes.some((r) => r !== 'code'))
      throw new RegistrationRefused('invalid_client_metadata', 'Only the code response type.');
    const authMethod = (asked.token_endpoint_auth_method ?? 'client_secret_basic') as ClientAuthMethod;
    if (!AUTH_METHODS.includes(authMethod))
      throw new RegistrationRefused('invalid_client_metadata', 'Unsupported token_endpoint_auth_method.');
    if (asked.scope !== undefined && typeof asked.scope !== 'string')
      throw new RegistrationRefused('invalid_client_metadata', 'scope must be a string.');
    const client: RegisteredClient = {
      client_id: `mcp_${randomBytes(12).toString('base64url')}`,
      ...(authMethod !== 'none' && {
        client_secret: randomBytes(24).toString('base64url'),
        client_secret_expires_at: 0,
      }),
      client_id_issued_at: Math.floor(this.now() / 1000),
      ...(typeof asked.client_name === 'string' && { client_name: asked.client_name.slice(0, 100) }),
      application_type: applicationType,
      redirect_uris: redirectUris,
      grant_types: grantTypes,
      response_types: responseTypes,
      token_endpoint_auth_method: authMethod,
      ...(asked.scope !== undefined && { scope: asked.scope as string }),
    };
    this.clients.set(client.client_id, client);
    this.registrations += 1;
    return client;
  }

  get(clientId: string | null | undefined): RegisteredClient | undefined {
    return clientId ? this.clients.get(clientId) : undefined;
  }

  /** The given redirect URI when it is registered (loopback: on any port), else null. */
  matchRedirect(client: RegisteredClient, given: string | null): string | null {
    const url = given === null ? null : parseUrl(given);
    if (!url) return null;
    const matches = client.redirect_uris.some((registered) => {
      if (registered === given) return true;
      const known = parseUrl(registered)!;
      if (!isLoopbackHttp(known) || !isLoopbackHttp(url)) return false;
      return (
        known.hostname === url.hostname && known.pathname === url.pathname && known.search === url.search
      );
    });
    return matches ? given : null;
  }

  /** Checks the secret a confidential client must present; public clients present none. */
  authenticates(client: RegisteredClient, secret: string | null, method: ClientAuthMethod): boolean {
    if (client.token_endpoint_auth_method === 'none') return secret === null;
    if (method !== client.token_endpoint_auth_method || secret === null) return false;
    const a = Buffer.from(secret);
    const b = Buffer.from(client.client_secret!);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
