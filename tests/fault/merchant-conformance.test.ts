// The merchant command line (the till's own MCP client) against the MCP conformance suite's
// scenarios that `merchant-peers.test.ts`'s `--suite auth` run does not cover: the 2025-03-26 back-compat
// scenarios (an endpoint with no protected-resource metadata, its authorisation server's metadata
// at the root naming an issuer with a path, or no metadata at all), with both operations, and the
// scope step-up with each operation. Real processes and loopback servers, so not in the unit suite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runConformance, type ConformanceRun } from '../support/conformance';

function failedChecks(run: ConformanceRun, scenario: string): string[] {
  const result = run.scenarios.get(scenario);
  assert.ok(result, `${scenario} ran (${[...run.scenarios.keys()].join(', ')})\n${run.stdout}`);
  return result.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => c.id);
}

test('the 2025-03-26 back-compat scenarios pass with tools/list and with tools/call', async () => {
  const runs = await Promise.all([
    runConformance(['--suite', 'backcompat'], 'tools/list'),
    runConformance(['--suite', 'backcompat'], 'tools/call test-tool {}'),
  ]);
  for (const run of runs) {
    for (const scenario of [
      'auth/2025-03-26-oauth-metadata-backcompat',
      'auth/2025-03-26-oauth-endpoint-fallback',
    ])
      assert.deepEqual(failedChecks(run, scenario), [], `${scenario}\n${run.stdout}`);
    assert.ok(run.passed, run.stdout);
  }
  const [listed] = runs;
  const metadataAtRoot = listed!.scenarios.get('auth/2025-03-26-oauth-metadata-backcompat')!;
  assert.match(metadataAtRoot.clientStdout, /"name": "test-tool"/, 'tools/list printed the tools');
  assert.deepEqual(
    ['authorization-server-metadata', 'client-registration', 'authorization-request', 'token-request'].filter(
      (id) => !metadataAtRoot.checks.some((c) => c.id === id && c.status === 'SUCCESS'),
    ),
    [],
    'discovered at the root, registered, signed in and got a token there',
  );
});

test('the scope step-up: a tool call that needs a wider scope signs in again for it; a list asks for no more than listing needs', async () => {
  const [called, listed] = await Promise.all([
    runConformance(['--scenario', 'auth/scope-step-up'], 'tools/call test-tool {}'),
    runConformance(['--scenario', 'auth/scope-step-up'], 'tools/list'),
  ]);
  assert.deepEqual(failedChecks(called, 'auth/scope-step-up'), [], called.stdout);
  assert.ok(called.passed, called.stdout);

  // Only tools/call meets the step-up server's 403 for a wider scope: a command that lists runs no
  // tool (a tool may change something), so the one check it cannot pass is the escalation.
  assert.deepEqual(failedChecks(listed, 'auth/scope-step-up'), ['scope-step-up-escalation'], listed.stdout);
  const { clientStdout } = listed.scenarios.get('auth/scope-step-up')!;
  assert.match(clientStdout, /"name": "test-tool"/, 'the tools were listed with the scope listing needs');
});
