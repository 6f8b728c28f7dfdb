// Orders as the Supplies screen shows them: names from the catalogue, unit prices and the total
// from this till's creation answer (the supplier reads orders back without them), and the
// delivery address as the supplier holds it.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupplyOrder } from '../../../shared/contract';
import type { WireOrder } from '../../../electron/services/supplies/distribution-records';
import type { AttemptRecord } from '../../../electron/services/supplies/order-attempts';
import {
  linePricesOf,
  toSupplyOrder,
  toSupplyProduct,
} from '../../../electron/services/supplies/order-views';
import { GOOD_ADDRESS, startSupplies, watchedFetch, withTimeMoving, type SuppliesService } from './support';

let s: SuppliesService;
afterEach(() => s.close());

type Line = { productId: number; quantity: number; price?: number };

async function placedWith(
  creationAnswer: (order: { lines: Line[]; totalPrice?: number }) => object = (o) => o,
) {
  const watched = watchedFetch();
  s = await startSupplies({ fetch: watched.fetch });
  const [a, b] = s.supplier.sandbox.products.filter((p) => p.inventory === 'inStock');
  watched.rewrite = (request, json) =>
    request === 'POST /orders' ? creationAnswer(json as { lines: Line[]; totalPrice?: number }) : json;
  const placed = await s.handlers['supplies.placeOrder']({
    lines: [
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 3 },
    ],
    address: { ...GOOD_ADDRESS },
    confirmRepeat: false,
  });
  assert.equal(placed.outcome, 'placed');
  watched.rewrite = null;
  const id = placed.outcome === 'placed' ? placed.order.id : 0;
  return { a: a!, b: b!, id, watched };
}

const linesOf = (order: SupplyOrder) => order.lines.map((l) => [l.name, l.quantity, l.price]);

test('an order read back shows each line’s name, quantity and unit price, and the total, from the creation', async () => {
  const { a, b, id } = await placedWith();
  const listed = (await s.handlers['supplies.orders']({})).orders.find((o) => o.id === id)!;
  const one = await s.handlers['supplies.order']({ orderId: id });
  for (const order of [listed, one]) {
    assert.deepEqual(linesOf(order), [
      [a.name, 2, a.price],
      [b.name, 3, b.price],
    ]);
    assert.equal(order.totalPrice, a.price * 2 + b.price * 3);
    assert.equal(order.placedAt, new Date(s.supplier.clock.now()).toISOString());
    assert.equal(order.statusWords, 'Received by the supplier');
  }
});

test('the supplier’s own total (a delivery charge on top, say) is the one shown on reading back', async () => {
  const { a, b, id } = await placedWith((order) => ({ ...order, totalPrice: order.totalPrice! + 495 }));
  assert.equal(
    (await s.handlers['supplies.order']({ orderId: id })).totalPrice,
    a.price * 2 + b.price * 3 + 495,
  );
});

test('a creation answered without its total: the total is worked out from the priced lines', async () => {
  const { a, b, id } = await placedWith(({ totalPrice: _total, ...order }) => order);
  assert.equal((await s.handlers['supplies.order']({ orderId: id })).totalPrice, a.price * 2 + b.price * 3);
});

test('a creation answered with a line unpriced: that line shows no price, and no total is made up', async () => {
  const { a, b, id } = await placedWith(({ totalPrice: _total, ...order }) => ({
    ...order,
    lines: order.lines.map(({ price, ...line }, i) => (i === 0 ? { ...line, price } : line)),
  }));
  const order = await s.handlers['supplies.order']({ orderId: id });
  assert.deepEqual(linesOf(order), [
    [a.name, 2, a.price],
    [b.name, 3, null],
  ]);
  assert.equal(order.totalPrice, null);
});

