// One backup is one self-describing SQLite file: the till's tables as they were at one instant,
// plus a manifest table saying when, from which till version and schema, with which settings
// (never a secret), the sale-number and Z-number marks, and how many rows each table holds.
// A backup is good only when it opens, passes `PRAGMA integrity_check` and holds those counts.
import Database from 'better-sqlite3';
import { z } from 'zod';
import type { Db } from '../storage/database';

export const MANIFEST_TABLE = 'paydesk_backup_manifest';
export const BACKUP_FORMAT = 1;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  tillVersion: z.string(),
  /** The schema steps applied, so a till too old for the backup says so instead of misreading it. */
  migrations: z.array(z.string()),
  /** The settings without the manager PIN record; secrets are never in the settings. */
  settings: z.record(z.string(), z.unknown()),
  /** The highest sale and Z numbers ever handed out when the backup began. */
  marks: z.object({ saleNumber: z.number().int().nonnegative(), zNumber: z.number().int().nonnegative() }),
  /** The highest sale number the backup holds (0: none). */
  lastSaleNumber: z.number().int().nonnegative(),
  /** Rows per table, as written: a restore checks them again. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** What was wrong with a file offered as a backup (words: ./words.ts). */
export type BackupFileProblem = 'unreadable' | 'notABackup' | 'damaged' | 'incomplete' | 'newerTill';

export type BackupFileCheck =
  { ok: true; manifest: BackupManifest } | { ok: false; problem: BackupFileProblem; detail: string };

/** Rows in every table of the till (SQLite's own and the manifest left out), by table name. */
export function tableCounts(db: Db): Record<string, number> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ? ORDER BY name",
    )
    .all(MANIFEST_TABLE) as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    counts[name] = (db.prepare(`SELECT COUNT(*) AS n FROM ${quoted}`).get() as { n: number }).n;
  }
  return counts;
}

/** Adds the manifest to a backup copy (one row, JSON). */
export function writeManifest(db: Db, manifest: BackupManifest): void {
  db.exec(`CREATE TABLE ${MANIFEST_TABLE} (format INTEGER NOT NULL, manifest TEXT NOT NULL)`);
  db.prepare(`INSERT INTO ${MANIFEST_TABLE} (format, manifest) VALUES (?, ?)`).run(
    manifest.format,
    JSON.stringify(manifest),
  );
}

/** The manifest of an open backup, or null when it has none (not a backup) or it cannot be read. */
export function readManifest(db: Db): BackupManifest | null {
  try {
    const row = db.prepare(`SELECT manifest FROM ${MANIFEST_TABLE}`).get() as
      { manifest: string } | undefined;
    if (!row) return null;
    const parsed = manifestSchema.safeParse(JSON.parse(row.manifest));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function openReadOnly(file: string): Db {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/**
 * Opens the file read-only and checks it: `full` runs `PRAGMA integrity_check` and compares every
 * table's rows with the manifest (what a backup must pass before it keeps its name, and a restore
 * before it is used); without it only the manifest is read (a folder's list). Migrations this till
 * does not know mean a newer till wrote it.
 */
export function checkBackupFile(
  file: string,
  options: { full: boolean; knownMigrations?: ReadonlySet<string> },
): BackupFileCheck {
  let db: Db;
  try {
    db = openReadOnly(file);
  } catch (error) {
    return { ok: false, problem: 'unreadable', detail: String(error) };
  }
  try {
    let manifest: BackupManifest | null;
    try {
      manifest = readManifest(db);
    } catch (error) {
      return { ok: false, problem: 'notABackup', detail: String(error) };
    }
    if (options.full) {
      let found: string[];
      try {
        found = (db.pragma('integrity_check') as { integrity_check: string }[])
          .map((r) => r.integrity_check)
          .filter((line) => line !== 'ok');
      } catch (error) {
        found = [String(error)];
      }
      // A file SQLite cannot read at all is no backup; one it reads with faults is a damaged one.
      if (found.length > 0 && manifest === null)
        return { ok: false, problem: 'notABackup', detail: found.slice(0, 3).join('; ') };
      if (found.length > 0) return { ok: false, problem: 'damaged', detail: found.slice(0, 3).join('; ') };
    }
    if (manifest === null) return { ok: false, problem: 'notABackup', detail: 'no manifest' };
    const unknown = options.knownMigrations
      ? manifest.migrations.filter((id) => !options.knownMigrations!.has(id))
      : [];
    if (unknown.length > 0)
      return { ok: false, problem: 'newerTill', detail: `unknown schema steps: ${unknown.join(', ')}` };
    if (options.full) {
      const counts = tableCounts(db);
      const expected = manifest.counts;
      const differ = [...new Set([...Object.keys(counts), ...Object.keys(expected)])].filter(
        (table) => counts[table] !== expected[table],
      );
      if (differ.length > 0)
        return {
          ok: false,
          problem: 'incomplete',
          detail: differ
            .map((t) => `${t}: ${counts[t] ?? 'none'} rows, manifest ${expected[t] ?? 'none'}`)
            .join('; '),
        };
    }
    return { ok: true, manifest };
  } catch (error) {
    return { ok: false, problem: 'unreadable', detail: String(error) };
  } finally {
    db.close();
  }
}
