// `npm run merchant` in process (runMerchantCli) against the merchant stand-in: its exact usage
// words, how it names itself to the endpoint, what the conformance harness hands it (a
// pre-registered client, a context it cannot read), a client metadata address, addresses inside
// the arguments, a sign-in with only half of the credentials, and a 429 waited on its clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startMerchantSandbox, SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { runMerchantCli } from '../../../electron/services/merchant/command-line';
import { CredentialVault, memorySlots } from '../../../electron/services/merchant/credentials';
import { completeSignInHeadless } from '../../../electron/services/merchant/headless-sign-in';
import { MerchantSession } from '../../../electron/services/merchant/mcp-session';
import { ManualClock } from '../../support/manual-clock';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { waitUntil } from '../../support/wait';

const OWNER = SANDBOX_USERS.owner;
const LIMIT = { timeout: 20_000 };
const ASKS_FOR_CREDENTIALS =
  'The sign-in page asks for a dashboard email and password (--email, --password).';

interface Sent {
  method: string;
  url: URL;
  body: string;
}

async function startRig() {
  const clock = new ManualClock();
  const standIn = await startMerchantSandbox({ clock });
  const rig = {
    clock,
    standIn,
    sent: [] as Sent[],
    /** An answer the network gives instead of sending the request (undefined: send it). */
    instead: undefined as ((sent: Sent) => Response | undefined) | undefined,
    async run(
      argv: string[],
      options: { env?: Record<string, string>; onStderr?: (text: string) => void } = {},
    ) {
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
        fetch: async (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          const sent = {
            method: init?.method ?? 'GET',
            url,
            body: typeof init?.body === 'string' ? init.body : '',
          };
          rig.sent.push(sent);
          return rig.instead?.(sent) ?? fetch(input, init);
        },
      });
      return { code, stdout: out.join(''), stderr: err.join('') };
    },
    paths: () => rig.sent.map((s) => `${s.method} ${s.url.pathname}`),
    /** The client information sent with the MCP initialize request. */
    clientInfo() {
      const initialize = rig.sent.find((s) => s.url.pathname === '/mcp' && s.body.includes('"initialize"'));
      return (JSON.parse(initialize!.body) as { params: { clientInfo: unknown } }).params.clientInfo;
    },
    close: () => standIn.close(),
  };
  return rig;
}

const credentials = ['--email', OWNER.email, '--password', OWNER.password];

test('the usage and the JSON rule, word for word', LIMIT, async () => {
  const rig = await startRig();
  try {
    assert.deepEqual(await rig.run(['tools/list']), {
      code: 2,
      stdout: '',
      stderr: 'usage: npm run merchant -- --url <mcp-url> <tools/list | tools/call NAME JSON>\n',
    });
    assert.deepEqual(
      await rig.run(['--url', rig.standIn.mcpUrl, ...credentials, 'tools/call', 'list_sales', '[]']),
      {
        code: 2,
        stdout: '',
        stderr: 'The tool arguments must be a JSON object, e.g. {"venue":"Main"}.\n',
      },
    );
  } finally {
    await rig.close();
  }
});

test(
  'it registers as "Paydesk command line" and names the package version (0 when npm gives none)',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const listed = await rig.run(['--url', rig.standIn.mcpUrl, ...credentials, 'tools/list']);
      assert.equal(listed.code, 0, listed.stderr);
      const registration = rig.sent.find((s) => s.url.pathname === '/oauth/register');
      assert.equal(
        (JSON.parse(registration!.body) as { client_name: string }).client_name,
        'Paydesk command line',
      );
      assert.deepEqual(rig.clientInfo(), { name: 'paydesk-till', version: '0' });

      rig.sent.length = 0;
      const versioned = await rig.run(['--url', rig.standIn.mcpUrl, ...credentials, 'tools/list'], {
        env: { npm_package_version: '3.1.4' },
      });
      assert.equal(versioned.code, 0, versioned.stderr);
      assert.deepEqual(rig.clientInfo(), { name: 'paydesk-till', version: '3.1.4' });
    } finally {
      await rig.close();
    }
  },
);

test(
  'a pre-registered client from the conformance context registers nothing; an unreadable context is ignored',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const context = JSON.stringify({ client_id: 'conformance-client', client_secret: 'kept-secret' });
      await rig.run(['--url', rig.standIn.mcpUrl, ...credentials, 'tools/list'], {
        env: { MCP_CONFORMANCE_CONTEXT: context },
      });
      assert.ok(!rig.paths().includes('POST /oauth/register'), rig.paths().join('\n'));
      const authorize = rig.sent.find((s) => s.url.pathname.endsWith('/authorize'));
      assert.equal(authorize?.url.searchParams.get('client_id'), 'conformance-client');

      const printed = await rig.run(
        ['--url', rig.standIn.mcpUrl, ...credentials, 'tools/call', 'list_venues'],
        {
          env: { MCP_CONFORMANCE_CONTEXT: '{not json' },
        },
      );
      assert.equal(printed.code, 0, printed.stderr);
      assert.equal(
        (JSON.parse(printed.stdout) as { structuredContent: { venues: unknown[] } }).structuredContent.venues
          .length,
        3,
      );
    } finally {
      await rig.close();
    }
  },
);

