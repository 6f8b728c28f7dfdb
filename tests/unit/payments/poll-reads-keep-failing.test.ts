// A started sale whose reads keep failing (an answer too large or unreadable, a value the till
// refuses, 5xx, 429, the network) is not read for ever: after giveUpReadingAfterMs of failed
// reads with no good one between, measured from the first of them, its outcome becomes unknown
// (the cashier decides), journaled, and nothing is sent to the card machine. The watch of the
// unknown outcome still reads the transaction: its real outcome wins until the cashier decides,
// their decision stands once taken, and reading stops once the machine is free.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import type { PaymentEvent, PollingPolicy } from '../../../electron/services/payments/transaction-runner';
import { READS_FAILING_PROBLEM } from '../../../electron/services/payments/wording';
import { TillError } from '../../../shared/contract/errors';
import { refusalOf } from '../../support/refusal';
import {
  cardRecord,
  scriptedRig,
  scriptReads,
  stateOnDisk,
  TERMINAL,
  type ReadAnswer,
  type Rig,
} from './scripted-card-machine';
import { within } from './support';

const presentCard = cardRecord('tx-1', null);
const approved = cardRecord('tx-1', 'SUCCESSFUL');
const tooLarge = () =>
  new TillError(
    'malformed_response',
    'The card service sent an answer far larger than any real one, so the till stopped reading it.',
  );

/** Failed reads are tried again every 100 ms, and given up after a second of them. */
const FAST: Partial<PollingPolicy> = { errorBackoffMs: 100, maxBackoffMs: 100, giveUpReadingAfterMs: 1_000 };

