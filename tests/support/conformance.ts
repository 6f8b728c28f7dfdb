// The MCP conformance suite (@modelcontextprotocol/conformance) run against `npm run merchant`:
// its client scenarios start mock MCP and authorisation servers on loopback and run the merchant
// command line against them, appending the server address as the last argument.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CONFORMANCE = 'node_modules/@modelcontextprotocol/conformance/dist/index.js';
/** The client-ID metadata document address the suite's CIMD scenario expects. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** Children get no proxy (everything here is on loopback) and are killed hard at their limit. */
export const CHILD = {
  killSignal: 'SIGKILL' as const,
  env: { ...process.env, NO_PROXY: '*', no_proxy: '*' },
};

/** `npm run merchant` with this operation, on this very Node (not whichever `node` PATH finds first). */
export function merchantCommand(operation: 'tools/list' | 'tools/call test-tool {}'): string {
  return `${process.execPath} --import tsx electron/services/merchant/cli.ts --client-metadata-url ${CLIENT_METADATA_URL} ${operation}`;
}

export interface CheckResult {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO';
  description: string;
}

export interface ConformanceRun {
  /** The suite's own report (ends with "=== SUITE SUMMARY ===" for a suite). */
  stdout: string;
  /** True when every check of every scenario passed (the suite's exit code). */
  passed: boolean;
  /** Each scenario's checks, and what the merchant command printed there. */
  scenarios: Map<string, { checks: CheckResult[]; clientStdout: string }>;
}

/**
 * Runs a suite (`--suite backcompat`) or one scenario (`--scenario auth/scope-step-up`) with the
 * merchant command, and reads every scenario's results back from the suite's output folder.
 */
export async function runConformance(
  select: ['--suite' | '--scenario', string],
  operation: Parameters<typeof merchantCommand>[0],
  timeoutMs = 120_000,
): Promise<ConformanceRun> {
  const output = mkdtempSync(join(tmpdir(), 'paydesk-conformance-'));
  try {
    const args = [CONFORMANCE, 'client', '--command', merchantCommand(operation), ...select];
    const { stdout, passed } = await run(
      process.execPath,
      [...args, '--timeout', '30000', '--output-dir', output],
      { ...CHILD, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
    ).then(
      ({ stdout }) => ({ stdout, passed: true }),
      (error: { stdout?: string; stderr?: string; killed?: boolean }) => {
        if (error.killed) throw new Error(`the conformance suite took over ${timeoutMs} ms`);
        return { stdout: `${error.stdout ?? ''}\n${(error.stderr ?? '').slice(-2000)}`, passed: false };
      },
    );
    return { stdout, passed, scenarios: readResults(output) };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

/** `<output>/auth/<scenario>-<time>/{checks.json,stdout.txt}` → results by scenario name. */
function readResults(output: string): ConformanceRun['scenarios'] {
  const scenarios: ConformanceRun['scenarios'] = new Map();
  for (const group of readdirSync(output)) {
    for (const folder of readdirSync(join(output, group))) {
      const name = `${group}/${folder.replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '')}`;
      const read = (file: string) => readFileSync(join(output, group, folder, file), 'utf8');
      scenarios.set(name, {
        checks: JSON.parse(read('checks.json')) as CheckResult[],
        clientStdout: readdirSync(join(output, group, folder)).includes('stdout.txt')
          ? read('stdout.txt')
          : '',
      });
    }
  }
  return scenarios;
}
