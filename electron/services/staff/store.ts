// The staff area's SQL: people (each PIN only as a salted scrypt hash) and the area's own
// settings (idle sign-out, the wrong-try lockout shared by every staff PIN).
import { randomUUID } from 'node:crypto';
import type { StaffMemberView, StaffRole } from '../../../shared/contract/staff';
import type { PinHashRecord, PinLockout } from '../../../shared/settings';
import type { Clock } from '../common/clock';
import type { Db, Migration } from '../storage/database';
import type { LockoutStore } from '../storage/manager-pin';

export const STAFF_MIGRATIONS: readonly Migration[] = [
  {
    id: 'staff-1',
    sql: `CREATE TABLE staff (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      role TEXT NOT NULL,
      pin_hash TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 1,
      created_at TEXT NOT NULL,
      removed_at TEXT
    );
    CREATE TABLE staff_config (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
];

export interface StaffRecord extends StaffMemberView {
  pinHash: PinHashRecord;
}

interface StaffRow {
  id: string;
  name: string;
  role: StaffRole;
  pin_hash: string;
  active: number;
  created_at: string;
  removed_at: string | null;
}

function fromRow(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    active: row.active === 1,
    createdAt: row.created_at,
    removedAt: row.removed_at,
    pinHash: JSON.parse(row.pin_hash) as PinHashRecord,
  };
}

/** The public part of a record: never the hash. */
export function memberView(record: StaffRecord): StaffMemberView {
  const { pinHash: _hash, ...view } = record;
  return view;
}

export const DEFAULT_IDLE_SIGN_OUT_MINUTES = 5;
const NO_LOCKOUT: PinLockout = { failedAttempts: 0, lockedUntil: null };

export class StaffStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  private stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Everyone, oldest first; removed people too unless `activeOnly`. */
  list(activeOnly = false): StaffRecord[] {
    const rows = this.db
      .prepare(`SELECT * FROM staff ${activeOnly ? 'WHERE active = 1' : ''} ORDER BY created_at, rowid`)
      .all() as StaffRow[];
    return rows.map(fromRow);
  }

  get(id: string): StaffRecord | null {
    const row = this.db.prepare('SELECT * FROM staff WHERE id = ?').get(id) as StaffRow | undefined;
    return row ? fromRow(row) : null;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM staff').get() as { n: number }).n;
  }

  insert(person: { name: string; role: StaffRole; pinHash: PinHashRecord }): StaffRecord {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO staff (id, name, role, pin_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, person.name, person.role, JSON.stringify(person.pinHash), this.stamp());
    return this.get(id)!;
  }

  update(id: string, change: { name?: string; role?: StaffRole; pinHash?: PinHashRecord }): StaffRecord {
    const current = this.get(id)!;
    this.db
      .prepare('UPDATE staff SET name = ?, role = ?, pin_hash = ? WHERE id = ?')
      .run(
        change.name ?? current.name,
        change.role ?? current.role,
        JSON.stringify(change.pinHash ?? current.pinHash),
        id,
      );
    return this.get(id)!;
  }

  remove(id: string): StaffRecord {
    this.db
      .prepare('UPDATE staff SET active = 0, removed_at = ? WHERE id = ? AND active = 1')
      .run(this.stamp(), id);
    return this.get(id)!;
  }

  /** Runs `work` in one database transaction (a check and the write it allows, together). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  private config<T>(key: string, fallback: T): T {
    const row = this.db.prepare('SELECT value FROM staff_config WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : fallback;
  }

  private setConfig(key: string, value: unknown): void {
    this.db
      .prepare(
        'INSERT INTO staff_config (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, JSON.stringify(value));
  }

  idleSignOutMinutes(): number {
    return this.config('idleSignOutMinutes', DEFAULT_IDLE_SIGN_OUT_MINUTES);
  }

  setIdleSignOutMinutes(minutes: number): void {
    this.setConfig('idleSignOutMinutes', minutes);
  }

  /** Whether the single manager PIN of earlier versions was already moved to a staff member. */
  managerPinImported(): boolean {
    return this.config('managerPinImported', false);
  }

  markManagerPinImported(): void {
    this.setConfig('managerPinImported', true);
  }

  /** The wrong-try count every staff PIN shares, kept in the database so a restart keeps it. */
  readonly lockout: LockoutStore = {
    load: () => this.config('pinLockout', NO_LOCKOUT),
    save: (lockout) => this.setConfig('pinLockout', lockout),
  };
}
