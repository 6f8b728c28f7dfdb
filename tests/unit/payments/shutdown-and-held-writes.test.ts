// Closing the payment service: it waits for a start on its way, saves what was held while the disk
// was full if it can, writes nothing afterwards (the next start reads the card service again), and
// lets its listeners go. A write held on a full disk is logged under the payments area's name.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { createPaymentService } from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import { scriptedRig, stateOnDisk, TERMINAL, type Rig } from './scripted-card-machine';
import { waitUntil, within } from './support';
import { loggedDuring } from '../../support/stderr-log';

const sale = (saleId: string, amount = 1000) => ({ saleId, terminalId: TERMINAL, amount, currency: 'GBP' });

describe('closing the payment service', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig({ saveRetryMs: 2_000 });
  });
  afterEach(() => rig.cleanup());

  /** A £10.00 sale the card machine has approved, read while the disk is full: held, not on disk. */
  async function approvedWhileDiskFull(saleId: string): Promise<{ id: string; log: string }> {
    const p = await rig.service.startSale(sale(saleId));
    rig.setDiskFull(true);
    rig.machine.finish(p.transactionId!, 'SUCCESSFUL', 1000);
    const log = await loggedDuring(() => rig.clock.advance(300));
    assert.equal(rig.service.getPayment(p.id)?.state, 'finished');
    assert.equal(stateOnDisk(rig.db, p.id), 'started');
    return { id: p.id, log };
  }

  test('a shutdown waits for the start on its way: its id is saved and listeners hear it started', async () => {
    rig.machine.holdStarts();
    const started = rig.service.startSale(sale('s-on-its-way'));
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    const id = rig.service.listPayments()[0]!.id;
    let closed = false;
    const closing = rig.service.close().then(() => {
      closed = true;
    });
    await rig.clock.advance(5_000);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(closed, false, 'close() has not ended before the start answered');
    rig.machine.releaseStarts();
    await within(closing, 'the shutdown', 2_000);
    const view = await within(started, 'the start to answer', 2_000);
    assert.equal(view.transactionId, 'tx-1');
    assert.equal(stateOnDisk(rig.db, id), 'started');
    assert.ok(
      rig.events.some((e) => e.type === 'progress' && e.paymentId === id && e.state === 'started'),
      'listeners heard the start answered',
    );
    assert.deepEqual(rig.machine.calls, ['start SALE 1000 GBP']);
  });

  test('a write held on a full disk is logged as the payments area, naming the payment and the step', async () => {
    const { id, log } = await approvedWhileDiskFull('s-logged');
    assert.match(
      log,
      new RegExp(
        ` WARN \\[payments\\] Card payment ${id}: could not save saveFinished; kept in memory and retried`,
      ),
    );
  });

  test('what was held is saved at the shutdown when storage works again by then', async () => {
    const { id } = await approvedWhileDiskFull('s-saved-at-close');
    const waiting = rig.service.settled(id);
    rig.setDiskFull(false);
    await rig.service.close();
    assert.equal(stateOnDisk(rig.db, id), 'finished');
    const done = await within(waiting, 'settled() at the shutdown', 2_000);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.successful, true);
  });

  test('after the shutdown nothing is written even once storage works; the next start reads it again', async () => {
    const { id } = await approvedWhileDiskFull('s-read-again');
    await loggedDuring(() => rig.service.close());
    assert.equal(stateOnDisk(rig.db, id), 'started');
    rig.setDiskFull(false);
    await rig.clock.advance(10_000);
    assert.equal(stateOnDisk(rig.db, id), 'started', 'nothing written after the shutdown');
    assert.equal(rig.machine.count('read'), 1);
    const next = createPaymentService({ client: rig.machine, db: rig.db, clock: rig.clock });
    try {
      assert.deepEqual(await next.resumeAll(), [{ paymentId: id, state: 'started' }]);
      await rig.clock.advance(1_000);
      const done = await within(next.settled(id), 'the resumed sale to settle', 2_000);
      assert.equal(done.result, 'SUCCESSFUL');
      assert.equal(stateOnDisk(rig.db, id), 'finished');
      assert.equal(rig.machine.count('read'), 2);
    } finally {
      await next.close();
    }
  });

  test('after the shutdown its listeners hear nothing more', async () => {
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const lost = await rig.service.startSale(sale('s-lost'));
    assert.equal(lost.state, 'unknown');
    await rig.service.close();
    const heard = rig.events.length;
    const resolved = rig.service.resolveUnknown(lost.id, {
      outcome: 'not_paid',
      note: 'nothing on the machine',
    });
    assert.equal(resolved.resolution?.outcome, 'not_paid');
    assert.equal(rig.events.length, heard);
  });
});
