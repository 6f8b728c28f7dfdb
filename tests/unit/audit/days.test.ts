// The Audit screen's days are the shop's days: this computer's local midnight to midnight (the
// time zone is set for this file, so a day with a clock change is one hour short or long).
process.env.TZ = 'Europe/London';

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, dayRange, dayStart, nextDay } from '../../../electron/services/audit/days';

test('a day starts at local midnight: in summer an hour before midnight UTC', () => {
  assert.equal(dayStart('2026-01-15').toISOString(), '2026-01-15T00:00:00.000Z');
  assert.equal(dayStart('2026-07-15').toISOString(), '2026-07-14T23:00:00.000Z');
});

test('from the start of the first day to the end of the last, both included', () => {
  assert.deepEqual(dayRange({ fromDay: '2026-07-14', toDay: '2026-07-15' }), {
    since: '2026-07-13T23:00:00.000Z',
    until: '2026-07-15T23:00:00.000Z',
  });
  // The day the clocks go forward has 23 hours, the day they go back 25.
  assert.deepEqual(dayRange({ fromDay: '2026-03-29', toDay: '2026-03-29' }), {
    since: '2026-03-29T00:00:00.000Z',
    until: '2026-03-29T23:00:00.000Z',
  });
  assert.deepEqual(dayRange({ fromDay: '2026-10-25', toDay: '2026-10-25' }), {
    since: '2026-10-24T23:00:00.000Z',
    until: '2026-10-26T00:00:00.000Z',
  });
});

test('a missing end leaves that side open', () => {
  assert.deepEqual(dayRange({}), {});
  assert.deepEqual(dayRange({ fromDay: '2026-01-15' }), { since: '2026-01-15T00:00:00.000Z' });
  assert.deepEqual(dayRange({ toDay: '2026-01-15' }), { until: '2026-01-16T00:00:00.000Z' });
});

test('the next day crosses months, years and 29 February', () => {
  assert.equal(nextDay('2026-01-31'), '2026-02-01');
  assert.equal(nextDay('2026-12-31'), '2027-01-01');
  assert.equal(nextDay('2028-02-28'), '2028-02-29');
  assert.equal(nextDay('2026-02-28'), '2026-03-01');
});

test('the local day of a moment names the file: after local midnight it is the next day', () => {
  assert.equal(dayOf(new Date('2026-07-14T22:59:59.000Z')), '2026-07-14');
  assert.equal(dayOf(new Date('2026-07-14T23:00:00.000Z')), '2026-07-15');
  assert.equal(dayOf(new Date('2026-01-05T00:00:00.000Z')), '2026-01-05');
});
