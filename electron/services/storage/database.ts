import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { systemClock, type Clock } from '../common/clock';

export type Db = Database.Database;

/** A schema step owned by one service; applied once, in order, inside a transaction. */
export interface Migration {
  /** Unique across the whole database, e.g. "journal-1". */
  id: string;
  sql: string;
}

/**
 * Opens the till's database file. WAL plus synchronous=FULL: a row that a call
 * returned from is on disk, even if the process is killed the next instant.
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[] = [],
  clock: Pick<Clock, 'now'> = systemClock,
): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db, migrations, clock);
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
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, new Date(clock.now()).toISOString());
    })();
  }
}
