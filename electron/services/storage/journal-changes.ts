// The till-wide change sequence of the journal: every insert and update of a journal row (a sale
// and its tenders, a card payment, a refund and its lines, a No-sale, a cash movement, a shift, a Z
// report, a card check and its notes, an audit entry) gives that row a new, higher `change_seq`
// here, by triggers each area adds to its own tables. The shop server's outbox sends rows in this
// order ("after N"); a till without a shop server keeps the same log and never reads it.
//
// One log beside the tables rather than a column in each: the areas' tables stay as they are (the
// audit trail stays append-only), and a row that changes again simply moves to the end.
import type { BatchWindow, JournalEntry, JournalKind, JournalSource } from '../shop-server/journal-source';
import type { Db } from './database';

const LOG_SQL = `CREATE TABLE IF NOT EXISTS journal_changes (
  change_seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  local_id TEXT NOT NULL,
  UNIQUE (kind, local_id)
);
CREATE INDEX IF NOT EXISTS journal_changes_by_kind ON journal_changes (kind, change_seq);`;

export interface JournalTable {
  kind: JournalKind;
  table: string;
  /** The journal row's id, from the trigger's NEW row (a child row names its parent). */
  idOfNew: string;
  /** The id column of the rows already there (the parent's rows for a child table). */
  existing?: { table: string; id: string };
}

/**
 * The migration SQL that makes inserts and updates of `table` stamp its journal row, and stamps the
 * rows already there (in the order they were written), so a till that gets a shop server later
 * sends its past too.
 */
export function journalChangesSql(...tables: JournalTable[]): string {
  const stamp = (t: JournalTable) =>
    `INSERT OR REPLACE INTO journal_changes (kind, local_id) VALUES ('${t.kind}', ${t.idOfNew});`;
  const parts = [LOG_SQL];
  for (const t of tables) {
    if (t.existing)
      parts.push(
        `INSERT OR IGNORE INTO journal_changes (kind, local_id)
           SELECT '${t.kind}', ${t.existing.id} FROM ${t.existing.table} ORDER BY rowid;`,
      );
    for (const event of ['INSERT', 'UPDATE'])
      parts.push(
        `CREATE TRIGGER ${t.table}_journal_${event.toLowerCase()} AFTER ${event} ON ${t.table}
           BEGIN ${stamp(t)} END;`,
      );
  }
  return parts.join('\n');
}

/** Every journal row's kind and id whose last change is at or below `seq` (a restored till's check). */
export function changedUpTo(db: Db, seq: number): { kind: JournalKind; id: string }[] {
  return db
    .prepare('SELECT kind, local_id AS id FROM journal_changes WHERE change_seq <= ? ORDER BY change_seq')
    .all(seq) as { kind: JournalKind; id: string }[];
}

/**
 * Moves the change counter to at least `seq` and gives `rows` new changes above it, so they are
 * sent again: a till restored from a backup counts on from below what the shop server already
 * holds of it, and its rows numbered in that range would otherwise never go.
 */
export function restampAbove(db: Db, seq: number, rows: readonly { kind: JournalKind; id: string }[]): void {
  db.transaction(() => {
    const moved = db
      .prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'journal_changes'")
      .run(seq);
    if (moved.changes === 0)
      db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('journal_changes', ?)").run(seq);
    const stamp = db.prepare('INSERT OR REPLACE INTO journal_changes (kind, local_id) VALUES (?, ?)');
    for (const row of rows) stamp.run(row.kind, row.id);
  })();
}

/** The highest change sequence written so far (0 before the first). */
export function lastChangeSeq(db: Db): number {
  const exists = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal_changes'")
    .get();
  if (!exists) return 0;
  return (
    db.prepare('SELECT COALESCE(MAX(change_seq), 0) AS seq FROM journal_changes').get() as { seq: number }
  ).seq;
}

/** The change sequence of one journal row's latest version, or null when it has none. */
export function changeSeqOf(db: Db, kind: JournalKind, id: string): number | null {
  const row = db
    .prepare('SELECT change_seq AS seq FROM journal_changes WHERE kind = ? AND local_id = ?')
    .get(kind, id) as { seq: number } | undefined;
  return row?.seq ?? null;
}

/**
 * The ids (and change sequence) of one kind's rows changed after `seq`, lowest first: each area's
 * exporter reads its rows for these ids from its own tables.
 */
export function changedAfter(
  db: Db,
  kind: JournalKind,
  seq: number,
  limit: number,
): { seq: number; id: string }[] {
  return db
    .prepare(
      `SELECT change_seq AS seq, local_id AS id FROM journal_changes
        WHERE kind = ? AND change_seq > ? ORDER BY change_seq LIMIT ?`,
    )
    .all(kind, seq, limit) as { seq: number; id: string }[];
}

/** The next `limit` changes after `seq`: how many of each kind, and the last one's sequence. */
export function nextWindow(db: Db, seq: number, limit: number): BatchWindow {
  const rows = db
    .prepare(
      `SELECT kind, count(*) AS n, max(change_seq) AS last FROM (
         SELECT kind, change_seq FROM journal_changes WHERE change_seq > ? ORDER BY change_seq LIMIT ?
       ) GROUP BY kind`,
    )
    .all(seq, limit) as { kind: JournalKind; n: number; last: number }[];
  const counts: BatchWindow['counts'] = {};
  let last = seq;
  for (const row of rows) {
    counts[row.kind] = row.n;
    last = Math.max(last, row.last);
  }
  return { last, counts };
}

/**
 * A JournalSource for one kind: the ids changed after `seq` from the log, and their bodies from the
 * area's own tables (`bodies` reads them by id; a row no longer there is left out).
 */
export function journalSource(
  db: Db,
  kind: JournalKind,
  bodies: (ids: string[]) => Map<string, unknown>,
): JournalSource {
  return {
    kind,
    after(seq, limit) {
      const changed = changedAfter(db, kind, seq, limit);
      if (changed.length === 0) return [];
      const found = bodies(changed.map((c) => c.id));
      const entries: JournalEntry[] = [];
      for (const c of changed)
        if (found.has(c.id)) entries.push({ seq: c.seq, kind, id: c.id, body: found.get(c.id) });
      return entries;
    },
  };
}

/** The rows of `sql` (which selects `WHERE <id> IN (SELECT value FROM json_each(?))`) for these ids. */
export function rowsWithIds<Row>(db: Db, sql: string, ids: readonly string[]): Row[] {
  return db.prepare(sql).all(JSON.stringify(ids)) as Row[];
}

/** JSON text as its value; text that is not JSON (an older row's plain words) stays text. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A stored row as a journal body: its columns in camelCase, the JSON ones (`json`) parsed, 0/1
 * flags left as numbers (the body says what the till stored, not how a screen shows it).
 */
export function rowBody(row: Record<string, unknown>, json: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    body[camel(column)] = json.includes(column) && typeof value === 'string' ? parsed(value) : value;
  }
  return body;
}
