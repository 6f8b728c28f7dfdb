// The till database: each migration applied once, in order, all or nothing, and stamped with
// the injected clock's time; the durability settings every area relies on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, openDatabase, type Migration } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';

const STEPS: Migration[] = [
  { id: 'test-1', sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)' },
  { id: 'test-2', sql: "ALTER TABLE t ADD COLUMN note TEXT NOT NULL DEFAULT ''" },
];

const applied = (db: ReturnType<typeof openDatabase>) =>
  db.prepare('SELECT id, applied_at FROM schema_migrations ORDER BY rowid').all() as {
    id: string;
    applied_at: string;
  }[];

test('migrations run once each, in order, stamped with the clock; reopening applies only new ones', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-db-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'nested', 'till.sqlite');
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));

  const first = openDatabase(file, STEPS.slice(0, 1), clock);
  first.prepare('INSERT INTO t (name) VALUES (?)').run('kept');
  first.close();

  await clock.advance(60_000);
  const second = openDatabase(file, STEPS, clock);
  t.after(() => second.close());
  assert.deepEqual(applied(second), [
    { id: 'test-1', applied_at: '2026-11-22T09:00:00.000Z' },
    { id: 'test-2', applied_at: '2026-11-22T09:01:00.000Z' },
  ]);
  assert.deepEqual(second.prepare('SELECT name, note FROM t').all(), [{ name: 'kept', note: '' }]);
  applyMigrations(second, STEPS, clock);
  assert.equal(applied(second).length, 2, 'applying again changes nothing');

  assert.equal(second.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(second.pragma('synchronous', { simple: true }), 2, 'synchronous = FULL');
  assert.equal(second.pragma('foreign_keys', { simple: true }), 1);
});

test('a failing migration leaves nothing of itself behind and is not recorded', (t) => {
  const db = openDatabase(':memory:', STEPS.slice(0, 1));
  t.after(() => db.close());
  const broken: Migration = {
    id: 'test-broken',
    sql: 'CREATE TABLE u (x INTEGER); INSERT INTO nowhere VALUES (1)',
  };
  assert.throws(() => applyMigrations(db, [broken]), /no such table: nowhere/);
  assert.deepEqual(
    applied(db).map((m) => m.id),
    ['test-1'],
  );
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'u'").get() as {
    n: number;
  };
  assert.equal(tables.n, 0, 'the half-made table is rolled back');
});
