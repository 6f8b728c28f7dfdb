// Time as the renderer's stores read it, injected so unit tests move it by hand (the
// shape matches the services' Clock, so tests/support/manual-clock.ts fits both).
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): TimerHandle;
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};
