// The order-once rule on the supplies service itself (its own database, the stand-in over real
// HTTP, a manual clock): Check again on attempts already settled or unknown, a repeat window,
// a refusal before anything is sent, and which order a lost answer is matched to.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderAttempts } from '../../../electron/services/supplies/order-attempts';
import {
  expectOutcome,
  GOOD_ADDRESS,
  productIn,
  startSupplies,
  watchedFetch,
  type SuppliesOptions,
  type SuppliesService,
} from './support';

let s: SuppliesService;
afterEach(() => s.close());

async function supplies(options: SuppliesOptions = {}) {
  s = await startSupplies(options);
  return s;
}

const lines = () => [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity: 3 }];
const place = (confirmRepeat = false, orderLines = lines()) =>
  s.handlers['supplies.placeOrder']({ lines: orderLines, address: { ...GOOD_ADDRESS }, confirmRepeat });
const check = (attemptId: string) => s.handlers['supplies.checkAttempt']({ attemptId });

/** Places an order whose answer is lost while the supplier then closes: in doubt. */
async function lostWhileClosed(answer: 'drop' | 'drop_unstored', watched: ReturnType<typeof watchedFetch>) {
  s.supplier.sandbox.control({ nextCreationAnswer: answer });
  watched.afterAnswer = (request) => {
    if (request.startsWith('POST ')) s.supplier.sandbox.control({ maintenance: true });
  };
  const doubt = expectOutcome(await place(), 'in_doubt');
  watched.afterAnswer = null;
  s.supplier.sandbox.control({ maintenance: false });
  return doubt.attempt.attemptId;
}

test('Check again on an attempt the till never made: not placed, in words', async () => {
  await supplies();
  assert.deepEqual(await check('no-such-attempt'), {
    outcome: 'not_placed',
    message: 'The till has no record of that order attempt.',
    words: { key: 'supplyOrder.noRecord' },
  });
});

test('Check again on a lost order already found: placed, the same order, nothing sent', async () => {
  const watched = watchedFetch();
  await supplies({ fetch: watched.fetch });
  const attemptId = await lostWhileClosed('drop', watched);
  const found = expectOutcome(await check(attemptId), 'placed');
  const stored = s.supplier.sandbox.stats();
  const again = expectOutcome(await check(attemptId), 'placed');
  assert.equal(again.message, 'The order is placed.');
  assert.equal(again.order.id, found.order.id);
  assert.equal(again.order.referenceNumber, found.order.referenceNumber);
  assert.equal(again.order.lines[0]!.quantity, 3);
  assert.equal(s.supplier.sandbox.stats().creationRequests, stored.creationRequests, 'nothing sent again');
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1);
});

test('Check again on a lost order already ruled out: not placed, and it can be placed again', async () => {
  const watched = watchedFetch();
  await supplies({ fetch: watched.fetch });
  const attemptId = await lostWhileClosed('drop_unstored', watched);
  expectOutcome(await check(attemptId), 'not_placed');
  assert.deepEqual(await check(attemptId), {
    outcome: 'not_placed',
    message: 'That order was not placed. You can place it again.',
    words: { key: 'supplyOrder.wasNotPlaced' },
  });
  assert.equal(s.supplier.sandbox.stats().ordersStored, 0);
  expectOutcome(await place(), 'placed');
});

test('two new orders match a lost one: the earlier is taken, even when the supplier lists newest first', async () => {
  const watched = watchedFetch();
  await supplies({ fetch: watched.fetch });
  const attemptId = await lostWhileClosed('drop', watched);
  const [lost] = await s.supplier.client().listOrders();
  // Another till orders the very same, before this one checks; the supplier lists newest first.
  const other = await s.supplier.client().createOrder({ address: { ...GOOD_ADDRESS }, lines: lines() });
  assert.equal(other.kind, 'created');
  watched.rewrite = (request, json) => (request === 'GET /orders' ? (json as unknown[]).reverse() : json);
  const found = expectOutcome(await check(attemptId), 'placed');
  assert.equal(found.order.id, lost!.id);
  assert.ok(other.kind === 'created' && other.order.id > lost!.id);
});

test('a repeat asks again only within the window the till was given', async () => {
  await supplies({ repeatWindowMs: 60_000 });
  const first = expectOutcome(await place(), 'placed');
  await s.supplier.clock.advance(30_000);
  expectOutcome(await place(), 'needs_confirmation');
  await s.supplier.clock.advance(60_000);
  const second = expectOutcome(await place(), 'placed');
  assert.notEqual(second.order.id, first.order.id);
  assert.equal(s.supplier.sandbox.stats().ordersStored, 2);
});

test('a repeat within the usual half hour says how many minutes ago', async () => {
  await supplies();
  const first = expectOutcome(await place(), 'placed');
  await s.supplier.clock.advance(5 * 60_000);
  const again = expectOutcome(await place(), 'needs_confirmation');
  assert.equal(
    again.message,
    'The same items to the same address were ordered 5 minutes ago. Order them again?',
  );
  assert.deepEqual(again.similar, {
    orderId: first.order.id,
    referenceNumber: first.order.referenceNumber,
    placedAt: first.order.placedAt,
  });
});

