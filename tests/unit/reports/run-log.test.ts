// The record of card machine reports run from this till: every field kept as given, with the
// till's time of the run and who ran it (and who approved it), newest first, as many as asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/services/storage/database';
import { REPORTS_MIGRATIONS, ReportRunLog } from '../../../electron/services/reports/run-log';
import { ManualClock } from '../../support/manual-clock';

function runLog() {
  const clock = new ManualClock(Date.parse('2026-11-22T17:00:00.000Z'));
  const db = openDatabase(':memory:', REPORTS_MIGRATIONS, clock);
  return { clock, db, log: new ReportRunLog(db, clock) };
}

test('a run is kept with every field, the till’s time and who ran and approved it', (t) => {
  const { db, log } = runLog();
  t.after(() => db.close());
  assert.deepEqual(log.recent(), []);
  const runBy = { id: 'st-casey', name: 'Casey', approvedBy: { id: 'st-morgan', name: 'Morgan' } };
  log.record({ reportId: 'rep-1', terminalId: '22900001', type: 'Z_BAL', result: 'COMPLETE', runBy });
  assert.deepEqual(log.recent(), [
    {
      reportId: 'rep-1',
      terminalId: '22900001',
      type: 'Z_BAL',
      result: 'COMPLETE',
      runBy,
      runAt: '2026-11-22T17:00:00.000Z',
    },
  ]);
});

test('a run nobody was named for and with no result keeps both empty', (t) => {
  const { db, log } = runLog();
  t.after(() => db.close());
  log.record({ reportId: 'rep-2', terminalId: '22900002', type: 'X_BAL', result: null, runBy: null });
  const [run] = log.recent();
  assert.equal(run!.runBy, null);
  assert.equal(run!.result, null);
  assert.equal(
    (db.prepare('SELECT run_by FROM report_runs').get() as { run_by: unknown }).run_by,
    null,
    'no "null" text stored',
  );
});

test('runs come newest first, at the time each was run, and no more than asked (50 by default)', async (t) => {
  const { clock, db, log } = runLog();
  t.after(() => db.close());
  for (let i = 1; i <= 52; i++) {
    log.record({ reportId: `rep-${i}`, terminalId: '22900001', type: 'X_BAL', result: 'COMPLETE', runBy: null });
    await clock.advance(60_000);
  }
  const recent = log.recent();
  assert.equal(recent.length, 50);
  assert.equal(recent[0]!.reportId, 'rep-52');
  assert.equal(recent[0]!.runAt, '2026-11-22T17:51:00.000Z');
  assert.equal(recent[49]!.reportId, 'rep-3');
  assert.deepEqual(
    log.recent(2).map((r) => [r.reportId, r.runAt]),
    [
      ['rep-52', '2026-11-22T17:51:00.000Z'],
      ['rep-51', '2026-11-22T17:50:00.000Z'],
    ],
  );
});

test('a till database whose report log an earlier version made opens with its runs kept', (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-run-log-'));
  const opened: ReturnType<typeof openDatabase>[] = [];
  t.after(() => {
    for (const db of opened) if (db.open) db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const file = join(folder, 'paydesk.sqlite');
  // As the earlier version left it: the log's step recorded under its name, one run in the log.
  const earlier = openDatabase(file);
  opened.push(earlier);
  earlier.exec(`CREATE TABLE report_runs (
    id INTEGER PRIMARY KEY, report_id TEXT NOT NULL, terminal_id TEXT NOT NULL, type TEXT NOT NULL,
    result TEXT, run_by TEXT, run_at TEXT NOT NULL
  )`);
  earlier
    .prepare("INSERT INTO schema_migrations (id, applied_at) VALUES ('reports-1', '2026-10-01T08:00:00.000Z')")
    .run();
  earlier
    .prepare(
      "INSERT INTO report_runs (report_id, terminal_id, type, result, run_by, run_at) VALUES ('rep-old', '22900001', 'Z_BAL', 'COMPLETE', NULL, '2026-10-01T18:00:00.000Z')",
    )
    .run();
  earlier.close();

  const clock = new ManualClock(Date.parse('2026-11-22T17:00:00.000Z'));
  const db = openDatabase(file, REPORTS_MIGRATIONS, clock);
  opened.push(db);
  assert.deepEqual(new ReportRunLog(db, clock).recent(), [
    {
      reportId: 'rep-old',
      terminalId: '22900001',
      type: 'Z_BAL',
      result: 'COMPLETE',
      runBy: null,
      runAt: '2026-10-01T18:00:00.000Z',
    },
  ]);
});
