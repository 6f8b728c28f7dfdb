// A clock tests move by hand: timers fire in time order as `advance` passes them, so a
// 30-second lockout or a minute of retries takes no real time.
import { sleepOn, type Clock, type TimerHandle } from '../../electron/services/common/clock';

/**
 * More timers than this firing with the clock's time standing still is a loop (a timer that sets
 * itself again with no delay), not a slow test: `advance` throws instead of spinning forever.
 */
export const MAX_TIMERS_WITHOUT_TIME_MOVING = 10_000;

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private readonly pending = new Set<Pending>();
  /** The time of the last timer fired, and how many fired at it (see `loopLimit`). */
  private firedAt = Number.NaN;
  private firedWithoutMoving = 0;

  constructor(
    start = Date.UTC(2026, 10, 23, 9, 0, 0),
    /** How many timers may fire without time moving (the clock's own tests use fewer, to be quick). */
    private readonly loopLimit = MAX_TIMERS_WITHOUT_TIME_MOVING,
  ) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const entry: Pending = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.pending.add(entry);
    return { cancel: () => this.pending.delete(entry) };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }

  /** Timers not yet fired. */
  get timers(): number {
    return this.pending.size;
  }

  /** Moves time to the next timer due and fires it (and any due with it); with none set, only settles. */
  async advanceToNextTimer(): Promise<void> {
    const times = [...this.pending].map((p) => p.at);
    await this.advance(times.length > 0 ? Math.max(0, Math.min(...times) - this.current) : 0);
  }

  /**
   * Moves time forward by `ms` as a computer waking from sleep sees it: each timer due meanwhile
   * fires once, late, at the new time (in the order they were due), so a repeating check runs once
   * instead of once per interval. For tests that only need time to have passed: hours of a till's
   * connection checks, each a real request to a stand-in, take seconds to `advance` through.
   */
  async skip(ms: number): Promise<void> {
    this.current += Math.max(0, ms);
    await this.advance(0);
  }

  /**
   * Moves time forward by `ms`, firing each timer due on the way in order, and letting
   * promise callbacks run between timers (so a retry loop sees each wake-up).
   */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      // The earliest due, first set first: one pass, as thousands of timers may be pending.
      let next: Pending | undefined;
      for (const p of this.pending)
        if (p.at <= end && (!next || p.at < next.at || (p.at === next.at && p.seq < next.seq))) next = p;
      if (!next) break;
      this.current = Math.max(this.current, next.at);
      this.countFiring();
      this.pending.delete(next);
      next.fn();
      await settleMicrotasks();
    }
    this.current = end;
    await settleMicrotasks();
  }

  /** Counts a timer about to fire; throws instead when time has stood still for too many. */
  private countFiring(): void {
    if (this.current !== this.firedAt) {
      this.firedAt = this.current;
      this.firedWithoutMoving = 0;
    }
    if (this.firedWithoutMoving >= this.loopLimit) {
      throw new Error(
        `ManualClock: ${this.firedWithoutMoving} timers fired at ${new Date(this.current).toISOString()} ` +
          'without time moving, and another is due: this is a loop in the code under test (a timer ' +
          'that sets itself again with no delay?), not a slow test',
      );
    }
    this.firedWithoutMoving++;
  }
}

/**
 * Runs a manual clock fast beside real sockets: about every real millisecond it moves `stepMs`
 * on, so waits (a card machine's pace, a runner's reads and back-offs) take a small part of
 * their real time while loopback requests still get real time to answer.
 */
export function driveClock(clock: ManualClock, stepMs = 20): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      await clock.advance(stepMs);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** Lets pending promise callbacks (and I/O callbacks already queued) run. */
export async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
