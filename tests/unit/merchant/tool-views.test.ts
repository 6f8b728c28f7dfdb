// The tools as staff see them: readable titles, which ones change something, results split into
// data and words, the account tool, and the status bar's wording for each state.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { merchantConnection } from '../../../electron/services/merchant/connection-view';
import type { MerchantSession } from '../../../electron/services/merchant/mcp-session';
import {
  readAccount,
  readableName,
  toMerchantTool,
  toToolResult,
} from '../../../electron/services/merchant/tool-views';
import type { MerchantStatus } from '../../../shared/contract';

const schema = { type: 'object' as const, properties: {} };
const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({ name, inputSchema: schema, ...extra });

test('titles: the tool’s title, else its annotation’s, else its name in words', () => {
  assert.equal(readableName('list_products'), 'List products');
  assert.equal(readableName('renameTerminal'), 'Rename terminal');
  assert.equal(readableName('get--sales__today'), 'Get sales today');
  assert.equal(toMerchantTool(tool('list_venues')).title, 'List venues');
  assert.equal(toMerchantTool(tool('x', { annotations: { title: 'Venues' } })).title, 'Venues');
  assert.equal(toMerchantTool(tool('x', { title: 'Own', annotations: { title: 'Other' } })).title, 'Own');
  assert.equal(toMerchantTool(tool('x')).description, '');
});

test('a tool’s schemas go to the screens as published: its input, and its output (for money in results) or null', () => {
  const output = {
    type: 'object' as const,
    properties: { total: { type: 'integer', description: 'in pence' } },
  };
  assert.deepEqual(toMerchantTool(tool('sales', { outputSchema: output })).outputSchema, output);
  assert.equal(toMerchantTool(tool('sales')).outputSchema, null);
  assert.deepEqual(toMerchantTool(tool('sales')).inputSchema, schema);
});

test('only a tool that says it only reads runs without a confirmation', () => {
  assert.equal(toMerchantTool(tool('a', { annotations: { readOnlyHint: true } })).writes, false);
  assert.equal(toMerchantTool(tool('b', { annotations: { readOnlyHint: false } })).writes, true);
  assert.equal(toMerchantTool(tool('c')).writes, true, 'no hint: treated as changing something');
});

test('results: structured content wins, JSON text becomes the data otherwise, other content is named', () => {
  assert.deepEqual(
    toToolResult({
      content: [
        { type: 'text', text: ' {"venues":[1]} ' },
        { type: 'text', text: 'Three venues.' },
        { type: 'image', data: 'AA==', mimeType: 'image/png' },
      ],
    }),
    { isError: false, structured: { venues: [1] }, text: ['Three venues.', '(image content not shown)'] },
  );
  assert.deepEqual(
    toToolResult({
      content: [{ type: 'text', text: '{"b":2}' }],
      structuredContent: { a: 1 },
      isError: true,
    }),
    { isError: true, structured: { a: 1 }, text: [] },
  );
  assert.deepEqual(toToolResult({ content: [{ type: 'text', text: '{not json' }] }), {
    isError: false,
    structured: null,
    text: ['{not json'],
  });
  // An endpoint may leave the content out when it answers with structured data only.
  assert.deepEqual(toToolResult({ structuredContent: { venues: [] } } as unknown as CallToolResult), {
    isError: false,
    structured: { venues: [] },
    text: [],
  });
});

/** A session whose tool calls answer `answer` and record the names called. */
function sessionAnswering(answer: unknown) {
  const called: string[] = [];
  const session = {
    callTool: async (name: string) => {
      called.push(name);
      return { content: [], structuredContent: answer };
    },
  } as unknown as MerchantSession;
  return { session, called };
}

const readOnly = { annotations: { readOnlyHint: true } };

test('the account: from a read tool named for it, taking no arguments; name, who in words, and its currency', async () => {
  const who = {
    account: { name: 'Harbour Café Ltd', currency: 'GBP' },
    signed_in_as: { name: 'Hana', email: 'h@x.example' },
  };
  const { session, called } = sessionAnswering(who);
  assert.deepEqual(
    await readAccount(session, [tool('list_venues', readOnly), tool('get_account', readOnly)]),
    {
      name: 'Harbour Café Ltd',
      detail: 'Hana, h@x.example',
      currency: 'GBP',
    },
  );
  assert.deepEqual(called, ['get_account']);

  for (const name of ['whoami', 'me', 'getAccount', 'ACCOUNT'])
    assert.ok(await readAccount(session, [tool(name, readOnly)]), name);
  for (const name of ['get_accounts', 'my_account', 'account_me'])
    assert.equal(await readAccount(session, [tool(name, readOnly)]), null, name);
  assert.equal(await readAccount(session, [tool('get_account')]), null, 'not marked read-only');
  const needsArgs = tool('get_account', { ...readOnly, inputSchema: { ...schema, required: ['id'] } });
  assert.equal(await readAccount(session, [needsArgs]), null, 'needs arguments');

  const onlyWho = sessionAnswering({ signed_in_as: { email: 'h@x.example' } }).session;
  assert.deepEqual(await readAccount(onlyWho, [tool('me', readOnly)]), {
    name: 'h@x.example',
    detail: 'h@x.example',
    currency: null,
  });
  const nobody = sessionAnswering({ account: {} }).session;
  assert.equal(await readAccount(nobody, [tool('me', readOnly)]), null);
  const accountOnly = sessionAnswering({ account: { name: 'Deli' } }).session;
  assert.deepEqual(await readAccount(accountOnly, [tool('me', readOnly)]), {
    name: 'Deli',
    detail: null,
    currency: null,
  });
  // Only a currency code amounts can be written in.
  for (const currency of ['pounds', 'gbp', '£', 'GBPX', 826]) {
    const odd = sessionAnswering({ account: { name: 'Deli', currency } }).session;
    assert.equal((await readAccount(odd, [tool('me', readOnly)]))?.currency ?? null, null, String(currency));
  }
  const euros = sessionAnswering({ account: { name: 'Deli', currency: 'EUR' } }).session;
  assert.equal((await readAccount(euros, [tool('me', readOnly)]))?.currency, 'EUR');
});

test('the status bar says each state in the screen’s words', () => {
  const status = (over: Partial<MerchantStatus>): MerchantStatus => ({
    mode: 'sandbox',
    state: 'signed_out',
    account: null,
    authorizationUrl: null,
    openedInBrowser: false,
    message: null,
    retryAfterMs: null,
    ...over,
  });
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  const pill = (over: Partial<MerchantStatus>) => merchantConnection(status(over), now);
  assert.deepEqual(pill({ state: 'connected', account: { name: 'Deli', detail: null, currency: null } }), {
    service: 'merchant',
    mode: 'sandbox',
    checkedAt: '2026-11-23T09:00:00.000Z',
    state: 'online',
    detail: 'Signed in to Deli',
  });
  assert.equal(pill({ state: 'connected' }).detail, 'Signed in');
  assert.equal(pill({ state: 'problem', message: 'Busy.' }).detail, 'Busy.');
  assert.equal(pill({ state: 'problem' }).state, 'error');
  assert.match(pill({ state: 'problem' }).detail, /not answering right now\. Try again in a few minutes\.$/);
  assert.equal(pill({ state: 'signing_in' }).state, 'signing_in');
  assert.equal(pill({ state: 'signed_out' }).detail, 'Not signed in. Connect on the Merchant tools screen.');
  assert.equal(pill({ state: 'signed_out', message: 'Ended.' }).detail, 'Ended.');
});
