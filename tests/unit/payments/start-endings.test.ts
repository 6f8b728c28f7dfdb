// How a start that does not get a transaction id ends: a refusal, or no clear answer to a sale
// or a reprint. Each is shown to listeners as progress and answers anyone waiting in settled(),
// also when the disk was full as it ended (then once the end is saved).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { PaymentEvent } from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import { scriptedRig, stateOnDisk, TERMINAL, type Rig } from './scripted-card-machine';
import { waitUntil, within } from './support';

const sale = (saleId: string, amount = 1000) => ({ saleId, terminalId: TERMINAL, amount, currency: 'GBP' });

type Progress = Extract<PaymentEvent, { type: 'progress' }>;

describe('a start that gets no transaction id', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  const progressOf = (id: string) =>
    rig.events.filter((e): e is Progress => e.type === 'progress' && e.paymentId === id);

  /** Starts `start()` with the card machine holding it; returns its promise, the id and a settled() wait. */
  async function onItsWay<T>(start: () => Promise<T>) {
    rig.machine.holdStarts();
    const started = start();
    started.catch(() => undefined);
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    const id = rig.service.listPayments()[0]!.id;
    const waiting = rig.service.settled(id);
    return { started, id, waiting };
  }

  test('the progress shown as a start goes out has no new notifications', async () => {
    const { started, id } = await onItsWay(() => rig.service.startSale(sale('s-going')));
    const [starting] = progressOf(id);
    assert.equal(starting?.state, 'starting');
    assert.deepEqual(starting?.notifications, []);
    assert.deepEqual(starting?.newNotifications, []);
    rig.machine.releaseStarts();
    await started;
  });

  test('a start the card service refuses: listeners see it failed, settled() answers, the machine is free', async () => {
    const { started, id, waiting } = await onItsWay(() => rig.service.startSale(sale('s-refused')));
    const refusal = new TillError('rejected', 'The card service rejected the request.');
    rig.machine.startFailure = refusal;
    rig.machine.releaseStarts();
    await assert.rejects(started, (error) => error === refusal);
    const last = progressOf(id).at(-1);
    assert.equal(last?.state, 'failed_to_start');
    assert.equal(last?.problem, 'The card service rejected the request.');
    const done = await within(waiting, 'settled() of the refused start', 2_000);
    assert.equal(done.state, 'failed_to_start');
    assert.equal(done.successful, false);
    rig.machine.startFailure = null;
    const next = await rig.service.startSale(sale('s-after-refusal', 600));
    assert.equal(next.state, 'started');
    assert.deepEqual(rig.machine.calls, ['start SALE 1000 GBP', 'start SALE 600 GBP']);
  });

  test('a sale with no clear answer: settled() answers unknown at once, and nothing is sent again', async () => {
    const { started, id, waiting } = await onItsWay(() => rig.service.startSale(sale('s-unclear')));
    const why = { key: 'cardService.internal', params: { status: 502 } };
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.', { words: why });
    rig.machine.releaseStarts();
    const view = await started;
    assert.equal(view.state, 'unknown');
    const done = await within(waiting, 'settled() of the unclear sale', 2_000);
    assert.equal(done.id, id);
    assert.equal(done.state, 'unknown');
    assert.equal(
      done.problem,
      'No clear answer to the start: The card service failed. The card machine may be taking the payment.',
    );
    // The same by key, with the card service's own words for why, so a German till says it in German.
    assert.deepEqual(done.problemWords, {
      key: 'payment.problem.noClearStart',
      params: { why: { ...why, english: 'The card service failed.' } },
    });
    assert.equal(rig.machine.count('start'), 1);
  });

  test('a reprint with no clear answer: listeners and settled() see it unknown, the error keeps its cause', async () => {
    const { started, id, waiting } = await onItsWay(() => rig.service.requestDuplicate(TERMINAL));
    const failure = new TillError('service_error', 'The card service failed.');
    rig.machine.startFailure = failure;
    rig.machine.releaseStarts();
    const words =
      'No clear answer to the reprint request: The card service failed. The card machine may still print it; ask again if it does not.';
    await assert.rejects(started, (error) => {
      assert.ok(error instanceof TillError);
      assert.equal(error.code, 'service_error');
      assert.equal(error.message, words);
      assert.equal(error.cause, failure);
      return true;
    });
    const last = progressOf(id).at(-1);
    assert.equal(last?.state, 'unknown');
    assert.equal(
      last?.problem,
      'No clear answer to the start: The card service failed. The card machine may be taking the payment.',
    );
    const done = await within(waiting, 'settled() of the unclear reprint', 2_000);
    assert.equal(done.state, 'unknown');
    assert.equal(rig.machine.count('start'), 1);
  });
});

describe('a start refused while the disk is full', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig({ saveRetryMs: 1_000 });
  });
  afterEach(() => rig.cleanup());

  test('the refusal is saved once storage works, settled() answers then, and the machine is free', async () => {
    rig.machine.holdStarts();
    const started = rig.service.startSale(sale('s-refused-full'));
    started.catch(() => undefined);
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    const id = rig.service.listPayments()[0]!.id;
    let answered = false;
    const waiting = rig.service.settled(id).then((view) => {
      answered = true;
      return view;
    });
    rig.setDiskFull(true);
    rig.machine.startFailure = new TillError('terminal_busy', 'The card machine is busy.');
    rig.machine.releaseStarts();
    await assert.rejects(started, (error) => error instanceof TillError && error.code === 'terminal_busy');
    assert.equal(rig.service.getPayment(id)?.state, 'failed_to_start');
    assert.equal(stateOnDisk(rig.db, id), 'starting');
    await rig.clock.advance(1_000);
    assert.equal(answered, false, 'settled() waits while the end cannot be saved');
    rig.setDiskFull(false);
    await rig.clock.advance(1_000);
    assert.equal(stateOnDisk(rig.db, id), 'failed_to_start');
    const done = await within(waiting, 'settled() once the refusal is saved', 2_000);
    assert.equal(done.state, 'failed_to_start');
    rig.machine.startFailure = null;
    const next = await rig.service.startSale(sale('s-after-full', 400));
    assert.equal(next.state, 'started');
    assert.equal(rig.machine.count('start'), 2);
  });
});
