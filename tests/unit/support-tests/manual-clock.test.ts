// The test clock itself: a loop in the code under test fails by name instead of hanging the suite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TIMERS_WITHOUT_TIME_MOVING, ManualClock } from '../../support/manual-clock';
import { within } from '../../support/wait';

/** A smaller limit for the tests that fire many times it; the first test keeps the default. */
const LIMIT = 500;

test('ManualClock: a timer that sets itself again with no delay fails by name instead of spinning forever', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  let fired = 0;
  const again = () => {
    fired++;
    clock.setTimer(again, 0);
  };
  clock.setTimer(again, 0);
  await assert.rejects(
    within(clock.advance(1_000), 'advance to give up on the loop', 60_000),
    (error: Error) => {
      assert.equal(
        error.message,
        `ManualClock: ${MAX_TIMERS_WITHOUT_TIME_MOVING} timers fired at 2026-11-23T09:00:00.000Z without ` +
          'time moving, and another is due: this is a loop in the code under test (a timer that sets ' +
          'itself again with no delay?), not a slow test',
      );
      return true;
    },
  );
  assert.equal(fired, MAX_TIMERS_WITHOUT_TIME_MOVING);
  assert.equal(clock.now(), Date.UTC(2026, 10, 23, 9, 0, 0), 'time stood still');
});

test('ManualClock: the loop is caught also when it starts later, after time has moved', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 9, 0, 0), LIMIT);
  const again = () => clock.setTimer(again, 0);
  clock.setTimer(again, 30_000);
  await clock.advance(10_000); // nothing due yet
  await assert.rejects(
    clock.advance(60_000),
    /timers fired at 2026-11-23T09:00:30\.000Z without time moving/,
  );
});

test('ManualClock: exactly the limit of timers due at one time is fine', async () => {
  const clock = new ManualClock(undefined, LIMIT);
  let fired = 0;
  for (let i = 0; i < LIMIT; i++) clock.setTimer(() => fired++, 5);
  await clock.advance(10);
  assert.equal(fired, LIMIT);
});

test('ManualClock: many more timers than the limit are fine when time moves between them', async () => {
  const clock = new ManualClock(undefined, LIMIT);
  const start = clock.now();
  // A timer that sets itself again 1 ms on, beside timers of their own at other times.
  let ticks = 0;
  const tick = () => {
    ticks++;
    if (ticks < 3 * LIMIT) clock.setTimer(tick, 1);
  };
  clock.setTimer(tick, 1);
  const order: number[] = [];
  // 200 of them, the last at 1,403 ms: all due within the advance below.
  for (let i = 0; i < 200; i++) clock.setTimer(() => order.push(i), 10 + i * 7);

  await clock.advance(3 * LIMIT + 10);
  assert.equal(ticks, 3 * LIMIT);
  assert.deepEqual(order, [...Array(200).keys()]);
  assert.equal(clock.now(), start + 3 * LIMIT + 10);
  assert.equal(clock.timers, 0);
});

test('ManualClock: skip fires each timer due meanwhile once, late, at the new time, in the order they were due', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const start = clock.now();
  const fired: Array<[string, number]> = [];
  const check = () => {
    fired.push(['check', clock.now() - start]);
    clock.setTimer(check, 10_000);
  };
  clock.setTimer(check, 10_000);
  clock.setTimer(() => fired.push(['hourly', clock.now() - start]), 60 * 60_000);
  clock.setTimer(() => fired.push(['later', clock.now() - start]), 4 * 60 * 60_000);
  await clock.skip(3 * 60 * 60_000);
  assert.equal(clock.now() - start, 3 * 60 * 60_000);
  assert.deepEqual(fired, [
    ['check', 3 * 60 * 60_000],
    ['hourly', 3 * 60 * 60_000],
  ]);
  // The repeating check is set again from the new time; the timer not yet due waits for its time.
  await clock.advance(10_000);
  assert.deepEqual(fired.at(-1), ['check', 3 * 60 * 60_000 + 10_000]);
  await clock.advance(60 * 60_000 - 10_000);
  assert.deepEqual(
    fired.filter(([name]) => name === 'later'),
    [['later', 4 * 60 * 60_000]],
  );
});