describe('reads of a started sale that keep failing', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  async function startedSale(polling: Partial<PollingPolicy> = FAST) {
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

  /** A sale read well once, then never again: unknown 1,370 ms after the start. */
  async function givenUp(answers: ReadAnswer[] = [presentCard, tooLarge()]) {
    const sale = await startedSale();
    const times = scriptReads(rig, answers);
    await rig.clock.advance(1_370);
    assert.equal(rig.service.getPayment(sale.id)?.state, 'unknown');
    return { ...sale, answers, times };
  }

  const eventsOf = <T extends PaymentEvent['type']>(type: T, id: string) =>
    rig.events.filter((e) => e.type === type && e.paymentId === id) as Array<
      Extract<PaymentEvent, { type: T }>
    >;
  const nothingSent = () =>
    assert.deepEqual(
      rig.machine.calls.filter((c) => !c.startsWith('read') && c !== 'terminal'),
      ['start SALE 1000 GBP'],
      'one start, and nothing else sent: no second start, no cancel, no signature answer',
    );

  test('end unknown once the first failed read is the limit old, not one read before', async () => {
    const { id, startedAt } = await startedSale();
    const times = scriptReads(rig, [presentCard, tooLarge()]);
    await rig.clock.advance(1_369);
    assert.deepEqual(
      times.map((t) => t - startedAt),
      [120, 370, 470, 570, 670, 770, 870, 970, 1_070, 1_170, 1_270],
    );
    assert.equal(rig.service.getPayment(id)?.state, 'pending', '900 ms after the first failed read');
    assert.equal(rig.service.getPayment(id)?.problem, tooLarge().message);
    const settled = rig.service.settled(id);
    await rig.clock.advance(1);
    assert.equal(times.at(-2)! - startedAt, 1_370, 'given up at the read 1 s after the first failed one');
    assert.equal(rig.service.getPayment(id)?.state, 'unknown');
    assert.equal(rig.service.getPayment(id)?.problem, READS_FAILING_PROBLEM);
    assert.deepEqual(rig.service.getPayment(id)?.problemWords, { key: 'payment.problem.readsFailing' });
    assert.equal(stateOnDisk(rig.db, id), 'unknown', 'journaled');
    assert.equal((await within(settled, 'the payment to settle', 2_000)).state, 'unknown');
    const progress = eventsOf('progress', id).at(-1)!;
    assert.equal(progress.state, 'unknown');
    assert.equal(progress.problem, READS_FAILING_PROBLEM);
    assert.deepEqual(
      eventsOf('unknown', id).map((e) => e.reason),
      [READS_FAILING_PROBLEM, READS_FAILING_PROBLEM],
      'the cashier is asked to decide, then told the machine is busy',
    );
    const refusal = await refusalOf(rig.service.cancel(id));
    assert.equal(refusal.message, 'That card payment is not running.');
    nothingSent();
  });

  const failures: Array<[string, () => Error]> = [
    ['an answer too large', tooLarge],
    ['an answer that is not JSON', () => new TillError('malformed_response', 'not JSON')],
    ['a value the till refuses', () => new TillError('malformed_response', 'not understood')],
    ['a 5xx', () => new TillError('service_error', 'The card service had an internal error (502).')],
    ['a 429', () => new TillError('rate_limited', 'slow down', { retryAfterMs: 100 })],
    ['the network', () => new TillError('unreachable', 'The card service cannot be reached.')],
    ['a timeout', () => new TillError('timeout', 'The card service did not answer in time.')],
    ['a plain error', () => new Error('socket hang up')],
    ['a 404 (fewer than the reads that call it lost)', () => new TillError('not_found', 'not known')],
  ];
  for (const [what, failure] of failures) {
    test(`end unknown when every read fails with ${what}`, async () => {
      const { id } = await startedSale({ ...FAST, lostAfterNotFoundReads: 1_000 });
      scriptReads(rig, [failure()]);
      await rig.clock.advance(1_119);
      assert.equal(rig.service.getPayment(id)?.state, 'started', 'the first failed read was at 120 ms');
      await rig.clock.advance(1);
      assert.equal(rig.service.getPayment(id)?.state, 'unknown');
      assert.equal(rig.service.getPayment(id)?.problem, READS_FAILING_PROBLEM);
      nothingSent();
    });
  }

  test('a good read between them starts the time again', async () => {
    const { id } = await startedSale();
    const failed = tooLarge();
    scriptReads(rig, [presentCard, ...Array<Error>(6).fill(failed), presentCard, failed]);
    // Failed at 370–870, read well at 970, failing again from 1,220.
    await rig.clock.advance(2_219);
    assert.equal(rig.service.getPayment(id)?.state, 'pending', '1.85 s after the first failure of all');
    await rig.clock.advance(1);
    assert.equal(
      rig.service.getPayment(id)?.state,
      'unknown',
      '1 s after the first failure since the good read',
    );
  });

  test('with the defaults: five minutes of failed reads, longer than any card sale takes', async () => {
    const { id } = await startedSale({});
    scriptReads(rig, [new TillError('service_error', 'The card service had an internal error (500).')]);
    // Reads at 120, 620, 1,620, 3,620, 7,620 ms (back-off 0.5 s doubling to 5 s), then every 5 s.
    await rig.clock.advance(302_619);
    assert.equal(rig.service.getPayment(id)?.state, 'started', 'at 297.5 s of failing it is still read');
    await rig.clock.advance(1);
    assert.equal(rig.service.getPayment(id)?.state, 'unknown', 'the read at 302.5 s of failing gives up');
  });

  test('the real outcome still wins when a read of it succeeds before the cashier decides', async () => {
    const { id, answers } = await givenUp();
    await rig.clock.advance(2_000);
    assert.equal(rig.service.getPayment(id)?.state, 'unknown', 'the watch read it, and it still failed');
    answers.splice(0, answers.length, presentCard);
    await rig.clock.advance(1_000);
    assert.equal(
      rig.service.getPayment(id)?.state,
      'unknown',
      'read, but still running: nothing to take yet',
    );
    assert.equal(eventsOf('finished', id).length, 0);
    answers.splice(0, answers.length, approved);
    await rig.clock.advance(1_000);
    const paid = rig.service.getPayment(id)!;
    assert.equal(paid.state, 'finished');
    assert.equal(paid.successful, true);
    assert.equal(paid.problem, null);
    assert.equal(stateOnDisk(rig.db, id), 'finished');
    const [finished] = eventsOf('finished', id);
    assert.equal(finished?.successful, true);
    assert.equal(eventsOf('progress', id).at(-1)?.state, 'finished');
    const readsThen = rig.machine.count('read');
    await rig.clock.advance(5_000);
    assert.equal(rig.machine.count('read'), readsThen, 'nothing is read once the outcome is known');
    const refusal = await refusalOf(
      Promise.resolve().then(() => rig.service.resolveUnknown(id, { outcome: 'not_paid', note: 'late' })),
    );
    assert.equal(refusal.code, 'conflict', 'nothing is left for the cashier to decide');
    nothingSent();
    const next = await rig.service.startSale({
      saleId: 's2',
      terminalId: TERMINAL,
      amount: 500,
      currency: 'GBP',
    });
    assert.equal(next.state, 'started', 'the card machine takes the next sale');
  });

  test('once the cashier decided, nothing more is read and a later record changes nothing', async () => {
    const { id, answers } = await givenUp();
    rig.service.resolveUnknown(id, { outcome: 'not_paid', note: 'The machine showed declined.' });
    answers.splice(0, answers.length, approved);
    const reads = rig.machine.count('read');
    await rig.clock.advance(10_000);
    assert.equal(rig.machine.count('read'), reads);
    const row = rig.service.getPayment(id)!;
    assert.equal(row.state, 'unknown');
    assert.equal(row.resolution?.outcome, 'not_paid');
    assert.equal(row.successful, false);
    assert.equal(eventsOf('finished', id).length, 0);
  });

  test('a decision taken while a read is out stands when the read brings the approval', async () => {
    const { id, answers } = await givenUp();
    let answer: (record: CardTransaction) => void = () => undefined;
    answers.splice(0, answers.length, new Promise<CardTransaction>((resolve) => (answer = resolve)));
    await rig.clock.advance(1_000);
    rig.service.resolveUnknown(id, { outcome: 'not_paid', note: 'The machine showed declined.' });
    answer(approved);
    await rig.clock.advance(0);
    assert.equal(rig.service.getPayment(id)?.state, 'unknown');
    assert.equal(rig.service.getPayment(id)?.resolution?.outcome, 'not_paid');
    assert.equal(eventsOf('finished', id).length, 0);
  });

  test('once the machine is free its transaction is read once more, then nothing is read', async () => {
    const { startedAt, times } = await givenUp();
    rig.machine.terminalAnswers = ['BUSY', 'AVAILABLE'];
    await rig.clock.advance(10_000);
    assert.deepEqual(
      times.slice(-4).map((t) => t - startedAt),
      [1_370, 1_370, 2_370, 3_370],
      'the last poll read, then the watch: beside each terminal read, the last after AVAILABLE',
    );
    assert.equal(rig.machine.count('terminal'), 3);
  });

  test('while the terminal cannot be read, the transaction still is, and its outcome still wins', async () => {
    const { id, answers, times, startedAt } = await givenUp();
    rig.machine.terminalAnswers = [new TillError('service_error', 'The card service failed.')];
    await rig.clock.advance(1_100);
    answers.splice(0, answers.length, approved);
    await rig.clock.advance(100);
    assert.deepEqual(
      times.slice(-3).map((t) => t - startedAt),
      [2_370, 2_470, 2_570],
      'a failed status read is followed by the back-off, not the watch pace',
    );
    assert.equal(rig.service.getPayment(id)?.state, 'finished');
    assert.deepEqual(
      eventsOf('unknown', id).map((e) => e.terminalStatus),
      [null, 'BUSY'],
      'a failed status read tells the screens nothing',
    );
  });

  test('after a restart, an unknown sale the till has an id for is read by the watch, and its outcome wins', async () => {
    rig = scriptedRig({ polling: FAST });
    const earlier = new PaymentJournal(rig.db, () => rig.clock.now());
    const row = earlier.recordIntent({
      saleId: 's',
      terminalId: TERMINAL,
      type: 'SALE',
      amount: 1000,
      currency: 'GBP',
    });
    earlier.markStarting(row.id);
    earlier.markStarted(row.id, 'tx-9');
    earlier.markOutcomeLost(row.id, READS_FAILING_PROBLEM);
    rig.machine.finish('tx-9', 'SUCCESSFUL');
    assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: row.id, state: 'unknown' }]);
    await rig.clock.advance(0);
    assert.equal(rig.service.getPayment(row.id)?.state, 'finished');
    assert.equal(rig.service.getPayment(row.id)?.successful, true);
    assert.deepEqual(rig.machine.calls, ['terminal', 'read tx-9'], 'read, never resent');
  });
});
