// `npm run merchant` in process (runMerchantCli) against the merchant stand-in, both on one manual
// clock: exactly what it prints on stdout and stderr and the exit code it returns, for the tool
// list, tool calls with JSON arguments, arguments it cannot use, and sign-ins that fail.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import {
  startMerchantSandbox,
  SANDBOX_USERS,
  type MerchantSandbox,
} from '../../../electron/sandbox/merchant/server';
import { BAD_TOOL_ARGUMENTS, runMerchantCli, USAGE } from '../../../electron/services/merchant/command-line';
import { ManualClock } from '../../support/manual-clock';
import { signInThroughDashboard } from '../../support/merchant-sign-in';

const OWNER = SANDBOX_USERS.owner;
/** A command left waiting (for a browser that never comes) fails the test by name instead of hanging. */
const LIMIT = { timeout: 20_000 };
const SIGNED_OUT =
  'Your sign-in to the merchant tools has ended. Connect again and sign in with your dashboard account.';

interface Printed {
  code: number;
  stdout: string;
  stderr: string;
}

interface Rig {
  standIn: MerchantSandbox;
  clock: ManualClock;
  /** Runs the command with these arguments (and environment); what it printed and returned. */
  run(
    argv: string[],
    options?: { env?: Record<string, string>; onStderr?: (text: string) => void },
  ): Promise<Printed>;
  /** Every request the command sent, as "METHOD path", in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Sees each request as it is sent; a promise returned holds the request until it settles. */
type BeforeEach = (request: {
  url: string;
  method: string;
  body: string;
  signal?: AbortSignal;
}) => void | Promise<void>;

async function startRig(beforeEach?: BeforeEach): Promise<Rig> {
  const clock = new ManualClock();
  const standIn = await startMerchantSandbox({ clock });
  const requests: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${new URL(url).pathname}`);
    const body = typeof init?.body === 'string' ? init.body : '';
    const held = beforeEach?.({ url, method, body, ...(init?.signal && { signal: init.signal }) });
    return held ? held.then(() => globalThis.fetch(input, init)) : globalThis.fetch(input, init);
  };
  return {
    standIn,
    clock,
    requests,
    async run(argv, options = {}) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runMerchantCli(argv, {
        stdout: { write: (text: string) => out.push(text) },
        stderr: {
          write: (text: string) => {
            err.push(text);
            options.onStderr?.(text);
          },
        },
        env: options.env ?? {},
        clock,
        fetch,
      });
      return { code, stdout: out.join(''), stderr: err.join('') };
    },
    close: () => standIn.close(),
  };
}

const signInArgs = (who: { email: string; password: string } = OWNER) => [
  '--email',
  who.email,
  '--password',
  who.password,
];

/** The result printed as the command prints it: indented JSON and a newline, nothing else. */
function printedJson(printed: Printed): Record<string, unknown> {
  assert.equal(printed.stderr, '', 'nothing on stderr');
  assert.equal(printed.code, 0, printed.stdout);
  const value = JSON.parse(printed.stdout) as Record<string, unknown>;
  assert.equal(printed.stdout, `${JSON.stringify(value, null, 2)}\n`);
  return value;
}

/** A failure as the command prints it: one JSON line on stdout, the words on stderr, exit 1. */
function assertFailure(printed: Printed, code: string, message: string) {
  assert.equal(printed.stdout, `${JSON.stringify({ error: { code, message } })}\n`);
  assert.equal(printed.stderr, `${message}\n`);
  assert.equal(printed.code, 1);
}

test(
  'tools/list signs in with --email/--password and prints every tool as indented JSON',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const printed = await rig.run(['--url', rig.standIn.mcpUrl, ...signInArgs(), 'tools/list']);
      const { tools } = printedJson(printed) as {
        tools: { name: string; annotations?: { readOnlyHint?: boolean } }[];
      };
      assert.deepEqual(Object.keys(printedJson(printed)), ['tools']);
      const names = tools.map((t) => t.name);
      assert.ok(names.includes('list_venues') && names.includes('update_product_price'), names.join());
      assert.equal(tools.filter((t) => t.annotations?.readOnlyHint === false).length, 2);
      assert.equal(rig.standIn.stats().tokenRequests.authorization_code, 1, 'one sign-in');
      // The command's own browser filled in the dashboard's form; the code was exchanged once.
      assert.deepEqual(
        rig.requests.filter((r) => /\/(oauth|dashboard)\//.test(r)),
        [
          'POST /oauth/register',
          'GET /oauth/authorize',
          'GET /dashboard/sign-in',
          'POST /dashboard/sign-in',
          'POST /oauth/token',
        ],
      );
    } finally {
      await rig.close();
    }
  },
);

test(
  'tools/call sends the JSON arguments: a read with a limit, and a write that really changes the price',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const sales = printedJson(
        await rig.run([
          '--url',
          rig.standIn.mcpUrl,
          ...signInArgs(),
          'tools/call',
          'list_sales',
          '{"limit":2}',
        ]),
      ) as { isError?: boolean; structuredContent: { sales: unknown[] } };
      assert.equal(sales.structuredContent.sales.length, 2);
      assert.notEqual(sales.isError, true);

      const product = rig.standIn.data.products.find((p) => p.accountId === 'acc_harbour')!;
      const price = product.priceMinor + 25;
      const changed = printedJson(
        await rig.run([
          '--url',
          rig.standIn.mcpUrl,
          ...signInArgs(),
          'tools/call',
          'update_product_price',
          JSON.stringify({ product_id: product.id, price_minor: price }),
        ]),
      ) as { isError?: boolean };
      assert.notEqual(changed.isError, true);
      assert.equal(product.priceMinor, price);
    } finally {
      await rig.close();
    }
  },
);

test(
  'the address may come last, credentials from MERCHANT_EMAIL/MERCHANT_PASSWORD, and no JSON means {}',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const printed = await rig.run(['tools/call', 'list_venues', rig.standIn.mcpUrl], {
        env: { MERCHANT_EMAIL: OWNER.email, MERCHANT_PASSWORD: OWNER.password },
      });
      const venues = printedJson(printed) as { structuredContent: { venues: unknown[] } };
      assert.equal(venues.structuredContent.venues.length, 3);

      const empty = printedJson(
        await rig.run(['--url', rig.standIn.mcpUrl, ...signInArgs(), 'tools/call', 'list_venues', '']),
      ) as { structuredContent: { venues: unknown[] } };
      assert.equal(empty.structuredContent.venues.length, 3);
    } finally {
      await rig.close();
    }
  },
);

test(
  'wrong arguments print the usage (or the JSON rule) on stderr, nothing on stdout, and exit 2',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const url = rig.standIn.mcpUrl;
      for (const argv of [
        ['tools/list'],
        ['--url', url],
        ['--url', url, 'tools/nope'],
        ['--url', url, 'tools/call'],
        ['ftp://example.test/mcp', 'tools/list'],
      ])
        assert.deepEqual(await rig.run(argv), { code: 2, stdout: '', stderr: `${USAGE}\n` }, argv.join(' '));
      assert.deepEqual(rig.requests, [], 'nothing was sent for a command that could not be read');

      for (const json of ['[1]', 'not json', '"text"', 'null', '7'])
        assert.deepEqual(
          await rig.run(['--url', url, ...signInArgs(), 'tools/call', 'list_sales', json]),
          { code: 2, stdout: '', stderr: `${BAD_TOOL_ARGUMENTS}\n` },
          json,
        );
      assert.equal(rig.standIn.stats().mcpCalls > 0, true, 'the JSON is read once signed in, as before');

      await assert.rejects(rig.run(['--url', url, '--bogus', 'tools/list']), {
        code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION',
      });
    } finally {
      await rig.close();
    }
  },
);

test(
  'a sign-in that fails prints the error as one JSON line, the words on stderr, and exits 1',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const url = rig.standIn.mcpUrl;
      assertFailure(
        await rig.run(['--url', url, ...signInArgs({ email: OWNER.email, password: 'wrong' }), 'tools/list']),
        'failed',
        'The dashboard did not accept that sign-in (status 401).',
      );
      assertFailure(
        await rig.run(['--url', url, '--follow-redirects', 'tools/list']),
        'failed',
        'The sign-in page asks for a dashboard email and password (--email, --password).',
      );
      assertFailure(
        await rig.run(['--url', url, 'tools/list'], { env: { MCP_CONFORMANCE_SCENARIO: 'auth/basic' } }),
        'failed',
        'The sign-in page asks for a dashboard email and password (--email, --password).',
      );
      assertFailure(
        await rig.run(['--url', url, ...signInArgs(SANDBOX_USERS.notOnWaitlist), 'tools/list']),
        'not_allowed',
        'This dashboard account is not on the merchant tools waiting list yet. Ask for access in the merchant dashboard, or sign in with an account that has it.',
      );
      assert.equal(rig.standIn.stats().tokenRequests.authorization_code, 0, 'no sign-in was completed');
    } finally {
      await rig.close();
    }
  },
);

test('an address where nothing answers is worded as unreachable', LIMIT, async () => {
  const rig = await startRig();
  try {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as { port: number };
    await new Promise<void>((resolve) => free.close(() => resolve()));
    assertFailure(
      await rig.run(['--url', `http://127.0.0.1:${port}/mcp`, ...signInArgs(), 'tools/list']),
      'unreachable',
      'The merchant tools cannot be reached. Check this computer’s internet connection, then try again.',
    );
  } finally {
    await rig.close();
  }
});

