// When the spool cannot write: the cashier reads whether the disk is full or the storage failed,
// and whether it was the receipt or the reprint that could not be saved; nothing queued is lost.
// A full disk is told apart by SQLite's code or by the system's words (ENOSPC). And the spool's
// tables as earlier tills left them open under this version, their migrations known by id.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { SPOOL_MIGRATIONS, PrintSpool } from '../../../electron/services/printing/spool';
import { storageError } from '../../../electron/services/printing/spool-store';
import { openDatabase } from '../../../electron/services/storage/database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../support/manual-clock';
import { openScriptedSpool, renderPlain, type ScriptedSpool } from './scripted-spool';

const bigLines = (label: string) => [
  { type: 'TEXT' as const, format: [], value: 'THE KINGS ARMS' },
  { type: 'TEXT' as const, format: [], value: `Receipt ${label}` },
  { type: 'TEXT' as const, format: [], value: 'x'.repeat(150_000) },
];

function enqueueBig(run: ScriptedSpool, id: string) {
  const lines = bigLines(id);
  return run.spool.enqueue({
    receiptId: id,
    printerId: 'counter',
    lines,
    bytes: renderPlain(lines, { duplicate: false }),
  });
}

/** The database file cannot grow any more, as on a full disk. */
function fillDisk(run: ScriptedSpool): void {
  const pages = (run.db.pragma('page_count', { simple: true }) as number) + 1;
  run.db.pragma(`max_page_count = ${pages}`);
}

function storageWords(expected: { message: string; key: string }) {
  return (error: unknown) => {
    assert.ok(error instanceof TillError, `a TillError, not ${String(error)}`);
    assert.equal(error.code, 'storage');
    assert.equal(error.message, expected.message);
    assert.deepEqual(error.words, { key: expected.key });
    return true;
  };
}

test('a receipt that cannot be saved on a full disk says so, and what is queued stays', async () => {
  const run = await openScriptedSpool();
  try {
    run.enqueue('kept-1');
    fillDisk(run);
    assert.throws(
      () => enqueueBig(run, 'too-big'),
      storageWords({
        message: "Could not save the print job: the till's disk is full. Nothing already queued was lost.",
        key: 'printing.diskFull.job',
      }),
    );
    assert.deepEqual(
      run.spool.list().map((j) => j.id),
      ['kept-1'],
    );
  } finally {
    await run.close();
  }
});

test('a reprint that cannot be saved on a full disk says it was the reprint', async () => {
  const run = await openScriptedSpool();
  try {
    enqueueBig(run, 'big-1');
    await run.until('big-1', (j) => j.state === 'printed');
    fillDisk(run);
    assert.throws(
      () => run.spool.reprint('big-1'),
      storageWords({
        message: "Could not save the reprint: the till's disk is full. Nothing already queued was lost.",
        key: 'printing.diskFull.reprint',
      }),
    );
    assert.deepEqual(
      run.spool.list().map((j) => j.id),
      ['big-1'],
    );
  } finally {
    await run.close();
  }
});

test('storage that refuses writes for another reason is a storage failure, not a full disk', async () => {
  const run = await openScriptedSpool();
  try {
    run.db.pragma('query_only = 1');
    assert.throws(
      () => run.enqueue('r-1'),
      storageWords({
        message: "Could not save the print job: the till's storage failed. Nothing already queued was lost.",
        key: 'printing.storageFailed.job',
      }),
    );
    run.db.pragma('query_only = 0');
  } finally {
    await run.close();
  }
});

test('a full disk is known by SQLite’s code alone or by the system’s ENOSPC; anything else is a failure', () => {
  const sqliteFull = Object.assign(new Error('write failed'), { code: 'SQLITE_FULL' });
  const noSpace = new Error('ENOSPC: no space left on device, write');
  const ioError = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
  assert.equal(storageError('job', sqliteFull).words?.key, 'printing.diskFull.job');
  assert.equal(storageError('reprint', noSpace).words?.key, 'printing.diskFull.reprint');
  assert.equal(storageError('job', ioError).words?.key, 'printing.storageFailed.job');
  assert.equal(storageError('job', ioError).cause, ioError, 'the database’s own error stays for the log');
  // Something thrown that is not even an error is still worded, never a crash of its own.
  assert.equal(storageError('job', undefined).words?.key, 'printing.storageFailed.job');
  assert.equal(storageError('reprint', null).words?.key, 'printing.storageFailed.reprint');
});

function spoolOn(file: string) {
  const db = openDatabase(file, SPOOL_MIGRATIONS);
  const spool = new PrintSpool({ db, clock: new ManualClock(), printers: [] });
  return { db, spool };
}

test('a spool database from a till before the needs-check column upgrades, its uncertain jobs needing a look', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-spool-upgrade-'));
  try {
    const file = join(dir, 'till.db');
    const old = openDatabase(file, []);
    // What a till on the first two spool migrations left behind, under the ids it recorded.
    old.exec(SPOOL_MIGRATIONS[0]!.sql);
    old.exec(SPOOL_MIGRATIONS[1]!.sql);
    const stamp = '2026-01-05T10:00:00.000Z';
    for (const id of ['spool-1', 'spool-2'])
      old.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(id, stamp);
    const row = old.prepare(
      `INSERT INTO print_jobs (id, receipt_id, printer_id, state, reason, next_attempt_at, bytes, lines_json,
         created_at, updated_at) VALUES (?, ?, 'counter', ?, ?, 0, x'00', '[]', ?, ?)`,
    );
    row.run('u-1', 'u-1', 'uncertain', 'no_confirmation', stamp, stamp);
    row.run('u-2', 'u-2', 'uncertain', 'reprinted', stamp, stamp);
    row.run('p-1', 'p-1', 'printed', null, stamp, stamp);
    old.close();

    const { db, spool } = spoolOn(file);
    try {
      const needsCheck = Object.fromEntries(spool.list().map((j) => [j.id, j.needsCheck]));
      assert.deepEqual(needsCheck, { 'u-1': true, 'u-2': false, 'p-1': false });
    } finally {
      await spool.close();
      db.close();
    }
    // And a till already on this version opens it again as it is.
    const again = spoolOn(file);
    assert.equal(again.spool.list().length, 3);
    await again.spool.close();
    again.db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a spool database from a till already on every spool migration opens unchanged', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-spool-current-'));
  try {
    const file = join(dir, 'till.db');
    const current = openDatabase(file, []);
    for (const migration of SPOOL_MIGRATIONS) current.exec(migration.sql);
    for (const id of ['spool-1', 'spool-2', 'spool-3'])
      current
        .prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)')
        .run(id, '2026-01-05T10:00:00.000Z');
    current.close();
    const { db, spool } = spoolOn(file);
    assert.deepEqual(spool.list(), []);
    await spool.close();
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
