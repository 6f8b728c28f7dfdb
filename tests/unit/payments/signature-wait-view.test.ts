// When the till shows the cashier a signature deadline: while the transaction runs (started or
// pending) and the card machine has asked for a signature it has not closed, 80 s after the till
// first saw the request; never once the payment's outcome is unknown, though the request is kept.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { PaymentJournal, type SeenNotification } from '../../../electron/services/payments/journal';
import { TRANSACTION_LOST_PROBLEM } from '../../../electron/services/payments/wording';
import { scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';

let rig: Rig;
let journal: PaymentJournal;
beforeEach(() => {
  rig = scriptedRig();
  journal = new PaymentJournal(rig.db, () => rig.clock.now());
});
afterEach(() => rig.cleanup());

const ASKED_AT = Date.UTC(2026, 10, 23, 9, 0, 30);
const signatureAsked: SeenNotification[] = [
  { code: 'PRESENT_CARD', seenAt: ASKED_AT - 20_000 },
  { code: 'SIGNATURE_VERIFICATION', seenAt: ASKED_AT },
];

/** A sale the card machine started, with the notifications the till saved for it. */
function startedSale(seen: SeenNotification[]): string {
  const { id } = journal.recordIntent({ terminalId: TERMINAL, type: 'SALE', amount: 1000, currency: 'GBP' });
  journal.markStarting(id);
  journal.markStarted(id, 'tx-1');
  journal.saveNotifications(id, seen);
  return id;
}

test('a running payment whose card machine asks for a signature shows the deadline, 80 s after the request', () => {
  const id = startedSale(signatureAsked);
  journal.markPending(id);
  const view = rig.service.getPayment(id);
  assert.equal(view?.state, 'pending');
  assert.deepEqual(view?.awaitingSignature, { deadline: ASKED_AT + 80_000 });
});

test('a payment left started with the signature request saved (the till stopped before marking it pending) shows the deadline', () => {
  const id = startedSale(signatureAsked);
  const view = rig.service.getPayment(id);
  assert.equal(view?.state, 'started');
  assert.deepEqual(view?.awaitingSignature, { deadline: ASKED_AT + 80_000 });
});

test('once the transaction is lost while the signature was asked, no deadline is shown: the outcome is unknown', () => {
  const id = startedSale(signatureAsked);
  journal.markPending(id);
  journal.markOutcomeLost(id, TRANSACTION_LOST_PROBLEM);
  const view = rig.service.getPayment(id);
  assert.equal(view?.state, 'unknown');
  assert.deepEqual(
    view?.notifications.map((n) => n.code),
    ['PRESENT_CARD', 'SIGNATURE_VERIFICATION'],
  );
  assert.equal(view?.awaitingSignature, null);
});
