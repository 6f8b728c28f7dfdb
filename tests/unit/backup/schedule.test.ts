// When a backup is due: once a day at night, soon after start when the night was missed, a
// failed try again half an hour later, and the schedule's timer runs it on the injected clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BACKUP_HOUR,
  BackupSchedule,
  CHECK_EVERY_MS,
  DAY_MS,
  FIRST_CHECK_AFTER_START_MS,
  isDue,
  lastSlot,
  nextDueAt,
  RETRY_AFTER_FAILURE_MS,
} from '../../../electron/services/backup/schedule';
import { ManualClock } from '../../support/manual-clock';

/** Local time on 23 November 2026 (the schedule works in the till's local time). */
const at = (hour: number, minute = 0, day = 23) => new Date(2026, 10, day, hour, minute).getTime();

test('the night slot is 03:00 local: before it, yesterday’s counts', () => {
  assert.equal(BACKUP_HOUR, 3);
  assert.equal(lastSlot(at(9)), at(3));
  assert.equal(lastSlot(at(3)), at(3), 'at the slot itself');
  assert.equal(lastSlot(at(2, 59)), at(3, 0, 22));
});

test('a till switched off at night backs up soon after it starts, not never', () => {
  // Last good backup yesterday evening; the till was off at 03:00 and starts at 08:00.
  const facts = { now: at(8), lastGoodAt: at(19, 0, 22), lastFailedAt: null };
  assert.equal(isDue(facts), true);
  assert.equal(nextDueAt(facts), at(8));
});

test('after a good backup past the slot, the next is the next night', () => {
  const facts = { now: at(9), lastGoodAt: at(3, 5), lastFailedAt: null };
  assert.equal(isDue(facts), false);
  assert.equal(nextDueAt(facts), at(3, 0, 24));
  assert.equal(isDue({ ...facts, now: at(3, 0, 24) }), true);
  assert.equal(isDue({ ...facts, now: at(2, 59, 24) }), false);
});

test('never backed up: due at once', () => {
  assert.equal(isDue({ now: at(12), lastGoodAt: null, lastFailedAt: null }), true);
});

test('a failed try is tried again after RETRY_AFTER_FAILURE_MS, not before', () => {
  assert.equal(RETRY_AFTER_FAILURE_MS, 30 * 60_000);
  const failedAt = at(3, 1);
  const facts = { now: at(3, 20), lastGoodAt: at(3, 0, 22), lastFailedAt: failedAt };
  assert.equal(isDue(facts), false);
  assert.equal(nextDueAt(facts), failedAt + RETRY_AFTER_FAILURE_MS);
  assert.equal(isDue({ ...facts, now: failedAt + RETRY_AFTER_FAILURE_MS }), true);
});

test('the schedule checks a little after start, then every CHECK_EVERY_MS, and runs when due', async () => {
  const clock = new ManualClock(at(8));
  let due = false;
  const runs: number[] = [];
  const schedule = new BackupSchedule(
    clock,
    () => due,
    async () => {
      runs.push(clock.now());
      due = false;
    },
  );
  due = true;
  schedule.start();
  await clock.advance(FIRST_CHECK_AFTER_START_MS - 1);
  assert.deepEqual(runs, [], 'not at once: the till settles first');
  await clock.advance(1);
  assert.deepEqual(runs, [at(8) + FIRST_CHECK_AFTER_START_MS]);
  await clock.advance(CHECK_EVERY_MS * 3);
  assert.equal(runs.length, 1, 'not due again: no second run');
  due = true;
  await clock.advance(CHECK_EVERY_MS);
  assert.equal(runs.length, 2);
  schedule.stop();
  due = true;
  await clock.advance(DAY_MS);
  assert.equal(runs.length, 2, 'a stopped schedule runs nothing');
  assert.equal(clock.timers, 0);
});

test('a run that throws does not stop the schedule', async () => {
  const clock = new ManualClock(at(8));
  let tries = 0;
  const errors: unknown[] = [];
  const schedule = new BackupSchedule(
    clock,
    () => true,
    async () => {
      tries++;
      throw new Error('the stick was pulled');
    },
    (error) => errors.push(error),
  );
  schedule.start();
  await clock.advance(FIRST_CHECK_AFTER_START_MS);
  await clock.advance(CHECK_EVERY_MS);
  assert.equal(tries, 2);
  assert.equal(errors.length, 2, 'each failure is handed on (the service logs it)');
  schedule.stop();
});
