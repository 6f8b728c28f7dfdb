// The order-once rule as stored: what the till records about each creation (its method, its
// state after a restart or a failed save, the order it turned out to be, the total) and how that
// record keeps an order from being placed twice, or called "not placed" when it may exist.
// The supplies service on its own database, the stand-in over real HTTP, a manual clock.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderAttempts } from '../../../electron/services/supplies/order-attempts';
import { OrderOnce } from '../../../electron/services/supplies/order-once';
import type { DistributionClientOptions } from '../../../electron/services/supplies/distribution-client';
import { orderFingerprint } from '../../../shared/supplies';
import {
  expectOutcome,
  GOOD_ADDRESS,
  productIn,
  startSupplies,
  watchedFetch,
  type SuppliesService,
} from './support';

let s: SuppliesService;
afterEach(() => s.close());

const lines = (quantity = 3) => [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity }];
const place = (orderLines = lines(), confirmRepeat = false) =>
  s.handlers['supplies.placeOrder']({ lines: orderLines, address: { ...GOOD_ADDRESS }, confirmRepeat });

interface StoredAttempt {
  id: string;
  state: string;
  method: string;
  order_id: number | null;
  total_price: number | null;
}
const stored = () =>
  s.db
    .prepare('SELECT id, state, method, order_id, total_price FROM supply_order_attempts ORDER BY created_at')
    .all() as StoredAttempt[];

/** The order-once rule as a till starting up builds it over this database, its log kept. */
function startedOrderOnce(client: Partial<DistributionClientOptions> = {}) {
  const logged: string[] = [];
  const keep = (level: string) => (message: string) => logged.push(`${level} ${message}`);
  const orderOnce = new OrderOnce({
    attempts: new OrderAttempts(s.db, () => s.supplier.clock.now()),
    supplier: async () => s.supplier.current(client),
    orderMethod: () => 'POST',
    names: async () => new Map(),
    clock: s.supplier.clock,
    log: { info: keep('INFO'), warn: keep('WARN'), error: keep('ERROR') },
    onChange: () => undefined,
  });
  return { orderOnce, logged };
}

test('the supplies steps are recorded as "supplies-1" (every till’s database holds it), then "supplies-2"', async () => {
  s = await startSupplies();
  // A new name for the same step would make a till's existing database create its tables again.
  assert.deepEqual(s.db.prepare('SELECT id FROM schema_migrations ORDER BY id').all(), [
    { id: 'supplies-1' },
    { id: 'supplies-2' },
  ]);
});

test('an order sent by POST is stored and read back as sent by POST', async () => {
  s = await startSupplies();
  expectOutcome(await place(), 'placed');
  const [row] = stored();
  assert.equal(row!.method, 'POST');
  assert.equal(new OrderAttempts(s.db, () => 0).get(row!.id)!.method, 'POST');
});

test('a till stopped while sending: on starting, the creation is stored in doubt, logged once, and found', async () => {
  s = await startSupplies();
  const quiet = startedOrderOnce();
  assert.deepEqual(quiet.logged, [], 'nothing was being sent: nothing to say');

  // The creation left, reached the supplier, and the till stopped before saving what became of it.
  const request = { address: { ...GOOD_ADDRESS }, lines: lines() };
  new OrderAttempts(s.db, () => s.supplier.clock.now()).begin({
    id: 'stopped-while-sending',
    supplier: s.supplier.current().supplier,
    fingerprint: orderFingerprint(request.lines, request.address),
    request,
    method: 'POST',
    knownOrderIds: [],
  });
  const created = await s.supplier.client().createOrder(request);
  assert.ok(created.kind === 'created');

  const restarted = startedOrderOnce();
  assert.deepEqual(restarted.logged, ['WARN 1 supplier order(s) were being sent when the till stopped']);
  assert.deepEqual(
    stored().map((r) => [r.id, r.state]),
    [['stopped-while-sending', 'in_doubt']],
  );
  const found = expectOutcome(await restarted.orderOnce.check('stopped-while-sending'), 'placed');
  assert.equal(found.order.id, created.order.id);
  assert.deepEqual(
    stored().map((r) => [r.state, r.order_id]),
    [['placed', created.order.id]],
  );
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1, 'found, not sent again');
});

