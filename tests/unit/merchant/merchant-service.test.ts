// The till's merchant tools service (merchant-service.ts) against the stand-in over real HTTP, on
// one manual clock: the state staff see before anything happens, the sign-in page in the system
// browser, Cancel, connecting with a kept sign-in, a quiet resume that never repeats itself,
// failures worded into the status, and the settings' address check (probe).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SANDBOX_USERS, startMerchantSandbox } from '../../../electron/sandbox/merchant/server';
import type { Logger } from '../../../electron/services/common/logger';
import { MerchantService } from '../../../electron/services/merchant/merchant-service';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { JsonFileSettingsStore, type SettingsStore } from '../../../electron/services/storage/settings';
import type { MerchantStatus } from '../../../shared/contract';
import { aesBackend } from '../../support/encryption';
import { ManualClock } from '../../support/manual-clock';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { HARBOUR } from './support';

const UNREACHABLE =
  'The merchant tools cannot be reached. Check this computer’s internet connection, then try again.';
const SERVICE_DOWN = 'The merchant tools are not working properly right now. Try again in a few minutes.';
/** What the network does to one request instead of sending it: a response, or a failure to throw. */
type Trouble = (request: { url: URL; method: string; body: string }) => Response | Error | undefined;

async function startRig() {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-merchant-service-'));
  const clock = new ManualClock();
  const standIn = await startMerchantSandbox({ clock });
  const settings = new JsonFileSettingsStore({ file: join(dir, 'settings.json'), clock });
  const secrets = new EncryptedFileSecretStore({
    file: join(dir, 'secrets.enc.json'),
    encryption: aesBackend('test-aes-gcm'),
    clock,
  });
  const logs: string[] = [];
  const log: Logger = {
    info: (m) => logs.push(m),
    warn: (m, e) => logs.push(`${m}: ${e instanceof Error ? e.message : String(e ?? '')}`),
    error: (m, e) => logs.push(`${m}: ${e instanceof Error ? e.message : String(e ?? '')}`),
  };
  const rig = {
    clock,
    standIn,
    settings,
    secrets,
    logs,
    /** "METHOD path" of every request the till sent, in order. */
    requests: [] as string[],
    trouble: undefined as Trouble | undefined,
    /** Every status the service reported, in order. */
    reported: [] as MerchantStatus[],
    services: [] as MerchantService[],
    /** A till's service on these settings and this keychain (a second one is as after a restart). */
    service(openExternal?: (url: string) => Promise<void>) {
      const made = new MerchantService({
        settings,
        secrets,
        sandbox: async () => ({ mcpUrl: standIn.mcpUrl }),
        clock,
        log,
        version: 'test',
        fetch: async (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          const method = init?.method ?? 'GET';
          rig.requests.push(`${method} ${url.pathname}`);
          const body = typeof init?.body === 'string' ? init.body : '';
          const instead = rig.trouble?.({ url, method, body });
          if (instead instanceof Error) throw instead;
          return instead ?? fetch(input, init);
        },
        onChange: (status) => {
          rig.reported.push(status);
          waiters.forEach((w) => w(status));
        },
        ...(openExternal && { openExternal }),
      });
      rig.services.push(made);
      return made;
    },
    /** Resolves with the first status reported from now on in this state (or fails after 20 s). */
    nextState(state: MerchantStatus['state']): Promise<MerchantStatus> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${state}" reported within 20 s`)), 20_000);
        const waiter = (status: MerchantStatus) => {
          if (status.state !== state) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(status);
        };
        waiters.add(waiter);
      });
    },
    /** Connects `service` through the dashboard's sign-in page as the owner. */
    async signIn(service: MerchantService): Promise<MerchantStatus> {
      const started = await service.connect();
      assert.equal(started.state, 'signing_in');
      const connected = rig.nextState('connected');
      await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
      return connected;
    },
    async close() {
      for (const made of rig.services) await made.close();
      await standIn.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const waiters = new Set<(status: MerchantStatus) => void>();
  return rig;
}

