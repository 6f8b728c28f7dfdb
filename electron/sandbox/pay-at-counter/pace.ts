// The card machine's sense of time: the shared Clock to read the time and set timers, and
// `speed`, which runs the scripts' human-paced pauses faster.

import { realClock, type Clock, type TimerHandle } from '../../../shared/clock';

/** The stand-in's clock is the shared Clock (a test may pass a ManualClock). */
export type SandboxClock = Pick<Clock, 'now' | 'setTimer'>;
export type SandboxTimer = TimerHandle;

/** Real time. Timers hold the process: the stand-in's own pauses keep its process going. */
export const realTime: SandboxClock = realClock({ holdsProcess: true });

/** Hands out the pauses of one stand-in and stops them all when it closes. */
export class Pace {
  private readonly timers = new Set<SandboxTimer>();
  private stopped = false;
  readonly speed: number;

  /** The time record fields carry; the clock's unless the stand-in was given a fixed one. */
  readonly recordTime: () => Date;

  constructor(
    readonly clock: SandboxClock,
    speed: number | undefined,
    recordTime?: () => Date,
  ) {
    this.speed = speed && speed > 0 ? speed : 1;
    this.recordTime = recordTime ?? (() => new Date(clock.now()));
  }

  get closed(): boolean {
    return this.stopped;
  }

  /** The record time as record fields carry it. */
  isoNow(): string {
    return this.recordTime().toISOString();
  }

  /**
   * A pause of the card machine; `scaled` pauses run `speed` times faster. `onInterrupt` gets a
   * wake-up that ends the pause early (a cancel, a signature answer). Once closed, a pause never
   * ends, so a script in progress simply stops where it is.
   */
  pause(ms: number, onInterrupt?: (wake: () => void) => void, scaled = true): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return;
      const timer = this.clock.setTimer(
        () => {
          this.timers.delete(timer);
          resolve();
        },
        scaled ? ms / this.speed : ms,
      );
      this.timers.add(timer);
      onInterrupt?.(() => {
        timer.cancel();
        this.timers.delete(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }
}
