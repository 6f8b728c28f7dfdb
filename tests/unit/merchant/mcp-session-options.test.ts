// One merchant session (mcp-session.ts) against the stand-in over real HTTP, with a network in
// between that can rewrite answers: how it names itself (client name, version), a pre-registered
// client and a client metadata document, the scope the endpoint asks for, a fresh sign-in page
// while signed in, tool lists over several pages, tokens without an expiry, a refresh token that
// no longer works, and what close and a failed sign-in start leave behind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startMerchantSandbox, SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { CredentialVault, memorySlots } from '../../../electron/services/merchant/credentials';
import { completeSignInHeadless } from '../../../electron/services/merchant/headless-sign-in';
import {
  MerchantSession,
  type MerchantSessionOptions,
} from '../../../electron/services/merchant/mcp-session';
import { ManualClock } from '../../support/manual-clock';

interface Sent {
  method: string;
  url: URL;
  body: string;
}

/** Changes what the network answers to one request: the real answer comes in, this one goes out. */
type Rewrite = (sent: Sent, answer: () => Promise<Response>) => Promise<Response | undefined>;

async function startRig() {
  const clock = new ManualClock();
  const standIn = await startMerchantSandbox({ clock });
  const vault = new CredentialVault(memorySlots(), () => 'sandbox');
  const sessions: MerchantSession[] = [];
  const rig = {
    clock,
    standIn,
    vault,
    sent: [] as Sent[],
    rewrite: undefined as Rewrite | undefined,
    session(options: Partial<MerchantSessionOptions> = {}) {
      const made = new MerchantSession({
        mcpUrl: standIn.mcpUrl,
        vault,
        clock,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        fetch: async (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          const sent = {
            method: init?.method ?? 'GET',
            url,
            body: typeof init?.body === 'string' ? init.body : '',
          };
          rig.sent.push(sent);
          return (await rig.rewrite?.(sent, () => fetch(input, init))) ?? fetch(input, init);
        },
        ...options,
      });
      sessions.push(made);
      return made;
    },
    /** "METHOD path" of what was sent from `from` on. */
    paths(from = 0) {
      return rig.sent.slice(from).map((s) => `${s.method} ${s.url.pathname}`);
    },
    /** The JSON-RPC messages posted to /mcp with this method. */
    posted(method: string) {
      return rig.sent
        .filter((s) => s.url.pathname === '/mcp' && s.body.includes(`"${method}"`))
        .map((s) => JSON.parse(s.body) as { params?: Record<string, unknown> });
    },
    async close() {
      for (const made of sessions) await made.close();
      await standIn.close();
    },
  };
  return rig;
}

async function signIn(session: MerchantSession) {
  const started = await session.connect();
  assert.equal(started.kind, 'sign_in');
  await completeSignInHeadless(started.authorizationUrl, { credentials: SANDBOX_USERS.owner });
  await started.finished;
}

/** A JSON answer as the SDK reads one (the body of a plain or an event-stream answer). */
async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  const data = /^data: (.*)$/m.exec(text)?.[1];
  return JSON.parse(data ?? text) as Record<string, unknown>;
}

test('the session names itself: its address, "paydesk-till" with the version, and the client name at registration', async () => {
  const rig = await startRig();
  try {
    const plain = rig.session();
    assert.equal(plain.mcpUrl, rig.standIn.mcpUrl);
    await signIn(plain);
    assert.deepEqual(rig.posted('initialize').at(-1)?.params?.clientInfo, {
      name: 'paydesk-till',
      version: '0',
    });
    const firstRegistration = rig.sent.find((s) => s.url.pathname === '/oauth/register')!;
    assert.equal(JSON.parse(firstRegistration.body).client_name, 'Paydesk till');

    const rigNamed = await startRig();
    try {
      const named = rigNamed.session({ clientName: 'Paydesk command line', version: '4.2.0' });
      await signIn(named);
      assert.deepEqual(rigNamed.posted('initialize').at(-1)?.params?.clientInfo, {
        name: 'paydesk-till',
        version: '4.2.0',
      });
      const registration = rigNamed.sent.find((s) => s.url.pathname === '/oauth/register')!;
      assert.equal(JSON.parse(registration.body).client_name, 'Paydesk command line');
    } finally {
      await rigNamed.close();
    }
  } finally {
    await rig.close();
  }
});

test('a pre-registered client registers nothing and signs in under its own id', async () => {
  const rig = await startRig();
  try {
    const session = rig.session({ preRegistered: { client_id: 'till-fixed-id' } });
    const started = await session.connect();
    assert.equal(started.kind, 'sign_in');
    assert.equal(new URL(started.authorizationUrl).searchParams.get('client_id'), 'till-fixed-id');
    assert.ok(!rig.paths().includes('POST /oauth/register'), rig.paths().join('\n'));
  } finally {
    await rig.close();
  }
});

