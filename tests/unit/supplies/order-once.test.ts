// The order-once rule through the whole till (contract → supplies service → stand-in over real
// HTTP → SQLite): a lost, broken or refused creation answer ends in a worded state and never
// in a second order unless staff confirm one.
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DistributionSandbox } from '../../../electron/sandbox/distribution/server';
import { startTestTill, type TestTill } from '../../support/till';
import { expectOutcome, GOOD_ADDRESS, productIn } from './support';

let t: TestTill;
let supplier: DistributionSandbox;
let lines: { productId: number; quantity: number }[];
let next = 1;

before(async () => {
  t = await startTestTill();
  supplier = (await t.till.sandbox()).distribution;
});
after(() => t.close());
afterEach(() =>
  supplier.control({ maintenance: false, nextCreationAnswer: 'normal', afterNextCreation: {} }),
);

/** A fresh order each test (its own quantity), so no test's order is a repeat of another's. */
function freshLines() {
  lines = [{ productId: productIn(supplier, 'inStock').id, quantity: next++ }];
  return lines;
}

const place = (confirmRepeat = false) =>
  t.call('supplies.placeOrder', { lines, address: { ...GOOD_ADDRESS }, confirmRepeat });

async function ordersAtSupplier(): Promise<number> {
  return (await t.call('supplies.orders', {})).orders.filter(
    (o) => o.lines.length === 1 && o.lines[0]!.quantity === lines[0]!.quantity,
  ).length;
}

test('a placed order comes back with its total; the same order again needs a confirmation', async () => {
  freshLines();
  const product = productIn(supplier, 'inStock');
  const placed = expectOutcome(await place(), 'placed');
  assert.equal(placed.order.totalPrice, product.price * lines[0]!.quantity);
  assert.equal(placed.order.lines[0]!.name, product.name);
  assert.equal(placed.order.statusWords, 'Received by the supplier');

  const again = expectOutcome(await place(), 'needs_confirmation');
  assert.equal(again.similar.orderId, placed.order.id);
  assert.match(
    again.message,
    /^The same items to the same address were ordered 1 minute ago\. Order them again\?$/,
  );
  assert.equal(await ordersAtSupplier(), 1, 'asking sent nothing');
  expectOutcome(await place(true), 'placed');
  assert.equal(await ordersAtSupplier(), 2, 'confirmed: a second order');
});

test('a dropped creation answer: the order is found, exactly one exists, and a retry asks first', async () => {
  freshLines();
  const sent = supplier.stats().creationRequests;
  supplier.control({ nextCreationAnswer: 'drop' });
  const found = expectOutcome(await place(), 'placed');
  assert.match(found.message, /answer was lost, but the order was found/);
  assert.equal(supplier.stats().creationRequests, sent + 1, 'the creation was sent once');
  assert.equal(await ordersAtSupplier(), 1);
  expectOutcome(await place(), 'needs_confirmation');
  assert.equal(await ordersAtSupplier(), 1, 'no second order without confirmation');
});

test('a lost answer to an order the supplier never stored: not placed after looking; a retry makes one', async () => {
  freshLines();
  const sent = supplier.stats().creationRequests;
  const stored = supplier.stats().ordersStored;
  supplier.control({ nextCreationAnswer: 'drop_unstored' });
  const lost = expectOutcome(await place(), 'not_placed');
  assert.equal(
    lost.message,
    'The supplier has no record of the order whose answer was lost, so nothing was ordered. You can place it again.',
  );
  assert.equal(supplier.stats().creationRequests, sent + 1, 'the creation was sent once, not retried');
  assert.equal(supplier.stats().ordersStored, stored, 'the supplier stored nothing');
  assert.equal(await ordersAtSupplier(), 0);
  assert.equal((await t.call('supplies.orders', {})).inDoubt.length, 0, 'settled, not left in doubt');

  // Not a repeat of a placed order, so no confirmation is asked: placed once.
  const placed = expectOutcome(await place(), 'placed');
  assert.equal(placed.order.lines[0]!.quantity, lines[0]!.quantity);
  assert.equal(supplier.stats().ordersStored, stored + 1, 'exactly one order at the supplier');
  assert.equal(await ordersAtSupplier(), 1);
});

