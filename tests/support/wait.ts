// The one wait for something real (a server, a socket, a child process) that no clock can move:
// it polls, and gives up after a time limit with a message naming what it waited for.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Polls `probe` until it gives a value (anything but `undefined`, `null` or `false`) and returns
 * it; fails after `limitMs` with "gave up after … waiting for <what>", also when a check itself
 * never answers (an async probe asking a server that hangs). `null` is "not yet" too: a getter such
 * as a connection's `link()` says "none" with it.
 */
export async function waitUntil<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  limitMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    // A check begun just before the deadline still gets a second to answer.
    const value = await beforeDeadline(
      Promise.resolve(probe()),
      Math.max(deadline, Date.now() + 1_000),
      () => `gave up after ${limitMs} ms waiting for ${what} (its last check never answered)`,
    );
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) assert.fail(`gave up after ${limitMs} ms waiting for ${what}`);
    await delay(5);
  }
}

/** `work`, or a failure naming `what` once `limitMs` of real time passed (a hang is a failure). */
export async function within<T>(
  work: Promise<T>,
  what: string | (() => string),
  limitMs = 15_000,
): Promise<T> {
  return beforeDeadline(work, Date.now() + limitMs, () => {
    const named = typeof what === 'function' ? what() : what;
    return `gave up after ${limitMs} ms waiting for ${named}`;
  });
}

/** `work`, or an Error with `message()` at `deadline` (Date.now() time). */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