test('a client metadata document: its address is the client id where the server takes one; it must be https', async () => {
  const rig = await startRig();
  try {
    const documentUrl = 'https://till.example/oauth/client.json';
    rig.rewrite = async (sent, answer) => {
      if (!sent.url.pathname.startsWith('/.well-known/oauth-authorization-server')) return undefined;
      const metadata = await jsonOf(await answer());
      return Response.json({ ...metadata, client_id_metadata_document_supported: true });
    };
    await assert.rejects(rig.session({ clientMetadataUrl: 'http://till.example/client.json' }).connect(), {
      code: 'bad_credentials',
    });

    const started = await rig.session({ clientMetadataUrl: documentUrl }).connect();
    assert.equal(started.kind, 'sign_in');
    assert.equal(new URL(started.authorizationUrl).searchParams.get('client_id'), documentUrl);
    assert.ok(!rig.paths().includes('POST /oauth/register'), rig.paths().join('\n'));
  } finally {
    await rig.close();
  }
});

test('the sign-in page asks for the scope the endpoint named in its 401', async () => {
  const rig = await startRig();
  try {
    rig.rewrite = async (sent, answer) => {
      if (sent.url.pathname !== '/mcp') return undefined;
      const response = await answer();
      const challenge = response.headers.get('www-authenticate');
      if (response.status !== 401 || !challenge) return response;
      const headers = new Headers(response.headers);
      headers.set('www-authenticate', `${challenge}, scope="read reports"`);
      return new Response(await response.text(), { status: 401, headers });
    };
    const started = await rig.session().connect();
    assert.equal(started.kind, 'sign_in');
    assert.equal(new URL(started.authorizationUrl).searchParams.get('scope'), 'read reports');
  } finally {
    await rig.close();
  }
});

test('a new sign-in page while signed in (e.g. for more rights) is a fresh one, not the kept sign-in refreshed', async () => {
  const rig = await startRig();
  try {
    const session = rig.session();
    await signIn(session);
    const refreshes = rig.standIn.stats().tokenRequests.refresh_token;
    const again = await session.beginSignIn();
    assert.equal(again.kind, 'sign_in');
    assert.equal(new URL(again.authorizationUrl).pathname.endsWith('/authorize'), true);
    assert.equal(rig.standIn.stats().tokenRequests.refresh_token, refreshes);
    await session.cancelSignIn();
  } finally {
    await rig.close();
  }
});

test('a sign-in that cannot start (the authorisation server is unreachable) is worded, and leaves no listener', async () => {
  const rig = await startRig();
  try {
    rig.rewrite = async (sent) => {
      if (sent.url.pathname.startsWith('/.well-known')) throw new TypeError('fetch failed');
      return undefined;
    };
    const session = rig.session();
    await assert.rejects(session.beginSignIn(), { code: 'unreachable' });
    assert.equal(rig.clock.timers, 0, 'no sign-in waits for a browser');
  } finally {
    await rig.close();
  }
});

test('an endpoint failing with a 500 is a failure, not a reason to sign in again', async () => {
  const rig = await startRig();
  try {
    rig.rewrite = async (sent) =>
      sent.url.pathname === '/mcp' && sent.method === 'POST' ? new Response('', { status: 500 }) : undefined;
    await assert.rejects(rig.session().connect(), { code: 'service_error' });
    assert.ok(!rig.paths().some((p) => p.startsWith('POST /oauth/register')), 'no sign-in was started');
  } finally {
    await rig.close();
  }
});

test('a tool list over several pages is read to the end, each page asked for by its cursor', async () => {
  const rig = await startRig();
  try {
    const session = rig.session();
    await signIn(session);
    const all = (await session.listTools()).map((t) => t.name);
    assert.ok(all.length > 3);

    // The endpoint now answers two tools a page.
    rig.rewrite = async (sent, answer) => {
      if (sent.url.pathname !== '/mcp' || !sent.body.includes('"tools/list"')) return undefined;
      const asked = JSON.parse(sent.body) as { id: number; params?: { cursor?: string } };
      const full = await jsonOf(await answer());
      const tools = (full.result as { tools: unknown[] }).tools;
      const at = Number(asked.params?.cursor ?? 0);
      const next = at + 2 < tools.length ? String(at + 2) : undefined;
      return Response.json({
        jsonrpc: '2.0',
        id: asked.id,
        result: { tools: tools.slice(at, at + 2), ...(next && { nextCursor: next }) },
      });
    };
    const from = rig.posted('tools/list').length;
    assert.deepEqual(
      (await session.listTools()).map((t) => t.name),
      all,
    );
    const pages = rig.posted('tools/list').slice(from);
    assert.equal(pages.length, Math.ceil(all.length / 2));
    assert.deepEqual(pages[0]?.params ?? {}, {});
    assert.deepEqual(pages[1]?.params, { cursor: '2' });
  } finally {
    await rig.close();
  }
});

