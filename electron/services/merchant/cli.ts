// `npm run merchant -- --url <mcp-url> tools/list` or `… tools/call NAME JSON`: the till's own
// merchant tools client from the command line, for integrators and outside test suites. Prints
// JSON on stdout. Sign-in: with --email/--password (or MERCHANT_EMAIL/MERCHANT_PASSWORD) it fills
// in the dashboard's sign-in form itself; with --follow-redirects (on by itself under the MCP
// conformance harness) it follows an authorisation page that redirects at once; otherwise it
// prints the sign-in address and waits for a browser. Tokens live in memory for this run only.
// The conformance harness appends the server address as the last argument and describes
// pre-registered clients in MCP_CONFORMANCE_CONTEXT.
import { parseArgs } from 'node:util';
import { TillError } from '../../../shared/contract/errors';
import { systemClock } from '../common/clock';
import { createLogger } from '../common/logger';
import { CredentialVault, memorySlots } from './credentials';
import { completeSignInHeadless } from './headless-sign-in';
import { MerchantSession, SignInNeeded, type ConnectOutcome } from './mcp-session';

const MAX_SIGN_INS_PER_CALL = 2;
const USAGE = 'usage: npm run merchant -- --url <mcp-url> <tools/list | tools/call NAME JSON>';

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { values, positionals } = parseArgs({
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
const url = values.url ?? positionals.find(isUrl) ?? fail(USAGE);
const [operation, toolName, toolArgs] = args;
if (operation !== 'tools/list' && operation !== 'tools/call') fail(USAGE);
if (operation === 'tools/call' && !toolName) fail(USAGE);

function parseToolArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // worded below
  }
  return fail('The tool arguments must be a JSON object, e.g. {"venue":"Main"}.');
}

function conformanceContext(): { client_id?: string; client_secret?: string } {
  try {
    return JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
      client_id?: string;
      client_secret?: string;
    };
  } catch {
    return {};
  }
}

async function main(): Promise<void> {
  const log = createLogger('merchant-cli', values.verbose ? undefined : () => undefined);
  const context = conformanceContext();
  const email = values.email ?? process.env.MERCHANT_EMAIL;
  const password = values.password ?? process.env.MERCHANT_PASSWORD;
  const headless =
    values['follow-redirects'] || process.env.MCP_CONFORMANCE_SCENARIO !== undefined || !!(email && password);
  const session = new MerchantSession({
    mcpUrl: url,
    vault: new CredentialVault(memorySlots(), () => 'live'),
    clock: systemClock,
    log,
    version: process.env.npm_package_version ?? '0',
    clientName: 'Paydesk command line',
    ...(context.client_id && {
      preRegistered: { client_id: context.client_id, client_secret: context.client_secret },
    }),
    ...(values['client-metadata-url'] && { clientMetadataUrl: values['client-metadata-url'] }),
  });
  const signIn = async (outcome: ConnectOutcome) => {
    if (outcome.kind === 'connected') return;
    if (headless) {
      await completeSignInHeadless(outcome.authorizationUrl, {
        ...(email && password && { credentials: { email, password } }),
      }).catch(async (error: unknown) => {
        await session.cancelSignIn();
        throw error;
      });
    } else {
      process.stderr.write(`Sign in to the merchant dashboard in a browser:\n${outcome.authorizationUrl}\n`);
    }
    await outcome.finished;
  };
  const run = () =>
    operation === 'tools/list'
      ? session.listTools().then((tools) => ({ tools }))
      : session.callTool(toolName!, parseToolArgs(toolArgs));
  try {
    await signIn(await session.connect());
    // The endpoint may ask for a new sign-in mid-way (a wider scope, a revoked token): sign in
    // again, at most twice, rather than loop.
    for (let signIns = 0; ; signIns++) {
      try {
        process.stdout.write(`${JSON.stringify(await run(), null, 2)}\n`);
        return;
      } catch (error) {
        if (!(error instanceof SignInNeeded) || signIns >= MAX_SIGN_INS_PER_CALL) throw error;
        await signIn(await session.beginSignIn());
      }
    }
  } finally {
    await session.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const worded =
      error instanceof TillError
        ? error.toShape()
        : { code: 'failed', message: String((error as Error)?.message ?? error) };
    process.stdout.write(`${JSON.stringify({ error: worded })}\n`);
    process.stderr.write(`${worded.message}\n`);
    process.exit(1);
  },
);
