// The distribution API client against the stand-in supplier over real HTTP: every endpoint,
// every error status worded for staff, reads retried with back-off, a creation sent once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { STATUS_TIMES } from '../../../electron/sandbox/distribution/server';
import { fieldProblems } from '../../../electron/services/supplies/distribution-errors';
import { toSupplyOrder } from '../../../electron/services/supplies/order-views';
import { GOOD_ADDRESS, productIn, startSupplier, withTimeMoving, type Supplier } from './support';

let s: Supplier;
before(async () => {
  s = await startSupplier({ rateLimit: { limit: 1000, windowMs: 60_000 } });
});
after(() => s.close());

async function failure(work: Promise<unknown>): Promise<TillError> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof TillError, `expected a TillError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

/** Staff words: no status codes, paths, URLs or library names. */
function assertStaffWords(message: string) {
  assert.doesNotMatch(message, /\b\d{3}\b|\/orders|\/products|http|fetch|JSON|Error/, message);
}

test('GET /products: the catalogue with both stock states and integer prices', async () => {
  const products = await s.client().listProducts();
  assert.equal(products.length, s.sandbox.products.length);
  assert.ok(products.some((p) => p.inventory === 'outOfStock'));
  assert.ok(products.every((p) => Number.isSafeInteger(p.price) && p.price > 0));
  assert.ok(products.some((p) => /till rolls/i.test(p.name)));
  const one = await s.client().getProduct(products[0]!.id);
  assert.deepEqual(one, products[0]);
  const missing = await failure(s.client().getProduct(999_999));
  assert.equal(missing.code, 'not_found');
  assert.equal(missing.message, 'The supplier no longer lists that product.');
});

test('401: a wrong key is worded; with no key saved nothing is sent at all', async () => {
  const wrong = await failure(s.client({ apiKey: async () => 'not-the-key' }).listProducts());
  assert.equal(wrong.code, 'bad_credentials');
  assertStaffWords(wrong.message);
  const before = s.sandbox.stats().apiRequests;
  const none = await failure(s.client({ apiKey: async () => null }).listOrders());
  assert.equal(none.code, 'not_configured');
  assert.equal(s.sandbox.stats().apiRequests, before, 'no request without a key');
});

test('POST /orders creates one order: received, prices, total; GET /orders and /orders/<id> read it back', async () => {
  const [a, b] = s.sandbox.products.filter((p) => p.inventory === 'inStock');
  const lines = [
    { productId: a!.id, quantity: 2 },
    { productId: b!.id, quantity: 3 },
  ];
  const before = s.sandbox.stats();
  const outcome = await s.client().createOrder({ address: { ...GOOD_ADDRESS }, lines });
  assert.equal(outcome.kind, 'created');
  if (outcome.kind !== 'created') return;
  assert.equal(outcome.order.status, 'received');
  assert.equal(outcome.order.totalPrice, a!.price * 2 + b!.price * 3);
  assert.deepEqual(
    outcome.order.lines.map((l) => l.price),
    [a!.price, b!.price],
  );
  assert.equal(s.sandbox.stats().ordersStored, before.ordersStored + 1);
  const listed = await s.client().listOrders();
  assert.ok(listed.some((o) => o.id === outcome.order.id));
  const read = await s.client().getOrder(outcome.order.id);
  assert.equal(read.referenceNumber, outcome.order.referenceNumber);
  const missing = await failure(s.client().getOrder(424242));
  assert.equal(missing.code, 'not_found');
  assert.equal(missing.message, 'The supplier has no order with that number.');
});

test('PUT creation when the settings say so: one request, one order', async () => {
  const before = s.sandbox.stats();
  const outcome = await s.client({ orderMethod: 'PUT' }).createOrder({
    address: { ...GOOD_ADDRESS },
    lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
  });
  assert.equal(outcome.kind, 'created');
  assert.equal(s.sandbox.stats().creationRequests, before.creationRequests + 1);
  assert.equal(s.sandbox.stats().ordersStored, before.ordersStored + 1);
});

test('400 names the fields at fault: postcode, country, out of stock, unknown product, quantity', async () => {
  const inStock = productIn(s.sandbox, 'inStock');
  const outOfStock = productIn(s.sandbox, 'outOfStock');
  const lines = [
    { productId: outOfStock.id, quantity: 1 },
    { productId: 999_999, quantity: 1 },
    { productId: inStock.id, quantity: 0 },
  ];
  const stored = s.sandbox.stats().ordersStored;
  const outcome = await s.client().createOrder({
    address: { ...GOOD_ADDRESS, postalCode: 'NOT A CODE', lineOne: '' },
    lines,
  });
  assert.equal(outcome.kind, 'refused');
  if (outcome.kind !== 'refused') return;
  const names = new Map([[outOfStock.id, outOfStock.name]]);
  const problems = fieldProblems(outcome.body, lines, (id) => names.get(id) ?? 'A product');
  const keyed = (key: string, name?: string) => ({
    key: `supplier.${key}`,
    ...(name !== undefined && { params: { name } }),
  });
  assert.deepEqual(problems, [
    {
      field: 'lineOne',
      message: 'Enter the address line 1.',
      words: keyed('field.enter.lineOne'),
    },
    {
      field: 'postalCode',
      message: 'The supplier did not accept the postcode: check it.',
      words: keyed('field.refused.postalCode'),
    },
    {
      field: `line:${outOfStock.id}`,
      message: `${outOfStock.name} is out of stock at the supplier: take it out of the order.`,
      words: keyed('line.outOfStock', outOfStock.name),
    },
    {
      field: 'line:999999',
      message: 'A product is no longer sold by the supplier: take it out of the order.',
      words: keyed('line.notSold', 'A product'),
    },
    {
      field: `line:${inStock.id}`,
      message: 'Check the quantity of A product.',
      words: keyed('line.quantity', 'A product'),
    },
  ]);
  const country = await s
    .client()
    .createOrder({ address: { ...GOOD_ADDRESS, country: 'UK' }, lines: [lines[2]!] });
  assert.equal(country.kind, 'refused');
  if (country.kind === 'refused') assert.match(country.body, /address\.country/);
  assert.equal(s.sandbox.stats().ordersStored, stored, 'nothing refused was stored');
});

test('429: a read waits for Retry-After on the clock and tries again; a long wait is worded, not waited', async () => {
  s.sandbox.control({ throttleNext: { count: 1, retryAfterSeconds: 2 } });
  const started = s.clock.now();
  const before = s.sandbox.stats().apiRequests;
  const products = await withTimeMoving(s.clock, s.client().listProducts());
  assert.ok(products.length > 0);
  assert.ok(s.clock.now() - started >= 2000, 'waited the 2 s the supplier asked for');
  assert.equal(s.sandbox.stats().apiRequests, before + 2);

  s.sandbox.control({ throttleNext: { count: 3, retryAfterSeconds: 90 } });
  const slow = await failure(s.client().listOrders());
  assert.equal(slow.code, 'rate_limited');
  assert.equal(slow.retryAfterMs, 90_000);
  assert.equal(slow.message, 'The supplier is receiving too many requests. Try again in 2 minutes.');
  s.sandbox.control({ throttleNext: { count: 0, retryAfterSeconds: 0 } });
});

test('429 past the request rate, from the stand-in itself', async () => {
  const limited = await startSupplier({ rateLimit: { limit: 3, windowMs: 60_000 } });
  try {
    const client = limited.client({ retry: { attempts: 1 } });
    for (let i = 0; i < 3; i++) await client.listProducts();
    const refused = await failure(client.listProducts());
    assert.equal(refused.code, 'rate_limited');
    assert.equal(refused.retryAfterMs, 60_000);
    await limited.clock.advance(60_000);
    assert.ok((await client.listProducts()).length > 0, 'the window has passed');
  } finally {
    await limited.close();
  }
});

test('500 on a read is tried again after a back-off; a creation answered 500 is unclear, never retried', async () => {
  s.sandbox.control({ nextReadAnswer: 'server_error' });
  const orders = await withTimeMoving(s.clock, s.client().listOrders());
  assert.ok(Array.isArray(orders));

  const before = s.sandbox.stats();
  s.sandbox.control({ nextCreationAnswer: 'server_error' });
  const outcome = await s.client().createOrder({
    address: { ...GOOD_ADDRESS },
    lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 4 }],
  });
  assert.equal(outcome.kind, 'unclear');
  if (outcome.kind === 'unclear') assert.equal(outcome.error.code, 'service_error');
  assert.equal(s.sandbox.stats().creationRequests, before.creationRequests + 1, 'sent once');
});

test('503 maintenance: reads fail at once in words; a creation is certainly not stored', async () => {
  s.sandbox.control({ maintenance: true });
  try {
    const before = s.sandbox.stats();
    const down = await failure(s.client().listProducts());
    assert.equal(down.code, 'service_error');
    assert.equal(down.message, 'The supplier is closed for maintenance just now. Try again in 2 minutes.');
    assert.equal(s.sandbox.stats().apiRequests, before.apiRequests + 1, 'maintenance is not retried');
    const create = await s.client().createOrder({
      address: { ...GOOD_ADDRESS },
      lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
    });
    assert.equal(create.kind, 'not_created');
    assert.equal(s.sandbox.stats().ordersStored, before.ordersStored);
  } finally {
    s.sandbox.control({ maintenance: false });
  }
});

test('an answer over the size cap, and one that is not JSON, are worded as unreadable', async () => {
  s.sandbox.control({ nextReadAnswer: 'oversize' });
  const big = await failure(s.client().listProducts());
  assert.equal(big.code, 'malformed_response');
  assert.match(big.message, /far larger than any real one/);
  s.sandbox.control({ nextReadAnswer: 'malformed' });
  const broken = await failure(s.client().listProducts());
  assert.equal(broken.code, 'malformed_response');
  assertStaffWords(broken.message);
});

test('orders move received → pending → partially shipped → shipped → invoiced, with shipments', async () => {
  const outcome = await s.client().createOrder({
    address: { ...GOOD_ADDRESS },
    lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
  });
  assert.equal(outcome.kind, 'created');
  if (outcome.kind !== 'created') return;
  const id = outcome.order.id;
  const seen: string[] = [];
  let previous = 0;
  for (const [status, at] of STATUS_TIMES) {
    await s.clock.advance(at - previous);
    previous = at;
    const order = await s.client().getOrder(id);
    seen.push(order.status);
    if (status === 'partially shipped') assert.equal(order.shipments.length, 1);
    if (status === 'shipped') {
      assert.equal(order.shipments.length, 2);
      assert.ok(order.shipments.every((sh) => sh.trackingId && sh.carrier));
    }
  }
  assert.deepEqual(seen, ['received', 'pending', 'partially shipped', 'shipped', 'invoiced']);
});

test('a status the spec does not list is kept and shown in words, never refused', async () => {
  const outcome = await s.client().createOrder({
    address: { ...GOOD_ADDRESS },
    lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
  });
  assert.equal(outcome.kind, 'created');
  if (outcome.kind !== 'created') return;
  s.sandbox.control({ setStatus: { orderId: outcome.order.id, status: 'on hold' } });
  const order = await s.client().getOrder(outcome.order.id);
  const view = toSupplyOrder(order, new Map(), null);
  assert.equal(view.status, 'on hold');
  assert.equal(view.stage, null);
  assert.equal(view.statusWords, 'The supplier says “on hold”');
});