for (const answer of ['oversize', 'malformed', 'server_error'] as const) {
  test(`a creation answered ${answer} is looked up, found once, never sent again`, async () => {
    freshLines();
    const sent = supplier.stats().creationRequests;
    supplier.control({ nextCreationAnswer: answer });
    const found = expectOutcome(await place(), 'placed');
    assert.ok(found.order.id > 0);
    assert.equal(supplier.stats().creationRequests, sent + 1);
    assert.equal(await ordersAtSupplier(), 1);
  });
}

test('a lost answer that cannot be checked yet blocks new orders until it is settled', async () => {
  freshLines();
  const sent = supplier.stats().creationRequests;
  supplier.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  const doubt = expectOutcome(await place(), 'in_doubt');
  assert.match(doubt.message, /may or may not have been placed\. The till will not send it again by itself/);

  // Anything new (even another order) is held back while the lost one is unsettled.
  const other = [{ productId: productIn(supplier, 'inStock').id, quantity: 500 }];
  const held = await t.call('supplies.placeOrder', {
    lines: other,
    address: { ...GOOD_ADDRESS },
    confirmRepeat: true,
  });
  expectOutcome(held, 'in_doubt');
  assert.equal(supplier.stats().creationRequests, sent + 1, 'nothing else was sent');

  supplier.control({ maintenance: false });
  const listed = await t.call('supplies.orders', {});
  assert.equal(listed.inDoubt.length, 1, 'the orders screen lists it');
  const settled = expectOutcome(
    await t.call('supplies.checkAttempt', { attemptId: doubt.attempt.attemptId }),
    'placed',
  );
  assert.equal(settled.order.lines[0]!.quantity, lines[0]!.quantity);
  assert.equal(await ordersAtSupplier(), 1);
  assert.equal((await t.call('supplies.orders', {})).inDoubt.length, 0);
  expectOutcome(await place(), 'needs_confirmation');
});

test('503 during the creation: nothing ordered, worded; placing it later makes exactly one', async () => {
  freshLines();
  supplier.control({ nextCreationAnswer: 'maintenance' });
  const refused = expectOutcome(await place(), 'not_placed');
  assert.equal(
    refused.message,
    'Nothing was ordered. The supplier is closed for maintenance just now. Try again later.',
  );
  assert.equal(await ordersAtSupplier(), 0);
  expectOutcome(await place(), 'placed');
  assert.equal(await ordersAtSupplier(), 1);
});

test('a wrong address is refused before anything is sent; a supplier refusal names the products', async () => {
  freshLines();
  const sent = supplier.stats().creationRequests;
  const local = expectOutcome(
    await t.call('supplies.placeOrder', {
      lines,
      address: { ...GOOD_ADDRESS, postalCode: '12345', country: 'ZZ' },
      confirmRepeat: false,
    }),
    'refused',
  );
  assert.deepEqual(
    local.problems.map((p) => p.field),
    ['country'],
  );
  assert.equal(supplier.stats().creationRequests, sent);

  const out = productIn(supplier, 'outOfStock');
  const refused = expectOutcome(
    await t.call('supplies.placeOrder', {
      lines: [{ productId: out.id, quantity: 1 }],
      address: { ...GOOD_ADDRESS },
      confirmRepeat: false,
    }),
    'refused',
  );
  await t.call('supplies.products', {});
  assert.deepEqual(refused.problems, [
    {
      field: `line:${out.id}`,
      message: `${out.name} is out of stock at the supplier: take it out of the order.`,
      words: { key: 'supplier.line.outOfStock', params: { name: out.name } },
    },
  ]);
});

test('the delivery address and the usual order are kept', async () => {
  const address = await t.call('supplies.deliveryAddress', {});
  assert.equal(address.postalCode, GOOD_ADDRESS.postalCode, 'the last order’s address');
  const items = [
    { productId: 101, name: 'Till rolls', usualQuantity: 2 },
    { productId: 103, name: 'Card machine paper', usualQuantity: 1 },
  ];
  assert.deepEqual((await t.call('supplies.saveReorderList', { items })).items, items);
  assert.deepEqual((await t.call('supplies.reorderList', {})).items, items);
});

test('an order confirmation prints on the receipt printer', async () => {
  freshLines();
  const placed = expectOutcome(await place(), 'placed');
  await t.call('supplies.printOrder', { orderId: placed.order.id });
  const [receipt] = await t.call('printing.preview', { limit: 1 });
  const text = receipt!.lines.map((l) => l.value).join('\n');
  assert.match(text, /SUPPLIES ORDER/);
  assert.match(text, new RegExp(placed.order.referenceNumber));
  assert.match(text, /TOTAL/);
});
