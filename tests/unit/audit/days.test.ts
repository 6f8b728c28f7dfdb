// The Audit screen's days are the shop's days, in the shop's time zone: the computer here is set
// to UTC (for this file), the shop to London or Berlin, so a day with a clock change is one hour
// short or long, and the filter never follows the computer's zone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, dayRange } from '../../../electron/services/audit/days';
import { computerZoneForFile } from '../../support/computer-zone';

computerZoneForFile('UTC');

test('a day starts at the shop’s midnight: in a London summer an hour before midnight UTC', () => {
  assert.deepEqual(dayRange({ fromDay: '2026-01-15' }, 'Europe/London'), {
    since: '2026-01-15T00:00:00.000Z',
  });
  assert.deepEqual(dayRange({ fromDay: '2026-07-15' }, 'Europe/London'), {
    since: '2026-07-14T23:00:00.000Z',
  });
  assert.deepEqual(dayRange({ fromDay: '2026-07-15' }, 'Europe/Berlin'), {
    since: '2026-07-14T22:00:00.000Z',
  });
});

test('from the start of the first day to the end of the last, both included', () => {
  assert.deepEqual(dayRange({ fromDay: '2026-07-14', toDay: '2026-07-15' }, 'Europe/London'), {
    since: '2026-07-13T23:00:00.000Z',
    until: '2026-07-15T23:00:00.000Z',
  });
  // The day the clocks go forward has 23 hours, the day they go back 25.
  assert.deepEqual(dayRange({ fromDay: '2026-03-29', toDay: '2026-03-29' }, 'Europe/London'), {
    since: '2026-03-29T00:00:00.000Z',
    until: '2026-03-29T23:00:00.000Z',
  });
  assert.deepEqual(dayRange({ fromDay: '2026-10-25', toDay: '2026-10-25' }, 'Europe/London'), {
    since: '2026-10-24T23:00:00.000Z',
    until: '2026-10-26T00:00:00.000Z',
  });
});

test('a missing end leaves that side open; the last day crosses months and years', () => {
  assert.deepEqual(dayRange({}, 'Europe/London'), {});
  assert.deepEqual(dayRange({ toDay: '2026-01-31' }, 'Europe/London'), { until: '2026-02-01T00:00:00.000Z' });
  assert.deepEqual(dayRange({ toDay: '2026-12-31' }, 'Europe/London'), { until: '2027-01-01T00:00:00.000Z' });
  assert.deepEqual(dayRange({ toDay: '2028-02-28' }, 'UTC'), { until: '2028-02-29T00:00:00.000Z' });
});

test('the shop’s day of a moment names the file: after the shop’s midnight it is the next day', () => {
  assert.equal(dayOf(Date.parse('2026-07-14T22:59:59.000Z'), 'Europe/London'), '2026-07-14');
  assert.equal(dayOf(Date.parse('2026-07-14T23:00:00.000Z'), 'Europe/London'), '2026-07-15');
  assert.equal(dayOf(Date.parse('2026-07-14T22:30:00.000Z'), 'Europe/Berlin'), '2026-07-15');
  assert.equal(dayOf(Date.parse('2026-07-14T22:30:00.000Z'), 'UTC'), '2026-07-14');
});
