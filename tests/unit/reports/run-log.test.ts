// The record of card machine reports run from this till: every field kept as given, with the
// till's time of the run and who ran it (and who approved it), newest first, as many as asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
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
