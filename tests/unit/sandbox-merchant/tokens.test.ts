// Token lifetimes on the stand-in's clock: expiry (401 with the spec's header, then a refresh
// works), rotating refresh tokens (an old one stops working), and revocation by the test control.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { mcpPost, raw, signIn, startStandIn, tokenRequest, type StandIn, type Tokens } from './support';

let standIn: StandIn;
before(async () => {
  standIn = await startStandIn();
});
after(() => standIn.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function refresh(tokens: Tokens, refreshToken = tokens.refresh_token) {
  return tokenRequest(standIn.sandbox, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: tokens.clientId,
    resource: standIn.sandbox.baseUrl,
  });
}

function assertDiscoveryChallenge(answer: { status: number; headers: Record<string, unknown> }) {
  assert.equal(answer.status, 401);
  assert.equal(
    answer.headers['www-authenticate'],
    `Bearer realm="OAuth", resource_metadata="${standIn.sandbox.baseUrl}/.well-known/oauth-protected-resource"`,
  );
}

describe('access token expiry', () => {
  test('an access token works until its hour is up, then gets 401 with the discovery header; a refresh works', async () => {
    const { sandbox, clock } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    await clock.advance(3_599_000);
    assert.equal((await mcpPost(sandbox, 'tools/list', {}, bearer(tokens.access_token))).status, 200);
    await clock.advance(1_000);
    assertDiscoveryChallenge(await mcpPost(sandbox, 'tools/list', {}, bearer(tokens.access_token)));

    const refreshed = await refresh(tokens);
    assert.equal(refreshed.status, 200, refreshed.text);
    const next = refreshed.json() as Tokens;
    assert.equal((await mcpPost(sandbox, 'tools/list', {}, bearer(next.access_token))).status, 200);
  });
});

describe('refresh token rotation', () => {
  test('each refresh hands out a new refresh token and the old one stops working', async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    const first = await refresh(tokens);
    assert.equal(first.status, 200);
    const rotated = first.json() as Tokens;
    assert.notEqual(rotated.refresh_token, tokens.refresh_token);

    const reused = await refresh(tokens);
    assert.equal(reused.status, 400);
    assert.equal((reused.json() as { error: string }).error, 'invalid_grant');
    assert.equal((await refresh(tokens, rotated.refresh_token)).status, 200, 'the new one works once');
  });

  test('a refresh token belongs to the app it was issued to', async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    const other = await signIn(sandbox, SANDBOX_USERS.owner);
    const answer = await refresh({ ...tokens, clientId: other.clientId });
    assert.equal((answer.json() as { error: string }).error, 'invalid_grant');
  });

  test('an app the server does not know gets invalid_client (a stale registration)', async () => {
    const tokens = await signIn(standIn.sandbox, SANDBOX_USERS.owner);
    const answer = await refresh({ ...tokens, clientId: 'mcp_gone' });
    assert.equal(answer.status, 401);
    assert.equal((answer.json() as { error: string }).error, 'invalid_client');
  });
});

describe('revocation', () => {
  test("revoking a user's tokens gives 401 with the discovery header, and the refresh token is dead too", async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.quaysideManager);
    const owner = await signIn(sandbox, SANDBOX_USERS.owner);
    assert.equal((await mcpPost(sandbox, 'tools/list', {}, bearer(tokens.access_token))).status, 200);

    const control = await raw(`${sandbox.baseUrl}/sandbox/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ revokeTokensOf: SANDBOX_USERS.quaysideManager.email }),
    });
    assert.equal(control.status, 200);
    assertDiscoveryChallenge(await mcpPost(sandbox, 'tools/list', {}, bearer(tokens.access_token)));
    assert.equal((await refresh(tokens)).status, 400);
    assert.equal(
      (await mcpPost(sandbox, 'tools/list', {}, bearer(owner.access_token))).status,
      200,
      'others keep theirs',
    );
  });

  test('the revocation endpoint (RFC 7009) ends one access token', async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    const answer = await raw(`${sandbox.issuer}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: tokens.clientId }).toString(),
    });
    assert.equal(answer.status, 200);
    assertDiscoveryChallenge(await mcpPost(sandbox, 'tools/list', {}, bearer(tokens.access_token)));
  });

  test('a token signed by someone else, or for another audience, is refused', async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'usr_baker' })).toString('base64url');
    assertDiscoveryChallenge(
      await mcpPost(sandbox, 'tools/list', {}, bearer(`${header}.${forged}.${signature}`)),
    );
  });
});
