// Two suppliers that number their orders alike — the sandbox stand-in and a "live" supplier, both
// real HTTP servers counting from 5001 — on one till database and one manual clock. An order id
// means something only at its own supplier: a lost answer is looked for only there, among the
// ids this till has not already recorded *there*, and a repeat counts only orders at the same
// supplier. The money rule: an order is never placed twice because its answer was lost.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderAttempts } from '../../../electron/services/supplies/order-attempts';
import { ManualClock } from '../../support/manual-clock';
import {
  expectOutcome,
  GOOD_ADDRESS,
  productIn,
  startSupplier,
  startSupplies,
  type Supplier,
  type SuppliesService,
} from './support';

let s: SuppliesService;
let live: Supplier;
afterEach(async () => {
  await s.close();
  await live.close();
});

/** The till on the sandbox stand-in, with a second stand-in ready to be its live supplier. */
async function tillWithTwoSuppliers() {
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0));
  live = await startSupplier({ apiKey: 'live-supplier-key' }, clock);
  s = await startSupplies({ clock, secrets: { 'live/distribution.apiKey': 'live-supplier-key' } });
}

const useLive = (liveBaseUrl = live.sandbox.baseUrl) =>
  Object.assign(s.settings.distribution, { mode: 'live', liveBaseUrl });
const useSandbox = () => Object.assign(s.settings.distribution, { mode: 'sandbox' });

const rolls = (quantity = 3) => [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity }];
const place = (lines = rolls(), confirmRepeat = false) =>
  s.handlers['supplies.placeOrder']({ lines, address: { ...GOOD_ADDRESS }, confirmRepeat });
const check = (attemptId: string) => s.handlers['supplies.checkAttempt']({ attemptId });
const inDoubt = async () => (await s.handlers['supplies.orders']({})).inDoubt;
const stateOf = (attemptId: string) => new OrderAttempts(s.db, () => 0).get(attemptId)!.state;
const FOUND = 'The supplier’s answer was lost, but the order was found at the supplier: it is placed, once.';

test('a trial at the sandbox, then a live supplier counting from the same id: the lost answer is found, never ordered twice', async () => {
  await tillWithTwoSuppliers();
  const trial = expectOutcome(await place(), 'placed');
  assert.equal(trial.order.id, 5001, 'the stand-in counts from 5001');

  useLive();
  await s.supplier.clock.advance(60_000);
  live.sandbox.control({ nextCreationAnswer: 'drop' });
  const found = expectOutcome(await place(), 'placed');
  assert.equal(found.message, FOUND);
  assert.equal(found.order.id, 5001, 'the live supplier’s own 5001, not the trial’s');
  assert.equal(found.order.placedAt, new Date(s.supplier.clock.now()).toISOString());
  assert.deepEqual(
    [live.sandbox.stats().creationRequests, live.sandbox.stats().ordersStored],
    [1, 1],
    'one creation sent, one order at the live supplier',
  );

  // Placing it again is a repeat of the order just found: asked, not sent.
  const again = expectOutcome(await place(), 'needs_confirmation');
  assert.equal(again.similar.orderId, 5001);
  assert.equal(again.similar.placedAt, found.order.placedAt);
  assert.equal(live.sandbox.stats().creationRequests, 1, 'nothing sent without a yes');
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1, 'the trial stayed one order at the stand-in');
});

test('the live supplier unreachable after losing the answer: in doubt, new orders held, Check again finds its 5001', async () => {
  await tillWithTwoSuppliers();
  expectOutcome(await place(), 'placed');
  useLive();
  live.sandbox.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  const doubt = expectOutcome(await place(), 'in_doubt');
  assert.equal(doubt.attempt.sentTo, 'current');
  const held = expectOutcome(await place(rolls(8), true), 'in_doubt');
  assert.equal(held.attempt.attemptId, doubt.attempt.attemptId, 'held behind the order in doubt');

  live.sandbox.control({ maintenance: false });
  const found = expectOutcome(await check(doubt.attempt.attemptId), 'placed');
  assert.equal(found.message, FOUND);
  assert.equal(found.order.id, 5001);
  assert.equal(live.sandbox.stats().ordersStored, 1);
  assert.deepEqual(await inDoubt(), []);
});

test('the 30-minute repeat check counts only orders at the same supplier', async () => {
  await tillWithTwoSuppliers();
  const trial = expectOutcome(await place(), 'placed');
  await s.supplier.clock.advance(5 * 60_000);

  useLive();
  const first = expectOutcome(await place(), 'placed');
  assert.equal(live.sandbox.stats().creationRequests, 1, 'the trial elsewhere is no repeat here');
  await s.supplier.clock.advance(2 * 60_000);
  const repeat = expectOutcome(await place(), 'needs_confirmation');
  assert.equal(repeat.similar.orderId, first.order.id);
  assert.equal(
    repeat.message,
    'The same items to the same address were ordered 2 minutes ago. Order them again?',
  );

  useSandbox();
  const trialRepeat = expectOutcome(await place(), 'needs_confirmation');
  assert.equal(trialRepeat.similar.placedAt, trial.order.placedAt, 'the trial, not the live order');
  assert.equal(
    trialRepeat.message,
    'The same items to the same address were ordered 7 minutes ago. Order them again?',
  );
  assert.equal(s.supplier.sandbox.stats().creationRequests, 1);
  assert.equal(live.sandbox.stats().creationRequests, 1);
});

