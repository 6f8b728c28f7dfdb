// What the shifts area keeps in the till database: each shift (float, count, the figures the
// close worked out), every cash movement in or out of the drawer, and the shop's blind-count choice.
import { randomUUID } from 'node:crypto';
import type { CashMovementReason, StaffStamp } from '../../../shared/contract';
import type { DenominationCount } from '../../../shared/denominations';
import type { Db, Migration } from '../storage/database';

export const SHIFTS_MIGRATIONS: readonly Migration[] = [
  {
    id: 'shifts-1',
    sql: `CREATE TABLE shifts (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE,
      currency TEXT NOT NULL,
      opened_at TEXT NOT NULL,
      opened_by TEXT,
      float_counts TEXT NOT NULL,
      float INTEGER NOT NULL,
      blind INTEGER NOT NULL,
      closed_at TEXT,
      counted_by TEXT,
      counted_counts TEXT,
      counted INTEGER,
      cash_taken INTEGER,
      cash_refunds INTEGER,
      expected INTEGER
    );
    -- One drawer, one open shift: a second open is refused by the database itself.
    CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
    CREATE TABLE cash_movements (
      id INTEGER PRIMARY KEY,
      shift_id TEXT NOT NULL REFERENCES shifts(id),
      direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
      reason TEXT NOT NULL,
      note TEXT NOT NULL,
      amount INTEGER NOT NULL CHECK (amount > 0),
      at TEXT NOT NULL,
      by TEXT
    );
    CREATE INDEX cash_movements_at ON cash_movements (at);
    CREATE TABLE drawer_settings (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      blind_count INTEGER NOT NULL
    );`,
  },
];

export interface CashMovement {
  shiftId: string;
  direction: 'in' | 'out';
  reason: CashMovementReason;
  note: string;
  amount: number;
  at: string;
  by: StaffStamp | null;
}

/** A shift as stored; the close fields are null while it is open. */
export interface StoredShift {
  id: string;
  number: number;
  currency: string;
  openedAt: string;
  openedBy: StaffStamp | null;
  floatCounts: DenominationCount[];
  float: number;
  blind: boolean;
  closedAt: string | null;
  countedBy: StaffStamp | null;
  countedCounts: DenominationCount[] | null;
  counted: number | null;
  cashTaken: number | null;
  cashRefunds: number | null;
  expected: number | null;
}

interface ShiftRow {
  id: string;
  number: number;
  currency: string;
  opened_at: string;
  opened_by: string | null;
  float_counts: string;
  float: number;
  blind: number;
  closed_at: string | null;
  counted_by: string | null;
  counted_counts: string | null;
  counted: number | null;
  cash_taken: number | null;
  cash_refunds: number | null;
  expected: number | null;
}

interface MovementRow {
  shift_id: string;
  direction: 'in' | 'out';
  reason: CashMovementReason;
  note: string;
  amount: number;
  at: string;
  by: string | null;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const shiftFrom = (r: ShiftRow): StoredShift => ({
  id: r.id,
  number: r.number,
  currency: r.currency,
  openedAt: r.opened_at,
  openedBy: parsed<StaffStamp>(r.opened_by),
  floatCounts: JSON.parse(r.float_counts) as DenominationCount[],
  float: r.float,
  blind: r.blind === 1,
  closedAt: r.closed_at,
  countedBy: parsed<StaffStamp>(r.counted_by),
  countedCounts: parsed<DenominationCount[]>(r.counted_counts),
  counted: r.counted,
  cashTaken: r.cash_taken,
  cashRefunds: r.cash_refunds,
  expected: r.expected,
});

const movementFrom = (r: MovementRow): CashMovement => ({
  shiftId: r.shift_id,
  direction: r.direction,
  reason: r.reason,
  note: r.note,
  amount: r.amount,
  at: r.at,
  by: parsed<StaffStamp>(r.by),
});

export class ShiftStore {
  constructor(private readonly db: Db) {}

