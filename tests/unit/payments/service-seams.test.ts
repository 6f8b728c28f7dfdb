// The payment service's own checks and hand-offs, on a scripted card machine and a manual clock:
// refusals in staff's words with nothing sent, a cancel or signature asked while the start is on
// its way, a shutdown that overtakes a start, and settled() for payments done, missing or closing.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { TillError } from '../../../shared/contract/errors';
import { refusalOf } from '../../support/refusal';
import { paidSale, scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';
import { waitUntil, within } from './support';

const sale = (saleId: string, amount = 1000) => ({ saleId, terminalId: TERMINAL, amount, currency: 'GBP' });

describe('payment service seams', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  /** Starts a sale whose start waits on the machine; returns its promise and the payment id. */
  async function saleOnItsWay(saleId: string) {
    rig.machine.holdStarts();
    const started = rig.service.startSale(sale(saleId));
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    const id = rig.service.listPayments()[0]!.id;
    assert.equal(rig.service.getPayment(id)?.state, 'starting');
    return { started, id };
  }

  test('a decision that is neither paid nor not_paid is refused and the unknown payment stays open', async () => {
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const p = await rig.service.startSale(sale('s-unknown'));
    assert.equal(p.state, 'unknown');
    let thrown: unknown;
    try {
      rig.service.resolveUnknown(p.id, { outcome: 'maybe' as 'paid', note: 'looked at the machine' });
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown instanceof TillError);
    assert.equal(thrown.code, 'invalid_input');
    assert.equal(thrown.message, 'The outcome is paid or not_paid.');
    assert.equal(rig.service.getPayment(p.id)?.resolution, null);
  });

  test('a refund in another currency than its sale is refused in words and nothing is sent', async () => {
    const original = await paidSale(rig, 's-gbp', 2500);
    const refusal = await refusalOf(
      rig.service.startRefund({
        originalPaymentId: original.id,
        terminalId: TERMINAL,
        amount: 500,
        currency: 'EUR',
      }),
    );
    assert.equal(refusal.code, 'invalid_input');
    assert.equal(refusal.message, 'A refund is made in the currency of the original sale.');
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('start')),
      ['start SALE 2500 GBP'],
    );
    assert.equal(rig.service.paymentsLinkedTo({ originalPaymentId: original.id }).length, 0);
  });

  test('a cancel asked while the start is on its way goes out once the id is back; the sale ends cancelled', async () => {
    const { started, id } = await saleOnItsWay('s-cancel');
    assert.deepEqual(await rig.service.cancel(id), { status: 'requested' });
    assert.equal(rig.machine.count('cancel'), 0, 'no cancel can go out without the transaction id');
    rig.machine.releaseStarts();
    const view = await started;
    assert.equal(view.transactionId, 'tx-1');
    await waitUntil(() => rig.machine.count('cancel') > 0, 'the cancel to go out', 2_000);
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('cancel')),
      ['cancel tx-1'],
    );
    await rig.clock.advance(1_000);
    const done = await within(rig.service.settled(id), 'the cancelled sale to settle', 2_000);
    assert.equal(done.result, 'CANCELLED');
    assert.equal(done.successful, false);
  });

  test('a signature answer before the start answered is refused and nothing is sent', async () => {
    const { started, id } = await saleOnItsWay('s-sign-early');
    const refusal = await refusalOf(rig.service.answerSignature(id, true));
    assert.equal(refusal.code, 'conflict');
    assert.equal(refusal.message, 'No signature is awaited yet.');
    assert.equal(rig.machine.count('signature'), 0);
    rig.machine.releaseStarts();
    await started;
  });

  test('a signature answer the machine refuses as busy (80 s passed) says the result follows', async () => {
    const p = await rig.service.startSale(sale('s-sign-late'));
    rig.machine.signatureFailure = new TillError('terminal_busy', 'The card machine is busy.');
    const refusal = await refusalOf(rig.service.answerSignature(p.id, false));
    assert.equal(refusal.code, 'conflict');
    assert.equal(
      refusal.message,
      'The card machine no longer waits for a signature (the 80 seconds passed); its result follows.',
    );
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('signature')),
      ['signature tx-1 false'],
    );
  });

  test('any other failure of a signature answer reaches the cashier as the card service gave it', async () => {
    const p = await rig.service.startSale(sale('s-sign-error'));
    const failure = new TillError('service_error', 'The card service failed.');
    rig.machine.signatureFailure = failure;
    await assert.rejects(rig.service.answerSignature(p.id, true), (error) => error === failure);
    rig.machine.signatureFailure = new Error('socket hang up');
    await assert.rejects(rig.service.answerSignature(p.id, true), /^Error: socket hang up$/);
  });

  test('a reprint overtaken by the shutdown returns no result and two empty receipt copies', async () => {
    const asked = rig.service.requestDuplicate(TERMINAL);
    await waitUntil(() => rig.service.listPayments()[0]?.state === 'started', 'the reprint to start', 2_000);
    await rig.service.close();
    const result = await within(asked, 'the reprint to answer after the shutdown', 2_000);
    assert.equal(result.result, null);
    assert.equal(result.record, null);
    assert.deepEqual(result.receipts, { MERCHANT: [], CUSTOMER: [] });
    assert.equal(rig.machine.count('read'), 0);
  });

  test('settled() during the shutdown hands back the sale as it stands, to be resumed later', async () => {
    const p = await rig.service.startSale(sale('s-closing'));
    const waiting = rig.service.settled(p.id);
    await rig.service.close();
    const view = await within(waiting, 'settled() to answer at the shutdown', 2_000);
    assert.equal(view.state, 'started');
    assert.equal(view.transactionId, 'tx-1');
    assert.equal(view.result, null);
  });

  test('settled() for a payment the till never had is refused as not found', async () => {
    const refusal = await refusalOf(rig.service.settled('no-such-payment'));
    assert.equal(refusal.code, 'not_found');
    assert.equal(refusal.message, 'No such card payment.');
  });

  test('settled() for a payment that already ended answers at once, without another read', async () => {
    const done = await paidSale(rig, 's-done', 1250);
    const reads = rig.machine.count('read');
    const again = await within(rig.service.settled(done.id), 'settled() of a finished sale', 1_000);
    assert.equal(again.result, 'SUCCESSFUL');
    assert.equal(again.amounts?.total, 1250);
    assert.equal(rig.machine.count('read'), reads);
  });
});

