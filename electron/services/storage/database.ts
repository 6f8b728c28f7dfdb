import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { systemClock, type Clock } from '../common/clock';
import { DATA_DIR_MODE, DATA_FILE_MODE, ensurePrivateFile } from './data-dir';

export type Db = Database.Database;

/** The till's one database file, in its data folder. */
export const DATABASE_FILE = 'paydesk.sqlite';

/** A schema step owned by one service; applied once, in order, inside a transaction. */
export interface Migration {
  /** Unique across the whole database, e.g. "journal-1". */
  id: string;
  sql: string;
  /**
   * The step rebuilds a table others reference (SQLite's way to drop a constraint): it runs with
   * foreign keys off, as SQLite's ALTER TABLE guide says, and is refused unless every reference
   * still holds before it commits.
   */
  rebuildsTables?: boolean;
}

/**
 * SQLite runs a passive checkpoint at a commit that leaves the WAL above this many pages (4 KiB
 * each): the SQLite default, set here so it is a decision, not an accident.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 1000;
/** A quiet till may never reach the page limit; this bounds what a lost WAL file can hold. */
export const CHECKPOINT_EVERY_MS = 60_000;

/**
 * Opens the till's database file. WAL plus synchronous=FULL: a row that a call returned from is
 * on disk (the WAL is fsynced at every commit), even if the power goes the next instant. NORMAL
 * would sync only at checkpoints and can lose the last sales on a power cut; on this kind of
 * machine FULL still commits ~5,000 times a second (docs/reliability.md), far above a till's pace.
 * The file (and the WAL/SHM files SQLite creates with the same mode) is 0600.
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[] = [],
  clock: Pick<Clock, 'now'> = systemClock,
): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: DATA_DIR_MODE });
    ensurePrivateFile(file);
    for (const side of [`${file}-wal`, `${file}-shm`]) if (existsSync(side)) chmodSync(side, DATA_FILE_MODE);
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Schema steps commit without waiting for the disk each time (a first start has dozens, each
  // once a wait of its own): a step lost to a power cut goes with its schema_migrations row, in
  // the same transaction, and simply runs again; the first FULL commit after them syncs them too.
  db.pragma('synchronous = NORMAL');
  applyMigrations(db, migrations, clock);
  db.pragma('synchronous = FULL');
  return db;
}

/** Applies the steps not yet applied, each stamped with the clock's time. */
export function applyMigrations(
  db: Db,
  migrations: readonly Migration[],
  clock: Pick<Clock, 'now'> = systemClock,
): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    // foreign_keys cannot change inside a transaction: it is turned off around it.
    if (m.rebuildsTables) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        if (m.rebuildsTables && (db.pragma('foreign_key_check') as unknown[]).length > 0)
          throw new Error(`migration ${m.id} left references that do not hold`);
        record.run(m.id, new Date(clock.now()).toISOString());
      })();
    } finally {
      if (m.rebuildsTables) db.pragma('foreign_keys = ON');
    }
  }
}

/**
 * `PRAGMA quick_check`: what SQLite found wrong, or [] when the file is sound. Checks every page
 * and index shape in O(N) (not index contents, which integrity_check does in O(N log N)).
 */
export function findDamage(db: Db): string[] {
  try {
    const rows = db.pragma('quick_check') as { quick_check: string }[];
    const found = rows.map((r) => r.quick_check).filter((line) => line !== 'ok');
    return found;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** Copies the WAL's pages into the database file. TRUNCATE also empties the WAL file. */
export function checkpoint(db: Db, mode: 'PASSIVE' | 'TRUNCATE'): { busy: boolean; pages: number } {
  const [row] = db.pragma(`wal_checkpoint(${mode})`) as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  return { busy: row?.busy === 1, pages: row?.checkpointed ?? 0 };
}

/**
 * A passive checkpoint every CHECKPOINT_EVERY_MS (a failure, e.g. a full disk, goes to `onError`
 * and the next one tries again). Returns the stop function.
 */
export function checkpointPeriodically(
  db: Db,
  clock: Pick<Clock, 'setTimer'>,
  onError: (error: unknown) => void,
  everyMs = CHECKPOINT_EVERY_MS,
): () => void {
  let timer = clock.setTimer(run, everyMs);
  let stopped = false;
  function run(): void {
    if (stopped || !db.open) return;
    try {
      checkpoint(db, 'PASSIVE');
    } catch (error) {
      onError(error);
    }
    timer = clock.setTimer(run, everyMs);
  }
  return () => {
    stopped = true;
    timer.cancel();
  };
}

/** Clean shutdown: everything into the database file and an empty WAL, then close. */
export function closeDatabase(db: Db, onError: (error: unknown) => void): void {
  if (!db.open) return;
  try {
    checkpoint(db, 'TRUNCATE');
  } catch (error) {
    onError(error);
  }
  db.close();
}
