// The stand-in's authorisation server over real HTTP: discovery from the 401, metadata at the
// path-aware addresses, registration of a native app, the dashboard's sign-in form, PKCE, the
// resource indicator, and the waitlist.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { DashboardBrowser, SignInPageError, signInThroughDashboard } from '../../support/merchant-sign-in';
import {
  authorizationUrl,
  mcpPost,
  pkcePair,
  raw,
  REDIRECT_URI,
  registerApp,
  rpcMessage,
  signIn,
  startStandIn,
  tokenRequest,
  type StandIn,
} from './support';

let standIn: StandIn;
before(async () => {
  standIn = await startStandIn();
});
after(() => standIn.close());

describe('discovery', () => {
  test('an unauthenticated POST /mcp leads to the metadata, and the metadata to the authorisation server', async () => {
    const { sandbox } = standIn;
    const unauthenticated = await mcpPost(sandbox, 'tools/list');
    assert.equal(unauthenticated.status, 401);
    const header = String(unauthenticated.headers['www-authenticate']);
    const metadataUrl = `${sandbox.baseUrl}/.well-known/oauth-protected-resource`;
    assert.equal(header, `Bearer realm="OAuth", resource_metadata="${metadataUrl}"`);

    const resource = await raw(metadataUrl);
    assert.deepEqual(resource.json(), {
      resource: sandbox.baseUrl,
      authorization_servers: [sandbox.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['read'],
    });

    // The issuer has a path: RFC 8414's path-inserted address, and the spec's {auth_url}/… form.
    const issuer = new URL(sandbox.issuer);
    for (const path of [
      `/.well-known/oauth-authorization-server${issuer.pathname}`,
      `${issuer.pathname}/.well-known/oauth-authorization-server`,
    ]) {
      const metadata = (await raw(`${issuer.origin}${path}`)).json() as Record<string, unknown>;
      assert.equal(metadata.issuer, sandbox.issuer, path);
      assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
      assert.equal(metadata.registration_endpoint, `${sandbox.issuer}/register`);
      assert.equal(metadata.authorization_response_iss_parameter_supported, true);
    }
    // Not at the origin root: a client that ignores the issuer's path finds nothing there.
    assert.equal((await raw(`${issuer.origin}/.well-known/oauth-authorization-server`)).status, 404);
    assert.equal((await raw(`${issuer.origin}/register`, { method: 'POST', body: '{}' })).status, 404);
  });
});

describe('registration', () => {
  test('a native app registers loopback redirect URIs; plain http elsewhere is refused', async () => {
    const { sandbox } = standIn;
    const client = await registerApp(sandbox);
    assert.match(client.client_id, /^mcp_/);
    assert.equal(client.client_secret, undefined, 'a public client gets no secret');

    const refused = await raw(`${sandbox.issuer}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['http://paydesk.example/callback'],
        token_endpoint_auth_method: 'none',
      }),
    });
    assert.equal(refused.status, 400);
    assert.equal((refused.json() as { error: string }).error, 'invalid_redirect_uri');
  });
});

describe('sign-in through the dashboard', () => {
  test('the browser posts the sign-in form and comes back with code, state and iss; the code buys tokens', async () => {
    const { sandbox } = standIn;
    const { client_id } = await registerApp(sandbox);
    const { verifier, challenge } = pkcePair();
    const url = authorizationUrl(sandbox, client_id, challenge);

    // The first page is the dashboard's sign-in form, not a redirect.
    const browser = new DashboardBrowser();
    const { redirectedTo } = await browser.signIn(url, SANDBOX_USERS.owner, { followToApp: false });
    assert.equal(
      `${redirectedTo.origin}${redirectedTo.pathname}`,
      REDIRECT_URI,
      'back on the port the app asked for',
    );
    assert.equal(redirectedTo.searchParams.get('state'), 'state-123');
    assert.equal(redirectedTo.searchParams.get('iss'), sandbox.issuer);
    const code = redirectedTo.searchParams.get('code')!;
    assert.ok(code);

    const exchange = {
      grant_type: 'authorization_code',
      code,
      client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      resource: sandbox.baseUrl,
    };
    const answer = await tokenRequest(sandbox, exchange);
    assert.equal(answer.status, 200, answer.text);
    const tokens = answer.json() as Record<string, unknown>;
    assert.equal(tokens.token_type, 'Bearer');
    assert.equal(tokens.scope, 'read');
    assert.equal(tokens.expires_in, 3600);
    assert.equal(typeof tokens.refresh_token, 'string');

    const list = await mcpPost(
      sandbox,
      'tools/list',
      {},
      { authorization: `Bearer ${String(tokens.access_token)}` },
    );
    assert.equal(list.status, 200);
    assert.ok(((rpcMessage(list).result as { tools: unknown[] }).tools.length ?? 0) > 0);

    // A code works once.
    assert.equal((await tokenRequest(sandbox, exchange)).status, 400);

    // Signed in to the dashboard already: the next authorisation skips the form.
    const again = pkcePair();
    const second = await browser.signIn(
      authorizationUrl(sandbox, client_id, again.challenge),
      {
        email: 'not-asked@example.invalid',
        password: 'not asked',
      },
      { followToApp: false },
    );
    assert.ok(second.redirectedTo.searchParams.get('code'));
  });

  test('a wrong password shows the form again with the problem, and no code', async () => {
    const { sandbox } = standIn;
    const { client_id } = await registerApp(sandbox);
    const url = authorizationUrl(sandbox, client_id, pkcePair().challenge);
    await assert.rejects(
      signInThroughDashboard(
        url,
        { email: SANDBOX_USERS.owner.email, password: 'wrong' },
        { followToApp: false },
      ),
      (error: unknown) =>
        error instanceof SignInPageError &&
        error.status === 401 &&
        /do not match a dashboard user/.test(error.message),
    );
  });

  test('a wrong PKCE verifier is refused and the code is gone', async () => {
    const { sandbox } = standIn;
    const { client_id } = await registerApp(sandbox);
    const { verifier, challenge } = pkcePair();
    const { redirectedTo } = await signInThroughDashboard(
      authorizationUrl(sandbox, client_id, challenge),
      SANDBOX_USERS.owner,
      {
        followToApp: false,
      },
    );
    const exchange = {
      grant_type: 'authorization_code',
      code: redirectedTo.searchParams.get('code')!,
      client_id,
      redirect_uri: REDIRECT_URI,
      resource: sandbox.baseUrl,
    };
    const wrong = await tokenRequest(sandbox, { ...exchange, code_verifier: pkcePair().verifier });
    assert.equal(wrong.status, 400);
    assert.equal((wrong.json() as { error: string }).error, 'invalid_grant');
    assert.equal((await tokenRequest(sandbox, { ...exchange, code_verifier: verifier })).status, 400);
  });

  test('a resource that is not this endpoint is refused at the authorise step and at the token step', async () => {
    const { sandbox } = standIn;
    const { client_id } = await registerApp(sandbox);
    const foreign = authorizationUrl(sandbox, client_id, pkcePair().challenge, {
      resource: 'https://other.example/mcp',
    });
    const refused = await signInThroughDashboard(foreign, SANDBOX_USERS.owner, { followToApp: false });
    assert.equal(refused.redirectedTo.searchParams.get('error'), 'invalid_target');
    assert.equal(refused.redirectedTo.searchParams.get('code'), null);

    const { verifier, challenge } = pkcePair();
    const { redirectedTo } = await signInThroughDashboard(
      authorizationUrl(sandbox, client_id, challenge),
      SANDBOX_USERS.owner,
      {
        followToApp: false,
      },
    );
    const answer = await tokenRequest(sandbox, {
      grant_type: 'authorization_code',
      code: redirectedTo.searchParams.get('code')!,
      client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      resource: 'https://other.example',
    });
    assert.equal((answer.json() as { error: string }).error, 'invalid_target');
  });

  test('PKCE is required: no code_challenge, no code', async () => {
    const { sandbox } = standIn;
    const { client_id } = await registerApp(sandbox);
    const url = authorizationUrl(sandbox, client_id, 'x');
    url.searchParams.delete('code_challenge');
    const { redirectedTo } = await signInThroughDashboard(url, SANDBOX_USERS.owner, { followToApp: false });
    assert.equal(redirectedTo.searchParams.get('error'), 'invalid_request');
  });
});

describe('the beta waitlist', () => {
  test('a user whose account is not on the waitlist is sent back with access_denied, never a code', async () => {
    const { sandbox } = standIn;
    const { client_id } = await registerApp(sandbox);
    const url = authorizationUrl(sandbox, client_id, pkcePair().challenge);
    const { redirectedTo } = await signInThroughDashboard(url, SANDBOX_USERS.notOnWaitlist, {
      followToApp: false,
    });
    assert.equal(redirectedTo.searchParams.get('error'), 'access_denied');
    assert.match(redirectedTo.searchParams.get('error_description')!, /waitlist/);
    assert.equal(redirectedTo.searchParams.get('state'), 'state-123');
    assert.equal(redirectedTo.searchParams.get('code'), null);
  });

  test('an account taken off the waitlist is refused at /mcp with 403 access_denied, even with a live token', async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.baker);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    assert.equal((await mcpPost(sandbox, 'tools/list', {}, auth)).status, 200);
    sandbox.control({ waitlist: { accountId: 'acc_hilltop', onWaitlist: false } });
    try {
      const refused = await mcpPost(sandbox, 'tools/list', {}, auth);
      assert.equal(refused.status, 403);
      assert.equal((refused.json() as { error: string }).error, 'access_denied');
    } finally {
      sandbox.control({ waitlist: { accountId: 'acc_hilltop', onWaitlist: true } });
    }
  });
});
