// The tools behind the gates: read tools over the token user's first account (whatever the
// arguments say, and whatever the user sees in the dashboard), exactly two write tools whose
// changes later reads return, and the official SDK client listing them with a token from the flow.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describeSandbox, startSandboxServices } from '../../../electron/sandbox/index';
import { READ_TOOLS, SANDBOX_USERS, WRITE_TOOLS } from '../../../electron/sandbox/merchant/server';
import { DashboardBrowser } from '../../support/merchant-sign-in';
import { ManualClock } from '../../support/manual-clock';
import { callTool, mcpPost, rpcMessage, signIn, startStandIn, type StandIn } from './support';

let standIn: StandIn;
let ownerToken: string;
before(async () => {
  standIn = await startStandIn();
  ownerToken = (await signIn(standIn.sandbox, SANDBOX_USERS.owner)).access_token;
});
after(() => standIn.close());

const ids = (rows: unknown) => (rows as { id: string }[]).map((r) => r.id).sort();

describe('tools/list', () => {
  test('read tools and exactly two write tools', async () => {
    const answer = await mcpPost(
      standIn.sandbox,
      'tools/list',
      {},
      { authorization: `Bearer ${ownerToken}` },
    );
    const tools = (
      rpcMessage(answer).result as { tools: { name: string; annotations?: { readOnlyHint?: boolean } }[] }
    ).tools;
    assert.deepEqual(tools.map((t) => t.name).sort(), [...READ_TOOLS, ...WRITE_TOOLS].sort());
    const writes = tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name);
    assert.deepEqual(writes.sort(), [...WRITE_TOOLS].sort());
  });
});

describe('the account is the token user’s first account', () => {
  test('arguments naming another account are ignored', async () => {
    const { sandbox } = standIn;
    const venues = await callTool(sandbox, ownerToken, 'list_venues', { account_id: 'acc_hilltop' });
    assert.deepEqual(ids(venues.structuredContent!.venues), ['ven_oldtown', 'ven_quayside', 'ven_station']);
    const sales = await callTool(sandbox, ownerToken, 'list_sales', {
      accountId: 'acc_northside',
      limit: 100,
    });
    const saleRows = sales.structuredContent!.sales as { venue_id: string; total_minor: number }[];
    assert.equal(saleRows.length, 5);
    assert.ok(
      saleRows.every(
        (s) => s.venue_id.startsWith('ven_') && !['ven_hilltop', 'ven_northside'].includes(s.venue_id),
      ),
    );
    const account = await callTool(sandbox, ownerToken, 'get_account', { account: 'acc_hilltop' });
    assert.equal((account.structuredContent!.account as { id: string }).id, 'acc_harbour');

    // Another account's product cannot be written either: not found in this account.
    const foreign = await callTool(sandbox, ownerToken, 'update_product_price', {
      product_id: 'prd_sourdough',
      price_minor: 1,
      account_id: 'acc_hilltop',
    });
    assert.equal(foreign.isError, true);
    assert.equal(sandbox.data.products.find((p) => p.id === 'prd_sourdough')!.priceMinor, 450);
  });

  test('a user who sees one venue in the dashboard still reads every venue of the account', async () => {
    const { sandbox } = standIn;
    const browser = new DashboardBrowser();
    const manager = await signIn(sandbox, SANDBOX_USERS.quaysideManager, browser);
    const dashboard = await browser.open(`${new URL(sandbox.issuer).origin}/dashboard`);
    assert.deepEqual(
      [...dashboard.body.matchAll(/data-venue="([^"]+)"/g)].map((m) => m[1]),
      ['ven_quayside'],
    );
    const venues = await callTool(sandbox, manager.access_token, 'list_venues');
    assert.deepEqual(ids(venues.structuredContent!.venues), ['ven_oldtown', 'ven_quayside', 'ven_station']);
    const terminals = await callTool(sandbox, manager.access_token, 'list_terminals');
    assert.deepEqual(ids(terminals.structuredContent!.terminals), [
      'trm_old_1',
      'trm_quay_1',
      'trm_quay_2',
      'trm_station_1',
    ]);
  });
});

describe('the two write tools', () => {
  test('update_product_price changes the price list_products returns', async () => {
    const { sandbox } = standIn;
    const manager = await signIn(sandbox, SANDBOX_USERS.quaysideManager);
    const price = async () =>
      (
        (await callTool(sandbox, ownerToken, 'list_products')).structuredContent!.products as {
          id: string;
          price_minor: number;
        }[]
      ).find((p) => p.id === 'prd_flat_white')!.price_minor;
    assert.equal(await price(), 320);
    const changed = await callTool(sandbox, manager.access_token, 'update_product_price', {
      product_id: 'prd_flat_white',
      price_minor: 345,
    });
    assert.equal(changed.structuredContent!.previous_price_minor, 320);
    assert.equal(await price(), 345);
  });

  test('rename_terminal changes the name list_terminals returns', async () => {
    const { sandbox } = standIn;
    await callTool(sandbox, ownerToken, 'rename_terminal', {
      terminal_id: 'trm_old_1',
      name: 'Old Town window',
    });
    const terminals = (await callTool(sandbox, ownerToken, 'list_terminals', { venue_id: 'ven_oldtown' }))
      .structuredContent!.terminals as { id: string; name: string }[];
    assert.deepEqual(terminals, [
      {
        id: 'trm_old_1',
        venue_id: 'ven_oldtown',
        name: 'Old Town window',
        model: 'Counter Pro 2',
        status: 'online',
      },
    ]);
  });

  test('a bad price is refused by the schema and nothing changes', async () => {
    const { sandbox } = standIn;
    const before = sandbox.data.products.find((p) => p.id === 'prd_latte')!.priceMinor;
    const answer = await mcpPost(
      sandbox,
      'tools/call',
      { name: 'update_product_price', arguments: { product_id: 'prd_latte', price_minor: 3.5 } },
      { authorization: `Bearer ${ownerToken}` },
    );
    const message = rpcMessage(answer);
    const refused = message.error !== undefined || (message.result as { isError?: boolean }).isError === true;
    assert.ok(refused, answer.text);
    assert.equal(sandbox.data.products.find((p) => p.id === 'prd_latte')!.priceMinor, before);
  });
});

describe('the official SDK client', () => {
  test('Client + StreamableHTTPClientTransport with a bearer token from the flow lists the tools', async () => {
    const client = new Client({ name: 'sdk-peer', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(standIn.sandbox.mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${ownerToken}` } },
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...READ_TOOLS, ...WRITE_TOOLS].sort());
      const result = await client.callTool({ name: 'list_venues', arguments: {} });
      assert.equal((result.structuredContent as { venues: unknown[] }).venues.length, 3);
    } finally {
      await client.close();
    }
  });
});

describe('npm run sandbox', () => {
  test('its JSON line names the MCP endpoint and a dashboard user who can sign in', async () => {
    const services = await startSandboxServices({ clock: new ManualClock() });
    try {
      const { merchant } = describeSandbox(services);
      assert.match(merchant.mcpUrl, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const tokens = await signIn(services.merchant, merchant);
      const venues = await callTool(services.merchant, tokens.access_token, 'list_venues');
      assert.equal((venues.structuredContent!.venues as unknown[]).length, 3);
    } finally {
      await services.close();
    }
  });
});
