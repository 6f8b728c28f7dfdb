// `npm run merchant -- --url <mcp-url> tools/list` or `… tools/call NAME JSON`: the till's own
// merchant tools client from the command line, for integrators and outside test suites. Prints
// JSON on stdout. Sign-in: with --email/--password (or MERCHANT_EMAIL/MERCHANT_PASSWORD) it fills
// in the dashboard's sign-in form itself; with --follow-redirects (on by itself under the MCP
// conformance harness) it follows an authorisation page that redirects at once; otherwise it
// prints the sign-in address and waits for a browser. Tokens live in memory for this run only.
// The conformance harness appends the server address as the last argument and describes
// pre-registered clients in MCP_CONFORMANCE_CONTEXT.
//
// `runMerchantCli` is the whole command as a function of its arguments, environment and output
// streams, returning the exit code; cli.ts only runs it in a process of its own.
import { parseArgs } from 'node:util';
import { TillError } from '../../../shared/contract/errors';
import { systemClock, type Clock } from '../common/clock';
import { createLogger } from '../common/logger';
import { CredentialVault, memorySlots } from './credentials';
import { completeSignInHeadless } from './headless-sign-in';
import { MerchantSession, SignInNeeded, type ConnectOutcome } from './mcp-session';

const MAX_SIGN_INS_PER_CALL = 2;
export const USAGE = 'usage: npm run merchant -- --url <mcp-url> <tools/list | tools/call NAME JSON>';
export const BAD_TOOL_ARGUMENTS = 'The tool arguments must be a JSON object, e.g. {"venue":"Main"}.';

export interface MerchantCliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** MERCHANT_EMAIL, MERCHANT_PASSWORD, MCP_CONFORMANCE_*, npm_package_version (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  clock?: Clock;
  fetch?: typeof fetch;
}

/** The command was called wrongly: its words go to stderr and the exit code is 2. */
class UsageError extends Error {}

function parseToolArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // worded below
  }
  throw new UsageError(BAD_TOOL_ARGUMENTS);
}

function conformanceContext(text: string | undefined): { client_id?: string; client_secret?: string } {
  try {
    return JSON.parse(text ?? '{}') as { client_id?: string; client_secret?: string };
  } catch {
    return {};
  }
}

function readArguments(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'follow-redirects': { type: 'boolean', default: false },
      'client-metadata-url': { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const isUrl = (text: string) => /^https?:\/\//i.test(text);
  const args = positionals.filter((p) => !(values.url === undefined && isUrl(p)));
  const url = values.url ?? positionals.find(isUrl);
  const [operation, toolName, toolArgs] = args;
  if (url === undefined) throw new UsageError(USAGE);
  if (operation !== 'tools/list' && operation !== 'tools/call') throw new UsageError(USAGE);
  if (operation === 'tools/call' && !toolName) throw new UsageError(USAGE);
  return { values, url, operation, toolName: toolName ?? '', toolArgs };
}

/**
 * Runs the command: JSON on `io.stdout` and 0, or `{"error":{code,message}}` on stdout with the
 * message on stderr and 1, or the usage on stderr and 2. Options it does not know are thrown.
 */
export async function runMerchantCli(argv: readonly string[], io: MerchantCliIo): Promise<number> {
  const env = io.env ?? process.env;
  let command: ReturnType<typeof readArguments>;
  try {
    command = readArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportFailure(error, io);
  }
  const { values, url, operation, toolName, toolArgs } = command;
  const log = createLogger(
    'merchant-cli',
    values.verbose ? (line) => void io.stderr.write(`${line}\n`) : () => undefined,
  );
  const context = conformanceContext(env.MCP_CONFORMANCE_CONTEXT);
  const email = values.email ?? env.MERCHANT_EMAIL;
  const password = values.password ?? env.MERCHANT_PASSWORD;
  const headless =
    values['follow-redirects'] || env.MCP_CONFORMANCE_SCENARIO !== undefined || !!(email && password);
  const session = new MerchantSession({
    mcpUrl: url,
    vault: new CredentialVault(memorySlots(), () => 'live'),
    clock: io.clock ?? systemClock,
    log,
    version: env.npm_package_version ?? '0',
    clientName: 'Paydesk command line',
    ...(io.fetch && { fetch: io.fetch }),
    ...(context.client_id && {
      preRegistered: { client_id: context.client_id, client_secret: context.client_secret },
    }),
    ...(values['client-metadata-url'] && { clientMetadataUrl: values['client-metadata-url'] }),
  });
  const signIn = async (outcome: ConnectOutcome) => {
    if (outcome.kind === 'connected') return;
    if (headless) {
      await completeSignInHeadless(outcome.authorizationUrl, {
        ...(io.fetch && { fetch: io.fetch }),
        ...(email && password && { credentials: { email, password } }),
      }).catch(async (error: unknown) => {
        await session.cancelSignIn();
        throw error;
      });
    } else {
      io.stderr.write(`Sign in to the merchant dashboard in a browser:\n${outcome.authorizationUrl}\n`);
    }
    await outcome.finished;
  };
  const run = () =>
    operation === 'tools/list'
      ? session.listTools().then((tools) => ({ tools }))
      : session.callTool(toolName, parseToolArgs(toolArgs));
  const execute = async () => {
    try {
      await signIn(await session.connect());
      // The endpoint may ask for a new sign-in mid-way (a wider scope, a revoked token): sign in
      // again, at most twice, rather than loop.
      for (let signIns = 0; ; signIns++) {
        try {
          io.stdout.write(`${JSON.stringify(await run(), null, 2)}\n`);
          return;
        } catch (error) {
          if (!(error instanceof SignInNeeded) || signIns >= MAX_SIGN_INS_PER_CALL) throw error;
          await signIn(await session.beginSignIn());
        }
      }
    } finally {
      await session.close();
    }
  };
  try {
    await execute();
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  }
}

/** A failure after the arguments were read: the usage words (2), or the worded error as JSON (1). */
function reportFailure(error: unknown, io: MerchantCliIo): number {
  if (error instanceof UsageError) {
    io.stderr.write(`${error.message}\n`);
    return 2;
  }
  const worded =
    error instanceof TillError
      ? error.toShape()
      : { code: 'failed', message: String((error as Error)?.message ?? error) };
  io.stdout.write(`${JSON.stringify({ error: worded })}\n`);
  io.stderr.write(`${worded.message}\n`);
  return 1;
}
