// What one read of a started sale brings in: the final notifications reach the screens with the
// final state, the signature request is raised once, a final record for another transaction is
// taken in not even in part, and a read answered during the shutdown is not taken in (the sale is
// read again at the next start), while settled() waits for the shutdown to finish its work.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import type { PaymentEvent } from '../../../electron/services/payments/transaction-runner';
import { cardRecord, scriptedRig, scriptReads, TERMINAL, type Rig } from './scripted-card-machine';
import { EUR_TERMINAL, waitUntil, within } from './support';

const sale = (saleId: string, terminalId = TERMINAL) => ({
  saleId,
  terminalId,
  amount: 1000,
  currency: 'GBP',
});
const running = (...notifications: string[]) => ({ ...cardRecord('tx-1', null), notifications });
const eventsOf = <T extends PaymentEvent['type']>(rig: Rig, type: T, id: string) =>
  rig.events.filter((e) => e.type === type && e.paymentId === id) as Array<
    Extract<PaymentEvent, { type: T }>
  >;

describe('what a read of a started sale brings in', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  test('the final notifications reach the screens with the final state, before the finished event', async () => {
    rig = scriptedRig();
    const p = await rig.service.startSale(sale('s-final'));
    await rig.clock.advance(120);
    rig.machine.finish('tx-1', 'SUCCESSFUL');
    await rig.clock.advance(250);
    const events = rig.events.filter((e) => e.paymentId === p.id);
    const finished = events.findIndex((e) => e.type === 'finished');
    assert.ok(finished > 0, 'the sale finished');
    const last = events[finished - 1]!;
    assert.equal(last.type, 'progress');
    assert.equal(last.type === 'progress' && last.state, 'finished');
    assert.deepEqual(last.type === 'progress' && last.newNotifications.map((n) => n.code), [
      'TRANSACTION_FINISHED',
    ]);
    assert.deepEqual(last.type === 'progress' && last.notifications.map((n) => n.code), [
      'PRESENT_CARD',
      'TRANSACTION_FINISHED',
    ]);
  });

  test('the signature request is raised once, however many reads show the machine waiting', async () => {
    rig = scriptedRig();
    const p = await rig.service.startSale(sale('s-sign'));
    scriptReads(rig, [running('PRESENT_CARD', 'SIGNATURE_VERIFICATION')]);
    await rig.clock.advance(120);
    const seenAt = rig.clock.now();
    await rig.clock.advance(250 * 6);
    assert.equal(rig.machine.count('read'), 7);
    const asks = eventsOf(rig, 'signature_required', p.id);
    assert.equal(asks.length, 1);
    assert.equal(asks[0]!.deadline, seenAt + 80_000);
    assert.deepEqual(rig.service.getPayment(p.id)?.awaitingSignature, { deadline: seenAt + 80_000 });
  });

  test('a final record naming another transaction is taken in not even in part', async () => {
    rig = scriptedRig();
    const p = await rig.service.startSale(sale('s-other'));
    const other = {
      ...cardRecord('tx-other', 'SUCCESSFUL'),
      notifications: ['PRESENT_CARD', 'TRANSACTION_FINISHED'],
    };
    scriptReads(rig, [other]);
    const waiting = rig.service.settled(p.id);
    await rig.clock.advance(120);
    const view = await within(waiting, 'the sale to settle', 2_000);
    assert.equal(view.state, 'started');
    assert.equal(view.result, null);
    assert.deepEqual(view.notifications, [], 'none of the other transaction’s notifications');
    assert.equal(eventsOf(rig, 'finished', p.id).length, 0);
    assert.equal(eventsOf(rig, 'progress', p.id).at(-1)?.state, 'started');
  });
});

describe('a read answered while the till shuts down', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  test('is not taken in: the sale stays as it was, to be read again at the next start', async () => {
    rig = scriptedRig();
    const p = await rig.service.startSale(sale('s-closing'));
    let answer: (record: CardTransaction) => void = () => undefined;
    scriptReads(rig, [new Promise<CardTransaction>((resolve) => (answer = resolve))]);
    await rig.clock.advance(120);
    assert.equal(rig.machine.count('read'), 1);
    const closing = rig.service.close();
    answer({ ...cardRecord('tx-1', 'SUCCESSFUL'), notifications: ['PRESENT_CARD', 'TRANSACTION_FINISHED'] });
    await within(closing, 'the shutdown', 2_000);
    const row = new PaymentJournal(rig.db).get(p.id)!;
    assert.equal(row.state, 'started');
    assert.equal(row.result, null);
    assert.deepEqual(row.notifications, []);
    assert.equal(eventsOf(rig, 'finished', p.id).length, 0);
  });

  test('settled() for a sale being read answers once the shutdown has let every start on its way answer', async () => {
    rig = scriptedRig();
    const first = await rig.service.startSale(sale('s-read'));
    await rig.clock.advance(120);
    let answered: string | null = null;
    const waiting = rig.service.settled(first.id).then((view) => {
      answered = rig.machine.startsWaiting === 0 ? `${view.state} after the other start` : view.state;
      return view;
    });
    rig.machine.holdStarts();
    const other = rig.service.startSale(sale('s-other-machine', EUR_TERMINAL));
    await waitUntil(
      () => rig.machine.startsWaiting === 1,
      'the second start to reach its card machine',
      2_000,
    );
    const closing = rig.service.close();
    await rig.clock.advance(0);
    assert.equal(answered, null, 'the shutdown is not through yet');
    rig.machine.releaseStarts();
    await within(other, 'the second start to answer', 2_000);
    await within(closing, 'the shutdown', 2_000);
    const view = await waiting;
    assert.equal(answered, 'pending after the other start');
    assert.equal(view.transactionId, 'tx-1');
  });
});