test('tokens without an expiry are used as they are, never refreshed ahead', async () => {
  const rig = await startRig();
  try {
    rig.rewrite = async (sent, answer) => {
      if (!sent.url.pathname.endsWith('/token')) return undefined;
      const { expires_in: _dropped, ...tokens } = await jsonOf(await answer());
      return Response.json(tokens);
    };
    const session = rig.session();
    await signIn(session);
    await rig.clock.advance(30 * 60_000);
    await session.callTool('list_venues', {});
    assert.equal(rig.standIn.stats().tokenRequests.refresh_token, 0);
  } finally {
    await rig.close();
  }
});

test('an expired sign-in whose refresh is refused asks for a new sign-in without trying the old token', async () => {
  const rig = await startRig();
  try {
    const session = rig.session();
    await signIn(session);
    rig.standIn.control({ revokeTokensOf: SANDBOX_USERS.owner.email });
    await rig.clock.advance(3_600_000 + 1000);
    const refused = rig.standIn.stats().refusals.unauthorised;
    await assert.rejects(session.callTool('list_venues', {}), {
      code: 'bad_credentials',
      message:
        'Your sign-in to the merchant tools has ended. Connect again and sign in with your dashboard account.',
    });
    assert.equal(rig.standIn.stats().refusals.unauthorised, refused, 'the expired token was not sent');
  } finally {
    await rig.close();
  }
});

test('a call before connecting names where to connect; close ends a sign-in page and the connection', async () => {
  const rig = await startRig();
  try {
    const session = rig.session();
    await assert.rejects(session.listTools(), {
      code: 'not_configured',
      message: 'Connect to the merchant tools first (Merchant tools, Connect).',
    });
    const started = await session.connect();
    assert.equal(started.kind, 'sign_in');
    await session.close();
    await assert.rejects(started.finished, { code: 'conflict' });
    assert.equal(rig.clock.timers, 0);

    const connected = rig.session();
    await signIn(connected);
    assert.equal(connected.connected, true);
    await connected.close();
    assert.equal(connected.connected, false);
  } finally {
    await rig.close();
  }
});

test('an endpoint that refuses even a freshly refreshed token is reported as signed out, not looped into a new page', async () => {
  const rig = await startRig();
  try {
    await signIn(rig.session());
    const challenge = `Bearer realm="OAuth", resource_metadata="${rig.standIn.baseUrl}/.well-known/oauth-protected-resource"`;
    rig.rewrite = async (sent) =>
      sent.url.pathname === '/mcp' && sent.method === 'POST'
        ? new Response('', { status: 401, headers: { 'www-authenticate': challenge } })
        : undefined;
    const outcome = await rig
      .session()
      .connect()
      .then(
        (o) => o.kind,
        (e: { code: string }) => e.code,
      );
    assert.equal(outcome, 'bad_credentials');
  } finally {
    await rig.close();
  }
});

test('a Connect while the first page’s code is still being exchanged: both finish, the second on its own listener', async () => {
  const rig = await startRig();
  try {
    const session = rig.session();
    const first = await session.connect();
    assert.equal(first.kind, 'sign_in');
    let exchangeArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (exchangeArrived = resolve));
    let releaseExchange!: () => void;
    const released = new Promise<void>((resolve) => (releaseExchange = resolve));
    rig.rewrite = async (sent, answer) => {
      if (sent.method !== 'POST' || !sent.url.pathname.endsWith('/token')) return undefined;
      rig.rewrite = undefined; // hold only the first page's code exchange
      exchangeArrived();
      await released;
      return answer();
    };
    const followed = completeSignInHeadless(first.authorizationUrl, { credentials: SANDBOX_USERS.owner });
    await arrived;

    const second = await session.connect(); // staff pressed Connect again meanwhile
    assert.equal(second.kind, 'sign_in');
    releaseExchange();
    await followed;
    if (first.kind === 'sign_in') await first.finished;
    if (second.kind !== 'sign_in') return;
    // The first page's listener closing must not take the second page's address with it: the
    // code exchange names the address the second page was sent back to.
    await completeSignInHeadless(second.authorizationUrl, { credentials: SANDBOX_USERS.owner });
    await second.finished;
    assert.equal(rig.standIn.stats().tokenRequests.authorization_code, 2);
    assert.ok(session.connected);
    assert.ok((await session.listTools()).length > 0);
  } finally {
    await rig.close();
  }
});