  open(input: Pick<StoredShift, 'currency' | 'openedAt' | 'openedBy' | 'floatCounts' | 'float' | 'blind'>) {
    const id = randomUUID();
    this.db.transaction(() => {
      const { n } = this.db.prepare('SELECT COALESCE(MAX(number), 0) + 1 AS n FROM shifts').get() as {
        n: number;
      };
      this.db
        .prepare(
          `INSERT INTO shifts (id, number, currency, opened_at, opened_by, float_counts, float, blind)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          n,
          input.currency,
          input.openedAt,
          json(input.openedBy),
          JSON.stringify(input.floatCounts),
          input.float,
          input.blind ? 1 : 0,
        );
    })();
    return this.get(id)!;
  }

  get(id: string): StoredShift | null {
    const row = this.db.prepare('SELECT * FROM shifts WHERE id = ?').get(id) as ShiftRow | undefined;
    return row ? shiftFrom(row) : null;
  }

  current(): StoredShift | null {
    const row = this.db.prepare('SELECT * FROM shifts WHERE closed_at IS NULL').get() as ShiftRow | undefined;
    return row ? shiftFrom(row) : null;
  }

  /** Newest first. */
  recent(limit: number): StoredShift[] {
    const rows = this.db
      .prepare('SELECT * FROM shifts ORDER BY number DESC LIMIT ?')
      .all(limit) as ShiftRow[];
    return rows.map(shiftFrom);
  }

  /** Shifts closed in (since, until], oldest first. */
  closedBetween(since: string, until: string): StoredShift[] {
    const rows = this.db
      .prepare('SELECT * FROM shifts WHERE closed_at > ? AND closed_at <= ? ORDER BY number')
      .all(since, until) as ShiftRow[];
    return rows.map(shiftFrom);
  }

  /** Closes the shift once: false when it was already closed. */
  close(
    id: string,
    close: Pick<
      StoredShift,
      'closedAt' | 'countedBy' | 'countedCounts' | 'counted' | 'cashTaken' | 'cashRefunds' | 'expected'
    >,
  ): boolean {
    const result = this.db
      .prepare(
        `UPDATE shifts SET closed_at = ?, counted_by = ?, counted_counts = ?, counted = ?, cash_taken = ?,
           cash_refunds = ?, expected = ? WHERE id = ? AND closed_at IS NULL`,
      )
      .run(
        close.closedAt,
        json(close.countedBy),
        json(close.countedCounts),
        close.counted,
        close.cashTaken,
        close.cashRefunds,
        close.expected,
        id,
      );
    return result.changes === 1;
  }

  addMovement(m: CashMovement): void {
    this.db
      .prepare(
        'INSERT INTO cash_movements (shift_id, direction, reason, note, amount, at, by) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(m.shiftId, m.direction, m.reason, m.note, m.amount, m.at, json(m.by));
  }

  movementsOf(shiftId: string): CashMovement[] {
    const rows = this.db
      .prepare('SELECT * FROM cash_movements WHERE shift_id = ? ORDER BY id')
      .all(shiftId) as MovementRow[];
    return rows.map(movementFrom);
  }

  /** Movements made in (since, until], oldest first. */
  movementsBetween(since: string, until: string): CashMovement[] {
    const rows = this.db
      .prepare('SELECT * FROM cash_movements WHERE at > ? AND at <= ? ORDER BY id')
      .all(since, until) as MovementRow[];
    return rows.map(movementFrom);
  }

  blindCount(): boolean {
    const row = this.db.prepare('SELECT blind_count FROM drawer_settings WHERE id = 1').get() as
      { blind_count: number } | undefined;
    // Blind by default: a cashier counts what is there, not what the till hopes for.
    return row ? row.blind_count === 1 : true;
  }

  /** `alsoDo` (its audit entry) runs in the same transaction. */
  setBlindCount(blind: boolean, alsoDo: () => void = () => {}): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO drawer_settings (id, blind_count) VALUES (1, ?)
             ON CONFLICT (id) DO UPDATE SET blind_count = excluded.blind_count`,
        )
        .run(blind ? 1 : 0);
      alsoDo();
    })();
  }
}
