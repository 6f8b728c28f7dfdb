// Damage as a bad write leaves it, made on purpose: a table `t` whose `name` column holds a NULL
// is rewritten in the schema as NOT NULL, so SQLite's integrity check finds the row wrong.
import type { Db } from '../../electron/services/storage/database';

/** Declares `t.name` NOT NULL over a NULL already in it (the caller has inserted one). */
export function declareNotNullOverANull(db: Db): void {
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  db.prepare(
    "UPDATE sqlite_master SET sql = replace(sql, 'name TEXT', 'name TEXT NOT NULL') WHERE name = 't'",
  ).run();
  db.pragma('writable_schema = OFF');
}