test('another till’s order: named lines, no prices, no total, not placed here', async () => {
  const { a } = await placedWith();
  const other = await s.supplier.client().createOrder({
    address: { ...GOOD_ADDRESS },
    lines: [{ productId: a.id, quantity: 1 }],
  });
  assert.ok(other.kind === 'created');
  const order = await s.handlers['supplies.order']({ orderId: other.order.id });
  assert.deepEqual(linesOf(order), [[a.name, 1, null]]);
  assert.deepEqual([order.totalPrice, order.placedAt], [null, null]);
  const listed = (await s.handlers['supplies.orders']({})).orders;
  assert.deepEqual(
    listed.map((o) => o.id),
    [other.order.id, other.order.id - 1],
    'newest first',
  );
});

test('the address as the supplier holds it: text kept to 400 characters, anything else left empty', async () => {
  const { id, watched } = await placedWith();
  watched.rewrite = (request, json) =>
    request === `GET /orders/${id}`
      ? { ...(json as object), address: { ...GOOD_ADDRESS, lineOne: 'x'.repeat(500), city: 42 } }
      : json;
  const { address } = await s.handlers['supplies.order']({ orderId: id });
  assert.equal(address.lineOne, 'x'.repeat(400));
  assert.equal(address.city, '');
  assert.equal(address.postalCode, GOOD_ADDRESS.postalCode);
});

test('a catalogue that cannot be read again leaves the names read before, and the orders still show', async () => {
  const { a, id, watched } = await placedWith();
  await s.supplier.clock.advance(10 * 60_000);
  watched.rewrite = (request, json) => {
    if (request === 'GET /products') throw new TypeError('fetch failed');
    return json;
  };
  const { orders } = await withTimeMoving(
    s.supplier.clock,
    Promise.resolve(s.handlers['supplies.orders']({})),
  );
  assert.equal(orders.find((o) => o.id === id)!.lines[0]!.name, a.name);
});

const WIRE: WireOrder = {
  id: 9,
  referenceNumber: 'SUP-0000009',
  status: 'pending',
  lines: [
    { productId: 101, quantity: 2, price: 350 },
    { productId: 102, quantity: 1 },
  ],
  address: { ...GOOD_ADDRESS },
  shipments: [],
};

/** This till's record of placing order 9, with the reference the creation answer gave. */
const PLACED_HERE: AttemptRecord = {
  id: 'attempt-9',
  supplier: 'sandbox http://127.0.0.1:4100',
  fingerprint: 'f',
  request: { address: { ...GOOD_ADDRESS }, lines: [] },
  method: 'POST',
  knownOrderIds: [],
  state: 'placed',
  orderId: 9,
  referenceNumber: 'SUP-FROM-CREATION',
  totalPrice: null,
  linePrices: null,
  createdAt: Date.UTC(2026, 10, 23, 9, 0),
  updatedAt: Date.UTC(2026, 10, 23, 9, 0),
};

test('the reference: the supplier’s when it sends one, else the one the creation answer gave, else none', () => {
  const reference = (order: WireOrder, local: AttemptRecord | null) =>
    toSupplyOrder(order, new Map(), local).referenceNumber;
  assert.deepEqual(
    [
      reference(WIRE, null),
      reference(WIRE, PLACED_HERE),
      reference({ ...WIRE, referenceNumber: '' }, PLACED_HERE),
      reference({ ...WIRE, referenceNumber: '' }, null),
    ],
    ['SUP-0000009', 'SUP-0000009', 'SUP-FROM-CREATION', ''],
  );
});

test('unit prices kept from a creation answer: only the lines it priced, none at all when it priced none', () => {
  assert.deepEqual(linePricesOf(WIRE), { '101': 350 });
  assert.equal(linePricesOf({ ...WIRE, lines: [{ productId: 102, quantity: 1 }] }), null);
  assert.equal(linePricesOf({ ...WIRE, lines: [] }), null);
});

test('a product is in stock only when the supplier says "inStock"', () => {
  const product = { id: 101, sku: 'TR-1', name: 'Till rolls', price: 350 };
  assert.deepEqual(
    ['inStock', 'outOfStock', 'backOrder'].map(
      (inventory) => toSupplyProduct({ ...product, inventory }).inStock,
    ),
    [true, false, false],
  );
});
