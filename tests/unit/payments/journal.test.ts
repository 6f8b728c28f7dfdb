// The payment journal on a real SQLite file: states only move forward, the finished record is
// saved once whichever path delivers it, and rows survive reopening the file.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../../electron/services/storage/database';
import { JOURNAL_MIGRATIONS, PaymentJournal } from '../../../electron/services/payments/journal';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import { tempDir } from './support';

function finishedRecord(id: string, result: string): CardTransaction {
  return {
    id,
    terminalId: '22900001',
    transactionNumber: '0001',
    transactionType: 'SALE',
    result,
    finished: true,
    transactionTime: null,
    applicationId: null,
    applicationLabel: null,
    authCode: '123456',
    referenceNumber: null,
    currency: 'GBP',
    amountBase: 1000,
    amountCashback: 0,
    amountGratuity: 100,
    amountTotal: 1100,
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
    receipts: { MERCHANT: [{ type: 'TEXT', format: [], value: 'M' }], CUSTOMER: [] },
  };
}

test('states move forward only; saveFinished is idempotent; rows survive reopening', () => {
  const temp = tempDir();
  const file = join(temp.dir, 'journal.db');
  try {
    let db = openDatabase(file, JOURNAL_MIGRATIONS);
    let journal = new PaymentJournal(db);
    const row = journal.recordIntent({
      saleId: 's1',
      terminalId: '22900001',
      type: 'SALE',
      amount: 1000,
      currency: 'GBP',
    });
    assert.equal(row.state, 'intent');
    assert.equal(journal.markStarted(row.id, 'tx-1'), false, 'no id before starting');
    assert.equal(journal.markStarting(row.id), true);
    assert.equal(journal.markStarting(row.id), false);
    assert.equal(journal.markStarted(row.id, 'tx-1'), true);
    assert.equal(journal.markPending(row.id), true);
    assert.throws(
      () => journal.saveFinished(row.id, finishedRecord('tx-other', 'SUCCESSFUL')),
      /belongs to transaction/,
    );
    assert.equal(journal.saveFinished(row.id, finishedRecord('tx-1', 'SUCCESSFUL')), true);
    assert.equal(
      journal.saveFinished(row.id, finishedRecord('tx-1', 'VOID')),
      false,
      'second delivery changes nothing',
    );
    assert.equal(journal.markUnknown(row.id, 'late'), false);
    assert.equal(journal.markFailedToStart(row.id, 'late'), false);
    db.close();

    db = openDatabase(file, JOURNAL_MIGRATIONS);
    journal = new PaymentJournal(db);
    const saved = journal.get(row.id)!;
    assert.equal(saved.state, 'finished');
    assert.equal(saved.result, 'SUCCESSFUL');
    assert.equal(saved.record?.amountGratuity, 100);
    assert.equal(saved.receipts?.MERCHANT[0]?.value, 'M');
    assert.deepEqual(journal.unfinished(), []);

    const lost = journal.recordIntent({ terminalId: '22900001', type: 'SALE', amount: 5, currency: 'GBP' });
    journal.markStarting(lost.id);
    assert.equal(journal.markUnknown(lost.id, 'no answer'), true);
    assert.deepEqual(
      journal.unfinished().map((r) => r.id),
      [lost.id],
    );
    assert.equal(journal.resolve(lost.id, 'not_paid', 'customer paid cash'), true);
    assert.equal(journal.resolve(lost.id, 'paid', 'changed mind'), false, 'a resolution is final');
    assert.equal(journal.get(lost.id)?.resolution?.outcome, 'not_paid');
    assert.deepEqual(journal.unfinished(), []);
    assert.deepEqual(
      journal
        .list(10)
        .map((r) => r.id)
        .sort(),
      [row.id, lost.id].sort(),
    );
    db.close();
  } finally {
    temp.cleanup();
  }
});
