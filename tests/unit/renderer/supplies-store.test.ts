// The Supplies screen's store against the fake till: the tabs and the cart. The Orders tab opens
// and stays open whatever the cart holds; "Check again" there says what it found without touching
// the cart; "Order these again" goes back to the cart tab with the order's lines. With the supplier
// unreachable, the tab shows the till's own records and asks again until the supplier answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderAttempt, PlaceOrderResult, SupplyOrder } from '../../../shared/contract';
import { normaliseAddress } from '../../../shared/supplies';
import { createSuppliesStore, ORDERS_RETRY_MS } from '../../../renderer/src/state/supplies';
import { ManualClock } from '../../support/manual-clock';
import { FakeTill } from './fake-till';

const ORDER: SupplyOrder = {
  id: 5001,
  referenceNumber: 'SUP-5001',
  status: 'received',
  statusWords: 'Received by the supplier',
  stage: 0,
  lines: [{ productId: 103, name: 'Cups', quantity: 3, price: 250 }],
  address: normaliseAddress({ lineOne: '12 High Street', city: 'London', postalCode: 'SW1A 1AA' }),
  shipments: [],
  totalPrice: 750,
  placedAt: '2026-03-02T09:00:00.000Z',
};
const LOST: OrderAttempt = {
  attemptId: 'attempt-1',
  createdAt: '2026-03-02T09:00:00.000Z',
  lines: [{ productId: 103, quantity: 3 }],
  sentTo: 'current',
  message: 'The supplier’s answer to an order was lost…',
};
const FOUND: PlaceOrderResult = { outcome: 'placed', order: ORDER, message: 'Found at the supplier.' };
const STILL_IN_DOUBT: PlaceOrderResult = { outcome: 'in_doubt', attempt: LOST, message: LOST.message };

/** A till whose supplier answers Check again with `checked`; the lost order is listed until then. */
function tillAnswering(checked: PlaceOrderResult) {
  const fake = new FakeTill();
  let settled = false;
  fake
    .answer('supplies.checkAttempt', () => {
      settled = checked.outcome !== 'in_doubt';
      return checked;
    })
    .answer('supplies.orders', () => ({
      orders: settled ? [ORDER] : [],
      inDoubt: settled ? [] : [LOST],
      supplier: { reachable: true as const },
      currency: 'GBP',
    }));
  return { fake, store: createSuppliesStore(fake) };
}

const FULL_CART = [
  { productId: 101, quantity: 2 },
  { productId: 104, quantity: 1 },
];

test('the Orders tab opens and stays open with a full cart, and the cart is kept', () => {
  const { store } = tillAnswering(FOUND);
  store.getState().add(101, 2);
  store.getState().add(104);
  store.getState().showTab('orders');
  assert.equal(store.getState().tab, 'orders');
  assert.deepEqual(store.getState().cart, FULL_CART);
  store.getState().showTab('order');
  assert.deepEqual(store.getState().cart, FULL_CART);
});

test('Check again on the Orders tab: the found order is shown there, the cart is left as it is', async () => {
  const { fake, store } = tillAnswering(FOUND);
  for (const line of FULL_CART) store.getState().add(line.productId, line.quantity);
  store.getState().showTab('orders');
  await store.getState().loadOrders();
  assert.deepEqual(store.getState().inDoubt, [LOST]);

  await store.getState().checkFromOrders('attempt-1');
  assert.deepEqual(fake.callsOf('supplies.checkAttempt'), [{ attemptId: 'attempt-1' }]);
  assert.deepEqual(store.getState().checked, FOUND);
  assert.deepEqual(store.getState().cart, FULL_CART, 'the cart is another order: kept');
  assert.equal(store.getState().tab, 'orders');
  assert.deepEqual(store.getState().orders, [ORDER], 'the list is read again');
  assert.deepEqual(store.getState().inDoubt, []);
  assert.equal(store.getState().result, null, 'the confirmation step is not told of it');

  store.getState().showTab('order');
  assert.equal(store.getState().checked, null, 'said once, on the Orders tab');
});

test('Check again from the confirmation step finds the cart’s own order: that cart is done', async () => {
  const { store } = tillAnswering(FOUND);
  store.getState().add(103, 3);
  await store.getState().checkAttempt('attempt-1');
  assert.deepEqual(store.getState().result, FOUND);
  assert.deepEqual(store.getState().cart, []);
  assert.equal(store.getState().checked, null);
});

test('the order the confirmation step showed in doubt, settled on the Orders tab: the doubt goes, its cart stays', async () => {
  const { store } = tillAnswering(FOUND);
  store.getState().add(103, 3);
  store.setState({ result: STILL_IN_DOUBT });
  await store.getState().checkFromOrders('attempt-1');
  assert.equal(store.getState().result, null);
  assert.deepEqual(store.getState().cart, [{ productId: 103, quantity: 3 }]);

  // Still in doubt: the confirmation step keeps saying so.
  const unsettled = tillAnswering(STILL_IN_DOUBT).store;
  unsettled.setState({ result: STILL_IN_DOUBT });
  await unsettled.getState().checkFromOrders('attempt-1');
  assert.deepEqual(unsettled.getState().result, STILL_IN_DOUBT);
  // Another attempt's doubt is not this one's to clear.
  const other = tillAnswering(FOUND).store;
  const otherDoubt = { ...STILL_IN_DOUBT, attempt: { ...LOST, attemptId: 'attempt-2' } };
  other.setState({ result: otherDoubt });
  await other.getState().checkFromOrders('attempt-1');
  assert.deepEqual(other.getState().result, otherDoubt);
});