const signedOut = {
  state: 'signed_out',
  account: null,
  authorizationUrl: null,
  openedInBrowser: false,
  message: null,
  retryAfterMs: null,
  mode: 'sandbox',
};

test('before anything: signed out with nothing to open; Cancel and a resume with nothing kept send nothing', async () => {
  const rig = await startRig();
  try {
    const service = rig.service();
    assert.deepEqual(service.status(), signedOut);
    assert.deepEqual(await service.cancelSignIn(), signedOut);
    assert.deepEqual(await service.resumedStatus(), signedOut);
    assert.deepEqual(rig.requests, [], 'no kept sign-in: nothing is asked of the endpoint');
    assert.equal(rig.clock.timers, 0, 'and no sign-in is left waiting');
  } finally {
    await rig.close();
  }
});

test('the sign-in page opens in the system browser; a browser that fails to open is said so, and logged', async () => {
  const rig = await startRig();
  try {
    const opened: string[] = [];
    const started = await rig
      .service(async (url) => {
        opened.push(url);
      })
      .connect();
    assert.equal(started.state, 'signing_in');
    assert.equal(started.openedInBrowser, true);
    assert.deepEqual(opened, [started.authorizationUrl]);
    assert.deepEqual(rig.reported.at(-1), started, 'the screens were told too');

    const failing = await rig.service(() => Promise.reject(new Error('no default browser'))).connect();
    assert.equal(failing.state, 'signing_in');
    assert.equal(failing.openedInBrowser, false, 'the screen offers the link to open by hand');
    assert.ok(
      rig.logs.includes('merchant sign-in: the system browser did not open: no default browser'),
      rig.logs.join('\n'),
    );
  } finally {
    await rig.close();
  }
});

test('a Cancel while the browser opens wins; so does a second Connect, whose own page is the one shown', async () => {
  const rig = await startRig();
  try {
    const service: MerchantService = rig.service(async () => {
      await service.cancelSignIn();
    });
    const cancelled = await service.connect();
    assert.deepEqual(cancelled, signedOut);

    // The first page's browser fails only after a second Connect opened its own page.
    let second: MerchantStatus | undefined;
    let calls = 0;
    const twice = rig.service(async () => {
      calls += 1;
      if (calls > 1) return;
      second = await twice.connect();
      throw new Error('the first window was closed');
    });
    await twice.connect();
    assert.equal(second?.state, 'signing_in');
    assert.equal(second?.openedInBrowser, true);
    const now = twice.status();
    assert.equal(now.authorizationUrl, second?.authorizationUrl);
    assert.equal(now.openedInBrowser, true, 'the first page’s failure does not mark the second one');
  } finally {
    await rig.close();
  }
});

test('Cancel stops the sign-in page: signed out, and its listener no longer answers', async () => {
  const rig = await startRig();
  try {
    const service = rig.service();
    const started = await service.connect();
    const loopback = new URL(started.authorizationUrl!).searchParams.get('redirect_uri')!;
    const before = rig.reported.length;
    assert.deepEqual(await service.cancelSignIn(), signedOut);
    assert.deepEqual(rig.reported.slice(before), [signedOut]);
    await assert.rejects(fetch(loopback), 'nothing listens on the loopback address any more');
  } finally {
    await rig.close();
  }
});

test('a Cancel that arrives after the sign-in finished changes nothing: still connected, and the tools answer', async () => {
  const rig = await startRig();
  try {
    const service = rig.service();
    const connected = await rig.signIn(service);
    const before = rig.reported.length;
    assert.deepEqual(await service.cancelSignIn(), connected, 'the status says what is true');
    assert.deepEqual(rig.reported.slice(before), [], 'nothing new to report');
    assert.ok((await service.listTools()).length > 0);
    assert.equal(service.status().state, 'connected');
  } finally {
    await rig.close();
  }
});

test('Connect with a kept sign-in connects at once, with the account, and opens no page', async () => {
  const rig = await startRig();
  try {
    await rig.signIn(rig.service());
    const restarted = rig.service(() => Promise.reject(new Error('no page should open')));
    const status = await restarted.connect();
    assert.equal(status.state, 'connected');
    assert.deepEqual(status.account, HARBOUR);
    assert.equal(status.authorizationUrl, null);
  } finally {
    await rig.close();
  }
});

