// Reading a started sale when reads fail: the back-off doubles (0.5 s, 1 s, 2 s), the first good
// read clears the problem and says so; only 404s count towards giving a transaction up as lost,
// after exactly the reads and time configured; once given up it is no longer running and only the
// watch of its unknown outcome reads it, and a read that fails while the till shuts down writes
// nothing. Reads that keep failing for other reasons: poll-reads-keep-failing.test.ts.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import type { PollingPolicy } from '../../../electron/services/payments/transaction-runner';
import { TRANSACTION_LOST_PROBLEM } from '../../../electron/services/payments/wording';
import { TillError } from '../../../shared/contract/errors';
import { refusalOf } from '../../support/refusal';
import { cardRecord, scriptedRig, scriptReads, TERMINAL, type Rig } from './scripted-card-machine';
import { within } from './support';

const presentCard = cardRecord('tx-1', null);
const serviceFailed = () => new TillError('service_error', 'The card service failed.');
const notKnown = () => new TillError('not_found', 'The card service does not know this transaction.');

describe('failed reads of a started sale', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  async function startedSale(polling: Partial<PollingPolicy> = {}) {
    rig = scriptedRig({ polling });
    const p = await rig.service.startSale({
      saleId: 's1',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    assert.equal(p.transactionId, 'tx-1');
    return { id: p.id, startedAt: rig.clock.now() };
  }
  const progressOf = (id: string) =>
    rig.events.filter((e) => e.type === 'progress' && e.paymentId === id) as Array<
      Extract<Rig['events'][number], { type: 'progress' }>
    >;

  test('are read again after 0.5 s, 1 s, then 2 s; the first good read clears the problem and says so', async () => {
    const { id, startedAt } = await startedSale();
    const times = scriptReads(rig, [
      presentCard,
      serviceFailed(),
      serviceFailed(),
      serviceFailed(),
      presentCard,
    ]);
    await rig.clock.advance(3_869);
    assert.deepEqual(
      times.map((t) => t - startedAt),
      [120, 370, 870, 1_870],
    );
    assert.equal(rig.service.getPayment(id)?.problem, 'The card service failed.');
    assert.equal(progressOf(id).filter((e) => e.problem === 'The card service failed.').length, 3);
    await rig.clock.advance(1);
    assert.equal(times.length, 5, 'the fourth read waited 2 s');
    assert.equal(rig.service.getPayment(id)?.problem, null);
    const last = progressOf(id).at(-1)!;
    assert.equal(last.problem, null, 'the screens are told the problem is over');
    assert.deepEqual(last.newNotifications, [], 'nothing new came with the good read');
    assert.equal(last.state, 'pending');
    await rig.clock.advance(250);
    assert.equal(times.length, 6, 'then the usual pace again');
  });

  test('that bring nothing new tell the screens nothing and write nothing', async () => {
    const { id } = await startedSale();
    const quiet = { ...presentCard, notifications: [] };
    const times = scriptReads(rig, [quiet, quiet, quiet, presentCard]);
    const progressBefore = progressOf(id).length;
    const stampBefore = rig.service.getPayment(id)!.updatedAt;
    await rig.clock.advance(620);
    assert.equal(times.length, 3);
    assert.equal(rig.service.getPayment(id)?.state, 'started', 'no notification yet: not pending');
    assert.equal(rig.service.getPayment(id)?.updatedAt, stampBefore);
    assert.equal(progressOf(id).length, progressBefore);
    await rig.clock.advance(250);
    assert.equal(rig.service.getPayment(id)?.state, 'pending');
    assert.equal(progressOf(id).length, progressBefore + 1);
    assert.deepEqual(
      progressOf(id)
        .at(-1)!
        .newNotifications.map((n) => n.code),
      ['PRESENT_CARD'],
    );
    const stampPending = rig.service.getPayment(id)!.updatedAt;
    await rig.clock.advance(500);
    assert.equal(times.length, 6);
    assert.equal(progressOf(id).length, progressBefore + 1);
    assert.equal(rig.service.getPayment(id)?.updatedAt, stampPending);
  });

  test('that fail for any reason but 404 never give the sale up as lost', async () => {
    const { id } = await startedSale({ lostAfterNotFoundReads: 1, lostAfterNotFoundMs: 0 });
    const failures = [
      serviceFailed(),
      new Error('socket hang up'),
      serviceFailed(),
      new Error('socket hang up'),
    ];
    const times = scriptReads(rig, [...failures, presentCard]);
    await rig.clock.advance(120 + 500 + 1_000 + 2_000 + 4_000);
    assert.equal(times.length, 5);
    assert.equal(rig.service.getPayment(id)?.state, 'pending', 'the good read after them was taken in');
    assert.equal(rig.events.filter((e) => e.type === 'unknown').length, 0);
    assert.equal(rig.service.getPayment(id)?.problem, null);
  });

  test('answered 404 give up at the fifth in a row, not before and not after', async () => {
    const { id, startedAt } = await startedSale({
      errorBackoffMs: 100,
      maxBackoffMs: 100,
      lostAfterNotFoundReads: 5,
      lostAfterNotFoundMs: 0,
    });
    const times = scriptReads(rig, [presentCard, notKnown()]);
    await rig.clock.advance(769);
    assert.deepEqual(
      times.map((t) => t - startedAt),
      [120, 370, 470, 570, 670],
    );
    assert.equal(rig.service.getPayment(id)?.state, 'pending');
    await rig.clock.advance(1);
    assert.equal(rig.service.getPayment(id)?.state, 'unknown');
    assert.equal(rig.service.getPayment(id)?.problem, TRANSACTION_LOST_PROBLEM);
    assert.deepEqual(rig.service.getPayment(id)?.problemWords, { key: 'payment.problem.transactionLost' });
    await rig.clock.advance(5_000);
    assert.deepEqual(
      times.slice(6).map((t) => t - startedAt),
      [770, 1_770, 2_770, 3_770, 4_770, 5_770],
      'after giving up only the watch reads it, once a second beside the terminal',
    );
    assert.equal(rig.machine.count('terminal'), 6);
  });

  test('answered 404 give up only once the first of them is the minimum time old', async () => {
    const { id, startedAt } = await startedSale({
      errorBackoffMs: 100,
      maxBackoffMs: 100,
      lostAfterNotFoundReads: 2,
      lostAfterNotFoundMs: 200,
    });
    const times = scriptReads(rig, [presentCard, notKnown()]);
    await rig.clock.advance(569);
    assert.deepEqual(
      times.map((t) => t - startedAt),
      [120, 370, 470],
    );
    assert.equal(rig.service.getPayment(id)?.state, 'pending', 'two 404s, but only 100 ms apart');
    await rig.clock.advance(1);
    assert.equal(times[3]! - startedAt, 570);
    assert.equal(rig.service.getPayment(id)?.state, 'unknown', 'the third 404 is 200 ms after the first');
    await rig.clock.advance(5_000);
    assert.equal(
      rig.machine.count('read'),
      4 + rig.machine.count('terminal'),
      'after giving up only the watch reads it, beside each terminal read',
    );
  });

  test('given up as lost: the screens see it unknown, and it no longer runs when they hear of it', async () => {
    const { id } = await startedSale({
      errorBackoffMs: 100,
      maxBackoffMs: 100,
      lostAfterNotFoundReads: 1,
      lostAfterNotFoundMs: 0,
    });
    scriptReads(rig, [presentCard, notKnown()]);
    // A screen that cancels as soon as it hears the outcome is unknown.
    const cancels: Array<ReturnType<typeof refusalOf>> = [];
    rig.service.onEvent((event) => {
      if (event.type === 'unknown' && event.paymentId === id && cancels.length === 0)
        cancels.push(refusalOf(rig.service.cancel(id)));
    });
    await rig.clock.advance(370);
    assert.equal(rig.service.getPayment(id)?.state, 'unknown');
    const events = rig.events.filter((e) => e.paymentId === id);
    const lostProgress = events.findIndex(
      (e) => e.type === 'progress' && e.state === 'unknown' && e.problem === TRANSACTION_LOST_PROBLEM,
    );
    const firstUnknown = events.findIndex((e) => e.type === 'unknown');
    assert.ok(lostProgress >= 0, 'a progress event says the payment is now unknown, and why');
    assert.ok(lostProgress < firstUnknown);
    assert.equal(cancels.length, 1, 'the screen heard the unknown outcome');
    const refusal = await cancels[0]!;
    assert.equal(refusal.code, 'conflict');
    assert.equal(refusal.message, 'That card payment is not running.');
    assert.equal(rig.machine.count('cancel'), 0, 'nothing is sent to the card machine');
  });

  test('a read that fails while the till shuts down leaves the journal as it was', async () => {
    const { id } = await startedSale();
    let fail: (error: Error) => void = () => undefined;
    const failing = new Promise<CardTransaction>((_, reject) => (fail = reject));
    scriptReads(rig, [presentCard, failing]);
    await rig.clock.advance(370);
    assert.equal(rig.machine.count('read'), 2);
    const closing = rig.service.close();
    fail(serviceFailed());
    await within(closing, 'the shutdown', 2_000);
    const row = new PaymentJournal(rig.db).get(id)!;
    assert.equal(row.problem, null);
    assert.equal(row.state, 'pending', 'resumed at the next start');
    assert.equal(progressOf(id).filter((e) => e.problem !== null).length, 0);
  });
});
