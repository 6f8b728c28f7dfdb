// The RFC 8414 issuer check the till makes instead of the SDK's (oauth-provider.ts,
// checkMetadataIssuer): metadata must name the issuer it was fetched for, except a 2025-03-26
// endpoint's own metadata (no protected-resource metadata, at its origin's root, naming an issuer
// on that origin). Checked on its own and through a session against endpoints answered in process:
// a mismatch stops the sign-in before anything is registered; the 2025-03-26 shape signs in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IssuerMismatchError } from '@modelcontextprotocol/client';
import { CredentialVault, memorySlots } from '../../../electron/services/merchant/credentials';
import { MerchantSession } from '../../../electron/services/merchant/mcp-session';
import { checkMetadataIssuer } from '../../../electron/services/merchant/oauth-provider';
import { ManualClock } from '../../support/manual-clock';

const MCP = 'https://tools.example/mcp';
const metadata = (issuer: string) => ({
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/token`,
  registration_endpoint: `${issuer}/register`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
});
const PRM = { resource: 'https://tools.example', authorization_servers: ['https://auth.example/oauth'] };

const refused = (state: Parameters<typeof checkMetadataIssuer>[0]) =>
  assert.throws(() => checkMetadataIssuer(state, MCP), IssuerMismatchError);

test('metadata naming the issuer it was fetched for is taken, with or without a trailing slash', () => {
  checkMetadataIssuer(
    {
      authorizationServerUrl: 'https://auth.example/oauth',
      authorizationServerMetadata: metadata('https://auth.example/oauth'),
      resourceMetadata: PRM,
    },
    MCP,
  );
  checkMetadataIssuer(
    {
      authorizationServerUrl: 'https://auth.example/',
      authorizationServerMetadata: metadata('https://auth.example'),
      resourceMetadata: PRM,
    },
    MCP,
  );
  checkMetadataIssuer({ authorizationServerUrl: 'https://tools.example/' }, MCP); // no metadata: nothing to check
});

test('metadata naming another issuer is refused wherever the endpoint publishes its resource metadata', () => {
  refused({
    authorizationServerUrl: 'https://auth.example/oauth',
    authorizationServerMetadata: metadata('https://evil.example/oauth'),
    resourceMetadata: PRM,
  });
  refused({
    authorizationServerUrl: 'https://auth.example/oauth',
    authorizationServerMetadata: metadata('https://auth.example/other'),
    resourceMetadata: PRM,
  });
  // Even at the endpoint's own root: an endpoint with resource metadata is not a 2025-03-26 one.
  refused({
    authorizationServerUrl: 'https://tools.example/',
    authorizationServerMetadata: metadata('https://tools.example/oauth'),
    resourceMetadata: {
      resource: 'https://tools.example',
      authorization_servers: ['https://tools.example/'],
    },
  });
});

test('a 2025-03-26 endpoint’s own metadata may name an issuer with a path on its own origin, and nowhere else', () => {
  checkMetadataIssuer(
    {
      authorizationServerUrl: 'https://tools.example/',
      authorizationServerMetadata: metadata('https://tools.example/oauth'),
    },
    MCP,
  );
  refused({
    authorizationServerUrl: 'https://tools.example/',
    authorizationServerMetadata: metadata('https://auth.example/oauth'),
  });
  refused({
    authorizationServerUrl: 'https://tools.example/',
    authorizationServerMetadata: metadata('http://tools.example/oauth'),
  });
  refused({
    authorizationServerUrl: 'https://auth.example/',
    authorizationServerMetadata: metadata('https://auth.example/oauth'),
  });
  refused({
    authorizationServerUrl: 'https://tools.example/',
    authorizationServerMetadata: metadata('not a URL'),
  });
});

/**
 * An MCP endpoint at `MCP`, answered in process: every call needs a sign-in; with `prm` it
 * publishes protected-resource metadata naming auth.example, else (2025-03-26) it is its own
 * authorisation server, with its metadata at its root. `issuer` is what the metadata says.
 */
function endpoint(options: { prm: boolean; issuer: string }) {
  const seen: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const send: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    seen.push(`${method} ${url.href}`);
    const server = options.prm ? 'https://auth.example' : 'https://tools.example';
    if (url.href === MCP)
      return new Response(null, {
        status: 401,
        headers: {
          'www-authenticate': options.prm
            ? `Bearer resource_metadata="https://tools.example/.well-known/oauth-protected-resource"`
            : 'Bearer',
        },
      });
    if (options.prm && url.href === 'https://tools.example/.well-known/oauth-protected-resource')
      return json(PRM);
    const metadataAt = options.prm
      ? 'https://auth.example/.well-known/oauth-authorization-server/oauth'
      : 'https://tools.example/.well-known/oauth-authorization-server';
    if (url.href === metadataAt) return json(metadata(options.issuer));
    if (url.href === `${server}/oauth/register` && method === 'POST')
      return json({ client_id: 'till-1', redirect_uris: ['http://127.0.0.1/callback'] }, 201);
    return new Response('not found', { status: 404 });
  };
  return { send, seen };
}

async function connectTo(options: { prm: boolean; issuer: string }) {
  const { send, seen } = endpoint(options);
  const logs: string[] = [];
  const session = new MerchantSession({
    mcpUrl: MCP,
    vault: new CredentialVault(memorySlots(), () => 'live'),
    clock: new ManualClock(),
    log: { info: () => {}, warn: (m) => logs.push(m), error: (m) => logs.push(m) },
    fetch: send,
  });
  try {
    return { outcome: await session.connect(), seen, logs };
  } catch (error) {
    return { error, seen, logs };
  } finally {
    await session.close();
  }
}

test('an authorisation server whose metadata names another issuer gets no registration and no sign-in page', async () => {
  const { outcome, error, seen } = await connectTo({ prm: true, issuer: 'https://evil.example/oauth' });
  assert.equal(outcome, undefined, 'no sign-in page is offered');
  assert.match(String((error as Error).message), /not working properly/, 'worded for staff');
  assert.ok(
    seen.includes('GET https://auth.example/.well-known/oauth-authorization-server/oauth'),
    'the metadata was read',
  );
  assert.deepEqual(
    seen.filter((s) => s.includes('/register') || s.includes('/token')),
    [],
    'nothing was sent to the server that named another issuer',
  );
});

test('a 2025-03-26 endpoint with its metadata at its root, naming an issuer with a path, offers its sign-in page', async () => {
  const { outcome, error, seen } = await connectTo({ prm: false, issuer: 'https://tools.example/oauth' });
  assert.equal(error, undefined);
  assert.equal(outcome?.kind, 'sign_in');
  const page = new URL(outcome.kind === 'sign_in' ? outcome.authorizationUrl : '');
  assert.equal(`${page.origin}${page.pathname}`, 'https://tools.example/oauth/authorize');
  assert.equal(page.searchParams.get('client_id'), 'till-1');
  assert.ok(seen.includes('POST https://tools.example/oauth/register'), 'registered where the metadata says');
});