test('a resume when connected already sends nothing; a revoked kept sign-in is tried once, quietly', async () => {
  const rig = await startRig();
  try {
    const service = rig.service();
    await rig.signIn(service);
    const sent = rig.requests.length;
    const resumed = await service.resumedStatus();
    assert.equal(resumed.state, 'connected');
    assert.deepEqual(resumed.account, HARBOUR);
    assert.deepEqual(rig.requests.slice(sent), [], 'answered from what it knows');

    rig.standIn.control({ revokeTokensOf: SANDBOX_USERS.owner.email });
    const restarted = rig.service();
    const fromRestart = rig.requests.length;
    assert.deepEqual(await restarted.resumedStatus(), signedOut, 'a revoked sign-in is not "connected"');
    assert.ok(rig.requests.length > fromRestart, 'the kept sign-in was tried');
    assert.equal(rig.clock.timers, 0, 'no sign-in page is left waiting for a browser');

    const tried = rig.requests.length;
    assert.deepEqual(await restarted.resumedStatus(), signedOut);
    assert.deepEqual(rig.requests.slice(tried), [], 'tried once, not at every look at the status');
  } finally {
    await rig.close();
  }
});

test('an endpoint that cannot be reached: Connect says so in the status; a kept sign-in resumes as signed out', async () => {
  const rig = await startRig();
  try {
    const service = rig.service();
    await rig.signIn(service);
    rig.trouble = () => new TypeError('fetch failed');
    const restarted = rig.service();
    assert.deepEqual(await restarted.resumedStatus(), signedOut);
    const tried = rig.requests.length;
    assert.deepEqual(await restarted.resumedStatus(), signedOut);
    assert.deepEqual(rig.requests.slice(tried), [], 'the kept sign-in is tried once, not at every look');
    assert.deepEqual(await restarted.connect(), { ...signedOut, message: UNREACHABLE });

    // A 429 asking for longer than the till waits: the status says when to try again.
    rig.trouble = () => new Response('', { status: 429, headers: { 'retry-after': '120' } });
    assert.deepEqual(await rig.service().connect(), {
      ...signedOut,
      message: 'The merchant tools are busy with too many requests. Try again in 120 seconds.',
      retryAfterMs: 120_000,
    });
  } finally {
    await rig.close();
  }
});

test('tool calls: one the endpoint no longer offers is refused in words; the first call after a restart finds its tool', async () => {
  const rig = await startRig();
  try {
    await rig.signIn(rig.service());
    const restarted = rig.service();
    const venues = await restarted.callTool('list_venues', {}, false);
    assert.equal((venues.structured as { venues: unknown[] }).venues.length, 3);
    await assert.rejects(restarted.callTool('close_the_shop', {}, true), {
      code: 'not_found',
      message: 'The merchant tools no longer offer that. Reload the list of tools.',
    });
  } finally {
    await rig.close();
  }
});

test('a 500 or no answer shows a problem until a call goes through; a refused request is not a problem', async () => {
  const rig = await startRig();
  try {
    const service = rig.service();
    await rig.signIn(service);
    const onMcp = (response: () => Response | Error): Trouble => {
      return ({ url, method }) => (url.pathname === '/mcp' && method === 'POST' ? response() : undefined);
    };

    rig.trouble = onMcp(() => new Response('', { status: 500 }));
    await assert.rejects(service.callTool('list_venues', {}, false), { code: 'service_error' });
    assert.deepEqual(service.status(), {
      ...signedOut,
      state: 'problem',
      account: HARBOUR,
      message: SERVICE_DOWN,
    });

    rig.trouble = undefined;
    await service.callTool('list_venues', {}, false);
    assert.deepEqual(service.status(), { ...signedOut, state: 'connected', account: HARBOUR });

    rig.trouble = onMcp(() => new TypeError('fetch failed'));
    await assert.rejects(service.listTools(), { code: 'unreachable' });
    assert.deepEqual(service.status(), {
      ...signedOut,
      state: 'problem',
      account: HARBOUR,
      message: UNREACHABLE,
    });
    rig.trouble = undefined;
    await service.listTools();

    rig.trouble = onMcp(() => new Response('', { status: 400 }));
    await assert.rejects(service.callTool('list_venues', {}, false), { code: 'rejected' });
    assert.deepEqual(service.status(), { ...signedOut, state: 'connected', account: HARBOUR });
  } finally {
    await rig.close();
  }
});