test(
  'without credentials it prints the sign-in address, and finishes when a browser signs in there',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      let browser: Promise<unknown> | undefined;
      const printed = await rig.run(['--url', rig.standIn.mcpUrl, 'tools/call', 'list_venues', '{}'], {
        onStderr: (text) => {
          const address = /^(http:\/\/\S+)$/m.exec(text)?.[1];
          if (address) browser = signInThroughDashboard(address, OWNER);
        },
      });
      assert.ok(browser, 'the sign-in address was printed');
      await browser;
      assert.equal(printed.code, 0, printed.stdout);
      const address = new URL(/^(http:\/\/\S+)$/m.exec(printed.stderr)![1]!);
      assert.equal(printed.stderr, `Sign in to the merchant dashboard in a browser:\n${address.href}\n`);
      assert.equal(address.searchParams.get('code_challenge_method'), 'S256');
      assert.match(address.searchParams.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const venues = JSON.parse(printed.stdout) as { structuredContent: { venues: unknown[] } };
      assert.equal(venues.structuredContent.venues.length, 3);
    } finally {
      await rig.close();
    }
  },
);

test(
  'a sign-in revoked mid-call is done again (at most twice), then the call fails worded',
  LIMIT,
  async () => {
    let revokeOnCall = 0;
    const rig = await startRig(({ body }) => {
      if (revokeOnCall > 0 && body.includes('"tools/call"')) {
        revokeOnCall--;
        rig.standIn.control({ revokeTokensOf: OWNER.email });
      }
    });
    try {
      const argv = ['--url', rig.standIn.mcpUrl, ...signInArgs(), 'tools/call', 'list_venues', '{}'];
      revokeOnCall = 2;
      const again = printedJson(await rig.run(argv)) as { structuredContent: { venues: unknown[] } };
      assert.equal(again.structuredContent.venues.length, 3);
      assert.equal(rig.standIn.stats().tokenRequests.authorization_code, 3, 'signed in, then twice again');

      revokeOnCall = 3;
      assertFailure(await rig.run(argv), 'bad_credentials', SIGNED_OUT);
      assert.equal(rig.standIn.stats().tokenRequests.authorization_code, 6, 'three sign-ins, no fourth');
    } finally {
      await rig.close();
    }
  },
);

