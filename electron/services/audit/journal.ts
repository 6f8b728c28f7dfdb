// The audit trail's SQL: one append-only table in the till's database. Triggers refuse every
// UPDATE and DELETE, and `seq` (AUTOINCREMENT) only grows and is never reused, so "entries after
// N" is a complete, stable read for whoever copies the trail elsewhere (the shop server's outbox).
// Areas write through `record`, inside the same transaction as the change it describes.
import type { AuditArea, AuditEntry, AuditFilter, AuditPage, AuditValues } from '../../../shared/contract';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';
import { secretIn } from './values';

export const AUDIT_MIGRATIONS: readonly Migration[] = [
  {
    id: 'audit-1',
    sql: `CREATE TABLE audit_log (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      by_id TEXT,
      by_name TEXT,
      approved_by_id TEXT,
      approved_by_name TEXT,
      area TEXT NOT NULL,
      action TEXT NOT NULL,
      subject TEXT NOT NULL,
      before TEXT,
      after TEXT
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    CREATE INDEX audit_log_by ON audit_log (by_id);
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit entries are never changed'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit entries are never removed'); END;`,
  },
];

/** One change, as an area reports it. */
export interface AuditRecord {
  /** Who made it (and who approved it); null: the till itself, with nobody behind it. */
  by: StaffStamp | null;
  area: AuditArea;
  action: string;
  /** What it was done to, named as it is now ("Latte"); '' when the area says it all. */
  subject: string;
  /** Only the fields that changed; null (or absent) for something new or gone. */
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/**
 * What every area is handed (like the clock): one call, made inside the transaction of a database
 * change (so neither can exist without the other), or right after a change saved elsewhere.
 */
export interface AuditLog {
  record(entry: AuditRecord): void;
}

/** A time range as ISO strings: since ≤ at < until (either open). */
export interface AuditRange {
  since?: string;
  until?: string;
}

export type AuditQuery = Omit<AuditFilter, 'fromDay' | 'toDay'> & AuditRange;

interface Row {
  seq: number;
  at: string;
  by_id: string | null;
  by_name: string | null;
  approved_by_id: string | null;
  approved_by_name: string | null;
  area: AuditArea;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
}

const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const values = (text: string | null) => (text === null ? null : (JSON.parse(text) as AuditValues));

function fromRow(row: Row): AuditEntry {
  return {
    seq: row.seq,
    at: row.at,
    by: person(row.by_id, row.by_name),
    approvedBy: person(row.approved_by_id, row.approved_by_name),
    area: row.area,
    action: row.action,
    subject: row.subject,
    before: values(row.before),
    after: values(row.after),
  };
}

/** The WHERE clause and its parameters for a query. */
function where(query: AuditQuery): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (query.personId !== undefined) {
    parts.push('(by_id = ? OR approved_by_id = ?)');
    params.push(query.personId, query.personId);
  }
  if (query.area !== undefined) {
    parts.push('area = ?');
    params.push(query.area);
  }
  if (query.since !== undefined) {
    parts.push('at >= ?');
    params.push(query.since);
  }
  if (query.until !== undefined) {
    parts.push('at < ?');
    params.push(query.until);
  }
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export class AuditJournal implements AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  record(entry: AuditRecord): void {
    const before = entry.before ?? null;
    const after = entry.after ?? null;
    // A bug that would journal a secret refuses the change instead (it runs in its transaction).
    const secret = secretIn(before) ?? secretIn(after);
    if (secret) throw new Error(`an audit entry must not hold a secret (${secret})`);
    this.db
      .prepare(
        `INSERT INTO audit_log (at, by_id, by_name, approved_by_id, approved_by_name, area, action, subject, before, after)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        new Date(this.clock.now()).toISOString(),
        entry.by?.id ?? null,
        entry.by?.name ?? null,
        entry.by?.approvedBy?.id ?? null,
        entry.by?.approvedBy?.name ?? null,
        entry.area,
        entry.action,
        entry.subject,
        before === null ? null : JSON.stringify(before),
        after === null ? null : JSON.stringify(after),
      );
  }

  /** Entries with a sequence above `seq`, oldest first: how the trail is copied elsewhere. */
  entriesAfter(seq: number, limit: number): AuditEntry[] {
    const rows = this.db
      .prepare('SELECT * FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?')
      .all(seq, limit) as Row[];
    return rows.map(fromRow);
  }

  /** One page, newest first; `beforeSeq` continues from the last page's `nextBeforeSeq`. */
  page(query: AuditQuery, limit: number, beforeSeq?: number): AuditPage {
    const { sql, params } = where(query);
    const paging = beforeSeq === undefined ? '' : `${sql ? ' AND' : 'WHERE'} seq < ?`;
    const rows = this.db
      .prepare(`SELECT * FROM audit_log ${sql}${paging} ORDER BY seq DESC LIMIT ?`)
      .all(...params, ...(beforeSeq === undefined ? [] : [beforeSeq]), limit + 1) as Row[];
    const entries = rows.slice(0, limit).map(fromRow);
    return { entries, nextBeforeSeq: rows.length > limit ? entries[entries.length - 1]!.seq : null };
  }

  /** Every matching entry, oldest first (at most `limit`; the caller says what to do with more). */
  all(query: AuditQuery, limit: number): AuditEntry[] {
    const { sql, params } = where(query);
    const rows = this.db
      .prepare(`SELECT * FROM audit_log ${sql} ORDER BY seq LIMIT ?`)
      .all(...params, limit) as Row[];
    return rows.map(fromRow);
  }

  /** Everyone who made or approved a change, by the name of their latest entry, A to Z. */
  people(): Array<{ id: string; name: string }> {
    const rows = this.db
      .prepare(
        // SQLite takes a bare column from the row MAX() picked: each person's latest name.
        `SELECT id, name, MAX(seq) AS latest FROM (
           SELECT by_id AS id, by_name AS name, seq FROM audit_log WHERE by_id IS NOT NULL
           UNION ALL
           SELECT approved_by_id, approved_by_name, seq FROM audit_log WHERE approved_by_id IS NOT NULL
         ) GROUP BY id ORDER BY name COLLATE NOCASE, id`,
      )
      .all() as Array<{ id: string; name: string }>;
    return rows.map(({ id, name }) => ({ id, name }));
  }
}
