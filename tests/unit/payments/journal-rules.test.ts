// The journal's state moves that decide whether money is taken, on a real SQLite file: a late id
// after an unknown outcome, a transaction lost mid-payment, a local cancel only before anything
// was sent, a mismatch that a second delivery cannot turn into paid, a cashier's decision that a
// later record cannot undo, and refunds against a sale the journal does not hold.
// journal.test.ts covers the ordinary path.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { JOURNAL_MIGRATIONS, PaymentJournal } from '../../../electron/services/payments/journal';
import { isPaidPayment } from '../../../electron/services/payments/payment-states';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-records';
import { tempDir } from './support';

let temp: ReturnType<typeof tempDir>;
let db: Db;
let journal: PaymentJournal;
beforeEach(() => {
  temp = tempDir();
  db = openDatabase(join(temp.dir, 'journal.db'), JOURNAL_MIGRATIONS);
  journal = new PaymentJournal(db);
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

/** A finished SUCCESSFUL record of transaction `id` for `amount` pence. */
function approval(id: string, amount: number, type: 'SALE' | 'REFUND' = 'SALE'): CardTransaction {
  return {
    id,
    terminalId: 'T1',
    transactionNumber: '0001',
    transactionType: type,
    result: 'SUCCESSFUL',
    finished: true,
    transactionTime: null,
    applicationId: null,
    applicationLabel: null,
    authCode: 'A1',
    referenceNumber: null,
    currency: 'GBP',
    amountBase: amount,
    amountCashback: null,
    amountGratuity: null,
    amountTotal: amount,
    issuerName: null,
    cardholderVerificationMethod: null,
    dateOfExpiry: null,
    dateOfStart: null,
    paymentMethod: null,
    primaryAccountNumber: null,
    primaryAccountNumberSequence: null,
    notifications: ['TRANSACTION_FINISHED'],
    createdAt: null,
    updatedAt: null,
    receipts: { MERCHANT: [], CUSTOMER: [] },
  };
}

function startedSale(amount: number): string {
  const row = journal.recordIntent({ saleId: 's1', terminalId: 'T1', type: 'SALE', amount, currency: 'GBP' });
  journal.markStarting(row.id);
  return row.id;
}

function paid(id: string): boolean {
  return isPaidPayment(journal.get(id)!);
}

test('an id that arrives after the outcome went unknown is taken: the payment is read again', () => {
  const id = startedSale(1000);
  assert.equal(journal.markUnknown(id, 'no answer to the start'), true);
  assert.equal(journal.markStarted(id, 'tx-late'), true);
  assert.equal(journal.get(id)?.state, 'started');
  assert.equal(journal.get(id)?.transactionId, 'tx-late');
});

test('a transaction the service forgets mid-payment becomes unknown, from started or pending', () => {
  const pending = startedSale(1000);
  journal.markStarted(pending, 'tx-1');
  journal.markPending(pending);
  assert.equal(journal.markOutcomeLost(pending, 'the service no longer knows it'), true);
  assert.equal(journal.get(pending)?.state, 'unknown');
  const started = startedSale(500);
  journal.markStarted(started, 'tx-2');
  assert.equal(journal.markOutcomeLost(started, 'gone'), true);
  assert.equal(journal.get(started)?.state, 'unknown');
  assert.equal(paid(pending) || paid(started), false);
});

test('a local cancel is only possible before the start may have left', () => {
  const intent = journal.recordIntent({ terminalId: 'T1', type: 'SALE', amount: 700, currency: 'GBP' });
  assert.equal(journal.markCancelledLocally(intent.id, 'the cashier gave up'), true);
  assert.equal(journal.get(intent.id)?.state, 'cancelled_locally');
  assert.equal(journal.get(intent.id)?.problem, 'the cashier gave up');
  const sent = startedSale(700);
  assert.equal(journal.markCancelledLocally(sent, 'too late'), false);
  assert.equal(journal.get(sent)?.state, 'starting');
});

test('an approval that did not match stays unpaid when a matching answer is delivered again', () => {
  const id = startedSale(1000);
  journal.markStarted(id, 'tx-1');
  assert.equal(journal.saveFinished(id, approval('tx-1', 10_000)), true);
  assert.equal(journal.get(id)?.state, 'needs_manager');
  assert.equal(journal.saveFinished(id, approval('tx-1', 1000)), false);
  assert.equal(journal.get(id)?.state, 'needs_manager');
  assert.equal(paid(id), false);
});

test('a payment whose id never came back is finished by whichever record is found for it', () => {
  const id = startedSale(1000);
  journal.markUnknown(id, 'no answer to the start');
  assert.equal(journal.saveFinished(id, approval('tx-found', 1000)), true);
  assert.equal(journal.get(id)?.transactionId, 'tx-found');
  assert.equal(paid(id), true);
});

test('a record found after the cashier decided an unknown outcome changes nothing: the decision stands', () => {
  const id = startedSale(1000);
  journal.markStarted(id, 'tx-1');
  journal.markOutcomeLost(id, 'reads kept failing');
  assert.equal(journal.resolve(id, 'not_paid', 'the machine showed declined'), true);
  assert.equal(journal.saveFinished(id, approval('tx-1', 1000)), false);
  const row = journal.get(id)!;
  assert.equal(row.state, 'unknown');
  assert.equal(row.record, null);
  assert.equal(paid(id), false);
});

test('the slip kept for a signature holds the merchant copy only', () => {
  const id = startedSale(1000);
  const slip = [{ type: 'TEXT', format: [], value: 'SIGN HERE' }];
  journal.saveSignatureSlip(id, slip);
  assert.deepEqual(journal.get(id)?.receipts, { MERCHANT: slip, CUSTOMER: [] });
});

test('nothing is refundable on a sale the journal does not hold: such a refund is not paid', () => {
  assert.equal(journal.refundableLeftOn('no-such-payment'), 0);
  const refund = journal.recordIntent({
    originalPaymentId: 'no-such-payment',
    terminalId: 'T1',
    type: 'REFUND',
    amount: 300,
    currency: 'GBP',
  });
  journal.markStarting(refund.id);
  journal.markStarted(refund.id, 'tx-r');
  journal.saveFinished(refund.id, approval('tx-r', 300, 'REFUND'));
  assert.equal(journal.get(refund.id)?.mismatch?.reason, 'over_refundable');
  assert.equal(paid(refund.id), false);
});
