// The one seam for time. Every area that reads the time, waits or retries takes a Clock, so
// tests move time instead of sleeping and production uses the real one.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `fn` after `ms`; the handle cancels it. Never keeps the process alive on its own. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  /** Resolves after `ms` (or rejects with the signal's reason when aborted). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
  sleep: (ms, signal) => sleepOn(systemClock, ms, signal),
};

/** `sleep` built on a clock's timer, so a manual clock gets it for free. */
export function sleepOn(clock: Pick<Clock, 'setTimer'>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      timer.cancel();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
