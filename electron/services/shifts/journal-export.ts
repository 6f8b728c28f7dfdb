// The drawer's part of the shop server's journal: shifts (opened, counted, closed) and every cash
// movement, from this area's own tables. See storage/journal-changes.ts.
import type { Db, Migration } from '../storage/database';
import { journalChangesSql, journalSource, rowBody, rowsWithIds } from '../storage/journal-changes';
import type { JournalSource } from '../shop-server/journal-source';

export const SHIFTS_JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'shifts-journal-changes',
    sql: journalChangesSql(
      { kind: 'shift', table: 'shifts', idOfNew: 'NEW.id', existing: { table: 'shifts', id: 'id' } },
      {
        kind: 'cash-movement',
        table: 'cash_movements',
        idOfNew: 'NEW.id',
        existing: { table: 'cash_movements', id: 'id' },
      },
    ),
  },
];

export function shiftsJournal(db: Db): { shifts: JournalSource; cashMovements: JournalSource } {
  return {
    shifts: journalSource(db, 'shift', (ids) => {
      const rows = rowsWithIds<Record<string, unknown>>(
        db,
        'SELECT * FROM shifts WHERE id IN (SELECT value FROM json_each(?))',
        ids,
      );
      return new Map(
        rows.map((row) => [
          String(row.id),
          rowBody(row, ['opened_by', 'float_counts', 'counted_by', 'counted_counts']),
        ]),
      );
    }),
    cashMovements: journalSource(db, 'cash-movement', (ids) => {
      const rows = rowsWithIds<Record<string, unknown>>(
        db,
        'SELECT * FROM cash_movements WHERE id IN (SELECT value FROM json_each(?))',
        ids,
      );
      return new Map(rows.map((row) => [String(row.id), rowBody(row, ['by'])]));
    }),
  };
}
