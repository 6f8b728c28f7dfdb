// What staff read about payments a stopped till left open, once it starts again: an intent that
// was never sent, a start that may have gone out, and an unknown outcome whose reason was never
// recorded, each in the exact words the payment and its terminal watch carry.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import { scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';
import { waitUntil } from './support';

let rig: Rig;
let journal: PaymentJournal;
beforeEach(() => {
  rig = scriptedRig();
  journal = new PaymentJournal(rig.db, () => rig.clock.now());
});
afterEach(() => rig.cleanup());

const sale = { terminalId: TERMINAL, type: 'SALE' as const, amount: 1000, currency: 'GBP' };

/** What the terminal watch told staff about a payment, in order: its reason, and the terminal's status. */
function watched(paymentId: string): Array<[string, string | null]> {
  return rig.events.flatMap((e) =>
    e.type === 'unknown' && e.paymentId === paymentId
      ? [[e.reason, e.terminalStatus] as [string, string | null]]
      : [],
  );
}

/** Waits (at most 2 s) for the watch to have read the card machine's terminal once. */
async function terminalRead(paymentId: string): Promise<Array<[string, string | null]>> {
  await waitUntil(() => watched(paymentId).length === 2, 'the terminal watch to read the terminal', 2_000);
  return watched(paymentId);
}

test('an intent the till never sent is not sent, and says the till stopped before sending it', async () => {
  const notSent = journal.recordIntent(sale);
  assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: notSent.id, state: 'failed_to_start' }]);
  const view = rig.service.getPayment(notSent.id);
  assert.equal(view?.state, 'failed_to_start');
  assert.equal(view?.problem, 'Not sent: the till stopped before sending it to the card machine.');
  assert.equal(rig.machine.calls.length, 0, 'nothing is asked of the card machine');
});

test('a start that may have gone out is unknown, and says the card machine may have taken it', async () => {
  const maybeSent = journal.recordIntent(sale);
  journal.markStarting(maybeSent.id);
  assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: maybeSent.id, state: 'unknown' }]);
  const words = 'The till stopped while starting this payment; the card machine may have taken it.';
  assert.equal(rig.service.getPayment(maybeSent.id)?.problem, words);
  assert.deepEqual(await terminalRead(maybeSent.id), [
    [words, null],
    [words, 'BUSY'],
  ]);
  assert.equal(rig.machine.count('start'), 0, 'never sent again');
});

test('an unknown outcome whose reason was not recorded is watched as "Outcome unknown."', async () => {
  const unknown = journal.recordIntent(sale);
  journal.markStarting(unknown.id);
  journal.markUnknown(unknown.id, 'No clear answer to the start.');
  journal.setProblem(unknown.id, null);
  assert.deepEqual(await rig.service.resumeAll(), [{ paymentId: unknown.id, state: 'unknown' }]);
  assert.equal(rig.service.getPayment(unknown.id)?.problem, null);
  assert.deepEqual(await terminalRead(unknown.id), [
    ['Outcome unknown.', null],
    ['Outcome unknown.', 'BUSY'],
  ]);
  assert.equal(rig.machine.count('start'), 0, 'never sent again');
});