test('--client-metadata-url is used for the sign-in, and must be an https address', LIMIT, async () => {
  const rig = await startRig();
  try {
    const printed = await rig.run([
      '--url',
      rig.standIn.mcpUrl,
      ...credentials,
      '--client-metadata-url',
      'http://till.example/oauth/client.json',
      'tools/list',
    ]);
    const message =
      'The dashboard could not complete the sign-in. Connect again and sign in with your dashboard account.';
    assert.deepEqual(printed, {
      code: 1,
      stdout: `${JSON.stringify({ error: { code: 'bad_credentials', message } })}\n`,
      stderr: `${message}\n`,
    });
  } finally {
    await rig.close();
  }
});

test(
  'an address inside the tool arguments is an argument, not the endpoint; with --url an address-like name is the tool',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      const terminal = rig.standIn.data.terminals.find((t) => t.accountId === 'acc_harbour')!;
      const name = 'Bar, see http://wiki.example';
      const args = JSON.stringify({ terminal_id: terminal.id, name });
      const renamed = await rig.run([
        'tools/call',
        'rename_terminal',
        args,
        rig.standIn.mcpUrl,
        ...credentials,
      ]);
      assert.equal(renamed.code, 0, renamed.stderr);
      assert.equal(terminal.name, name);

      const odd = await rig.run([
        '--url',
        rig.standIn.mcpUrl,
        ...credentials,
        'tools/call',
        'https://tools.example/x',
      ]);
      assert.notEqual(odd.code, 2, 'the command was read: a tool named like an address');
      assert.ok(
        rig.sent.some(
          (s) => s.url.pathname === '/mcp' && s.body.includes('"name":"https://tools.example/x"'),
        ),
        'and asked for by that name',
      );
    } finally {
      await rig.close();
    }
  },
);

test(
  'half of the credentials: an email alone waits for a browser; with --follow-redirects it asks for both',
  LIMIT,
  async () => {
    const rig = await startRig();
    try {
      let browser: Promise<unknown> | undefined;
      const printed = await rig.run(['--url', rig.standIn.mcpUrl, '--email', OWNER.email, 'tools/list'], {
        onStderr: (text) => {
          const address = /^(http:\/\/\S+)$/m.exec(text)?.[1];
          if (address) browser = signInThroughDashboard(address, OWNER);
        },
      });
      assert.ok(browser, 'the sign-in address was printed for a browser');
      await browser;
      assert.equal(printed.code, 0, printed.stdout);
      assert.match(printed.stderr, /^Sign in to the merchant dashboard in a browser:\n/);

      const follow = await rig.run([
        '--url',
        rig.standIn.mcpUrl,
        '--follow-redirects',
        '--email',
        OWNER.email,
        'tools/list',
      ]);
      assert.deepEqual(follow, {
        code: 1,
        stdout: `${JSON.stringify({ error: { code: 'failed', message: ASKS_FOR_CREDENTIALS } })}\n`,
        stderr: `${ASKS_FOR_CREDENTIALS}\n`,
      });
    } finally {
      await rig.close();
    }
  },
);

test('a 429 is waited out on the clock the command was given', LIMIT, async () => {
  const rig = await startRig();
  try {
    let busy = 1;
    rig.instead = (sent) => {
      if (busy === 0 || sent.url.pathname !== '/mcp' || !sent.body.includes('"tools/list"')) return undefined;
      busy -= 1;
      return new Response('', { status: 429, headers: { 'retry-after': '10' } });
    };
    const running = rig.run(['--url', rig.standIn.mcpUrl, ...credentials, 'tools/list']);
    // The sign-in's own timer is gone by then: the one timer left is the wait for Retry-After.
    await waitUntil(() => busy === 0 && rig.clock.timers > 0, 'the command to wait on its clock', 5_000);
    await rig.clock.advance(10_000);
    const printed = await running;
    assert.equal(printed.code, 0, printed.stderr);
  } finally {
    await rig.close();
  }
});

test(
  'an endpoint that lets it in without a sign-in: no sign-in is printed, the call just runs',
  LIMIT,
  async () => {
    const rig = await startRig();
    const vault = new CredentialVault(memorySlots(), () => 'live');
    const session = new MerchantSession({
      mcpUrl: rig.standIn.mcpUrl,
      vault,
      clock: rig.clock,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      // A gateway in front of the endpoint signs every request in itself, with a token of its own.
      const started = await session.connect();
      assert.equal(started.kind, 'sign_in');
      await completeSignInHeadless(started.authorizationUrl, { credentials: OWNER });
      await started.finished;
      const token = (await vault.signIn(rig.standIn.issuer))!.tokens.access_token;
      const gateway: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
        return fetch(input, { ...init, headers });
      };
      const out: string[] = [];
      const err: string[] = [];
      const code = await runMerchantCli(['--url', rig.standIn.mcpUrl, 'tools/call', 'list_venues'], {
        stdout: { write: (text: string) => out.push(text) },
        stderr: { write: (text: string) => err.push(text) },
        env: {},
        clock: rig.clock,
        fetch: gateway,
      });
      assert.equal(err.join(''), '', 'no sign-in address printed');
      assert.equal(code, 0);
      const venues = JSON.parse(out.join('')) as { structuredContent: { venues: unknown[] } };
      assert.equal(venues.structuredContent.venues.length, 3);
    } finally {
      await session.close();
      await rig.close();
    }
  },
);
