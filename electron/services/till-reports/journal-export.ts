// The Z reports' part of the shop server's journal: each Z as it was closed (the report; its
// line-level CSV rows stay on the till). See storage/journal-changes.ts.
import type { Db, Migration } from '../storage/database';
import { journalChangesSql, journalSource, rowBody, rowsWithIds } from '../storage/journal-changes';
import type { JournalSource } from '../shop-server/journal-source';

export const TILL_REPORTS_JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'till-reports-journal-changes',
    sql: journalChangesSql({
      kind: 'z-report',
      table: 'z_reports',
      idOfNew: 'NEW.number',
      existing: { table: 'z_reports', id: 'number' },
    }),
  },
];

export function zReportsJournal(db: Db): JournalSource {
  return journalSource(db, 'z-report', (ids) => {
    const rows = rowsWithIds<Record<string, unknown>>(
      db,
      `SELECT number, since, until, run_by, report, closed_at FROM z_reports
        WHERE number IN (SELECT value FROM json_each(?))`,
      ids,
    );
    return new Map(rows.map((row) => [String(row.number), rowBody(row, ['run_by', 'report'])]));
  });
}
