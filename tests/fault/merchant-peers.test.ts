// Real peers, as CI runs them: the MCP conformance suite's client authorisation scenarios against
// `npm run merchant` (its mock servers on loopback), and two other real clients listing the tools
// of the merchant stand-in: the MCP Inspector's command line and the SDK's own client (with a
// token the till's client obtained through the stand-in's sign-in page).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startMerchantSandbox, SANDBOX_USERS } from '../../electron/sandbox/merchant/server';
import { systemClock } from '../../electron/services/common/clock';
import { CredentialVault, memorySlots } from '../../electron/services/merchant/credentials';
import { completeSignInHeadless } from '../../electron/services/merchant/headless-sign-in';
import { MerchantSession } from '../../electron/services/merchant/mcp-session';
import { CHILD, runConformance } from '../support/conformance';

const run = promisify(execFile);
const INSPECTOR = 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** `work`, or a failure after `ms` naming what it waited for. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

test('the conformance suite’s client authorisation scenarios pass against npm run merchant', async () => {
  const { stdout, passed } = await runConformance(['--suite', 'auth'], 'tools/call test-tool {}');
  assert.ok(passed, `conformance failed:\n${stdout}`);
  const summary = stdout.slice(stdout.indexOf('=== SUITE SUMMARY ==='));
  assert.match(summary, /Total: \d+ passed, 0 failed, 0 warnings/, summary);
  for (const scenario of ['metadata-default', 'metadata-var3', 'scope-step-up', 'pre-registration'])
    assert.match(summary, new RegExp(`✓ auth/${scenario}:`), summary);
});

test('the Inspector’s command line and the SDK’s own client list the stand-in’s tools', async () => {
  const standIn = await startMerchantSandbox({});
  const vault = new CredentialVault(memorySlots(), () => 'live');
  const session = new MerchantSession({ mcpUrl: standIn.mcpUrl, vault, clock: systemClock, log: quiet });
  try {
    const outcome = await within(10_000, 'the stand-in to ask for a sign-in', session.connect());
    assert.equal(outcome.kind, 'sign_in');
    if (outcome.kind !== 'sign_in') return;
    await within(
      10_000,
      'the sign-in page',
      completeSignInHeadless(outcome.authorizationUrl, { credentials: SANDBOX_USERS.owner }),
    );
    await within(10_000, 'the till to exchange the sign-in for tokens', outcome.finished);
    const token = (await vault.signIn(standIn.issuer))!.tokens.access_token;

    const inspector = await run(
      process.execPath,
      [
        INSPECTOR,
        '--cli',
        standIn.mcpUrl,
        '--transport',
        'http',
        '--method',
        'tools/list',
        '--header',
        `Authorization: Bearer ${token}`,
      ],
      { ...CHILD, timeout: 60_000 },
    );
    const listed = JSON.parse(inspector.stdout) as { tools: { name: string }[] };
    assert.ok(
      listed.tools.some((t) => t.name === 'list_venues'),
      inspector.stdout.slice(0, 500),
    );

    const client = new Client({ name: 'sdk-peer', version: '1' });
    await within(
      10_000,
      'the SDK client to connect',
      client.connect(
        new StreamableHTTPClientTransport(new URL(standIn.mcpUrl), {
          authProvider: { token: async () => token },
        }),
      ),
    );
    const { tools } = await within(10_000, 'the SDK client to list the tools', client.listTools());
    await client.close();
    assert.equal(
      tools.filter((t) => t.annotations?.readOnlyHint === false).length,
      2,
      'exactly two write tools',
    );
  } finally {
    await session.close();
    await standIn.close();
  }
});