test(
  'a sign-in revoked under the event stream too is done again, each time with the verifier of the page followed',
  LIMIT,
  async () => {
    // The SDK opens its event stream (a GET) beside the call. Held until the call has revoked the
    // sign-in, the GET meets a 401 as well and the SDK starts a second authorisation by itself,
    // while the command follows its own page: the code exchange must use that page's verifier.
    let revokeOnCall = 0;
    const heldStreams: Array<() => void> = [];
    const rig = await startRig(({ url, method, body, signal }) => {
      if (body.includes('"tools/call"')) {
        if (revokeOnCall > 0) {
          revokeOnCall--;
          rig.standIn.control({ revokeTokensOf: OWNER.email });
        }
        for (const release of heldStreams.splice(0)) setImmediate(release);
      }
      if (method === 'GET' && new URL(url).pathname === new URL(rig.standIn.mcpUrl).pathname)
        return new Promise<void>((release) => {
          heldStreams.push(release);
          signal?.addEventListener('abort', () => release());
        });
    });
    try {
      const argv = ['--url', rig.standIn.mcpUrl, ...signInArgs(), 'tools/call', 'list_venues', '{}'];
      revokeOnCall = 2;
      const again = printedJson(await rig.run(argv)) as { structuredContent: { venues: unknown[] } };
      assert.equal(again.structuredContent.venues.length, 3);
      assert.equal(rig.standIn.stats().tokenRequests.authorization_code, 3, 'signed in, then twice again');
      assert.ok(
        rig.requests.filter((r) => r === 'GET /oauth/authorize').length >= 2,
        rig.requests.join('\n'),
      );
    } finally {
      await rig.close();
    }
  },
);

test('--verbose writes the log to stderr before the words, and no password is in it', LIMIT, async () => {
  const rig = await startRig();
  try {
    const who = SANDBOX_USERS.notOnWaitlist;
    const argv = ['--url', rig.standIn.mcpUrl, ...signInArgs(who), 'tools/list'];
    const verbose = await rig.run([...argv, '--verbose']);
    assert.equal(verbose.code, 1);
    const lines = verbose.stderr.trimEnd().split('\n');
    assert.ok(lines.length > 1, verbose.stderr);
    assert.ok(
      lines.slice(0, -1).every((line) => / \[merchant-cli\] /.test(line)),
      verbose.stderr,
    );
    assert.match(lines.at(-1)!, /^This dashboard account is not on the merchant tools waiting list yet\./);
    assert.ok(!verbose.stderr.includes(who.password) && !verbose.stdout.includes(who.password));
    const quiet = await rig.run(argv);
    assert.equal(quiet.stderr, `${lines.at(-1)}\n`, 'without --verbose only the words');
  } finally {
    await rig.close();
  }
});
