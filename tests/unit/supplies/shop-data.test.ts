// The usual supplies order as the shop server's one row (docs/shop-server.md, "Shop-wide data"):
// what the row holds (every product, its name and quantity, in the shop's order), what it never
// holds (orders, attempts, addresses, the supplier's settings), and what a till does with a row
// from the server: takes a good one whole, refuses a bad one and keeps its own list.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { OrderAttempts, SUPPLIES_MIGRATIONS } from '../../../electron/services/supplies/order-attempts';
import { suppliesShopData, USUAL_ORDER_KEY } from '../../../electron/services/supplies/shop-data';
import { startSupplies } from './support';

let db: Db;
let attempts: OrderAttempts;
let announced: number;
const area = () => suppliesShopData(attempts, () => announced++);
const MILK = { productId: 101, name: 'Milk 1 l', usualQuantity: 12 };
const BEANS = { productId: 202, name: 'Beans 1 kg', usualQuantity: 3 };

beforeEach(() => {
  db = openDatabase(':memory:', SUPPLIES_MIGRATIONS);
  attempts = new OrderAttempts(db, () => 0);
  announced = 0;
});
afterEach(() => db.close());

test('the usual order is one row of the kind usual-order holding the whole list in its order', () => {
  attempts.saveReorderList([BEANS, MILK]);
  const rows = area().rows();
  assert.equal(area().kind, 'usual-order');
  assert.deepEqual([...rows.keys()], [USUAL_ORDER_KEY]);
  assert.deepEqual(rows.get(USUAL_ORDER_KEY), { items: [BEANS, MILK] });
});

test('no usual order yet: no row, so a till joining never empties the shop’s list', () => {
  assert.equal(area().rows().size, 0);
});

test('the row never holds an order, an attempt or an address, only the list', () => {
  attempts.saveReorderList([MILK]);
  attempts.begin({
    id: 'attempt-1',
    fingerprint: 'fp',
    request: {
      lines: [{ productId: 101, quantity: 2 }],
      address: { name: 'Corner Café', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA' },
    } as never,
    method: 'POST',
    knownOrderIds: [],
    supplier: 'https://supplier.example|secret-account',
  });
  const text = JSON.stringify([...area().rows()]);
  for (const never of ['attempt-1', 'High Street', 'supplier.example', 'secret-account', 'POST'])
    assert.equal(text.includes(never), false, `${never} is not in the row`);
  assert.deepEqual(Object.keys(area().rows().get(USUAL_ORDER_KEY) as object), ['items']);
});

test('a row from the server replaces the list whole, in the server’s order', () => {
  attempts.saveReorderList([MILK]);
  const { refused } = area().apply([
    { key: USUAL_ORDER_KEY, body: { items: [BEANS, { ...MILK, usualQuantity: 6 }] } },
  ]);
  assert.deepEqual(refused, []);
  assert.deepEqual(attempts.reorderList(), [BEANS, { ...MILK, usualQuantity: 6 }]);
});

test('the row removed on the server empties the list', () => {
  attempts.saveReorderList([MILK]);
  area().apply([{ key: USUAL_ORDER_KEY, body: null }]);
  assert.deepEqual(attempts.reorderList(), []);
});

test('a bad row or a key that is not the usual order is refused and the till keeps its list', () => {
  attempts.saveReorderList([MILK]);
  const { refused } = area().apply([
    { key: USUAL_ORDER_KEY, body: { items: [{ ...BEANS, usualQuantity: 0 }] } },
    { key: USUAL_ORDER_KEY, body: { items: [{ ...BEANS, price: 5 }] } },
    { key: USUAL_ORDER_KEY, body: { items: [BEANS], printer: 'Kitchen' } },
    { key: 'another-list', body: { items: [BEANS] } },
  ]);
  assert.deepEqual(
    refused.map((r) => r.key),
    [USUAL_ORDER_KEY, USUAL_ORDER_KEY, USUAL_ORDER_KEY, 'another-list'],
  );
  assert.equal(refused[3]?.reason, 'not the usual order');
  assert.deepEqual(attempts.reorderList(), [MILK]);
});

test('announce tells the Supplies screen; describe lists products and quantities for a manager', () => {
  area().announce();
  assert.equal(announced, 1);
  assert.deepEqual(area().describe({ items: [MILK, BEANS] }), {
    name: '',
    fields: [{ field: 'usualOrder', value: 'Milk 1 l × 12, Beans 1 kg × 3' }],
  });
});

test('saving the usual order through the contract announces it, so the shop server notes the edit', async () => {
  const s = await startSupplies();
  try {
    await s.handlers['supplies.saveReorderList']({ items: [MILK] });
    assert.deepEqual(s.changes, [null]);
  } finally {
    await s.close();
  }
});
