// The till database: each migration applied once, in order, all or nothing, and stamped with
// the injected clock's time; the durability settings every area relies on; the files kept private
// (also what a power cut left); checkpoints and their upkeep; damage found in SQLite's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declareNotNullOverANull } from '../../support/damaged-database';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyMigrations,
  checkpoint,
  checkpointPeriodically,
  closeDatabase,
  findDamage,
  openDatabase,
  type Migration,
} from '../../../electron/services/storage/database';
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

test('schema steps commit without a disk wait each; every call after them gets FULL again', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-db-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // The step records the level it ran under (SQLite's pragma as a table): 1 = NORMAL, 2 = FULL.
  const seen: Migration = {
    id: 'test-seen',
    sql: 'CREATE TABLE seen AS SELECT synchronous AS level FROM pragma_synchronous',
  };
  const db = openDatabase(join(dir, 'paydesk.sqlite'), [...STEPS, seen]);
  t.after(() => db.close());
  assert.deepEqual(db.prepare('SELECT level FROM seen').all(), [{ level: 1 }]);
  assert.equal(db.pragma('synchronous', { simple: true }), 2, 'synchronous = FULL after the steps');
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

/** A temp folder removed after the test. */
function tempFolder(t: { after: (fn: () => void) => void }): string {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-db-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Adds `rows` rows of about 100 bytes each to table t. */
function fill(db: ReturnType<typeof openDatabase>, rows: number): void {
  const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`${'x'.repeat(100)}${i}`);
  })();
}

const mode = (file: string) => statSync(file).mode & 0o777;

test('an in-memory database writes no file; a left-over readable database, WAL and SHM left by a power cut are made private', (t) => {
  const folder = tempFolder(t);
  // A file would be made in the working folder (no chdir: the mutation runner's workers cannot).
  // One may be there already (left by a till that made it): then it must not be touched (its
  // status-change time would move with the 0600 a file gets).
  const stray = join(process.cwd(), ':memory:');
  const touched = () => (existsSync(stray) ? statSync(stray).ctimeMs : null);
  const before = touched();
  t.after(() => {
    if (before === null) rmSync(stray, { force: true });
  });
  closeDatabase(openDatabase(':memory:', STEPS), () => {});
  assert.equal(touched(), before, 'nothing written for :memory:');

  // A till that lost power: its database, WAL and SHM as they were, readable by anyone (an older version).
  const running = openDatabase(join(folder, 'running.sqlite'), STEPS);
  fill(running, 1);
  const file = join(folder, 'till.sqlite');
  const files = ['', '-wal', '-shm'].map((side) => {
    copyFileSync(join(folder, `running.sqlite${side}`), `${file}${side}`);
    chmodSync(`${file}${side}`, 0o644);
    return `${file}${side}`;
  });
  running.close();
  const db = openDatabase(file, STEPS);
  t.after(() => db.close());
  assert.equal((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 1, 'the WAL was kept');
  assert.deepEqual(files.map(mode), [0o600, 0o600, 0o600]);
});

test('a checkpoint says how many pages it copied, and whether a reader kept it from finishing', (t) => {
  const file = join(tempFolder(t), 'till.sqlite');
  const db = openDatabase(file, STEPS);
  const reader = openDatabase(file);
  t.after(() => {
    reader.close();
    db.close();
  });
  fill(db, 100);
  const passive = checkpoint(db, 'PASSIVE');
  assert.equal(passive.busy, false);
  assert.ok(passive.pages > 0, `pages copied: ${passive.pages}`);
  reader.prepare('BEGIN').run();
  reader.prepare('SELECT count(*) FROM t').get();
  fill(db, 1);
  db.pragma('busy_timeout = 0');
  assert.equal(checkpoint(db, 'TRUNCATE').busy, true, 'the open read stops the WAL being emptied');
  reader.prepare('COMMIT').run();
  assert.equal(checkpoint(db, 'TRUNCATE').busy, false);
  assert.equal(statSync(`${file}-wal`).size, 0);
});

test('the periodic checkpoint copies the WAL into the file until stopped, and stops itself once the database is closed', async (t) => {
  const file = join(tempFolder(t), 'till.sqlite');
  const clock = new ManualClock();
  const errors: unknown[] = [];
  const db = openDatabase(file, STEPS);
  t.after(() => closeDatabase(db, (error) => errors.push(error)));
  closeDatabase(openDatabase(file, STEPS), () => {});
  const stop = checkpointPeriodically(db, clock, (error) => errors.push(error), 1_000);
  const sizeBefore = statSync(file).size;
  fill(db, 100);
  assert.equal(statSync(file).size, sizeBefore, 'the rows are only in the WAL');
  await clock.advance(1_000);
  const copied = statSync(file).size;
  assert.ok(copied > sizeBefore, 'the rows reached the database file');
  stop();
  assert.equal(clock.timers, 0);
  fill(db, 100);
  await clock.advance(5_000);
  assert.equal(statSync(file).size, copied, 'nothing copied after stop');

  checkpointPeriodically(db, clock, (error) => errors.push(error), 1_000);
  closeDatabase(db, (error) => errors.push(error));
  closeDatabase(db, (error) => errors.push(error));
  await clock.advance(5_000);
  assert.equal(clock.timers, 0);
  assert.deepEqual(errors, []);
});

test('a periodic checkpoint stopped by its own error handler tries no more', async () => {
  const clock = new ManualClock();
  // A database whose every checkpoint fails, as on a disk that went away.
  const failing = {
    open: true,
    pragma: () => {
      throw new Error('disk I/O error');
    },
  } as unknown as ReturnType<typeof openDatabase>;
  const errors: string[] = [];
  const stop = checkpointPeriodically(
    failing,
    clock,
    (error) => {
      errors.push((error as Error).message);
      stop();
    },
    1_000,
  );
  await clock.advance(5_000);
  assert.deepEqual(errors, ['disk I/O error']);
  assert.equal(clock.timers, 0);
});

test('a sound file has no damage; a row that breaks its table is reported in the words of SQLite', (t) => {
  const file = join(tempFolder(t), 'till.sqlite');
  const db = openDatabase(file, [{ id: 'loose', sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)' }]);
  t.after(() => db.close());
  fill(db, 20);
  db.prepare('INSERT INTO t (name) VALUES (NULL)').run();
  assert.deepEqual(findDamage(db), []);
  declareNotNullOverANull(db);
  closeDatabase(db, () => {});
  const damaged = openDatabase(file);
  t.after(() => damaged.close());
  assert.deepEqual(findDamage(damaged), ['NULL value in t.name']);
});
