// The Orders tab while the supplier does not answer (the supplies service on its own database,
// the stand-in over real HTTP, a manual clock): the till's own records still come — the order in
// doubt, worded, and the orders as last known — with why the supplier can't be asked; Check again
// says it still can't be reached, and finds the order once the supplier answers again.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { OWN_ORDERS_SHOWN } from '../../../electron/services/supplies/handlers';
import {
  expectOutcome,
  GOOD_ADDRESS,
  productIn,
  startSupplier,
  startSupplies,
  watchedFetch,
  withTimeMoving,
  type Supplier,
  type SuppliesOptions,
  type SuppliesService,
} from './support';

let s: SuppliesService;
let other: Supplier | null = null;
afterEach(async () => {
  await s.close();
  await other?.close();
  other = null;
});

const UNREACHABLE = "The supplier can't be reached. Check the internet connection, then try again.";

/**
 * The supplies service over a network that can go down: while `down`, every request fails as a
 * refused connection does; the order in doubt is one whose creation answer is lost as the
 * network goes down.
 */
async function overANetwork(options: SuppliesOptions = {}) {
  const net = { down: false };
  const watched = watchedFetch();
  const fetchOverNet = (async (input: string | URL | Request, init?: RequestInit) => {
    if (net.down) throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    return watched.fetch(input, init);
  }) as typeof fetch;
  s = await startSupplies({ ...options, fetch: fetchOverNet });
  const lostAsTheNetworkGoesDown = async (quantity: number) => {
    s.supplier.sandbox.control({ nextCreationAnswer: 'drop' });
    watched.afterAnswer = (request) => {
      if (request.startsWith('POST ')) net.down = true;
    };
    const doubt = expectOutcome(await timed(place(quantity)), 'in_doubt');
    watched.afterAnswer = null;
    return doubt;
  };
  return { net, lostAsTheNetworkGoesDown };
}

/** A call of the service, the clock moving meanwhile (reads back off on it). */
const timed = <T>(work: T | Promise<T>) => withTimeMoving(s.supplier.clock, Promise.resolve(work));
const lines = (quantity: number) => [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity }];
const place = (quantity: number) =>
  s.handlers['supplies.placeOrder']({
    lines: lines(quantity),
    address: { ...GOOD_ADDRESS },
    confirmRepeat: false,
  });
const orders = () => timed(s.handlers['supplies.orders']({}));
const check = (attemptId: string) => timed(s.handlers['supplies.checkAttempt']({ attemptId }));
const stateOf = (attemptId: string) =>
  (s.db.prepare('SELECT state FROM supply_order_attempts WHERE id = ?').get(attemptId) as { state: string })
    .state;

test('supplier down: the order in doubt and the till’s own orders are listed, worded; Check again says it still can’t be reached; back up: found, once', async () => {
  const { net, lostAsTheNetworkGoesDown } = await overANetwork();
  const earlier = expectOutcome(await place(2), 'placed');
  const doubt = await lostAsTheNetworkGoesDown(3);
  const attemptId = doubt.attempt.attemptId;

  const down = await orders();
  assert.deepEqual(down.supplier, {
    reachable: false,
    message: UNREACHABLE,
    words: { key: 'supplier.unreachable' },
    ordersReadAt: null,
  });
  assert.deepEqual(
    down.inDoubt.map((a) => [a.attemptId, a.sentTo, a.words, a.lines]),
    [[attemptId, 'current', { key: 'supplyOrder.inDoubt.current' }, lines(3)]],
  );
  assert.match(down.inDoubt[0]!.message, /^The supplier’s answer to an order was lost/);
  // Never read from the supplier since the till started: its own order, as it placed it.
  assert.deepEqual(
    down.orders.map((o) => [o.id, o.referenceNumber, o.status, o.totalPrice, o.placedAt]),
    [
      [
        earlier.order.id,
        earlier.order.referenceNumber,
        'received',
        earlier.order.totalPrice,
        earlier.order.placedAt,
      ],
    ],
  );
  assert.equal(down.currency, 'GBP');

  const asked = s.supplier.sandbox.stats();
  const still = expectOutcome(await check(attemptId), 'in_doubt');
  assert.equal(
    still.message,
    `The supplier still can't be reached, so the till can't tell yet whether that order was placed. It will not send it again by itself. ${UNREACHABLE}`,
  );
  assert.deepEqual(still.words, {
    key: 'supplyOrder.stillUnreachable',
    params: { problem: { key: 'supplier.unreachable', english: UNREACHABLE } },
  });
  assert.equal(still.attempt.attemptId, attemptId);
  assert.equal(stateOf(attemptId), 'in_doubt', 'not ruled out while the supplier is silent');
  assert.deepEqual(s.supplier.sandbox.stats(), asked, 'nothing reached the supplier');

  net.down = false;
  const found = expectOutcome(await check(attemptId), 'placed');
  assert.deepEqual(
    [found.message, found.words],
    [
      'The supplier’s answer was lost, but the order was found at the supplier: it is placed, once.',
      { key: 'supplyOrder.found' },
    ],
  );
  assert.equal(found.order.lines[0]!.quantity, 3);
  const up = await orders();
  assert.deepEqual(up.supplier, { reachable: true });
  assert.deepEqual(up.inDoubt, []);
  assert.deepEqual(
    up.orders.map((o) => o.id),
    [found.order.id, earlier.order.id],
  );
  assert.deepEqual(
    [s.supplier.sandbox.stats().creationRequests, s.supplier.sandbox.stats().ordersStored],
    [2, 2],
    'each order sent once',
  );
});

