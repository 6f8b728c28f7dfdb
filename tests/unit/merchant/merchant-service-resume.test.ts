// A kept sign-in resuming after a restart (merchant-service.ts), against the stand-in over real
// HTTP: a Disconnect pressed while it resumes wins (signed out, nothing kept, even tokens the
// resume refreshed on the way), a Connect pressed after that Disconnect keeps its own sign-in
// page, the account kept with the sign-in shows when the tool list fails, and an endpoint that
// asks for no sign-in at all connects with the account its tools name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { MerchantService } from '../../../electron/services/merchant/merchant-service';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { HARBOUR, holdFirst, signInAsOwner, startMerchantRig, type MerchantRig } from './support';

const HOUR = 60 * 60_000;

const keptTokens = (rig: MerchantRig) => rig.secrets.get('merchant.oauthTokens', 'sandbox');

test('a Disconnect pressed while a kept sign-in resumes wins: signed out, and the tokens it refreshed are not kept', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    await rig.clock.advance(2 * HOUR); // the access token has expired: the resume refreshes it
    const restarted = rig.restart();
    const refresh = holdFirst<{ body: string }>(({ body }) => body.includes('grant_type=refresh_token'));
    rig.hold = refresh.hook;
    const resuming = restarted.resumedStatus();
    await refresh.held;

    assert.equal((await restarted.disconnect()).state, 'signed_out');
    assert.equal(await keptTokens(rig), null, 'Disconnect forgot the kept sign-in');
    refresh.release(); // the dashboard answers the refresh with new tokens after all

    const resumed = await resuming;
    assert.equal(resumed.state, 'signed_out', 'the resume does not show "connected" after the Disconnect');
    assert.equal(resumed.account, null);
    assert.equal(restarted.status().state, 'signed_out');
    assert.equal(rig.reported.at(-1)?.state, 'signed_out', 'the screens were last told "signed out"');
    assert.equal(await keptTokens(rig), null, 'the refreshed tokens were not saved back');

    const next = rig.restart();
    const sent = rig.requests.length;
    assert.equal((await next.resumedStatus()).state, 'signed_out');
    assert.deepEqual(rig.requests.slice(sent), [], 'nothing kept: the next start does not even try');
  } finally {
    await rig.close();
  }
});

test('a Connect pressed after that Disconnect, before the resume finished, keeps its sign-in page to the end', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    await rig.clock.advance(2 * HOUR);
    const restarted = rig.restart();
    const refresh = holdFirst<{ body: string }>(({ body }) => body.includes('grant_type=refresh_token'));
    rig.hold = refresh.hook;
    const resuming = restarted.resumedStatus();
    await refresh.held;
    await restarted.disconnect();
    const started = await restarted.connect();
    assert.equal(started.state, 'signing_in', 'nothing kept any more: the sign-in page is offered');

    refresh.release();
    await resuming;
    const now = restarted.status();
    assert.equal(now.state, 'signing_in', 'the late resume leaves the new sign-in alone');
    assert.equal(now.authorizationUrl, started.authorizationUrl);

    const connected = rig.waitForState('connected');
    const page = await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
    assert.equal(page.appAnswer?.status, 200, 'the page’s listener still answers');
    assert.deepEqual((await connected).account, HARBOUR);
  } finally {
    await rig.close();
  }
});

test('the account kept with the sign-in shows after a restart when the tool list cannot be read', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    const restarted = rig.restart();
    rig.hold = ({ body }) =>
      body.includes('"tools/list"') ? Promise.reject(new TypeError('fetch failed')) : undefined;
    const resumed = await restarted.resumedStatus();
    assert.equal(resumed.state, 'connected');
    assert.deepEqual(resumed.account, HARBOUR);
  } finally {
    await rig.close();
  }
});

/** An MCP endpoint that asks for no sign-in, with one tool naming the account, answered in-process. */
function openEndpoint(): typeof fetch {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'open-merchant-tools', version: '1.0.0' });
    server.registerTool(
      'get_account',
      { inputSchema: z.object({}), annotations: { readOnlyHint: true } },
      () => ({ content: [], structuredContent: { account: { name: 'Corner Deli' } } }),
    );
    return server;
  });
  return (input, init) => handler.fetch(new Request(input, init));
}

test('an endpoint that asks for no sign-in connects with the account its tools name, keeps nothing, and warns of nothing', async () => {
  const rig = await startMerchantRig();
  try {
    const service = new MerchantService({
      settings: rig.settings,
      secrets: rig.secrets,
      sandbox: async () => ({ mcpUrl: 'http://open-tools.test/mcp' }),
      clock: rig.clock,
      log: { info: () => {}, warn: (m) => rig.logs.push(m), error: (m) => rig.logs.push(m) },
      version: 'test',
      fetch: openEndpoint(),
      onChange: () => {},
    });
    try {
      const status = await service.connect();
      assert.equal(status.state, 'connected');
      assert.deepEqual(status.account, { name: 'Corner Deli', detail: null, currency: null });
      assert.equal(await keptTokens(rig), null, 'no sign-in, so nothing in the keychain');
      assert.deepEqual(rig.logs, [], 'the account was read: no warning that it could not be');
    } finally {
      await service.close();
    }
  } finally {
    await rig.close();
  }
});
