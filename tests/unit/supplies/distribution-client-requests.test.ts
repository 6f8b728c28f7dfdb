// What the distribution client puts on the wire (the key, JSON both ways, the path after the
// supplier's address) and what it concludes about a creation when the answer does not come back
// as an order: never connected means certainly not created; anything after connecting is unclear.
// The supplier here is a fetch that answers as told and keeps every request it was sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DistributionClient,
  type DistributionClientOptions,
} from '../../../electron/services/supplies/distribution-client';
import { ManualClock } from '../../support/manual-clock';
import { loggedDuring } from '../../support/stderr-log';
import { GOOD_ADDRESS, QUIET_LOG, tillFailure } from './support';

const REQUEST = { address: { ...GOOD_ADDRESS }, lines: [{ productId: 101, quantity: 2 }] };
const ORDER = {
  id: 7,
  referenceNumber: 'SUP-0000007',
  status: 'received',
  lines: [{ productId: 101, quantity: 2, price: 350 }],
  address: { ...GOOD_ADDRESS },
  shipments: [],
  totalPrice: 700,
};
const KEEPS = 'If it keeps happening, call the supplier.';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A supplier answering every request with `answer()` (which may throw, as a lost connection does). */
function supplier(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    return answer();
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetch: typeof globalThis.fetch, options: Partial<DistributionClientOptions> = {}) {
  return new DistributionClient({
    baseUrl: 'http://supplier.test/api',
    apiKey: async () => 'key-123',
    clock: new ManualClock(),
    retry: { attempts: 1 },
    fetch,
    log: QUIET_LOG,
    ...options,
  });
}

/** A log that keeps its lines. */
function keptLog() {
  const lines: string[] = [];
  const keep = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, log: { info: keep('INFO'), warn: keep('WARN'), error: keep('ERROR') } };
}

