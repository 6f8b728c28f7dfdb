// The one seam for time, the same shape on every floor (services, sandbox, renderer). Every area
// that reads the time, waits or retries takes a Clock, so tests move time instead of sleeping.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `fn` after `ms`; the handle cancels it. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  /** Resolves after `ms` (or rejects with the signal's reason when aborted). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Real time. `holdsProcess: false` (the services' choice) lets a pending retry not keep a Node
 * process alive on its own: servers and sockets do that.
 */
export function realClock(options: { holdsProcess: boolean }): Clock {
  const clock: Clock = {
    now: () => Date.now(),
    setTimer(fn, ms) {
      const handle = setTimeout(fn, Math.max(0, ms));
      if (!options.holdsProcess) (handle as unknown as { unref?: () => void }).unref?.();
      return { cancel: () => clearTimeout(handle) };
    },
    sleep: (ms, signal) => sleepOn(clock, ms, signal),
  };
  return clock;
}

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
