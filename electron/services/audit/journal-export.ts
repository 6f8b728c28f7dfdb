// The audit trail's part of the shop server's journal: every entry, once (the trail is append-only,
// so an entry is never sent again). See storage/journal-changes.ts.
import type { Db, Migration } from '../storage/database';
import { journalChangesSql, journalSource, rowBody, rowsWithIds } from '../storage/journal-changes';
import type { JournalSource } from '../shop-server/journal-source';

export const AUDIT_JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'audit-journal-changes',
    sql: journalChangesSql({
      kind: 'audit',
      table: 'audit_log',
      idOfNew: 'NEW.seq',
      existing: { table: 'audit_log', id: 'seq' },
    }),
  },
];

export function auditJournal(db: Db): JournalSource {
  return journalSource(db, 'audit', (ids) => {
    const rows = rowsWithIds<Record<string, unknown>>(
      db,
      'SELECT * FROM audit_log WHERE seq IN (SELECT value FROM json_each(?))',
      ids,
    );
    return new Map(rows.map((row) => [String(row.seq), rowBody(row, ['before', 'after'])]));
  });
}