test('a read carries the key and asks for JSON, with no body; a creation sends its order as JSON, once', async () => {
  const s = supplier(() => json([]));
  await client(s.fetch).listProducts();
  const c = supplier(() => json(ORDER));
  const outcome = await client(c.fetch).createOrder(REQUEST);
  assert.deepEqual(outcome, { kind: 'created', order: ORDER });
  assert.deepEqual(
    [...s.sent, ...c.sent],
    [
      {
        url: 'http://supplier.test/api/products',
        method: 'GET',
        headers: { authorization: 'Key key-123', accept: 'application/json' },
        body: undefined,
      },
      {
        url: 'http://supplier.test/api/orders',
        method: 'POST',
        headers: {
          authorization: 'Key key-123',
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: REQUEST,
      },
    ],
  );
});

test('an address saved with slashes at its end: the path follows a single one', async () => {
  const urls = [];
  for (const baseUrl of ['http://supplier.test/api//', 'http://supplier.test/']) {
    const s = supplier(() => json([]));
    await client(s.fetch, { baseUrl }).listOrders();
    urls.push(...s.sent.map((r) => r.url));
  }
  assert.deepEqual(urls, ['http://supplier.test/api/orders', 'http://supplier.test/orders']);
});

test('an address that is not a web address: nothing is sent, and staff are told to fix it in Settings', async () => {
  const s = supplier(() => json([]));
  const words = "The supplier's address in Settings is not a web address.";
  const read = await tillFailure(client(s.fetch, { baseUrl: 'till rolls please' }).listProducts());
  assert.deepEqual([read.code, read.message], ['not_configured', words]);
  const outcome = await client(s.fetch, { baseUrl: 'till rolls please' }).createOrder(REQUEST);
  assert.ok(outcome.kind === 'not_created', outcome.kind);
  assert.deepEqual([outcome.error.code, outcome.error.message], ['not_configured', words]);
  assert.deepEqual(s.sent, []);
});

test('a connection that never opened: certainly not created; one lost after it opened: unclear', async () => {
  const failing = (cause: unknown) => () => {
    throw Object.assign(new TypeError('fetch failed'), { cause });
  };
  const code = (c: string) => Object.assign(new Error(c), { code: c });
  const fates = [];
  for (const [label, answer] of [
    ['refused', failing(code('ECONNREFUSED'))],
    ['no such name', failing(code('ENOTFOUND'))],
    ['name lookup failed for now', failing(code('EAI_AGAIN'))],
    ['no route to the host', failing(code('EHOSTUNREACH'))],
    ['no route to the network', failing(code('ENETUNREACH'))],
    ['reset after sending', failing(code('ECONNRESET'))],
    ['socket closed by the other side', failing(code('UND_ERR_SOCKET'))],
    ['a failure saying nothing more', failing(undefined)],
    [
      'an error of another kind, with no cause',
      () => {
        throw new Error('other side closed');
      },
    ],
    [
      'a failure with nothing at all',
      () => {
        throw undefined;
      },
    ],
  ] as const) {
    const s = supplier(answer);
    const outcome = await client(s.fetch).createOrder(REQUEST);
    assert.equal(s.sent.length, 1, label);
    fates.push([label, outcome.kind, 'error' in outcome ? outcome.error.message : '']);
  }
  const unreachable = "The supplier can't be reached. Check the internet connection, then try again.";
  assert.deepEqual(fates, [
    ['refused', 'not_created', unreachable],
    ['no such name', 'not_created', unreachable],
    ['name lookup failed for now', 'not_created', unreachable],
    ['no route to the host', 'not_created', unreachable],
    ['no route to the network', 'not_created', unreachable],
    ['reset after sending', 'unclear', unreachable],
    ['socket closed by the other side', 'unclear', unreachable],
    ['a failure saying nothing more', 'unclear', unreachable],
    ['an error of another kind, with no cause', 'unclear', unreachable],
    ['a failure with nothing at all', 'unclear', unreachable],
  ]);
});

test('a creation answered with something unreadable is unclear (it may be stored); the log says what and how', async () => {
  const seen = [];
  const kept = keptLog();
  for (const [method, body] of [
    ['POST', 'not json'],
    ['PUT', 'not json'],
    ['POST', JSON.stringify({ id: 'seven' })],
  ] as const) {
    const s = supplier(() => new Response(body, { status: 200 }));
    const outcome = await client(s.fetch, { orderMethod: method, log: kept.log }).createOrder(REQUEST);
    assert.ok(outcome.kind === 'unclear', outcome.kind);
    assert.equal(outcome.error.message, `The supplier sent an answer the till could not read. ${KEEPS}`);
    seen.push((outcome.error.cause as Error).message);
  }
  assert.deepEqual(seen, [
    'POST /orders: not JSON',
    'PUT /orders: not JSON',
    'POST /orders: unexpected shape',
  ]);
  assert.deepEqual(kept.lines.slice(0, 2), [
    'WARN POST /orders: the answer is not JSON (8 characters)',
    'WARN PUT /orders: the answer is not JSON (8 characters)',
  ]);
  assert.match(kept.lines[2]!, /^WARN POST \/orders: unexpected answer: /);
});

test('without a log of its own, the client writes to the till’s log as the supplier', async () => {
  const s = supplier(() => new Response('not json', { status: 200 }));
  const { log: _none, ...options } = {
    baseUrl: 'http://supplier.test/api',
    apiKey: async () => 'key-123',
    clock: new ManualClock(),
    fetch: s.fetch,
    log: undefined,
  };
  const written = await loggedDuring(() =>
    tillFailure(new DistributionClient(options).listProducts()).then(() => undefined),
  );
  assert.match(written, /^\S+ WARN \[supplier\] GET \/products: the answer is not JSON \(8 characters\)$/m);
});

test('only successes and refusals (400) are read: a refusal’s long page is left unread, not taken for a broken answer', async () => {
  const page = 'x'.repeat(1000);
  const small = { limits: { maxBodyBytes: 64 } };
  const closed = await client(supplier(() => new Response(page, { status: 503 })).fetch, small).createOrder(
    REQUEST,
  );
  assert.ok(closed.kind === 'not_created', closed.kind);
  assert.equal(closed.error.message, 'The supplier is closed for maintenance just now. Try again later.');

  const odd = await tillFailure(
    client(supplier(() => new Response(page, { status: 300 })).fetch, small).listProducts(),
  );
  assert.equal(odd.message, `The supplier answered in a way the till does not understand. ${KEEPS}`);

  const big = await tillFailure(client(supplier(() => new Response(page)).fetch, small).listProducts());
  assert.equal(
    big.message,
    `The supplier sent an answer far larger than any real one, so the till stopped reading it. ${KEEPS}`,
  );
});
