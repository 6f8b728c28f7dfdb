// The official SDK client as a peer of the stand-in, with its own OAuth: from the 401 it
// discovers the metadata (path-aware issuer), registers, builds the PKCE authorisation URL; the
// test's browser signs in on the dashboard; the SDK checks `iss`, trades the code, lists tools;
// an expired token is refreshed; after a revocation it is challenged again and signs in anew.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { READ_TOOLS, SANDBOX_USERS, WRITE_TOOLS } from '../../../electron/sandbox/merchant/server';
import { DashboardBrowser } from '../../support/merchant-sign-in';
import { startStandIn, type StandIn } from './support';

let standIn: StandIn;
before(async () => {
  standIn = await startStandIn();
});
after(() => standIn.close());

/** Keeps what the SDK asks it to keep, in memory; remembers the last authorisation URL. */
function memoryProvider(redirectUrl: string) {
  const kept: Record<string, unknown> = {};
  const provider: OAuthClientProvider & { lastAuthorizationUrl?: URL } = {
    redirectUrl,
    clientMetadata: {
      client_name: 'SDK peer',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    clientInformation: () => kept.client as never,
    saveClientInformation: (info) => void (kept.client = info),
    tokens: () => kept.tokens as never,
    saveTokens: (tokens) => void (kept.tokens = tokens),
    redirectToAuthorization: (url) => void (provider.lastAuthorizationUrl = url),
    saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
    codeVerifier: () => kept.verifier as string,
    saveDiscoveryState: (state) => void (kept.discovery = state),
    discoveryState: () => kept.discovery as never,
    invalidateCredentials: (scope) => {
      if (scope === 'all' || scope === 'tokens') delete kept.tokens;
      if (scope === 'all' || scope === 'client') delete kept.client;
      if (scope === 'all' || scope === 'discovery') delete kept.discovery;
    },
  };
  return provider;
}

async function connect(provider: OAuthClientProvider) {
  const client = new Client({ name: 'sdk-peer', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(standIn.sandbox.mcpUrl), { authProvider: provider }),
  );
  return client;
}

async function signInWithSdk(provider: ReturnType<typeof memoryProvider>, browser: DashboardBrowser) {
  await assert.rejects(connect(provider), UnauthorizedError);
  const url = provider.lastAuthorizationUrl!;
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(url.searchParams.get('resource'), standIn.sandbox.baseUrl);
  const { redirectedTo } = await browser.signIn(url, SANDBOX_USERS.owner, { followToApp: false });
  const transport = new StreamableHTTPClientTransport(new URL(standIn.sandbox.mcpUrl), {
    authProvider: provider,
  });
  await transport.finishAuth(redirectedTo.searchParams);
  await transport.close();
}

test('the SDK client signs in through discovery and lists the tools; after a revocation it must sign in again', async () => {
  const provider = memoryProvider('http://127.0.0.1:53682/callback');
  const browser = new DashboardBrowser();
  await signInWithSdk(provider, browser);
  const client = await connect(provider);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), [...READ_TOOLS, ...WRITE_TOOLS].sort());
  await client.close();

  // An hour later the access token has expired: the 401 makes the SDK refresh, no browser needed.
  await standIn.clock.advance(3_600_000);
  const refreshed = await connect(provider);
  assert.equal((await refreshed.listTools()).tools.length, tools.length);
  await refreshed.close();
  assert.equal(standIn.sandbox.stats().tokenRequests.refresh_token, 1);

  standIn.sandbox.control({ revokeTokensOf: SANDBOX_USERS.owner.email });
  provider.lastAuthorizationUrl = undefined;
  await assert.rejects(connect(provider), UnauthorizedError);
  assert.ok(provider.lastAuthorizationUrl, 'the 401 sent the SDK back to the authorisation server');
  await signInWithSdk(provider, browser);
  const again = await connect(provider);
  assert.equal((await again.listTools()).tools.length, tools.length);
  await again.close();
  assert.equal(standIn.sandbox.stats().registrations, 1, 'the registration is kept and reused');
});
