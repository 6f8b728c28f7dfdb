// Two payments stamped in the same millisecond keep their places in the newest-first payment list
// while one of them is held in memory: the list reads as the file would (the later one first), and
// the oldest-first lists keep the order in which they were made; the list is cut at its limit.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import type { PaymentRow } from '../../../electron/services/payments/journal';
import { diskFull, heldWritesRig, TERMINAL, type Rig } from './held-writes-harness';

let rig: Rig;
beforeEach(() => {
  rig = heldWritesRig();
});
afterEach(() => rig.close());

const idsAndStates = (rows: PaymentRow[]) => rows.map((r) => `${r.id} ${r.state}`);

/** Two started sales with the same stamp: `first` made before `second`. */
function twoAtOneMoment() {
  const first = rig.started();
  // Straight through the journal: the harness stamps it with the same time as `first`.
  const second = rig.journal.recordIntent({
    saleId: 'sale-same-moment',
    terminalId: TERMINAL,
    type: 'SALE',
    amount: 2000,
    currency: 'GBP',
  }).id;
  rig.journal.markStarting(second);
  rig.journal.markStarted(second, `tx-${second}`);
  const stamps = [rig.journal.get(first)!.createdAt, rig.journal.get(second)!.createdAt];
  assert.equal(stamps[0], stamps[1], 'both are stamped in the same millisecond');
  return { first, second };
}

test('a payment held in memory keeps its place among payments made in the same millisecond', () => {
  const { first, second } = twoAtOneMoment();
  assert.deepEqual(idsAndStates(rig.journal.list()), [`${second} started`, `${first} started`]);

  rig.failWith(diskFull());
  rig.journal.markPending(first);
  rig.failWith(null);
  assert.equal(rig.held.isHeld(first), true);

  assert.deepEqual(idsAndStates(rig.disk.list()), [`${second} started`, `${first} started`]);
  assert.deepEqual(idsAndStates(rig.journal.list()), [`${second} started`, `${first} pending`]);
});

test("the card machine's payments made in the same millisecond stay in the order they were made while one is held", () => {
  const { first, second } = twoAtOneMoment();
  rig.failWith(diskFull());
  rig.journal.markPending(second);
  rig.failWith(null);
  assert.equal(rig.held.isHeld(second), true);
  assert.deepEqual(idsAndStates(rig.journal.forTerminal(TERMINAL, '2026-01-01T00:00:00.000Z')), [
    `${first} started`,
    `${second} pending`,
  ]);
});

test('the newest-first list gives no more payments than asked for while one is held', () => {
  const { first, second } = twoAtOneMoment();
  rig.failWith(diskFull());
  rig.journal.markPending(first);
  rig.failWith(null);
  assert.equal(rig.held.isHeld(first), true);
  assert.deepEqual(idsAndStates(rig.journal.list(1)), [`${second} started`]);
  assert.deepEqual(idsAndStates(rig.journal.list(2)), [`${second} started`, `${first} pending`]);
});
