// What reconciliation keeps in the till database: every check with its differences, every
// manager's note that settles one (the journal of resolutions), and the names the shop gives its
// card machines.
import type { ReconciliationSource, SideTotals, StaffStamp } from '../../../shared/contract';
import type { Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';
import { NO_TOTALS, sumTotals, type Difference } from './compare';

export const RECONCILIATION_MIGRATIONS: readonly Migration[] = [
  {
    id: 'reconciliation-1',
    sql: `CREATE TABLE reconciliation_checks (
      id TEXT PRIMARY KEY,
      terminal_id TEXT NOT NULL,
      terminal_name TEXT NOT NULL,
      currency TEXT NOT NULL,
      source TEXT NOT NULL,
      report_id TEXT,
      period TEXT NOT NULL,
      since TEXT,
      terminal_totals TEXT NOT NULL,
      till_totals TEXT NOT NULL,
      transactions_checked INTEGER NOT NULL,
      differences TEXT NOT NULL,
      checked_by TEXT,
      checked_at TEXT NOT NULL
    );
    CREATE TABLE reconciliation_resolutions (
      id INTEGER PRIMARY KEY,
      check_id TEXT NOT NULL REFERENCES reconciliation_checks(id),
      difference_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      terminal_id TEXT NOT NULL,
      period TEXT NOT NULL,
      amount INTEGER NOT NULL,
      accounts TEXT NOT NULL,
      payment_id TEXT,
      tender_id INTEGER,
      note TEXT NOT NULL,
      resolved_by TEXT,
      resolved_at TEXT NOT NULL,
      UNIQUE (check_id, difference_id)
    );
    CREATE INDEX reconciliation_resolutions_period ON reconciliation_resolutions (terminal_id, period);
    CREATE TABLE terminal_names (
      terminal_id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      named_at TEXT NOT NULL
    );`,
  },
];

export interface StoredCheck {
  id: string;
  terminalId: string;
  terminalName: string;
  currency: string;
  source: ReconciliationSource;
  reportId: string | null;
  /** Differences settled in one period explain the same money in every later check of it. */
  period: string;
  since: string | null;
  terminal: SideTotals;
  till: SideTotals;
  transactionsChecked: number;
  differences: Difference[];
  checkedBy: StaffStamp | null;
  checkedAt: string;
}

export interface StoredResolution {
  checkId: string;
  differenceId: string;
  paymentId: string | null;
  note: string;
  by: StaffStamp | null;
  at: string;
}

interface CheckRow {
  id: string;
  terminal_id: string;
  terminal_name: string;
  currency: string;
  source: ReconciliationSource;
  report_id: string | null;
  period: string;
  since: string | null;
  terminal_totals: string;
  till_totals: string;
  transactions_checked: number;
  differences: string;
  checked_by: string | null;
  checked_at: string;
}

interface ResolutionRow {
  check_id: string;
  difference_id: string;
  payment_id: string | null;
  note: string;
  resolved_by: string | null;
  resolved_at: string;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

function checkFrom(row: CheckRow): StoredCheck {
  return {
    id: row.id,
    terminalId: row.terminal_id,
    terminalName: row.terminal_name,
    currency: row.currency,
    source: row.source,
    reportId: row.report_id,
    period: row.period,
    since: row.since,
    terminal: JSON.parse(row.terminal_totals) as SideTotals,
    till: JSON.parse(row.till_totals) as SideTotals,
    transactionsChecked: row.transactions_checked,
    differences: JSON.parse(row.differences) as Difference[],
    checkedBy: row.checked_by ? (JSON.parse(row.checked_by) as StaffStamp) : null,
    checkedAt: row.checked_at,
  };
}

const resolutionFrom = (row: ResolutionRow): StoredResolution => ({
  checkId: row.check_id,
  differenceId: row.difference_id,
  paymentId: row.payment_id,
  note: row.note,
  by: row.resolved_by ? (JSON.parse(row.resolved_by) as StaffStamp) : null,
  at: row.resolved_at,
});

export class ReconciliationStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }

  saveCheck(check: StoredCheck): void {
    this.db
      .prepare(
        `INSERT INTO reconciliation_checks (id, terminal_id, terminal_name, currency, source, report_id, period, since,
           terminal_totals, till_totals, transactions_checked, differences, checked_by, checked_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        check.id,
        check.terminalId,
        check.terminalName,
        check.currency,
        check.source,
        check.reportId,
        check.period,
        check.since,
        JSON.stringify(check.terminal),
        JSON.stringify(check.till),
        check.transactionsChecked,
        JSON.stringify(check.differences),
        json(check.checkedBy),
        check.checkedAt,
      );
  }

  check(id: string): StoredCheck | null {
    const row = this.db.prepare('SELECT * FROM reconciliation_checks WHERE id = ?').get(id) as
      CheckRow | undefined;
    return row ? checkFrom(row) : null;
  }

  /** Newest first. */
  recentChecks(limit: number): StoredCheck[] {
    const rows = this.db
      .prepare('SELECT * FROM reconciliation_checks ORDER BY checked_at DESC, rowid DESC LIMIT ?')
      .all(limit) as CheckRow[];
    return rows.map(checkFrom);
  }

  /**
   * Journals the manager's note on one difference, once. A matched or settled manual entry is
   * cleared in the same transaction by `alsoDo`, so the two never disagree.
   */
  resolve(
    check: StoredCheck,
    difference: Difference,
    note: string,
    by: StaffStamp | null,
    alsoDo: () => void,
  ): boolean {
    return this.db.transaction(() => {
      const result = this.db
        .prepare(
          `INSERT OR IGNORE INTO reconciliation_resolutions (check_id, difference_id, kind, terminal_id, period, amount,
             accounts, payment_id, tender_id, note, resolved_by, resolved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          check.id,
          difference.id,
          difference.kind,
          check.terminalId,
          check.period,
          difference.amount,
          JSON.stringify(difference.accounts),
          difference.paymentId,
          difference.tenderId,
          note,
          json(by),
          this.stamp(),
        );
      if (result.changes !== 1) return false;
      alsoDo();
      return true;
    })();
  }

  /** Notes on this check's differences, and on any of its payments settled in an earlier check. */
  resolutionsFor(check: StoredCheck): StoredResolution[] {
    const paymentIds = check.differences.flatMap((d) => (d.paymentId ? [d.paymentId] : []));
    const rows = this.db
      .prepare(
        `SELECT * FROM reconciliation_resolutions WHERE check_id = ?
           ${paymentIds.length > 0 ? `OR payment_id IN (${paymentIds.map(() => '?').join(',')})` : ''}
           ORDER BY id`,
      )
      .all(check.id, ...paymentIds) as ResolutionRow[];
    return rows.map(resolutionFrom);
  }

  /** When the till last checked this card machine with banking (which closed its session), or null. */
  lastBankingAt(terminalId: string): string | null {
    const row = this.db
      .prepare(
        `SELECT MAX(checked_at) AS at FROM reconciliation_checks WHERE terminal_id = ? AND source = 'BANKING'`,
      )
      .get(terminalId) as { at: string | null };
    return row.at;
  }

  /** What the differences settled in this period already explain. */
  accounted(terminalId: string, period: string): SideTotals {
    const rows = this.db
      .prepare('SELECT accounts FROM reconciliation_resolutions WHERE terminal_id = ? AND period = ?')
      .all(terminalId, period) as Array<{ accounts: string }>;
    return rows.length === 0 ? NO_TOTALS : sumTotals(rows.map((r) => JSON.parse(r.accounts) as SideTotals));
  }

  names(): Map<string, string> {
    const rows = this.db.prepare('SELECT terminal_id, name FROM terminal_names').all() as Array<{
      terminal_id: string;
      name: string;
    }>;
    return new Map(rows.map((r) => [r.terminal_id, r.name]));
  }

  /** Names a card machine; `alsoDo` (its audit entry) runs in the same transaction. */
  setName(terminalId: string, name: string, alsoDo: () => void = () => {}): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO terminal_names (terminal_id, name, named_at) VALUES (?, ?, ?)
             ON CONFLICT (terminal_id) DO UPDATE SET name = excluded.name, named_at = excluded.named_at`,
        )
        .run(terminalId, name, this.stamp());
      alsoDo();
    })();
  }
}
