// The card checks' part of the shop server's journal: each check with the notes that settled its
// differences (a note added later sends the check again). See storage/journal-changes.ts.
import type { Db, Migration } from '../storage/database';
import { journalChangesSql, journalSource, rowBody, rowsWithIds } from '../storage/journal-changes';
import type { JournalSource } from '../shop-server/journal-source';

export const RECONCILIATION_JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'reconciliation-journal-changes',
    sql: journalChangesSql(
      {
        kind: 'card-check',
        table: 'reconciliation_checks',
        idOfNew: 'NEW.id',
        existing: { table: 'reconciliation_checks', id: 'id' },
      },
      { kind: 'card-check', table: 'reconciliation_resolutions', idOfNew: 'NEW.check_id' },
    ),
  },
];

const IDS = 'IN (SELECT value FROM json_each(?))';

export function cardChecksJournal(db: Db): JournalSource {
  return journalSource(db, 'card-check', (ids) => {
    const notes = new Map<string, Record<string, unknown>[]>();
    for (const row of rowsWithIds<Record<string, unknown>>(
      db,
      `SELECT * FROM reconciliation_resolutions WHERE check_id ${IDS} ORDER BY id`,
      ids,
    )) {
      const key = String(row.check_id);
      notes.set(key, [...(notes.get(key) ?? []), rowBody(row, ['accounts', 'resolved_by'])]);
    }
    const checks = rowsWithIds<Record<string, unknown>>(
      db,
      `SELECT * FROM reconciliation_checks WHERE id ${IDS}`,
      ids,
    );
    return new Map(
      checks.map((row) => [
        String(row.id),
        {
          ...rowBody(row, ['terminal_totals', 'till_totals', 'differences', 'checked_by']),
          resolutions: notes.get(String(row.id)) ?? [],
        },
      ]),
    );
  });
}
