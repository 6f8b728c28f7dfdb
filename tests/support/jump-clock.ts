// A clock that runs at real time but a test can jump forward, for end-to-end tests: the whole
// till takes one clock (payments polling, connection checks, the PIN lock), and a real browser
// and sandbox keep running beside it, so time must flow on its own. `jump(30_000)` ends a 30 s
// PIN lock at once, firing every timer it passes, instead of waiting it out.
import { sleepOn, type Clock, type TimerHandle } from '../../electron/services/common/clock';
import { settleMicrotasks } from './manual-clock';

interface Pending {
  at: number;
  fn: () => void;
  handle?: ReturnType<typeof setTimeout>;
}

export class JumpClock implements Clock {
  private skipped = 0;
  private readonly pending = new Set<Pending>();

  now(): number {
    return Date.now() + this.skipped;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const entry: Pending = { at: this.now() + Math.max(0, ms), fn };
    this.pending.add(entry);
    this.arm(entry);
    return {
      cancel: () => {
        clearTimeout(entry.handle);
        this.pending.delete(entry);
      },
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }

  /** Moves time forward by `ms`: timers due by then fire now, the others keep their place. */
  async jump(ms: number): Promise<void> {
    this.skipped += ms;
    for (const entry of this.pending) this.arm(entry);
    await settleMicrotasks();
  }

  private arm(entry: Pending): void {
    clearTimeout(entry.handle);
    // Unref'd like the system clock's timers: a pending timer never keeps the test alive.
    entry.handle = setTimeout(
      () => {
        this.pending.delete(entry);
        entry.fn();
      },
      Math.max(0, entry.at - this.now()),
    );
    entry.handle.unref?.();
  }
}