describe('starting a payment', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  test('a currency that is not a three-letter code is refused in words and nothing is sent', async () => {
    rig = scriptedRig();
    const refusal = await refusalOf(rig.service.startSale({ ...sale('s-cur'), currency: 'gbp' }));
    assert.equal(refusal.code, 'invalid_input');
    assert.equal(refusal.message, 'The currency must be a code such as GBP.');
    assert.equal(rig.machine.calls.length, 0);
    assert.equal(rig.service.listPayments().length, 0);
  });

  test('after the shutdown a start is refused in words, nothing is journaled or sent', async () => {
    rig = scriptedRig();
    await rig.service.close();
    const refusal = await refusalOf(rig.service.startSale(sale('s-late')));
    assert.equal(refusal.code, 'conflict');
    assert.equal(refusal.message, 'The payment service is shutting down.');
    assert.equal(rig.machine.calls.length, 0);
    assert.deepEqual(rig.service.listPayments(), [], 'no payment row, not even a cancelled one');
  });

  test('a failure between the intent and the start: nothing is sent, it ends cancelled here, the machine is free', async () => {
    let failures = 0;
    rig = scriptedRig({
      afterIntent: () => {
        if (failures++ === 0) throw new Error('power dipped');
      },
    });
    await assert.rejects(rig.service.startSale(sale('s-first')), /^Error: power dipped$/);
    assert.equal(rig.machine.count('start'), 0);
    const [first] = rig.service.listPayments();
    assert.equal(first?.state, 'cancelled_locally');
    assert.equal(first?.problem, 'power dipped');
    const second = await rig.service.startSale(sale('s-second', 700));
    assert.equal(second.state, 'started');
    assert.deepEqual(rig.machine.calls, ['start SALE 700 GBP']);
  });

  test('a reprint whose start fails with a bare error is reported as an internal failure in words', async () => {
    rig = scriptedRig();
    rig.machine.startFailure = new Error('socket hang up');
    const refusal = await refusalOf(rig.service.requestDuplicate(TERMINAL));
    assert.equal(refusal.code, 'internal');
    assert.equal(
      refusal.message,
      'No clear answer to the reprint request: socket hang up The card machine may still print it; ask again if it does not.',
    );
  });

  test('a shutdown while the start is on its way: the id is kept, no cancel, no read, nothing left running', async () => {
    rig = scriptedRig();
    rig.machine.holdStarts();
    const started = rig.service.startSale(sale('s-overtaken'));
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    const id = rig.service.listPayments()[0]!.id;
    assert.deepEqual(await rig.service.cancel(id), { status: 'requested' });
    const closing = rig.service.close();
    rig.machine.releaseStarts();
    const view = await within(started, 'the start to answer', 2_000);
    await within(closing, 'the shutdown', 2_000);
    assert.equal(view.state, 'started');
    assert.equal(view.transactionId, 'tx-1');
    await rig.clock.advance(5_000);
    assert.deepEqual(rig.machine.calls, ['start SALE 1000 GBP']);
    const refusal = await refusalOf(rig.service.cancel(id));
    assert.equal(refusal.code, 'conflict');
    assert.equal(refusal.message, 'That card payment is not running.');
    assert.equal(rig.machine.count('cancel'), 0);
  });
});
