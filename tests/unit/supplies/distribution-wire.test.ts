// What the till makes of the supplier's answers beyond the stand-in's own: 400 bodies of every
// shape, Retry-After as a date, records with empty parts, answers of the wrong shape, creations
// that certainly never left, and the connection's limits, retries and fetch reaching the client.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { TillError } from '../../../shared/contract/errors';
import { DistributionConnection } from '../../../electron/services/supplies/connection';
import { fieldProblems, retryAfterMs } from '../../../electron/services/supplies/distribution-errors';
import { toSupplyOrder } from '../../../electron/services/supplies/order-views';
import { defaultSettings } from '../../../electron/services/storage/settings';
import {
  GOOD_ADDRESS,
  keychainHolding,
  productIn,
  QUIET_LOG,
  settingsHolding,
  startSupplier,
  tillFailure,
  watchedFetch,
  withTimeMoving,
  type Supplier,
} from './support';

let s: Supplier;
before(async () => {
  s = await startSupplier({ rateLimit: { limit: 1000, windowMs: 60_000 } });
});
after(() => s.close());

const order = () => ({
  address: { ...GOOD_ADDRESS },
  lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
});

const LINES = [{ productId: 7 }];
const problemsOf = (body: string) =>
  fieldProblems(body, LINES, () => 'Till rolls').map((p) => [p.field, p.message]);
const WITHOUT_REASON = [
  ['order', 'The supplier refused the order without saying why. Check it and try again.'],
];

test('a 400 naming its fields as an object: each field worded', () => {
  assert.deepEqual(
    problemsOf(
      JSON.stringify({ errors: { 'address.postalCode': 'not valid', 'lines[0].quantity': 'too many' } }),
    ),
    [
      ['postalCode', 'The supplier did not accept the postcode: check it.'],
      ['line:7', 'Check the quantity of Till rolls.'],
    ],
  );
});

test('a 400 that names no field, or not in a shape the till knows: refused without saying why', () => {
  for (const body of ['{}', 'null', 'not json', '{"errors":null}', '{"errors":"bad"}', '{"errors":42}']) {
    assert.deepEqual(problemsOf(body), WITHOUT_REASON, body);
  }
  assert.deepEqual(
    problemsOf(JSON.stringify({ errors: [{ reason: 'required' }, 'lines[0]'] })),
    WITHOUT_REASON,
  );
});

test('Retry-After as an HTTP date: the time until then, never below nothing', () => {
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  assert.equal(retryAfterMs(new Date(now + 45_000).toUTCString(), now), 45_000);
  assert.equal(retryAfterMs(new Date(now - 45_000).toUTCString(), now), 0);
  assert.equal(retryAfterMs('soon', now), null);
});

test('an order read back with empty parts: no reference, lines, address, carrier or shipments', async () => {
  const created = await s.client().createOrder(order());
  assert.ok(created.kind === 'created');
  const watched = watchedFetch();
  const client = s.client({ fetch: watched.fetch });
  watched.rewrite = (_request, json) => ({
    ...(json as object),
    referenceNumber: null,
    lines: null,
    address: null,
    shipments: [{ trackingId: 'TRK1', carrier: null }],
    totalPrice: undefined,
  });
  const read = await client.getOrder(created.order.id);
  assert.deepEqual(
    [read.referenceNumber, read.lines, read.address, read.shipments],
    ['', [], {}, [{ trackingId: 'TRK1', carrier: '' }]],
  );
  const view = toSupplyOrder(read, new Map(), null);
  assert.equal(view.referenceNumber, '');
  assert.equal(view.totalPrice, null);
  watched.rewrite = (_request, json) => ({ ...(json as object), shipments: null });
  assert.deepEqual((await client.getOrder(created.order.id)).shipments, []);
});

test('an answer of the wrong shape is unreadable, and the log is told it was the shape', async () => {
  const watched = watchedFetch();
  watched.rewrite = () => [{ id: 'one' }];
  const error = await tillFailure(s.client({ fetch: watched.fetch }).listProducts());
  assert.equal(error.code, 'malformed_response');
  assert.equal(
    error.message,
    'The supplier sent an answer the till could not read. If it keeps happening, call the supplier.',
  );
  assert.match((error.cause as Error).message, /^GET \/products: unexpected shape$/);
});

test('a creation with no key saved is certainly not created, and nothing is sent', async () => {
  const before = s.sandbox.stats();
  const outcome = await s.client({ apiKey: async () => null }).createOrder(order());
  assert.equal(outcome.kind, 'not_created');
  assert.ok(outcome.kind === 'not_created' && outcome.error.code === 'not_configured');
  assert.deepEqual(s.sandbox.stats(), before);
});

test('a creation to an address nobody answers at is certainly not created', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  await new Promise((resolve) => closed.close(resolve));
  const outcome = await s.client({ baseUrl: `http://127.0.0.1:${port}` }).createOrder(order());
  assert.equal(outcome.kind, 'not_created');
  assert.ok(outcome.kind === 'not_created' && outcome.error.code === 'unreachable');
});