test('a supplier closed after a read: its orders as last read, with when, and the till’s newer order beside them', async () => {
  const told: string[] = [];
  s = await startSupplies({
    track: (work) => {
      work.then(
        () => told.push('answered'),
        () => told.push('failed'),
      );
      return work;
    },
  });
  const first = expectOutcome(await place(1), 'placed');
  await s.supplier.clock.advance(60_000);
  // The supplier moves the first order on; the till reads that, then places another.
  s.supplier.sandbox.control({ setStatus: { orderId: first.order.id, status: 'shipped' } });
  const read = await orders();
  const readAt = new Date(s.supplier.clock.now()).toISOString();
  assert.deepEqual(
    read.orders.map((o) => [o.id, o.status]),
    [[first.order.id, 'shipped']],
  );
  await s.supplier.clock.advance(60_000);
  const second = expectOutcome(await place(4), 'placed');
  await s.supplier.clock.advance(60_000);

  s.supplier.sandbox.control({ maintenance: true });
  told.length = 0;
  const closed = await orders();
  assert.deepEqual(closed.supplier, {
    reachable: false,
    message: 'The supplier is closed for maintenance just now. Try again in 2 minutes.',
    words: { key: 'supplier.maintenance.minutes', params: { count: 2 } },
    ordersReadAt: readAt,
  });
  assert.deepEqual(
    closed.orders.map((o) => [o.id, o.status, o.placedAt !== null]),
    [
      [second.order.id, 'received', true],
      [first.order.id, 'shipped', true],
    ],
    'newest first: the newer order as placed, the first as last read',
  );
  assert.ok(told.includes('failed'), 'the status bar is told the supplier did not answer');
});

test('the last read of another supplier is never shown as this one’s orders', async () => {
  s = await startSupplies();
  expectOutcome(await place(1), 'placed');
  await orders();
  // The next start of the till runs a new stand-in elsewhere, which does not answer.
  other = await startSupplier({}, s.supplier.clock);
  Object.assign(s.sandboxEndpoint, { baseUrl: other.sandbox.baseUrl, apiKey: other.sandbox.apiKey });
  other.sandbox.control({ maintenance: true });
  const closed = await orders();
  assert.equal(closed.supplier.reachable, false);
  assert.deepEqual(closed.orders, []);
});

test(`while the supplier is down, the till's newest ${OWN_ORDERS_SHOWN} orders are listed, newest first`, async () => {
  const { net } = await overANetwork();
  const placed: number[] = [];
  for (let quantity = 1; quantity <= OWN_ORDERS_SHOWN + 1; quantity++) {
    placed.push(expectOutcome(await place(quantity), 'placed').order.id);
    await s.supplier.clock.advance(1_000);
  }
  net.down = true;
  const down = await orders();
  assert.deepEqual(
    down.orders.map((o) => o.id),
    placed.slice(1).reverse(),
  );
});

test('no supplier to ask (Live without an address): the order in doubt is still listed, worded by where it went', async () => {
  s = await startSupplies();
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  const doubt = expectOutcome(await timed(place(2)), 'in_doubt');
  Object.assign(s.settings.distribution, { mode: 'live', liveBaseUrl: '' });
  const none = await orders();
  assert.deepEqual(none.supplier, {
    reachable: false,
    message: 'No live supplier address is set.',
    words: { key: 'supplier.noLiveAddress' },
    ordersReadAt: null,
  });
  assert.deepEqual(
    none.inDoubt.map((a) => [a.attemptId, a.sentTo, a.words]),
    [[doubt.attempt.attemptId, 'sandbox', { key: 'supplyOrder.inDoubt.sandbox' }]],
  );
  assert.deepEqual(none.orders, []);
});

test('a supplier that cannot even be set up is worded as unreachable, never by its failure', async () => {
  s = await startSupplies();
  Object.defineProperty(s.sandboxEndpoint, 'baseUrl', {
    get: () => {
      throw new Error('EADDRINUSE 127.0.0.1:41234');
    },
  });
  const none = await orders();
  assert.deepEqual(none.supplier, {
    reachable: false,
    message: UNREACHABLE,
    words: { key: 'supplier.unreachable' },
    ordersReadAt: null,
  });
});
