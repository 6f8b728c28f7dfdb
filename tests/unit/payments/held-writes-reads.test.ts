// While a payment's writes are held, every read of the journal shows it as it would be: one row
// each, `list` newest first and the other row lists oldest first, money left to refund counted from
// held refunds; sales history's card search finds only what is saved. Reading never tells the
// top bar that saving works again.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { SAVE_RETRY_MS } from '../../../electron/services/payments/held-writes';
import type { PaymentRow } from '../../../electron/services/payments/journal';
import { diskFull, finishedRecord, heldWritesRig, TERMINAL, type Rig } from './held-writes-harness';

let rig: Rig;
beforeEach(() => {
  rig = heldWritesRig();
});
afterEach(() => rig.close());

const idsAndStates = (rows: PaymentRow[]) => rows.map((r) => `${r.id} ${r.state}`);
const SINCE = '2026-01-01T00:00:00.000Z';
const UNTIL = '2027-01-01T00:00:00.000Z';

/**
 * Three payments a second apart: `older` started, `held` (in the middle) pending in memory only,
 * `newer` an intent saved after storage came back (the held write not yet retried).
 */
function threePayments() {
  const older = rig.started();
  const held = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(held);
  rig.failWith(null);
  const newer = rig.intent();
  assert.equal(rig.held.isHeld(held), true);
  return { older, held, newer };
}

test('before anything is held, the lists are the saved rows', () => {
  const first = rig.started();
  const second = rig.intent();
  assert.deepEqual(idsAndStates(rig.journal.list()), [`${second} intent`, `${first} started`]);
  assert.deepEqual(idsAndStates(rig.journal.forTerminal(TERMINAL, SINCE)), [
    `${first} started`,
    `${second} intent`,
  ]);
});

test('the payment list is newest first, with a held payment once, as it would be', () => {
  const { older, held, newer } = threePayments();
  assert.deepEqual(idsAndStates(rig.journal.list()), [
    `${newer} intent`,
    `${held} pending`,
    `${older} started`,
  ]);
  assert.deepEqual(idsAndStates(rig.disk.list()), [`${newer} intent`, `${held} started`, `${older} started`]);
});

test("a card machine's payments and a period's payments are oldest first, with a held payment as it would be", () => {
  const { older, held, newer } = threePayments();
  const expected = [`${older} started`, `${held} pending`, `${newer} intent`];
  assert.deepEqual(idsAndStates(rig.journal.forTerminal(TERMINAL, SINCE)), expected);
  assert.deepEqual(idsAndStates(rig.journal.createdBetween(SINCE, UNTIL)), expected);
  assert.deepEqual(idsAndStates(rig.journal.unfinished()), expected);
});

test("a sale's card payments read a held payment as it would be", () => {
  const { held } = threePayments();
  const saleId = rig.disk.get(held)!.saleId!;
  assert.deepEqual(idsAndStates(rig.journal.linkedTo({ saleId })), [`${held} pending`]);
});

test('a payment finished in memory is no longer unfinished, and is read finished with its money', () => {
  const older = rig.started();
  const held = rig.started();
  rig.failWith(diskFull());
  rig.journal.saveFinished(held, finishedRecord(`tx-${held}`, 1000));
  assert.deepEqual(idsAndStates(rig.journal.unfinished()), [`${older} started`]);
  assert.equal(rig.journal.get(held)?.record?.amountTotal, 1000);
  assert.deepEqual(idsAndStates(rig.disk.unfinished()), [`${older} started`, `${held} started`]);
});

test('reading while storage fails does not tell the top bar that saving works again', () => {
  const older = rig.started();
  const held = rig.started();
  rig.journal.saveFinished(older, finishedRecord(`tx-${older}`, 1000));
  rig.failWith(diskFull());
  rig.journal.markPending(held);
  const saleId = rig.disk.get(older)!.saleId!;

  const reads: Array<[string, () => unknown]> = [
    ['get of a saved payment', () => rig.journal.get(older)],
    ['get of the held payment', () => rig.journal.get(held)],
    ['list', () => rig.journal.list()],
    ['linkedTo', () => rig.journal.linkedTo({ saleId })],
    ['unfinished', () => rig.journal.unfinished()],
    ['forTerminal', () => rig.journal.forTerminal(TERMINAL, SINCE)],
    ['createdBetween', () => rig.journal.createdBetween(SINCE, UNTIL)],
    ['refundableLeftOn', () => rig.journal.refundableLeftOn(older)],
    ['saleIdsPaidByCardEnding', () => rig.journal.saleIdsPaidByCardEnding('4242')],
  ];
  for (const [what, read] of reads) {
    read();
    assert.equal(rig.health.status().state, 'full', `after ${what}`);
  }
  assert.equal(rig.journal.get(older)?.state, 'finished');
  assert.equal(rig.held.heldCount, 1);
});