test('the connection hands its fetch, limits and retries to the client it makes', async () => {
  const watched = watchedFetch();
  const endpoint = { baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.apiKey };
  const connect = (options: object) =>
    new DistributionConnection(settingsHolding(defaultSettings()), keychainHolding(), async () => endpoint, {
      clock: s.clock,
      log: QUIET_LOG,
      ...options,
    }).client();

  assert.ok((await (await connect({ fetch: watched.fetch })).listProducts()).length > 0);
  assert.deepEqual(watched.sent, ['GET /products']);

  const small = await tillFailure((await connect({ limits: { maxBodyBytes: 64 } })).listProducts());
  assert.match(small.message, /far larger than any real one/);

  const asked = s.sandbox.stats().apiRequests;
  s.sandbox.control({ nextReadAnswer: 'server_error' });
  const once = await tillFailure(
    withTimeMoving(s.clock, (await connect({ retry: { attempts: 1 } })).listOrders()),
  );
  assert.equal(once.code, 'service_error');
  assert.equal(s.sandbox.stats().apiRequests, asked + 1, 'one try only');
});

test('creations refused before anything is stored are certainly not created, each worded', async () => {
  const before = s.sandbox.stats();
  const kinds = async (client: ReturnType<Supplier['client']>) => {
    const outcome = await client.createOrder(order());
    assert.equal(outcome.kind, 'not_created', JSON.stringify(outcome));
    const { code, message, words } = outcome.kind === 'not_created' ? outcome.error : ({} as TillError);
    return [code, message, words?.key];
  };
  assert.deepEqual(await kinds(s.client({ apiKey: async () => 'not-the-key' })), [
    'bad_credentials',
    "The supplier did not accept the till's API key. A manager can check it in Settings, under Supplies.",
    'supplier.badKey',
  ]);
  // A web server where no supplier answers: 404 to everything.
  const nobody = createHttpServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => nobody.listen(0, '127.0.0.1', resolve));
  const { port } = nobody.address() as { port: number };
  try {
    assert.deepEqual(await kinds(s.client({ baseUrl: `http://127.0.0.1:${port}` })), [
      'not_found',
      'The supplier could not be found at that address.',
      'supplier.missing.notAtAddress',
    ]);
  } finally {
    await new Promise((resolve) => nobody.close(resolve));
  }
  s.sandbox.control({ throttleNext: { count: 1, retryAfterSeconds: 5 } });
  assert.deepEqual(await kinds(s.client()), [
    'rate_limited',
    'The supplier is receiving too many requests. Try again in 5 seconds.',
    'supplier.busy.seconds',
  ]);
  // A secure address where the supplier speaks plain HTTP: the handshake fails before sending.
  assert.deepEqual(await kinds(s.client({ baseUrl: s.sandbox.baseUrl.replace('http:', 'https:') })), [
    'certificate',
    "The supplier's security certificate was not accepted, so the till did not connect.",
    'supplier.certificate',
  ]);
  assert.equal(s.sandbox.stats().ordersStored, before.ordersStored);
});

test('a creation is sent by POST unless the settings say PUT', async () => {
  const watched = watchedFetch();
  assert.equal((await s.client({ fetch: watched.fetch }).createOrder(order())).kind, 'created');
  assert.deepEqual(watched.sent, ['POST /orders']);
});

test('a busy supplier’s wait is waited up to the longest allowed, for three tries in all', async () => {
  const asked = s.sandbox.stats().apiRequests;
  const started = s.clock.now();
  s.sandbox.control({ throttleNext: { count: 2, retryAfterSeconds: 10 } });
  assert.ok((await withTimeMoving(s.clock, s.client().listProducts(), 1_000)).length > 0);
  assert.equal(s.sandbox.stats().apiRequests, asked + 3);
  assert.ok(s.clock.now() - started >= 20_000, 'waited the 10 s asked for, twice');

  s.sandbox.control({ throttleNext: { count: 3, retryAfterSeconds: 1 } });
  const busy = await withTimeMoving(s.clock, tillFailure(s.client().listProducts()));
  assert.equal(busy.code, 'rate_limited');
  assert.equal(s.sandbox.stats().apiRequests, asked + 6, 'three tries, no fourth');
});

test('lost connections on a read: tried again after the first pause, then twice as long', async () => {
  const watched = watchedFetch();
  const times: number[] = [];
  watched.rewrite = (_request, json) => {
    times.push(s.clock.now());
    if (times.length < 3) throw new TypeError('fetch failed');
    return json;
  };
  const client = s.client({ fetch: watched.fetch, retry: { firstDelayMs: 60_000, maxWaitMs: 600_000 } });
  assert.ok((await withTimeMoving(s.clock, client.listOrders())).length > 0);
  const [first, second] = [times[1]! - times[0]!, times[2]! - times[1]!];
  assert.ok(first >= 60_000 && first < 90_000, `first pause ${first} ms`);
  assert.ok(second >= 120_000 && second < 150_000, `second pause ${second} ms`);
});
