// Start-up recovery on rows an earlier run left open: a 'starting' or unknown row is watched (in
// its own words), never read nor resent; a started row runs here again (its terminal taken, a
// cancel reaches the machine) keeping the times its notifications were first seen; and asking
// again takes nothing up twice.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { PaymentJournal, type PaymentRow } from '../../../electron/services/payments/journal';
import type { PaymentEvent } from '../../../electron/services/payments/transaction-runner';
import { STOPPED_WHILE_STARTING } from '../../../electron/services/payments/wording';
import { refusalOf } from '../../support/refusal';
import { cardRecord, scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';
import { EUR_TERMINAL } from './support';

const unknownEvents = (rig: Rig, id: string) =>
  rig.events.filter((e) => e.type === 'unknown' && e.paymentId === id) as Array<
    Extract<PaymentEvent, { type: 'unknown' }>
  >;

describe('resuming rows an earlier run left open', () => {
  let rig: Rig;
  /** The journal as the earlier run left it, written straight to the till's database. */
  let earlier: PaymentJournal;
  beforeEach(() => {
    rig = scriptedRig();
    earlier = new PaymentJournal(rig.db, () => rig.clock.now());
  });
  afterEach(() => rig.cleanup());

  function row(state: 'starting' | 'unknown' | 'started', terminalId = TERMINAL): PaymentRow {
    const r = earlier.recordIntent({ terminalId, type: 'SALE', amount: 1000, currency: 'GBP', saleId: 's' });
    earlier.markStarting(r.id);
    if (state === 'unknown') earlier.markUnknown(r.id, 'No clear answer to the start: socket hang up');
    if (state === 'started') earlier.markStarted(r.id, `tx-${terminalId}`);
    return earlier.get(r.id)!;
  }

  test("a row left 'starting' becomes unknown in the stopped-while-starting words, and its terminal is watched", async () => {
    const r = row('starting');
    assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: r.id, state: 'unknown' }]);
    await rig.clock.advance(0);
    assert.deepEqual(
      unknownEvents(rig, r.id).map((e) => [e.reason, e.terminalStatus]),
      [
        [STOPPED_WHILE_STARTING, null],
        [STOPPED_WHILE_STARTING, 'BUSY'],
      ],
    );
    assert.deepEqual(rig.machine.calls, ['terminal'], 'the terminal is read; nothing is sent or resent');
    assert.deepEqual(rig.service.getPayment(r.id)?.problemWords, {
      key: 'payment.problem.stoppedWhileStarting',
    });
  });

  test('an unknown row is watched again in its own words, never read nor resent', async () => {
    const r = row('unknown');
    assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: r.id, state: 'unknown' }]);
    await rig.clock.advance(2_000);
    assert.deepEqual(
      unknownEvents(rig, r.id).map((e) => [e.reason, e.terminalStatus]),
      [
        ['No clear answer to the start: socket hang up', null],
        ['No clear answer to the start: socket hang up', 'BUSY'],
      ],
    );
    assert.deepEqual(rig.machine.calls, ['terminal', 'terminal', 'terminal']);
    assert.equal(rig.service.getPayment(r.id)?.state, 'unknown');
  });

  test('an unknown row whose reason was not kept is watched as “Outcome unknown.”', async () => {
    const r = row('unknown');
    earlier.setProblem(r.id, null);
    await rig.service.resumeAll();
    await rig.clock.advance(0);
    assert.deepEqual(
      unknownEvents(rig, r.id).map((e) => [e.reason, e.terminalStatus]),
      [
        ['Outcome unknown.', null],
        ['Outcome unknown.', 'BUSY'],
      ],
    );
  });

  test('a resumed sale keeps when its notifications were first seen: the signature deadline counts from then', async () => {
    const r = row('started');
    const askedAt = rig.clock.now();
    earlier.saveNotifications(r.id, [
      { code: 'PRESENT_CARD', seenAt: askedAt - 5_000 },
      { code: 'SIGNATURE_VERIFICATION', seenAt: askedAt },
    ]);
    earlier.markPending(r.id);
    await rig.clock.advance(30_000);
    rig.machine.getTransaction = async (_terminalId, transactionId) => {
      rig.machine.calls.push(`read ${transactionId}`);
      return {
        ...cardRecord(transactionId, null),
        notifications: ['PRESENT_CARD', 'SIGNATURE_VERIFICATION'],
      };
    };
    assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: r.id, state: 'pending' }]);
    await rig.clock.advance(0);
    assert.equal(rig.machine.count('read'), 1);
    const asks = rig.events.filter((e) => e.type === 'signature_required' && e.paymentId === r.id);
    assert.equal(asks.length, 1);
    assert.equal(asks[0]!.type === 'signature_required' && asks[0]!.deadline, askedAt + 80_000);
    const view = rig.service.getPayment(r.id)!;
    assert.deepEqual(
      view.notifications.map((n) => [n.code, n.seenAt]),
      [
        ['PRESENT_CARD', askedAt - 5_000],
        ['SIGNATURE_VERIFICATION', askedAt],
      ],
    );
    assert.equal(rig.events.filter((e) => e.type === 'progress' && e.paymentId === r.id).length, 0);
  });

  test('a resumed sale runs here: its terminal is taken and a cancel reaches the card machine', async () => {
    const r = row('started');
    assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: r.id, state: 'started' }]);
    const refusal = await refusalOf(
      rig.service.startSale({ saleId: 's2', terminalId: TERMINAL, amount: 500, currency: 'GBP' }),
    );
    assert.equal(refusal.code, 'terminal_busy');
    assert.equal(refusal.message, 'A card payment is already running on this card machine.');
    assert.equal(rig.machine.count('start'), 0);
    assert.deepEqual(await rig.service.cancel(r.id), { status: 'requested' });
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('cancel')),
      [`cancel tx-${TERMINAL}`],
    );
    await rig.clock.advance(0);
    assert.equal(rig.service.getPayment(r.id)?.result, 'CANCELLED');
  });

  test('asking again while resumed payments run takes none of them up twice', async () => {
    const read = row('started');
    const watched = row('unknown', EUR_TERMINAL);
    assert.deepEqual(
      new Map((await rig.service.resumeAll()).map((x) => [x.paymentId, x.state])),
      new Map([
        [read.id, 'started'],
        [watched.id, 'unknown'],
      ]),
    );
    assert.deepEqual(await rig.service.resumeAll(), []);
    await rig.clock.advance(1_000);
    assert.equal(rig.machine.count('read'), 5, 'one read now, then one every 250 ms');
    assert.equal(unknownEvents(rig, watched.id).filter((e) => e.terminalStatus === null).length, 1);
  });
});
