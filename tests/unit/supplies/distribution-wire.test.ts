// What the till makes of the supplier's answers beyond the stand-in's own: 400 bodies of every
// shape, Retry-After as a date, records with empty parts, answers of the wrong shape, creations
// that certainly never left, and the connection's limits, retries and fetch reaching the client.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
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

async function failure(work: Promise<unknown>): Promise<TillError> {
  const error = await work.then(
    () => assert.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TillError, String(error));
  return error;
}

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
  const error = await failure(s.client({ fetch: watched.fetch }).listProducts());
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

  const small = await failure((await connect({ limits: { maxBodyBytes: 64 } })).listProducts());
  assert.match(small.message, /far larger than any real one/);

  const asked = s.sandbox.stats().apiRequests;
  s.sandbox.control({ nextReadAnswer: 'server_error' });
  const once = await failure(
    withTimeMoving(s.clock, (await connect({ retry: { attempts: 1 } })).listOrders()),
  );
  assert.equal(once.code, 'service_error');
  assert.equal(s.sandbox.stats().apiRequests, asked + 1, 'one try only');
});
