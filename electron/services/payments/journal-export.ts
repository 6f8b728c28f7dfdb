// The card payments' part of the shop server's journal: each payment as this area keeps it, sent
// again whenever it moves on (a state, a record, an outcome settled). See storage/journal-changes.ts.
import type { Db, Migration } from '../storage/database';
import { journalChangesSql, journalSource, rowBody, rowsWithIds } from '../storage/journal-changes';
import type { JournalSource } from '../shop-server/journal-source';

export const PAYMENTS_JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'payments-journal-changes',
    sql: journalChangesSql({
      kind: 'card-payment',
      table: 'card_payments',
      idOfNew: 'NEW.id',
      existing: { table: 'card_payments', id: 'id' },
    }),
  },
];

const JSON_COLUMNS = [
  'notifications',
  'result',
  'record',
  'receipt_lines',
  'resolution',
  'approval_mismatch',
  'staff',
  'problem_words',
];

export function cardPaymentsJournal(db: Db): JournalSource {
  return journalSource(db, 'card-payment', (ids) => {
    const rows = rowsWithIds<Record<string, unknown>>(
      db,
      'SELECT * FROM card_payments WHERE id IN (SELECT value FROM json_each(?))',
      ids,
    );
    return new Map(rows.map((row) => [String(row.id), rowBody(row, JSON_COLUMNS)]));
  });
}