test('signed in but the tool list fails: connected all the same, and the log says the account was not read', async () => {
  const rig = await startRig();
  try {
    rig.trouble = ({ body }) =>
      body.includes('"tools/list"') ? new Response('', { status: 503 }) : undefined;
    const status = await rig.signIn(rig.service());
    assert.deepEqual(status, { ...signedOut, state: 'connected' });
    assert.ok(
      rig.logs.some((line) =>
        line.startsWith('merchant tools: connected, but the account could not be read'),
      ),
      rig.logs.join('\n'),
    );
  } finally {
    await rig.close();
  }
});

test('the endpoint: none set in live mode, and a sandbox without merchant tools, are said in words', async () => {
  const rig = await startRig();
  try {
    const base = rig.settings.load();
    const liveWithout = {
      load: () => ({ ...base, merchant: { ...base.merchant, mode: 'live', liveBaseUrl: null } }),
    } as unknown as SettingsStore;
    const service = (settings: SettingsStore, sandbox: () => Promise<{ mcpUrl: string } | null>) =>
      new MerchantService({
        settings,
        secrets: rig.secrets,
        sandbox,
        clock: rig.clock,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        version: 'test',
        onChange: () => {},
      });
    await assert.rejects(service(liveWithout, async () => null).connect(), {
      code: 'not_configured',
      message: 'No merchant tools address is set. A manager can set it in Settings.',
    });
    await assert.rejects(service(rig.settings, async () => null).connect(), {
      code: 'not_configured',
      message: 'The sandbox has no merchant tools in this version.',
    });
  } finally {
    await rig.close();
  }
});

/** A local endpoint answering every request with `status` and `headers`; what it was sent is kept. */
async function endpointAnswering(status: number, headers: Record<string, string> = {}) {
  const seen: { method: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(status, headers).end(status === 204 ? undefined : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('the address check: an MCP tools/list POST, taken only when a 401 offers the sign-in metadata', async () => {
  const rig = await startRig();
  const service = rig.service();
  const notTools = {
    code: 'not_configured',
    message: 'That address does not answer as merchant tools (no sign-in is offered there).',
  };
  const challenge = {
    'www-authenticate': 'Bearer realm="OAuth", resource_metadata="http://x.test/.well-known"',
  };
  const endpoints = await Promise.all([
    endpointAnswering(401, challenge),
    endpointAnswering(401, { 'www-authenticate': 'Bearer realm="OAuth"' }),
    endpointAnswering(200, challenge),
    endpointAnswering(204),
  ]);
  const [tools, plain401, okWithHeader, empty] = endpoints;
  try {
    await service.probe(tools!.url);
    assert.equal(tools!.seen.length, 1);
    assert.deepEqual(rig.requests, ['POST /mcp'], 'sent through the fetch the till gave the service');
    const sent = tools!.seen[0]!;
    assert.equal(sent.method, 'POST');
    assert.equal(sent.headers['content-type'], 'application/json');
    assert.equal(sent.headers.accept, 'application/json, text/event-stream');
    assert.deepEqual(JSON.parse(sent.body), { jsonrpc: '2.0', id: 1, method: 'tools/list' });

    await assert.rejects(service.probe(plain401!.url), notTools);
    await assert.rejects(service.probe(okWithHeader!.url), notTools);
    await assert.rejects(service.probe(empty!.url), notTools);

    const free = await endpointAnswering(200);
    await free.close();
    await assert.rejects(service.probe(free.url), { code: 'unreachable', message: UNREACHABLE });
  } finally {
    await Promise.all(endpoints.map((e) => e.close()));
    await rig.close();
  }
});
