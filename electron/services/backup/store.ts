// The backup area's own records in the till database: every backup run (good or not, with its
// words), and the gaps in the sale numbers a manager accepted as lost.
import type { BackupRun } from '../../../shared/contract/backup';
import type { Db, Migration } from '../storage/database';

export const BACKUP_MIGRATIONS: readonly Migration[] = [
  {
    id: 'backup-1',
    sql: `CREATE TABLE backup_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      trigger TEXT NOT NULL CHECK (trigger IN ('manual', 'scheduled')),
      ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
      file_name TEXT,
      sales INTEGER NOT NULL,
      last_receipt TEXT,
      bytes INTEGER NOT NULL,
      result TEXT NOT NULL,
      by_name TEXT
    );
    CREATE INDEX backup_runs_ok ON backup_runs (ok, id);
    CREATE TABLE accepted_missing_sales (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      first INTEGER NOT NULL,
      last INTEGER NOT NULL,
      accepted_at TEXT NOT NULL,
      accepted_by TEXT
    );`,
  },
];

interface RunRow {
  at: string;
  trigger: BackupRun['trigger'];
  ok: number;
  file_name: string | null;
  sales: number;
  last_receipt: string | null;
  bytes: number;
  result: string;
  by_name: string | null;
}

function toRun(row: RunRow): BackupRun {
  return {
    at: row.at,
    trigger: row.trigger,
    ok: row.ok === 1,
    fileName: row.file_name,
    sales: row.sales,
    lastReceipt: row.last_receipt,
    bytes: row.bytes,
    result: JSON.parse(row.result) as BackupRun['result'],
    by: row.by_name,
  };
}

export class BackupStore {
  constructor(private readonly db: Db) {}

  record(run: BackupRun): void {
    this.db
      .prepare(
        `INSERT INTO backup_runs (at, trigger, ok, file_name, sales, last_receipt, bytes, result, by_name)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        run.at,
        run.trigger,
        run.ok ? 1 : 0,
        run.fileName,
        run.sales,
        run.lastReceipt,
        run.bytes,
        JSON.stringify(run.result),
        run.by,
      );
  }

  lastRun(): BackupRun | null {
    const row = this.db.prepare('SELECT * FROM backup_runs ORDER BY id DESC LIMIT 1').get() as
      RunRow | undefined;
    return row ? toRun(row) : null;
  }

  lastGood(): BackupRun | null {
    const row = this.db.prepare('SELECT * FROM backup_runs WHERE ok = 1 ORDER BY id DESC LIMIT 1').get() as
      RunRow | undefined;
    return row ? toRun(row) : null;
  }

  acceptMissing(first: number, last: number, at: string, by: string | null): void {
    this.db
      .prepare(
        'INSERT INTO accepted_missing_sales (first, last, accepted_at, accepted_by) VALUES (?, ?, ?, ?)',
      )
      .run(first, last, at, by);
  }

  /** The highest sale number up to which missing sales were accepted as lost (0: none). */
  acceptedThrough(): number {
    return (
      this.db.prepare('SELECT COALESCE(MAX(last), 0) AS n FROM accepted_missing_sales').get() as { n: number }
    ).n;
  }
}