test('“Order these again” goes to the cart tab with the order’s lines', () => {
  const { store } = tillAnswering(FOUND);
  store.getState().showTab('orders');
  store.setState({ order: ORDER });
  store.getState().orderAgain(ORDER);
  assert.deepEqual(
    [store.getState().tab, store.getState().step, store.getState().order],
    ['order', 'browse', null],
  );
  assert.deepEqual(store.getState().cart, [{ productId: 103, quantity: 3 }]);
});

const MAINTENANCE = {
  message: 'The supplier is closed for maintenance just now. Try again later.',
  words: { key: 'supplier.maintenance.later' },
};
const STILL_UNREACHABLE: PlaceOrderResult = {
  outcome: 'in_doubt',
  attempt: LOST,
  message: `The supplier still can't be reached, so the till can't tell yet whether that order was placed. It will not send it again by itself. ${MAINTENANCE.message}`,
  words: {
    key: 'supplyOrder.stillUnreachable',
    params: { problem: { key: MAINTENANCE.words.key, english: MAINTENANCE.message } },
  },
};

/** A till whose supplier is down until `up()`: the orders read gives the till's own records. */
function tillWithSupplierDown() {
  const fake = new FakeTill();
  const supplier = { up: false, settled: false };
  fake
    .answer('supplies.orders', () =>
      supplier.up
        ? { orders: [ORDER], inDoubt: [], supplier: { reachable: true as const }, currency: 'GBP' }
        : {
            orders: [ORDER],
            inDoubt: [LOST],
            supplier: { reachable: false as const, ...MAINTENANCE, ordersReadAt: null },
            currency: 'GBP',
          },
    )
    .answer('supplies.checkAttempt', () => (supplier.up ? FOUND : STILL_UNREACHABLE));
  const clock = new ManualClock();
  return { fake, clock, supplier, store: createSuppliesStore(fake, clock) };
}

test('supplier down: the Orders tab lists the order in doubt and the till’s own orders, says why, and asks again until it answers', async () => {
  const { fake, clock, supplier, store } = tillWithSupplierDown();
  store.getState().showTab('orders');
  await store.getState().loadOrders();
  assert.equal(store.getState().problem, null, 'no failure: the till’s own records are shown');
  assert.deepEqual(store.getState().inDoubt, [LOST]);
  assert.deepEqual(store.getState().orders, [ORDER]);
  assert.deepEqual(store.getState().supplierReach, { reachable: false, ...MAINTENANCE, ordersReadAt: null });

  // Check again: still in doubt, said on the tab; the confirmation step and the cart are not touched.
  store.getState().add(101, 2);
  await store.getState().checkFromOrders('attempt-1');
  assert.deepEqual(store.getState().checked, STILL_UNREACHABLE);
  assert.deepEqual(store.getState().cart, [{ productId: 101, quantity: 2 }]);
  assert.equal(store.getState().result, null);

  // Nobody presses anything: the tab asks again, and again, while the supplier is down.
  const reads = () => fake.callsOf('supplies.orders').length;
  const before = reads();
  await clock.advance(ORDERS_RETRY_MS - 1);
  assert.equal(reads(), before, 'not before the wait');
  await clock.advance(1);
  assert.equal(reads(), before + 1);
  supplier.up = true;
  await clock.advance(ORDERS_RETRY_MS);
  assert.equal(reads(), before + 2);
  assert.deepEqual(store.getState().supplierReach, { reachable: true });
  assert.deepEqual(store.getState().inDoubt, []);
  await clock.advance(ORDERS_RETRY_MS * 3);
  assert.equal(reads(), before + 2, 'the supplier answered: no more asking');

  await store.getState().checkFromOrders('attempt-1');
  assert.deepEqual(store.getState().checked, FOUND);
});

test('supplier down: leaving the Orders tab stops the asking again', async () => {
  const { fake, clock, store } = tillWithSupplierDown();
  store.getState().showTab('orders');
  await store.getState().loadOrders();
  store.getState().showTab('order');
  await clock.advance(ORDERS_RETRY_MS * 3);
  assert.equal(fake.callsOf('supplies.orders').length, 1);

  // Read from another tab (an order changed): nothing is set to ask again either.
  await store.getState().loadOrders();
  await clock.advance(ORDERS_RETRY_MS * 3);
  assert.equal(fake.callsOf('supplies.orders').length, 2);
});

test('told of a change naming no order (the usual order came from another till), it reloads the usual order', async () => {
  const fake = new FakeTill();
  let items = [{ productId: 101, name: 'Milk 1 l', usualQuantity: 12 }];
  fake.answer('supplies.reorderList', () => ({ items }));
  const store = createSuppliesStore(fake);
  await store.getState().loadUsual();
  items = [{ productId: 202, name: 'Beans 1 kg', usualQuantity: 3 }];
  store.getState().changed(5001);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(store.getState().usual[0]?.productId, 101, 'a change to one order leaves the list');
  store.getState().changed(null);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(store.getState().usual, items);
});
