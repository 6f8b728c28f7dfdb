// The payment journal's schema and its smaller writes on a real SQLite file: a database left by an
// earlier till (some journal steps applied, under their shipped ids) opens with its payments kept,
// the card-digits search works, a lost transaction and a read problem keep their words (an
// unknown outcome's reason by key too), and a
// damaged JSON column reads as "nothing saved" instead of breaking the row.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { JOURNAL_MIGRATIONS, PaymentJournal } from '../../../electron/services/payments/journal';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { saleRecord } from './fake-card-service';
import { tempDir } from './support';

/** The journal's steps as tills in use have them recorded: these ids can never change. */
const SHIPPED_IDS = [
  'journal-1',
  'journal-approval-check',
  'journal-staff',
  'journal-card-digits',
  'journal-problem-words',
];

let temp: ReturnType<typeof tempDir>;
let file: string;
let db: Db;
let now: number;
let journal: PaymentJournal;
let ids: number;

beforeEach(() => {
  temp = tempDir();
  file = join(temp.dir, 'till.db');
  db = openDatabase(file, JOURNAL_MIGRATIONS);
  now = Date.parse('2026-03-02T09:00:00Z');
  ids = 0;
  journal = new PaymentJournal(
    db,
    () => now,
    () => `p${++ids}`,
  );
});

afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

function appliedIds(on: Db): string[] {
  return (on.prepare('SELECT id FROM schema_migrations ORDER BY rowid').all() as { id: string }[]).map(
    (r) => r.id,
  );
}

test('a new database records the journal steps under their shipped ids', () => {
  assert.deepEqual(appliedIds(db), SHIPPED_IDS);
});

test('a database from an earlier till, with only its first journal steps, opens with its payments kept', () => {
  db.close();
  for (let applied = 1; applied <= SHIPPED_IDS.length; applied++) {
    const older = join(temp.dir, `older-${applied}.db`);
    const steps = JOURNAL_MIGRATIONS.slice(0, applied).map((m, i) => ({ id: SHIPPED_IDS[i]!, sql: m.sql }));
    const before = openDatabase(older, steps);
    before
      .prepare(
        `INSERT INTO card_payments (id, sale_id, terminal_id, type, amount, currency, state, created_at, updated_at)
         VALUES ('old-1', 'sale-old', '22900001', 'SALE', 1250, 'GBP', 'intent', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
      )
      .run();
    before.close();

    const reopened = openDatabase(older, JOURNAL_MIGRATIONS);
    try {
      assert.deepEqual(appliedIds(reopened), SHIPPED_IDS, `after ${applied} step(s)`);
      const row = new PaymentJournal(reopened).get('old-1');
      assert.equal(row?.amount, 1250);
      assert.equal(row?.saleId, 'sale-old');
      assert.equal(row?.staff, null);
      assert.equal(row?.mismatch, null);
      assert.equal(row?.problemWords, null);
    } finally {
      reopened.close();
    }
  }
});

test('sales paid by a card are found by the last four digits of its number', () => {
  const paid = journal.recordIntent({
    saleId: 'sale-9',
    terminalId: '22900001',
    type: 'SALE',
    amount: 1000,
    currency: 'GBP',
  });
  journal.markStarting(paid.id);
  journal.markStarted(paid.id, 'tx-9');
  const record = {
    ...saleRecord('tx-9', '22900001', 'SUCCESSFUL'),
    primaryAccountNumber: '************4821',
  };
  assert.equal(journal.saveFinished(paid.id, record), true);
  assert.deepEqual(journal.saleIdsPaidByCardEnding('4821'), ['sale-9']);
  assert.deepEqual(journal.saleIdsPaidByCardEnding('1234'), []);
});

test('a transaction the card service no longer knows becomes unknown, with the reason kept', () => {
  const row = journal.recordIntent({ terminalId: '22900001', type: 'SALE', amount: 700, currency: 'GBP' });
  journal.markStarting(row.id);
  journal.markStarted(row.id, 'tx-lost');
  now += 5_000;
  assert.equal(journal.markOutcomeLost(row.id, 'The card service no longer knows this payment.'), true);
  const lost = journal.get(row.id)!;
  assert.equal(lost.state, 'unknown');
  assert.equal(lost.problem, 'The card service no longer knows this payment.');
  assert.equal(lost.problemWords, null, 'a reason in words only');
  assert.equal(lost.updatedAt, '2026-03-02T09:00:05.000Z');
});

test('an unknown outcome keeps its reason by key; words of its own replace them, a final record clears them', () => {
  const words = {
    key: 'payment.problem.noClearStart',
    params: { why: { key: 'cardService.timeout', english: 'Late.' } },
  };
  const unclear = journal.recordIntent({
    terminalId: '22900001',
    type: 'SALE',
    amount: 700,
    currency: 'GBP',
  });
  journal.markStarting(unclear.id);
  assert.equal(journal.markUnknown(unclear.id, 'No clear answer to the start: Late.', words), true);
  assert.deepEqual(journal.get(unclear.id)?.problemWords, words);
  // A later problem in the services' words only: the keyed words of the one before do not stay.
  journal.setProblem(unclear.id, 'Something else.');
  assert.equal(journal.get(unclear.id)?.problemWords, null);

  const lost = journal.recordIntent({ terminalId: '22900001', type: 'SALE', amount: 700, currency: 'GBP' });
  journal.markStarting(lost.id);
  journal.markStarted(lost.id, 'tx-gone');
  const gone = { key: 'payment.problem.transactionLost' };
  assert.equal(journal.markOutcomeLost(lost.id, 'Gone.', gone), true);
  assert.deepEqual(journal.get(lost.id)?.problemWords, gone);
  // Its real outcome read after all: no reason stays.
  assert.equal(journal.saveFinished(lost.id, saleRecord('tx-gone', '22900001', 'SUCCESSFUL')), true);
  assert.deepEqual([journal.get(lost.id)?.problem, journal.get(lost.id)?.problemWords], [null, null]);
});

test('a read problem is kept on the payment until it is cleared, each time stamped', () => {
  const row = journal.recordIntent({ terminalId: '22900001', type: 'SALE', amount: 700, currency: 'GBP' });
  now += 1_000;
  journal.setProblem(row.id, 'The card service is not answering; still trying.');
  let read = journal.get(row.id)!;
  assert.equal(read.problem, 'The card service is not answering; still trying.');
  assert.equal(read.updatedAt, '2026-03-02T09:00:01.000Z');
  now += 1_000;
  journal.setProblem(row.id, null);
  read = journal.get(row.id)!;
  assert.equal(read.problem, null);
  assert.equal(read.updatedAt, '2026-03-02T09:00:02.000Z');
  assert.equal(read.state, 'intent');
});

test('a damaged JSON column reads as nothing saved, and the rest of the row still reads', () => {
  // A refund: SQLite itself refuses a damaged record on a sale (the card-digits index reads it).
  const row = journal.recordIntent({ terminalId: '22900001', type: 'REFUND', amount: 700, currency: 'GBP' });
  db.prepare(
    `UPDATE card_payments SET notifications = '[{"code"', record = '{"id":', receipt_lines = 'MERCHANT',
       resolution = '{', approval_mismatch = 'not json', staff = '{"id":"s' WHERE id = ?`,
  ).run(row.id);
  const read = journal.get(row.id)!;
  assert.deepEqual(read.notifications, []);
  assert.equal(read.record, null);
  assert.equal(read.receipts, null);
  assert.equal(read.resolution, null);
  assert.equal(read.mismatch, null);
  assert.equal(read.staff, null);
  assert.equal(read.amount, 700);
  assert.equal(read.state, 'intent');
});
