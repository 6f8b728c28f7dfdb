// Applies the shop server's schema steps in order, each in its own transaction, recorded in
// `schema_migrations`. Run by `npm run shop-server -- migrate` as the database's owner; a till only
// reads the number (schemaVersion).
import type { ClientBase } from 'pg';
import { TillError } from '../../../shared/contract/errors';
import { SHOP_SERVER_MIGRATIONS, type ShopMigration } from './schema/index';

/** One number for every Paydesk migration on any database, so two at once wait for each other. */
const MIGRATION_LOCK = 730_030;
const UNDEFINED_TABLE = '42P01';

/** The highest step applied (0 for an empty database). */
export async function schemaVersion(client: ClientBase): Promise<number> {
  try {
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    return rows[0]?.version ?? 0;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return 0;
    throw error;
  }
}

export interface MigrationResult {
  /** The steps applied now, in order (none when it was up to date). */
  applied: Pick<ShopMigration, 'version' | 'name'>[];
  version: number;
}

/** Applies every step the database lacks; refuses a database newer than this code knows. */
export async function migrate(
  client: ClientBase,
  steps: readonly ShopMigration[] = SHOP_SERVER_MIGRATIONS,
): Promise<MigrationResult> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY CHECK (version > 0),
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    // Only the owner makes objects here: a till (or anyone else who can sign in) cannot plant a
    // table or function in public that a query would find first.
    await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    const known = steps.at(-1)?.version ?? 0;
    let version = await schemaVersion(client);
    if (version > known)
      throw new TillError(
        'conflict',
        `This shop server's database was updated by a newer Paydesk (step ${version}; this one knows up to ${known}). Update Paydesk here first.`,
      );
    const applied: MigrationResult['applied'] = [];
    for (const step of steps) {
      if (step.version <= version) continue;
      await client.query('BEGIN');
      try {
        await client.query(step.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          step.version,
          step.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
      applied.push({ version: step.version, name: step.name });
      version = step.version;
    }
    return { applied, version };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
  }
}
