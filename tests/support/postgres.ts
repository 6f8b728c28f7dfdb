// A throw-away PostgreSQL for one test file: its own data folder under the test's temp folder, a
// free loopback port, a fresh database per test; stopped and removed at the end. It is the real
// server (Debian's `postgresql` package; scripts/setup-test-machine.sh installs it), started the
// way `npm run shop-server` starts one (electron/services/shop-server/local-postgres.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  letPostgresThrough,
  removeLocalPostgres,
  startLocalPostgres,
  type LocalPostgres,
} from '../../electron/services/shop-server/local-postgres';

export interface TestPostgres {
  server: LocalPostgres;
  /** How long the server took from nothing (initdb) to answering, in ms. */
  startedInMs: number;
  /** A new, empty database; its URL signs in as the owner (superuser). */
  freshDatabase(): Promise<{ name: string; url: string }>;
  /** Runs SQL as the owner on a database. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    database: string,
    sql: string,
    values?: unknown[],
  ): Promise<R[]>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

let databases = 0;

/** A self-signed certificate for 127.0.0.1 (openssl), as a shop's own server might have. */
export function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'].concat([
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startTestPostgres(
  /** `durable`: fsync and synchronous commit on, as a shop's real server (benches); off for tests. */
  options: { tls?: { cert: string; key: string }; durable?: boolean } = {},
): Promise<TestPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-pg-'));
  // Test temp folders are 0700 and PostgreSQL runs as `postgres`: it may pass through them.
  letPostgresThrough(folder, tmpdir());
  const began = performance.now();
  const server = await startLocalPostgres({
    folder: join(folder, 'server'),
    durable: options.durable ?? false,
    ...(options.tls && { tls: options.tls }),
  });
  const startedInMs = Math.round(performance.now() - began);
  const query: TestPostgres['query'] = async (database, sql, values) => {
    const client = new pg.Client({ connectionString: server.url(database) });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    server,
    startedInMs,
    async freshDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      await query('postgres', `CREATE DATABASE ${name}`);
      return { name, url: server.url(name) };
    },
    query,
    async close() {
      await server.stop().catch(() => server.kill());
      removeLocalPostgres(folder);
    },
  };
}
