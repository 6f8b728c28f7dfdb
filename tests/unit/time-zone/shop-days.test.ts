// The shop's days and hours in its own time zone (shared/time-zone.ts), on Berlin's DST changes:
// the spring day has 23 hours and the autumn day 25, 23:30 UTC is already the next Berlin day, and
// a name Intl does not know is no time zone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTimeZone, shopDate, shopHour, startOfShopDay, timeZoneChoices } from '../../../shared/time-zone';
import { formatterFor, paperFormat } from '../../../shared/format';

const BERLIN = 'Europe/Berlin';
const HOUR = 3_600_000;

test('23:30 UTC is the next day in Berlin, summer and winter, at the hour its clocks show', () => {
  assert.equal(shopDate('2026-01-15T23:30:00Z', BERLIN), '2026-01-16');
  assert.equal(shopHour('2026-01-15T23:30:00Z', BERLIN), 0);
  assert.equal(shopDate('2026-07-15T23:30:00Z', BERLIN), '2026-07-16');
  assert.equal(shopHour('2026-07-15T23:30:00Z', BERLIN), 1);
  assert.equal(shopDate('2026-07-15T21:59:59.999Z', BERLIN), '2026-07-15');
  assert.equal(shopDate('2026-07-15T23:30:00Z', 'UTC'), '2026-07-15');
  assert.equal(shopDate('2026-07-15T23:30:00Z', 'America/New_York'), '2026-07-15');
  assert.equal(shopHour('2026-07-15T23:30:00Z', 'Asia/Kolkata'), 5, 'half-hour zones too');
});

test('a Berlin day begins at its midnight: 23 hours on the spring change, 25 on the autumn one', () => {
  const start = (day: string, plus = 0) => Date.parse(startOfShopDay(day, BERLIN, plus));
  assert.equal(startOfShopDay('2026-01-16', BERLIN), '2026-01-15T23:00:00.000Z');
  assert.equal(startOfShopDay('2026-07-16', BERLIN), '2026-07-15T22:00:00.000Z');
  assert.equal(startOfShopDay('2026-03-29', BERLIN), '2026-03-28T23:00:00.000Z');
  assert.equal(start('2026-03-29', 1) - start('2026-03-29'), 23 * HOUR);
  assert.equal(startOfShopDay('2026-10-25', BERLIN), '2026-10-24T22:00:00.000Z');
  assert.equal(start('2026-10-25', 1) - start('2026-10-25'), 25 * HOUR);
  assert.equal(startOfShopDay('2026-12-31', BERLIN, 1), '2026-12-31T23:00:00.000Z', 'into the new year');
  assert.equal(startOfShopDay('2026-03-29', 'UTC'), '2026-03-29T00:00:00.000Z');
  // Every day of the year: its start is a midnight on the shop's clocks, and the day before ends there.
  for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 24 * HOUR) {
    const date = new Date(day).toISOString().slice(0, 10);
    const begins = Date.parse(startOfShopDay(date, BERLIN));
    assert.equal(shopDate(begins, BERLIN), date, date);
    assert.equal(shopHour(begins, BERLIN), 0, date);
    assert.notEqual(shopDate(begins - 1, BERLIN), date, date);
  }
});

test('where the clocks skip midnight, the day begins when they show its first time', () => {
  // Santiago moves its clocks from 00:00 to 01:00 on the first Sunday of September 2026.
  const begins = startOfShopDay('2026-09-06', 'America/Santiago');
  assert.equal(shopDate(begins, 'America/Santiago'), '2026-09-06');
  assert.notEqual(shopDate(Date.parse(begins) - 1, 'America/Santiago'), '2026-09-06');
});

test('a time zone is a name Intl knows; the list to choose from holds the current one', () => {
  for (const zone of ['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kolkata'])
    assert.ok(isTimeZone(zone), zone);
  for (const zone of ['', ' Europe/Berlin', 'Europe/Atlantis', 'GMT+25', '../etc/passwd'])
    assert.ok(!isTimeZone(zone), zone);
  const choices = timeZoneChoices('Etc/GMT-3');
  assert.ok(choices.includes('Europe/Berlin') && choices.includes('UTC') && choices.includes('Etc/GMT-3'));
  assert.deepEqual(choices, [...choices].sort(), 'A to Z');
  assert.equal(new Set(choices).size, choices.length);
});

test('screens and slips write the shop’s clock, not the machine’s', () => {
  assert.equal(formatterFor('en-GB', BERLIN).dateTime('2026-03-28T23:30:00Z'), '29 Mar 2026, 00:30');
  assert.equal(formatterFor('de-DE', BERLIN).time('2026-03-29T23:30:00Z'), '01:30');
  assert.equal(formatterFor('en-GB', 'UTC').time('2026-03-29T23:30:00Z'), '23:30');
  assert.equal(formatterFor('en-GB', BERLIN).timeZone, BERLIN);
  assert.equal(paperFormat('de-DE', BERLIN).dateTime('2026-03-29T23:30:00Z'), '30.03.2026 01:30');
});
