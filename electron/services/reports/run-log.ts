// Every card machine report run from this till, with who ran it (and who approved a Z or end of
// day report), kept in the till database.
import type { ReportType, StaffStamp } from '../../../shared/contract';
import type { Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';

export const REPORTS_MIGRATIONS: readonly Migration[] = [
  {
    id: 'reports-1',
    sql: `CREATE TABLE report_runs (
      id INTEGER PRIMARY KEY,
      report_id TEXT NOT NULL,
      terminal_id TEXT NOT NULL,
      type TEXT NOT NULL,
      result TEXT,
      run_by TEXT,
      run_at TEXT NOT NULL
    );`,
  },
];

export interface ReportRun {
  reportId: string;
  terminalId: string;
  type: ReportType;
  result: string | null;
  runBy: StaffStamp | null;
  runAt: string;
}

export class ReportRunLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  record(run: Omit<ReportRun, 'runAt'>): void {
    this.db
      .prepare(
        'INSERT INTO report_runs (report_id, terminal_id, type, result, run_by, run_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        run.reportId,
        run.terminalId,
        run.type,
        run.result,
        run.runBy ? JSON.stringify(run.runBy) : null,
        new Date(this.clock.now()).toISOString(),
      );
  }

  /** Newest first. */
  recent(limit = 50): ReportRun[] {
    const rows = this.db
      .prepare('SELECT * FROM report_runs ORDER BY id DESC LIMIT ?')
      .all(limit) as Array<{
      report_id: string;
      terminal_id: string;
      type: ReportType;
      result: string | null;
      run_by: string | null;
      run_at: string;
    }>;
    return rows.map((r) => ({
      reportId: r.report_id,
      terminalId: r.terminal_id,
      type: r.type,
      result: r.result,
      runBy: r.run_by ? (JSON.parse(r.run_by) as StaffStamp) : null,
      runAt: r.run_at,
    }));
  }
}