test("sales history's card search finds a sale held in memory only once it is saved", async () => {
  const saved = rig.started();
  rig.journal.saveFinished(saved, finishedRecord(`tx-${saved}`, 1000));
  const held = rig.started();
  rig.failWith(diskFull());
  rig.journal.saveFinished(held, finishedRecord(`tx-${held}`, 2500));
  const saleOf = (id: string) => rig.disk.get(id)!.saleId!;

  assert.deepEqual(rig.journal.saleIdsPaidByCardEnding('4242'), [saleOf(saved)]);
  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.deepEqual(rig.journal.saleIdsPaidByCardEnding('4242').sort(), [saleOf(saved), saleOf(held)].sort());
});

/** A £10.00 card sale, finished and saved, to refund against. */
function paidSale(): string {
  const id = rig.started();
  assert.equal(rig.journal.saveFinished(id, finishedRecord(`tx-${id}`, 1000)), true);
  return id;
}

function refundOf(original: string, amount: number): string {
  return rig.intent({ type: 'REFUND', saleId: null, originalPaymentId: original, amount });
}

test('a refund whose start could not be saved no longer counts against what is left to refund', () => {
  const sale = paidSale();
  const refund = refundOf(sale, 400);
  rig.failWith(diskFull());
  assert.throws(() => rig.journal.markStarting(refund), { code: 'storage' });

  assert.equal(rig.journal.refundableLeftOn(sale), 1000, 'the held refund is cancelled');
  assert.equal(rig.disk.refundableLeftOn(sale), 600, 'the file still has it as an intent');
  assert.deepEqual(idsAndStates(rig.journal.list()), [`${refund} cancelled_locally`, `${sale} finished`]);
  assert.deepEqual(idsAndStates(rig.journal.linkedTo({ originalPaymentId: sale })), [
    `${refund} cancelled_locally`,
  ]);
});

test('a refund approved while storage fails is checked against its saved sale and other refunds', async () => {
  const sale = paidSale();
  const earlier = refundOf(sale, 300);
  rig.journal.markStarting(earlier);
  rig.journal.markStarted(earlier, `tx-${earlier}`);
  rig.journal.saveFinished(earlier, finishedRecord(`tx-${earlier}`, 300, 'REFUND'));
  const refund = refundOf(sale, 700);
  rig.journal.markStarting(refund);
  rig.journal.markStarted(refund, `tx-${refund}`);
  rig.failWith(diskFull());

  assert.equal(rig.journal.saveFinished(refund, finishedRecord(`tx-${refund}`, 700, 'REFUND')), true);
  assert.equal(rig.journal.get(refund)?.state, 'finished', '£7.00 is what is left on the £10.00 sale');
  assert.equal(rig.journal.get(refund)?.mismatch, null);
  assert.equal(rig.journal.refundableLeftOn(sale), 0);
  assert.deepEqual(idsAndStates(rig.journal.list()), [
    `${refund} finished`,
    `${earlier} finished`,
    `${sale} finished`,
  ]);

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.disk.get(refund)?.state, 'finished');
  assert.equal(rig.disk.refundableLeftOn(sale), 0);
});

test('a refund over what is left, approved while storage fails, needs a manager', () => {
  const sale = paidSale();
  const earlier = refundOf(sale, 300);
  rig.journal.markStarting(earlier);
  rig.journal.markStarted(earlier, `tx-${earlier}`);
  rig.journal.saveFinished(earlier, finishedRecord(`tx-${earlier}`, 300, 'REFUND'));
  const refund = refundOf(sale, 800);
  rig.journal.markStarting(refund);
  rig.journal.markStarted(refund, `tx-${refund}`);
  rig.failWith(diskFull());

  rig.journal.saveFinished(refund, finishedRecord(`tx-${refund}`, 800, 'REFUND'));
  assert.equal(rig.journal.get(refund)?.state, 'needs_manager');
  assert.equal(rig.journal.get(refund)?.mismatch?.reason, 'over_refundable');
  assert.equal(rig.journal.get(refund)?.mismatch?.asked.refundableLeft, 700);
});

test('each held write of a refund builds on the one before', () => {
  const sale = paidSale();
  const refund = refundOf(sale, 400);
  rig.journal.markStarting(refund);
  rig.journal.markStarted(refund, `tx-${refund}`);
  rig.failWith(diskFull());

  rig.journal.markPending(refund);
  rig.journal.setProblem(refund, 'Waiting for the card');
  const row = rig.journal.get(refund);
  assert.equal(row?.state, 'pending');
  assert.equal(row?.problem, 'Waiting for the card');
  assert.equal(rig.disk.get(refund)?.state, 'started');
});
