// The till's files on disk: a damaged database is found at start (quick_check) and stops
// selling with words; WAL pages reach the database file on a schedule and at a clean close;
// the data folder is 0700 and every file in it 0600.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  CHECKPOINT_EVERY_MS,
  checkpointPeriodically,
  closeDatabase,
  findDamage,
  openDatabase,
} from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';
import { startTestTill } from '../../support/till';

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-files-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const failOn = (error: unknown) => assert.fail(`unexpected storage error: ${String(error)}`);
const TABLE = { id: 'test-1', sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)' };
const rowsIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** Overwrites one page of `table` in a closed database file with garbage. */
function damagePageOf(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const { pageno } = db
    .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno DESC LIMIT 1")
    .get(table) as { pageno: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const descriptor = openSync(file, 'r+');
  writeSync(descriptor, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (pageno - 1) * pageSize);
  closeSync(descriptor);
}

test('quick_check finds a damaged page; a sound file has nothing to report', (t) => {
  const file = join(folder(t), 'till.sqlite');
  const db = openDatabase(file, [TABLE]);
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  for (let i = 0; i < 200; i++) insert.run('x'.repeat(200));
  assert.deepEqual(findDamage(db), []);
  closeDatabase(db, failOn);
  damagePageOf(file, 't');
  const reopened = openDatabase(file, [TABLE]);
  t.after(() => reopened.close());
  assert.ok(findDamage(reopened).length > 0, 'the damage is found');
});

test('a till whose database is damaged says so and refuses new sales in words', async (t) => {
  const dataDir = join(folder(t), 'data');
  const first = await startTestTill({ dataDir });
  const [product] = (await first.call('catalogue.get', {})).products;
  const basket = { lines: [{ productId: product!.id, quantity: 1 }] };
  for (let i = 0; i < 40; i++) await first.call('sales.open', basket);
  await first.close();
  damagePageOf(join(dataDir, 'paydesk.sqlite'), 'sales');

  const errors: string[] = [];
  const till = await startTestTill({
    dataDir,
    logger: { info: () => {}, warn: () => {}, error: (m) => errors.push(m) },
  });
  t.after(() => till.close());
  const storage = (await till.call('status.get', {})).storage;
  assert.equal(storage.state, 'damaged');
  assert.match(storage.detail, /damaged.*restore the latest backup/);
  const refused = await till.failure('sales.open', basket);
  assert.equal(refused.code, 'storage');
  assert.match(refused.message, /A new sale cannot start: .*damaged/);
  assert.doesNotMatch(refused.message, /SQLITE|quick_check|page/);
  assert.ok(
    errors.some((m) => m.startsWith('DATABASE DAMAGED')),
    'the log says it loudly',
  );
});

test('WAL pages reach the database file on the checkpoint schedule and at a clean close', async (t) => {
  const dir = folder(t);
  const file = join(dir, 'till.sqlite');
  const clock = new ManualClock();
  const db = openDatabase(file, [TABLE]);
  db.prepare('INSERT INTO t (body) VALUES (?)').run('first');
  const stop = checkpointPeriodically(db, clock, failOn);
  t.after(stop);
  // The database file alone (as if the WAL were lost) does not have the row yet...
  copyFileSync(file, join(dir, 'before.sqlite'));
  assert.throws(() => rowsIn(join(dir, 'before.sqlite')), /no such table/);
  // ...and does once the periodic checkpoint has run.
  await clock.advance(CHECKPOINT_EVERY_MS);
  copyFileSync(file, join(dir, 'after.sqlite'));
  assert.equal(rowsIn(join(dir, 'after.sqlite')), 1);

  db.prepare('INSERT INTO t (body) VALUES (?)').run('second');
  closeDatabase(db, failOn);
  assert.equal(existsSync(`${file}-wal`), false, 'a clean close leaves no WAL behind');
  assert.equal(rowsIn(file), 2);
});

test('a checkpoint that fails is reported and the next one tries again; a clean close reports it and still closes', async (t) => {
  const dir = folder(t);
  const file = join(dir, 'till.sqlite');
  const clock = new ManualClock();
  const db = openDatabase(file, [TABLE]);
  db.prepare('INSERT INTO t (body) VALUES (?)').run('first');
  const errors: unknown[] = [];
  const stop = checkpointPeriodically(db, clock, (error) => errors.push(error));
  t.after(stop);
  // A read transaction open on the same connection makes SQLite refuse the checkpoint.
  const holdTheWal = () => {
    db.exec('BEGIN');
    db.prepare('SELECT count(*) AS n FROM t').get();
  };
  holdTheWal();
  await clock.advance(CHECKPOINT_EVERY_MS);
  assert.deepEqual(
    errors.map((e) => (e as { code?: string }).code),
    ['SQLITE_LOCKED'],
  );
  db.exec('COMMIT');
  await clock.advance(CHECKPOINT_EVERY_MS);
  assert.equal(errors.length, 1, 'the next checkpoint went through');
  copyFileSync(file, join(dir, 'copy.sqlite'));
  assert.equal(rowsIn(join(dir, 'copy.sqlite')), 1);

  holdTheWal();
  const atClose: unknown[] = [];
  closeDatabase(db, (error) => atClose.push(error));
  assert.equal(atClose.length, 1);
  assert.equal(db.open, false, 'closed all the same');
  assert.equal(rowsIn(file), 1, 'nothing lost');
});

test('the data folder is 0700 and every file in it 0600, including older ones left readable', async (t) => {
  const dataDir = join(folder(t), 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'paydesk.log'), 'an older log\n', { mode: 0o644 });
  writeFileSync(join(dataDir, 'secret-dates.json'), '{"version":1,"saved":{}}\n', { mode: 0o644 });

  const till = await startTestTill({ dataDir });
  t.after(() => till.close());
  till.till.settings.update({ shop: { name: 'Corner Café' } });
  const [product] = (await till.call('catalogue.get', {})).products;
  await till.call('sales.open', { lines: [{ productId: product!.id, quantity: 1 }] });

  const mode = (name: string) => statSync(join(dataDir, name)).mode & 0o777;
  assert.equal(statSync(dataDir).mode & 0o777, 0o700);
  const files = readdirSync(dataDir).sort();
  for (const expected of [
    'paydesk.log',
    'paydesk.sqlite',
    'paydesk.sqlite-shm',
    'paydesk.sqlite-wal',
    'sale-number-mark.json',
    'secret-dates.json',
    'settings.json',
    'settings.json.bak',
  ])
    assert.ok(files.includes(expected), `${expected} is there`);
  assert.deepEqual(
    files.filter((name) => mode(name) !== 0o600).map((name) => `${name} ${mode(name).toString(8)}`),
    [],
    'no file is readable by other users',
  );
});
