// The Z reports the till has closed: each kept as it was closed (the report and the rows of its
// line-level CSV, gzipped JSON), so a reprint or an export later shows exactly what closed the day.
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  tillReportSchema,
  type StaffStamp,
  type TillReportView,
  type ZSummary,
} from '../../../shared/contract';
import type { Db, Migration } from '../storage/database';

export const TILL_REPORTS_MIGRATIONS: readonly Migration[] = [
  {
    id: 'till-reports-1',
    sql: `CREATE TABLE z_reports (
      number INTEGER PRIMARY KEY,
      since TEXT,
      until TEXT NOT NULL,
      run_by TEXT,
      report TEXT NOT NULL,
      line_rows BLOB NOT NULL,
      closed_at TEXT NOT NULL
    );`,
  },
];

interface ZRow {
  number: number;
  currency: string;
  since: string | null;
  until: string;
  run_by: string | null;
  report: string;
  /** The till's number in its shop, when a shop server was set (null before, or without). */
  till?: number | null;
}

export interface StoredZ {
  report: TillReportView;
  lineRows: string[][];
}

export class TillReportStore {
  constructor(private readonly db: Db) {}

  /** The highest Z number the database holds (0 when none). */
  highestNumber(): number {
    return (this.db.prepare('SELECT COALESCE(MAX(number), 0) AS n FROM z_reports').get() as { n: number }).n;
  }

  /** Where the day now running began: the end of the last Z the database holds, or null. */
  lastUntil(): string | null {
    const row = this.db.prepare('SELECT until FROM z_reports ORDER BY number DESC LIMIT 1').get() as
      { until: string } | undefined;
    return row?.until ?? null;
  }

  save(report: TillReportView & { number: number }, lineRows: readonly string[][], closedAt: string): void {
    this.db
      .prepare(
        'INSERT INTO z_reports (number, since, until, run_by, report, line_rows, closed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        report.number,
        report.since,
        report.until,
        report.runBy ? JSON.stringify(report.runBy) : null,
        JSON.stringify(report),
        gzipSync(JSON.stringify(lineRows), { level: 1 }),
        closedAt,
      );
  }

  get(number: number): StoredZ | null {
    const row = this.db.prepare('SELECT report, line_rows FROM z_reports WHERE number = ?').get(number) as
      { report: string; line_rows: Buffer } | undefined;
    if (!row) return null;
    return {
      // Read through the schema: a Z closed before a figure was reported shows it as not kept (null).
      report: tillReportSchema.parse(JSON.parse(row.report)),
      lineRows: JSON.parse(gunzipSync(row.line_rows).toString()) as string[][],
    };
  }

  /** Newest first. */
  list(limit: number): ZSummary[] {
    const rows = this.db
      .prepare(
        `SELECT number, since, until, run_by, json_extract(report, '$.currency') AS currency,
           json_extract(report, '$.till') AS till,
           json_extract(report, '$.sales') AS report FROM z_reports
           ORDER BY number DESC LIMIT ?`,
      )
      .all(limit) as ZRow[];
    return rows.map((r) => {
      const sales = JSON.parse(r.report) as TillReportView['sales'];
      return {
        number: r.number,
        ...(typeof r.till === 'number' && { till: r.till }),
        currency: r.currency,
        since: r.since,
        until: r.until,
        runBy: r.run_by ? (JSON.parse(r.run_by) as StaffStamp) : null,
        gross: sales.amount,
        net: sales.net,
      };
    });
  }
}
