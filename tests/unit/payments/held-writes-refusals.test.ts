// The writes that must be saved BEFORE anything is sent are never held: an intent or a 'starting'
// mark that cannot be saved refuses the card payment in the words the cashier reads, nothing is
// sent, and a refused start is kept as cancelled (saved once storage works). Errors that are not
// storage reach the caller as they are.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { SAVE_RETRY_MS } from '../../../electron/services/payments/held-writes';
import { TillError } from '../../../shared/contract/errors';
import { constraintFailed, diskFull, heldWritesRig, TERMINAL, type Rig } from './held-writes-harness';

let rig: Rig;
beforeEach(() => {
  rig = heldWritesRig();
});
afterEach(() => rig.close());

const NOT_STARTED =
  'The card payment was not started: the till cannot save right now (see the top bar). Nothing was sent to the card machine.';

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return assert.fail('expected it to throw');
}

const sale = { saleId: 'sale-x', terminalId: TERMINAL, type: 'SALE', amount: 1000, currency: 'GBP' } as const;

test('an intent that cannot be saved refuses the card payment in words, and nothing is kept', async () => {
  rig.failWith(diskFull());
  const error = thrown(() => rig.journal.recordIntent(sale));

  assert.ok(error instanceof TillError);
  assert.deepEqual(error.toShape(), { code: 'storage', message: NOT_STARTED });
  assert.equal((error.cause as { code?: string }).code, 'SQLITE_FULL');
  assert.equal(rig.health.status().state, 'full');
  assert.equal(rig.held.heldCount, 0);
  assert.deepEqual(rig.journal.list(), []);

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.deepEqual(rig.disk.list(), [], 'nothing was held to be saved later');
});

test('an intent the database refuses for another reason gets its own error, not the storage words', () => {
  rig.failNextWith(constraintFailed());
  assert.throws(() => rig.journal.recordIntent(sale), { code: 'SQLITE_CONSTRAINT_CHECK' });
  assert.equal(rig.health.status().state, 'ok');
  assert.equal(rig.journal.recordIntent(sale).state, 'intent');
});

test("a 'starting' mark that cannot be saved refuses the start in words, and nothing may be sent", async () => {
  const id = rig.intent();
  rig.failWith(diskFull());
  const error = thrown(() => rig.journal.markStarting(id));

  assert.ok(error instanceof TillError);
  assert.deepEqual(error.toShape(), { code: 'storage', message: NOT_STARTED });
  assert.equal((error.cause as { code?: string }).code, 'SQLITE_FULL');
  assert.deepEqual(rig.refused, [id]);
  assert.equal(rig.health.status().state, 'full');

  const row = rig.journal.get(id);
  assert.equal(row?.state, 'cancelled_locally');
  assert.equal(row?.problem, 'Not sent: the till could not save before sending it to the card machine.');
  assert.equal(rig.disk.get(id)?.state, 'intent');

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  const saved = rig.disk.get(id);
  assert.equal(saved?.state, 'cancelled_locally');
  assert.equal(saved?.problem, 'Not sent: the till could not save before sending it to the card machine.');
  assert.deepEqual(rig.saved, [id]);
  assert.deepEqual(rig.refused, [id], 'refused once');
});

test("a 'starting' mark refused for another reason: the error reaches the caller, and the payment is not cancelled", () => {
  const id = rig.intent();
  rig.failNextWith(constraintFailed());
  assert.throws(() => rig.journal.markStarting(id), { code: 'SQLITE_CONSTRAINT_CHECK' });

  assert.deepEqual(rig.refused, []);
  assert.equal(rig.held.isHeld(id), false);
  assert.equal(rig.journal.get(id)?.state, 'intent');
  assert.equal(rig.health.status().state, 'ok');
  assert.equal(rig.journal.markStarting(id), true);
  assert.equal(rig.disk.get(id)?.state, 'starting');
});

test("an intent and a 'starting' mark that save go straight to the file", () => {
  const row = rig.journal.recordIntent(sale);
  assert.equal(rig.disk.get(row.id)?.state, 'intent');
  assert.equal(rig.journal.markStarting(row.id), true);
  assert.equal(rig.disk.get(row.id)?.state, 'starting');
  assert.equal(rig.held.heldCount, 0);
  assert.deepEqual(rig.refused, []);
});