test('an order whose outcome could not be saved: listed in doubt, and Check again finds it instead of calling it not placed', async () => {
  s = await startSupplies();
  // The disk refuses every change to a recorded creation, once the order has gone out.
  s.db.exec(`CREATE TRIGGER refuse_settling BEFORE UPDATE ON supply_order_attempts
    BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
  await assert.rejects(async () => place(), /disk I\/O error/);
  s.db.exec('DROP TRIGGER refuse_settling');
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1, 'the supplier has the order');

  const [doubt] = (await s.handlers['supplies.orders']({})).inDoubt;
  assert.ok(doubt, 'the orders screen lists the unsettled creation');
  const found = expectOutcome(
    await s.handlers['supplies.checkAttempt']({ attemptId: doubt.attemptId }),
    'placed',
  );
  assert.equal(
    found.message,
    'The supplier’s answer was lost, but the order was found at the supplier: it is placed, once.',
  );
  assert.deepEqual(
    stored().map((r) => [r.state, r.order_id]),
    [['placed', found.order.id]],
  );
  assert.equal(s.supplier.sandbox.stats().creationRequests, 1, 'sent once');
});

test('an earlier lost order is ruled out first; then the new one goes out and is placed', async () => {
  const watched = watchedFetch();
  s = await startSupplies({ fetch: watched.fetch });
  // The creation's connection drops before the supplier stores it, and the supplier then closes.
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop_unstored' });
  watched.afterAnswer = (request) => {
    if (request.startsWith('POST ')) s.supplier.sandbox.control({ maintenance: true });
  };
  expectOutcome(await place(lines(3)), 'in_doubt');
  watched.afterAnswer = null;
  s.supplier.sandbox.control({ maintenance: false });

  const placed = expectOutcome(await place(lines(5)), 'placed');
  assert.deepEqual(
    placed.order.lines.map((l) => l.quantity),
    [5],
  );
  assert.deepEqual(
    stored().map((r) => [r.state, r.order_id]),
    [
      ['not_placed', null],
      ['placed', placed.order.id],
    ],
  );
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1);
});

test('a lost order is never taken to be one this till already placed, even one the supplier listed late', async () => {
  const watched = watchedFetch();
  s = await startSupplies({ fetch: watched.fetch });
  const first = expectOutcome(await place(), 'placed');
  // The supplier's list lags: the look just before sending does not show the first order yet.
  let lagging = true;
  watched.rewrite = (request, json) => {
    if (request !== 'GET /orders' || !lagging) return json;
    lagging = false;
    return (json as { id: number }[]).filter((o) => o.id !== first.order.id);
  };
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop' });
  const second = expectOutcome(await place(lines(), true), 'placed');
  assert.match(second.message, /answer was lost, but the order was found/);
  assert.notEqual(second.order.id, first.order.id);
  assert.deepEqual(
    stored().map((r) => [r.state, r.order_id]),
    [
      ['placed', first.order.id],
      ['placed', second.order.id],
    ],
  );
  assert.equal(s.supplier.sandbox.stats().ordersStored, 2);
});

test('a lost order found in a list that gives its total: the total is kept for reading it back', async () => {
  const watched = watchedFetch();
  s = await startSupplies({ fetch: watched.fetch });
  const product = productIn(s.supplier.sandbox, 'inStock');
  const total = product.price * 3 + 495; // with a delivery charge
  watched.rewrite = (request, json) =>
    request === 'GET /orders' ? (json as object[]).map((o) => ({ ...o, totalPrice: total })) : json;
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop' });
  const found = expectOutcome(await place(), 'placed');
  assert.deepEqual(
    stored().map((r) => [r.state, r.total_price]),
    [['placed', total]],
  );
  watched.rewrite = null;
  assert.equal((await s.handlers['supplies.order']({ orderId: found.order.id })).totalPrice, total);
});

test('an address that needs a look: refused in words before anything is stored or sent', async () => {
  s = await startSupplies();
  const refused = await s.handlers['supplies.placeOrder']({
    lines: lines(),
    address: { ...GOOD_ADDRESS, city: ' ' },
    confirmRepeat: false,
  });
  assert.deepEqual(refused, {
    outcome: 'refused',
    message: 'The delivery address needs a look before ordering.',
    words: { key: 'supplyOrder.addressFirst' },
    problems: [
      { field: 'city', message: 'Enter the town or city.', words: { key: 'supplier.field.enter.city' } },
    ],
  });
  assert.deepEqual(stored(), []);
  assert.equal(s.supplier.sandbox.stats().apiRequests, 0);
});

test('a key the supplier refuses: nothing ordered, in words, with no wait to pass on and nothing stored', async () => {
  s = await startSupplies();
  const { orderOnce } = startedOrderOnce({ apiKey: async () => 'not-the-key' });
  assert.deepEqual(
    await orderOnce.place({ lines: lines(), address: { ...GOOD_ADDRESS }, confirmRepeat: false }),
    {
      outcome: 'not_placed',
      message:
        "Nothing was ordered. The supplier did not accept the till's API key. A manager can check it in Settings, under Supplies.",
      words: {
        key: 'supplyOrder.notPlaced',
        params: {
          problem: {
            key: 'supplier.badKey',
            english:
              "The supplier did not accept the till's API key. A manager can check it in Settings, under Supplies.",
          },
        },
      },
    },
  );
  assert.deepEqual(stored(), []);
  assert.equal(s.supplier.sandbox.stats().creationRequests, 0);
});
