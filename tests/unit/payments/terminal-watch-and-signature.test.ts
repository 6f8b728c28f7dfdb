// The watch on a card machine while a payment's outcome is unknown: the screens first hear the
// unknown outcome itself, then each status once when it changes, nothing after the cashier
// decided; reading stops once the machine is free, and start-up may then watch it again. Also
// which notifications end the wait for a signature decision.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { SeenNotification } from '../../../electron/services/payments/journal';
import type { TerminalRecord } from '../../../electron/services/payments/pay-at-counter-records';
import { signatureDeadline } from '../../../electron/services/payments/signature';
import type { PaymentEvent } from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import { scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';

const REASON =
  'No clear answer to the start: The card service failed. The card machine may be taking the payment.';

describe('watching the card machine of an unknown outcome', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  async function unknownSale() {
    rig = scriptedRig();
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const p = await rig.service.startSale({
      saleId: 's-u',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    assert.equal(p.state, 'unknown');
    return p.id;
  }
  const statusesSeen = (id: string) =>
    rig.events
      .filter(
        (e): e is Extract<PaymentEvent, { type: 'unknown' }> => e.type === 'unknown' && e.paymentId === id,
      )
      .map((e) => e.terminalStatus);

  test('the screens first hear the unknown outcome itself, in words, before any status', async () => {
    const id = await unknownSale();
    const notProgress = rig.events.filter((e) => e.type !== 'progress');
    assert.deepEqual(notProgress[0], {
      type: 'unknown',
      paymentId: id,
      terminalId: TERMINAL,
      reason: REASON,
      terminalStatus: null,
    });
  });

  test('each status is told once, when it changes; once the machine is free nothing more is read', async () => {
    rig = scriptedRig();
    rig.machine.terminalAnswers = ['BUSY', 'BUSY', 'BUSY', 'AVAILABLE'];
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const p = await rig.service.startSale({
      saleId: 's-w',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    await rig.clock.advance(3_000);
    assert.equal(rig.machine.count('terminal'), 4);
    assert.deepEqual(statusesSeen(p.id), [null, 'BUSY', 'AVAILABLE']);
    await rig.clock.advance(10_000);
    assert.equal(rig.machine.count('terminal'), 4, 'no reads once the machine is free');
    assert.deepEqual(statusesSeen(p.id), [null, 'BUSY', 'AVAILABLE']);
  });

  test('once the watch has ended, start-up takes the unknown outcome up again and watches anew', async () => {
    const id = await unknownSale();
    rig.machine.terminalAnswers = ['AVAILABLE'];
    await rig.clock.advance(1_000);
    assert.deepEqual(statusesSeen(id), [null, 'BUSY', 'AVAILABLE']);
    assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: id, state: 'unknown' }]);
    await rig.clock.advance(0);
    assert.deepEqual(statusesSeen(id), [null, 'BUSY', 'AVAILABLE', null, 'AVAILABLE']);
  });

  test('a status read answered after the cashier decided tells the screens nothing more', async () => {
    rig = scriptedRig();
    let answer: (record: TerminalRecord) => void = () => undefined;
    rig.machine.getTerminal = () => {
      rig.machine.calls.push('terminal');
      return new Promise<TerminalRecord>((resolve) => (answer = resolve));
    };
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const p = await rig.service.startSale({
      saleId: 's-r',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    assert.equal(rig.machine.count('terminal'), 1);
    rig.service.resolveUnknown(p.id, { outcome: 'not_paid', note: 'nothing on the card machine' });
    answer({ terminal_id: TERMINAL, currency: 'GBP', status: 'BUSY' });
    await rig.clock.advance(5_000);
    const after = rig.events.slice(rig.events.findIndex((e) => e.type === 'resolved'));
    assert.deepEqual(
      after.map((e) => e.type),
      ['resolved'],
    );
    assert.deepEqual(statusesSeen(p.id), [null]);
    assert.equal(rig.machine.count('terminal'), 1);
  });
});

describe('the wait for a signature decision', () => {
  const asked: SeenNotification = { code: 'SIGNATURE_VERIFICATION', seenAt: 1_000 };
  const seen = (...codes: string[]) => codes.map((code, i) => ({ code, seenAt: 2_000 + i }));

  test('runs 80 s from when the till first saw the machine ask', () => {
    assert.equal(signatureDeadline([...seen('PRESENT_CARD'), asked]), 81_000);
    assert.equal(signatureDeadline(seen('PRESENT_CARD', 'PIN_ENTRY')), null, 'never asked');
  });

  for (const closing of [
    'SIGNATURE_VERIFICATION_COMPLETED',
    'SIGNATURE_VERIFICATION_COULD_NOT_BE_COMPLETED',
    'SIGNATURE_VERIFICATION_TIMEOUT',
    'TRANSACTION_FINISHED',
  ]) {
    test(`ends once the machine says ${closing}`, () => {
      assert.equal(signatureDeadline([...seen('PRESENT_CARD'), asked, ...seen(closing)]), null);
    });
  }

  test('is not ended by notifications that close nothing', () => {
    assert.equal(signatureDeadline([asked, ...seen('CONNECTING', 'PLEASE_WAIT')]), 81_000);
  });
});
