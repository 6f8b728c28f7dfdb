// The tools as staff see them, at their edges (tool-views.ts): a name with stray separators, text
// that only looks like JSON, and an account tool whose answer is not the shape the till reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Tool } from '@modelcontextprotocol/client';
import type { MerchantSession } from '../../../electron/services/merchant/mcp-session';
import { readableName, readAccount, toToolResult } from '../../../electron/services/merchant/tool-views';

test('a name starting or ending with separators reads as words, with no space in front', () => {
  assert.equal(readableName('_list_venues_'), 'List venues');
  assert.equal(readableName('--refund-sale'), 'Refund sale');
});

test('only text that starts as a JSON object or array becomes the data; a bare number or quoted words stay text', () => {
  const text = (t: string) => toToolResult({ content: [{ type: 'text', text: t }] });
  // Valid JSON, but not an object or a list: it is what the tool says, not data to show as a table.
  assert.deepEqual(text('3'), { isError: false, structured: null, text: ['3'] });
  assert.deepEqual(text('"Closed {today}"'), {
    isError: false,
    structured: null,
    text: ['"Closed {today}"'],
  });
  assert.deepEqual(text(' [2, 3] '), { isError: false, structured: [2, 3], text: [] });
});

test('an account tool answering in another shape names nobody (the till shows no account, and goes on)', async () => {
  const session = {
    callTool: async () => ({ content: [], structuredContent: { account: 'Harbour Café Ltd' } }),
  } as unknown as MerchantSession;
  const getAccount: Tool = {
    name: 'get_account',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  };
  assert.equal(await readAccount(session, [getAccount]), null);
});
