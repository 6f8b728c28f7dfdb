// The gates in front of /mcp, in the spec's order: Origin (403 before authentication), Host
// (the public hostname), 60 requests per rolling minute (by user; by IP before authentication;
// 429 with Retry-After outside the JSON-RPC envelope), then the bearer token.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { mcpPost, raw, signIn, startStandIn, type StandIn } from './support';

let standIn: StandIn;
before(async () => {
  standIn = await startStandIn();
});
after(() => standIn.close());

describe('Origin', () => {
  test('a foreign Origin gets 403 before authentication: no token needed, and a valid one does not help', async () => {
    const { sandbox } = standIn;
    const foreign = await mcpPost(sandbox, 'tools/list', {}, { origin: 'https://attacker.example' });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers['www-authenticate'], undefined, 'refused before authentication');

    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    const withToken = await mcpPost(
      sandbox,
      'tools/list',
      {},
      {
        origin: 'https://attacker.example',
        authorization: `Bearer ${tokens.access_token}`,
      },
    );
    assert.equal(withToken.status, 403);
  });

  test('an allowed Origin, and no Origin at all, go on to authentication', async () => {
    const { sandbox } = standIn;
    const allowed = await mcpPost(sandbox, 'tools/list', {}, { origin: sandbox.baseUrl });
    assert.equal(allowed.status, 401);
    assert.equal(allowed.headers['access-control-allow-origin'], sandbox.baseUrl);
    assert.equal((await mcpPost(sandbox, 'tools/list')).status, 401);
  });
});

describe('Host', () => {
  test('a Host other than the public hostname is refused; the port does not matter', async () => {
    const { sandbox } = standIn;
    const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const wrong = await mcpPost(sandbox, 'tools/list', {}, { ...auth, host: 'merchant.attacker.example' });
    assert.equal(wrong.status, 403);
    assert.equal(
      (
        await raw(`${sandbox.baseUrl}/.well-known/oauth-protected-resource`, {
          headers: { host: 'evil.example' },
        })
      ).status,
      403,
    );

    const otherPort = await mcpPost(sandbox, 'tools/list', {}, { ...auth, host: '127.0.0.1:1' });
    assert.equal(otherPort.status, 200);
  });
});

describe('rate limit: 60 requests per rolling minute', () => {
  test('the 61st request in a minute gets 429 with Retry-After; when the oldest leaves the window, one more passes', async () => {
    const { sandbox, clock } = await startStandIn();
    try {
      const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      for (let i = 0; i < 30; i += 1) assert.equal((await mcpPost(sandbox, 'ping', {}, auth)).status, 200);
      await clock.advance(30_000);
      for (let i = 0; i < 30; i += 1) assert.equal((await mcpPost(sandbox, 'ping', {}, auth)).status, 200);
      await clock.advance(10_000);

      const limited = await mcpPost(sandbox, 'ping', {}, auth);
      assert.equal(limited.status, 429);
      assert.equal(limited.headers['retry-after'], '20', 'the oldest request leaves the window in 20 s');
      assert.equal(/jsonrpc/.test(limited.text), false, 'outside the JSON-RPC envelope');

      // Other users (and anonymous callers, by IP) have their own count.
      const manager = await signIn(sandbox, SANDBOX_USERS.quaysideManager);
      assert.equal(
        (await mcpPost(sandbox, 'ping', {}, { authorization: `Bearer ${manager.access_token}` })).status,
        200,
      );

      await clock.advance(19_999);
      assert.equal((await mcpPost(sandbox, 'ping', {}, auth)).status, 429, 'still a full minute');
      await clock.advance(1);
      assert.equal(
        (await mcpPost(sandbox, 'ping', {}, auth)).status,
        200,
        'the first 30 left: one more passes',
      );
      // Rolling, not a fixed window: the 30 from second 30 still count, and refused ones never did.
      for (let i = 0; i < 29; i += 1) assert.equal((await mcpPost(sandbox, 'ping', {}, auth)).status, 200);
      const full = await mcpPost(sandbox, 'ping', {}, auth);
      assert.equal(full.status, 429);
      assert.equal(full.headers['retry-after'], '30');
    } finally {
      await sandbox.close();
    }
  });

  test('before authentication the count is by IP address, and a 429 comes before the 401', async () => {
    const { sandbox, clock } = await startStandIn();
    try {
      for (let i = 0; i < 60; i += 1) assert.equal((await mcpPost(sandbox, 'tools/list')).status, 401);
      const limited = await mcpPost(sandbox, 'tools/list');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers['retry-after'], '60');
      const tokens = await signIn(sandbox, SANDBOX_USERS.owner);
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      assert.equal(
        (await mcpPost(sandbox, 'tools/list', {}, auth)).status,
        200,
        'a signed-in user counts apart',
      );
      await clock.advance(60_000);
      assert.equal((await mcpPost(sandbox, 'tools/list')).status, 401);
    } finally {
      await sandbox.close();
    }
  });
});
