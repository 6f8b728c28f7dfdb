// What whoever looks after the shop server does, as the database's owner: shops, and tills with
// their own PostgreSQL role and password. Used by `npm run shop-server` (cli.ts) and the tests.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { ClientBase } from 'pg';
import { TillError } from '../../../shared/contract/errors';

export interface ShopRow {
  id: number;
  name: string;
}

export interface TillRow {
  shopId: number;
  number: number;
  name: string;
  login: string;
}

/** A till's sign-in, shown once when it is made: the server keeps only a hash of the password. */
export interface TillLogin extends TillRow {
  password: string;
}

const UNIQUE_VIOLATION = '23505';
/** Set on each till's role (the outbox's own query timeout is 30 s: the server gives up first). */
export const TILL_SESSION_LIMITS: readonly (readonly [string, string])[] = [
  ['statement_timeout', '20s'],
  ['lock_timeout', '5s'],
  ['idle_in_transaction_session_timeout', '60s'],
];
const SCRAM_ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier of a password (RFC 5803/7677), as PostgreSQL stores it: CREATE ROLE
 * is given this, never the password, so no statement log on the server can show it.
 */
export function scramVerifier(password: string, salt = randomBytes(16)): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
const DUPLICATE_OBJECT = '42710';

export async function findShop(client: ClientBase, nameOrId: string): Promise<ShopRow | null> {
  const { rows } = await client.query<ShopRow>(
    'SELECT id, name FROM shops WHERE name = $1 OR id::text = $1 ORDER BY name = $1 DESC LIMIT 1',
    [nameOrId.trim()],
  );
  return rows[0] ?? null;
}

export async function listShops(client: ClientBase): Promise<ShopRow[]> {
  return (await client.query<ShopRow>('SELECT id, name FROM shops ORDER BY id')).rows;
}

/** The shop called `name`, made when there is none. */
export async function ensureShop(client: ClientBase, name: string): Promise<ShopRow> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 80)
    throw new TillError('invalid_input', 'A shop name is 1 to 80 characters.');
  const { rows } = await client.query<ShopRow>(
    `INSERT INTO shops (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name
     RETURNING id, name`,
    [trimmed],
  );
  return rows[0]!;
}

export async function listTills(client: ClientBase, shopId?: number): Promise<TillRow[]> {
  const { rows } = await client.query<TillRow>(
    `SELECT shop_id AS "shopId", number, name, role AS login FROM tills
      WHERE $1::integer IS NULL OR shop_id = $1 ORDER BY shop_id, number`,
    [shopId ?? null],
  );
  return rows;
}

/**
 * The role name of a till: the database's name, the shop and the till's number ("shop_s1_t2").
 * Roles belong to the whole PostgreSQL server, so the database's name keeps two shop databases on
 * one server apart.
 */
export function tillRoleName(database: string, shopId: number, number: number): string {
  const base =
    database
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'paydesk';
  return `${base.slice(0, 40)}_s${shopId}_t${number}`;
}

/** Adds a till to a shop with a role of its own and a new password (returned once). */
export async function addTill(
  client: ClientBase,
  till: { shopId: number; number: number; name: string },
): Promise<TillLogin> {
  const name = till.name.trim();
  if (!Number.isInteger(till.number) || till.number < 1 || till.number > 999)
    throw new TillError('invalid_input', 'A till number is a whole number from 1 to 999.');
  if (name.length < 1 || name.length > 80)
    throw new TillError('invalid_input', 'A till name is 1 to 80 characters.');
  const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
  const login = tillRoleName(rows[0]!.db, till.shopId, till.number);
  const password = randomBytes(18).toString('base64url');
  const role = client.escapeIdentifier(login);
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE ROLE ${role} LOGIN PASSWORD ${client.escapeLiteral(scramVerifier(password))} IN ROLE paydesk_till`,
    );
    // A till's session never holds the server for long: a stuck query, a lock wait or a
    // transaction left open by a till that stopped answering ends on its own.
    for (const [setting, value] of TILL_SESSION_LIMITS)
      await client.query(`ALTER ROLE ${role} SET ${setting} = ${client.escapeLiteral(value)}`);
    await client.query('INSERT INTO tills (shop_id, number, name, role) VALUES ($1, $2, $3, $4)', [
      till.shopId,
      till.number,
      name,
      login,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === UNIQUE_VIOLATION || code === DUPLICATE_OBJECT)
      throw new TillError('conflict', `That shop already has a till number ${till.number}.`);
    throw error;
  }
  return { shopId: till.shopId, number: till.number, name, login, password };
}
