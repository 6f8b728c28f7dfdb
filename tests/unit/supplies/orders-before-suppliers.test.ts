// Attempts recorded before the till tied each one to its supplier ("supplies-2"): nothing stored
// says where they went, so they stay of unknown supplier and are treated on the safe side. Their
// order ids never hide a lost order, a repeat of one still asks, one left in doubt is looked for
// at the supplier in use (and holds new orders there until it is found or ruled out), and one is
// shown as the till's own order only when the order asks for the same lines to the same address.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SUPPLIES_MIGRATIONS } from '../../../electron/services/supplies/order-attempts';
import { orderFingerprint } from '../../../shared/supplies';
import { ManualClock } from '../../support/manual-clock';
import { expectOutcome, GOOD_ADDRESS, productIn, startSupplies, type SuppliesService } from './support';

let s: SuppliesService;
afterEach(() => s.close());

const NOW = Date.UTC(2026, 2, 2, 9, 0);
const ROLLS = 101;

interface LegacyRow {
  id: string;
  state: 'placed' | 'in_doubt';
  quantity: number;
  orderId?: number;
  minutesAgo?: number;
}

/** A database as a till left it before "supplies-2", holding the given attempts. */
function databaseBefore(rows: LegacyRow[]): Db {
  const db = openDatabase(':memory:', SUPPLIES_MIGRATIONS.slice(0, 1));
  const insert = db.prepare(
    `INSERT INTO supply_order_attempts (id, fingerprint, request, method, known_order_ids, state, order_id,
       reference_number, total_price, created_at, updated_at) VALUES (?, ?, ?, 'POST', '[]', ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of rows) {
    const lines = [{ productId: ROLLS, quantity: row.quantity }];
    const at = NOW - (row.minutesAgo ?? 0) * 60_000;
    insert.run(
      row.id,
      orderFingerprint(lines, GOOD_ADDRESS),
      JSON.stringify({ address: GOOD_ADDRESS, lines }),
      row.state,
      row.orderId ?? null,
      row.orderId ? `EARLIER-${row.orderId}` : null,
      row.orderId ? 4321 : null,
      at,
      at,
    );
  }
  return db;
}

async function tillOn(rows: LegacyRow[]) {
  s = await startSupplies({ clock: new ManualClock(NOW), db: databaseBefore(rows) });
  assert.equal(productIn(s.supplier.sandbox, 'inStock').id, ROLLS, 'the stand-in sells till rolls as 101');
}

const place = (quantity: number, confirmRepeat = false) =>
  s.handlers['supplies.placeOrder']({
    lines: [{ productId: ROLLS, quantity }],
    address: { ...GOOD_ADDRESS },
    confirmRepeat,
  });
const supplierOf = (id: string) =>
  (
    s.db.prepare('SELECT supplier FROM supply_order_attempts WHERE id = ?').get(id) as {
      supplier: string | null;
    }
  ).supplier;

test('an earlier order’s id never hides a lost one, and a repeat of it within the half hour still asks', async () => {
  await tillOn([{ id: 'earlier', state: 'placed', quantity: 3, orderId: 5001, minutesAgo: 10 }]);
  assert.equal(supplierOf('earlier'), null, 'where it went is not known');

  s.supplier.sandbox.control({ nextCreationAnswer: 'drop' });
  const found = expectOutcome(await place(5), 'placed');
  assert.equal(found.order.id, 5001, 'the stand-in’s 5001 is the lost order, whatever the earlier 5001 was');
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1);

  const repeat = expectOutcome(await place(3), 'needs_confirmation');
  assert.deepEqual(repeat.similar, {
    orderId: 5001,
    referenceNumber: 'EARLIER-5001',
    placedAt: new Date(NOW - 10 * 60_000).toISOString(),
  });
  assert.equal(s.supplier.sandbox.stats().creationRequests, 1, 'asked, not sent');
  assert.equal(supplierOf('earlier'), null);
});

test('an earlier order left in doubt is looked for at the supplier in use, holds new orders, and is tied to it when found', async () => {
  await tillOn([{ id: 'earlier-doubt', state: 'in_doubt', quantity: 4 }]);
  // It had reached the supplier before its answer was lost.
  const reached = await s.supplier
    .client()
    .createOrder({ address: { ...GOOD_ADDRESS }, lines: [{ productId: ROLLS, quantity: 4 }] });
  assert.ok(reached.kind === 'created');

  s.supplier.sandbox.control({ maintenance: true });
  const held = expectOutcome(await place(7), 'in_doubt');
  assert.deepEqual([held.attempt.attemptId, held.attempt.sentTo], ['earlier-doubt', 'current']);
  assert.equal(s.supplier.sandbox.stats().creationRequests, 1, 'nothing new sent');

  s.supplier.sandbox.control({ maintenance: false });
  const found = expectOutcome(
    await s.handlers['supplies.checkAttempt']({ attemptId: 'earlier-doubt' }),
    'placed',
  );
  assert.equal(found.order.id, reached.order.id);
  assert.equal(supplierOf('earlier-doubt'), s.supplier.current().supplier);
  expectOutcome(await place(7), 'placed');
  assert.equal(s.supplier.sandbox.stats().ordersStored, 2);
});

test('an earlier order is shown as the till’s own only when the supplier’s order of that number matches it', async () => {
  await tillOn([
    { id: 'same', state: 'placed', quantity: 2, orderId: 5001, minutesAgo: 60 },
    { id: 'different', state: 'placed', quantity: 2, orderId: 5002, minutesAgo: 50 },
  ]);
  const direct = s.supplier.client();
  for (const quantity of [2, 6])
    await direct.createOrder({ address: { ...GOOD_ADDRESS }, lines: [{ productId: ROLLS, quantity }] });

  const same = await s.handlers['supplies.order']({ orderId: 5001 });
  assert.equal(same.placedAt, new Date(NOW - 60 * 60_000).toISOString());
  const different = await s.handlers['supplies.order']({ orderId: 5002 });
  assert.equal(different.placedAt, null, 'another order of the same number');
  const listed = (await s.handlers['supplies.orders']({})).orders.map((o) => [o.id, o.placedAt !== null]);
  assert.deepEqual(listed, [
    [5002, false],
    [5001, true],
  ]);
});