test('a supplier closed before sending: nothing sent, nothing kept in doubt, the wait passed on', async () => {
  await supplies();
  s.supplier.sandbox.control({ maintenance: true });
  assert.deepEqual(await place(), {
    outcome: 'not_placed',
    message: 'Nothing was ordered. The supplier is closed for maintenance just now. Try again in 2 minutes.',
    words: {
      key: 'supplyOrder.notPlaced',
      params: {
        problem: {
          key: 'supplier.maintenance.minutes',
          english: 'The supplier is closed for maintenance just now. Try again in 2 minutes.',
          params: { count: 2 },
        },
      },
    },
    retryAfterMs: 120_000,
  });
  s.supplier.sandbox.control({ maintenance: false });
  assert.equal(s.supplier.sandbox.stats().creationRequests, 0);
  assert.deepEqual((await s.handlers['supplies.orders']({})).inDoubt, []);
});

test('a product the till cannot name is called "A product" in the supplier’s refusal', async () => {
  await supplies();
  const refused = expectOutcome(await place(false, [{ productId: 999_999, quantity: 1 }]), 'refused');
  assert.deepEqual(
    refused.problems.map((p) => p.message),
    ['A product is no longer sold by the supplier: take it out of the order.'],
  );
});

test('an order sent by PUT is recorded as sent by PUT', async () => {
  await supplies();
  s.settings.distribution.orderMethod = 'PUT';
  expectOutcome(await place(), 'placed');
  assert.equal(s.supplier.sandbox.stats().putCreations, 1);
  const [row] = s.db.prepare('SELECT id FROM supply_order_attempts').all() as { id: string }[];
  assert.equal(new OrderAttempts(s.db, () => s.supplier.clock.now()).get(row!.id)!.method, 'PUT');
});

test('lines of the same product are sent as one line with the quantities added', async () => {
  await supplies();
  const productId = productIn(s.supplier.sandbox, 'inStock').id;
  const placed = expectOutcome(
    await place(false, [
      { productId, quantity: 1 },
      { productId, quantity: 2 },
    ]),
    'placed',
  );
  assert.equal(placed.message, 'The order is placed with the supplier.');
  assert.deepEqual(
    placed.order.lines.map((l) => [l.productId, l.quantity]),
    [[productId, 3]],
  );
  assert.deepEqual(s.changes, [placed.order.id], 'the orders screen is told of the new order');
});

test('two taps at once send one order; the second asks first', async () => {
  await supplies();
  const [a, b] = await Promise.all([place(), place()]);
  assert.deepEqual([a.outcome, b.outcome], ['placed', 'needs_confirmation']);
  assert.equal(s.supplier.sandbox.stats().creationRequests, 1);
});

test('a lost order is not matched to an order that was there before, nor to a different one', async () => {
  const watched = watchedFetch();
  await supplies({ fetch: watched.fetch });
  const direct = s.supplier.client();
  assert.equal((await direct.createOrder({ address: { ...GOOD_ADDRESS }, lines: lines() })).kind, 'created');
  const attemptId = await lostWhileClosed('drop_unstored', watched);
  const different = [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity: 9 }];
  assert.equal(
    (await direct.createOrder({ address: { ...GOOD_ADDRESS }, lines: different })).kind,
    'created',
  );
  const settled = expectOutcome(await check(attemptId), 'not_placed');
  assert.match(settled.message, /^The supplier has no record of the order whose answer was lost/);
  assert.deepEqual(s.changes, [null], 'the orders screen is told the doubt is over');
});

test('a lost order found tells the orders screen which order it is', async () => {
  const watched = watchedFetch();
  await supplies({ fetch: watched.fetch });
  const found = expectOutcome(await check(await lostWhileClosed('drop', watched)), 'placed');
  assert.deepEqual(s.changes, [found.order.id]);
});

test('a refusal by the supplier says nothing was ordered', async () => {
  await supplies();
  const refused = expectOutcome(await place(false, [{ productId: 999_999, quantity: 1 }]), 'refused');
  assert.equal(
    refused.message,
    'The supplier did not accept the order, so nothing was ordered. Fix what is marked, then place it again.',
  );
  assert.deepEqual(s.changes, []);
  assert.deepEqual((await s.handlers['supplies.orders']({})).inDoubt, [], 'settled, not left in doubt');
});

test('a creation refused for maintenance is settled: nothing in doubt, the next order goes straight out', async () => {
  await supplies();
  s.supplier.sandbox.control({ nextCreationAnswer: 'maintenance' });
  expectOutcome(await place(), 'not_placed');
  assert.deepEqual((await s.handlers['supplies.orders']({})).inDoubt, []);
  const asked = s.supplier.sandbox.stats().apiRequests;
  expectOutcome(await place(), 'placed');
  assert.equal(s.supplier.sandbox.stats().apiRequests, asked + 2, 'one look at the orders, one creation');
});
