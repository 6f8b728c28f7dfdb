// Closing the payment service while a card start is on its way whose answer then proves nothing
// (a 500): close() waits for that answer, and once it has ended nothing of the payment may still
// run: no terminal watch reading the card machine, no timer left on the clock. A close that
// begins before the start is sent sends none.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { TillError } from '../../../shared/contract/errors';
import { scriptedRig, stateOnDisk, type Rig } from './scripted-card-machine';
import { gbpSale, waitUntil, within } from './support';

describe('closing the payment service while a start gets an unclear answer', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  test('after close() nothing reads the card machine and no timer is left', async () => {
    rig.machine.holdStarts();
    // The start answers 500 (it may have started): the outcome is unknown and, while the service
    // runs, the terminal is watched. The machine stays BUSY, so a watch would read on for ever.
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    rig.machine.terminalAnswers = ['BUSY'];
    const started = rig.service.startSale(gbpSale('s-unclear-at-close'));
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    const id = rig.service.listPayments()[0]!.id;

    const closing = rig.service.close();
    rig.machine.releaseStarts();
    await within(closing, 'the shutdown', 2_000);
    const view = await within(started, 'the start to answer', 2_000);
    assert.equal(view.state, 'unknown');
    assert.equal(stateOnDisk(rig.db, id), 'unknown', 'the unclear answer is saved before the shutdown ends');

    const readsAtClose = rig.machine.count('terminal');
    assert.equal(rig.clock.timers, 0, 'no timer outlives the shutdown');
    await rig.clock.advance(60_000);
    assert.equal(rig.machine.count('terminal'), readsAtClose, 'nothing read after the shutdown');
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('start')),
      ['start SALE 1000 GBP'],
    );
  });

  test('a close that begins before the start is sent sends none: the payment is cancelled on the till', async () => {
    const started = rig.service.startSale(gbpSale('s-closing-first'));
    const closing = rig.service.close();
    await assert.rejects(within(started, 'the start to answer', 2_000), {
      code: 'conflict',
      message: 'The payment service is shutting down.',
    });
    await within(closing, 'the shutdown', 2_000);
    const id = rig.service.listPayments()[0]!.id;
    assert.equal(stateOnDisk(rig.db, id), 'cancelled_locally');
    assert.deepEqual(rig.machine.calls, [], 'the card machine was never asked');
  });
});