test('an order in doubt at the sandbox is looked for only there: listed, not holding live orders, found back on the sandbox', async () => {
  await tillWithTwoSuppliers();
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  const doubt = expectOutcome(await place(), 'in_doubt');
  const attemptId = doubt.attempt.attemptId;

  useLive();
  const [listed] = await inDoubt();
  assert.equal(listed?.sentTo, 'sandbox');
  assert.equal(
    listed?.message,
    'An order to the sandbox supplier lost its answer, so it may or may not have been placed. Switch Supplies back to Sandbox in Settings to check it.',
  );
  // The live supplier gets the same order, numbered 5001 like the one at the stand-in.
  const atLive = expectOutcome(await place(), 'placed');
  assert.equal(atLive.order.id, 5001);
  const asked = expectOutcome(await check(attemptId), 'in_doubt');
  assert.equal(asked.attempt.sentTo, 'sandbox');
  assert.equal(asked.message, listed?.message);
  assert.equal(stateOf(attemptId), 'in_doubt', 'the live supplier cannot rule it out');

  useSandbox();
  s.supplier.sandbox.control({ maintenance: false });
  const found = expectOutcome(await check(attemptId), 'placed');
  assert.equal(found.order.id, 5001);
  assert.equal(s.supplier.sandbox.stats().ordersStored, 1);
  assert.equal(live.sandbox.stats().ordersStored, 1);
});

test('an order in doubt at a live address no longer set is kept in doubt and never looked for at the sandbox', async () => {
  await tillWithTwoSuppliers();
  useLive();
  live.sandbox.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  const attemptId = expectOutcome(await place(), 'in_doubt').attempt.attemptId;

  useSandbox();
  const [listed] = await inDoubt();
  assert.equal(listed?.sentTo, 'other');
  assert.equal(
    listed?.message,
    'An order to a supplier address no longer set in Settings lost its answer, so it may or may not have been placed. Set that address again to check it, or ask that supplier before ordering the same again.',
  );
  expectOutcome(await place(), 'placed');
  assert.equal(expectOutcome(await check(attemptId), 'in_doubt').attempt.sentTo, 'other');
  assert.equal(stateOf(attemptId), 'in_doubt');

  // The same address typed with a trailing slash is the same supplier.
  useLive(`${live.sandbox.baseUrl}/`);
  live.sandbox.control({ maintenance: false });
  assert.equal(expectOutcome(await check(attemptId), 'placed').order.id, 5001);
});

test('a sandbox order in doubt when the stand-in restarted elsewhere: nothing real was ordered, and ordering goes on', async () => {
  await tillWithTwoSuppliers();
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  const attemptId = expectOutcome(await place(), 'in_doubt').attempt.attemptId;

  // The next start of the till runs a new stand-in at another port, with an empty order book.
  Object.assign(s.sandboxEndpoint, { baseUrl: live.sandbox.baseUrl, apiKey: live.sandbox.apiKey });
  assert.deepEqual(await check(attemptId), {
    outcome: 'not_placed',
    message:
      'That order was a trial with the sandbox supplier, which has restarted since, so nothing was ordered. You can place it again.',
    words: { key: 'supplyOrder.sandboxRestarted' },
  });
  assert.equal(stateOf(attemptId), 'not_placed');
  assert.deepEqual(s.changes, [null], 'the orders screen is told the doubt is over');
  expectOutcome(await place(), 'placed');
  assert.equal(live.sandbox.stats().ordersStored, 1);
});

test('a live order numbered like a sandbox trial is never shown as the till’s own', async () => {
  await tillWithTwoSuppliers();
  const trial = expectOutcome(await place(), 'placed');
  assert.ok(trial.order.totalPrice !== null && trial.order.placedAt !== null);
  // Another till of the shop orders something else at the live supplier: its 5001.
  const other = await live.client().createOrder({ address: { ...GOOD_ADDRESS }, lines: rolls(9) });
  assert.ok(other.kind === 'created' && other.order.id === 5001);

  useLive();
  const [listed] = (await s.handlers['supplies.orders']({})).orders;
  assert.equal(listed?.id, 5001);
  assert.equal(listed?.placedAt, null, 'not placed by this till');
  const opened = await s.handlers['supplies.order']({ orderId: 5001 });
  assert.equal(opened.placedAt, null);
  assert.equal(opened.lines[0]!.quantity, 9);
});

test('Check again on a trial already found, once the till is live: the recorded trial, the live supplier not asked', async () => {
  await tillWithTwoSuppliers();
  s.supplier.sandbox.control({ nextCreationAnswer: 'drop' });
  const trial = expectOutcome(await place(), 'placed');
  const [attempt] = s.db.prepare('SELECT id FROM supply_order_attempts').all() as { id: string }[];
  const other = await live.client().createOrder({ address: { ...GOOD_ADDRESS }, lines: rolls(9) });
  assert.ok(other.kind === 'created' && other.order.id === trial.order.id);

  useLive();
  const asked = live.sandbox.stats().apiRequests;
  const again = expectOutcome(await check(attempt!.id), 'placed');
  assert.equal(again.message, 'The order is placed.');
  assert.equal(again.order.referenceNumber, trial.order.referenceNumber);
  assert.deepEqual(
    again.order.lines.map((l) => [l.productId, l.quantity]),
    [[rolls()[0]!.productId, 3]],
  );
  assert.equal(again.order.address.postalCode, GOOD_ADDRESS.postalCode);
  assert.deepEqual([again.order.status, again.order.shipments], ['received', []]);
  assert.equal(live.sandbox.stats().apiRequests, asked, 'another supplier’s 5001 is another order');
});
