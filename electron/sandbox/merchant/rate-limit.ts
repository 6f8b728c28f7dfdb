// 60 requests per rolling minute (spec section 8): each key keeps the times of the requests it
// was allowed, and a request passes while fewer than `limit` of them are younger than the window.
// Refused requests are not counted, so the window rolls: when the oldest leaves, one more passes.

export interface RollingLimit {
  limit: number;
  windowMs: number;
}

export class RollingWindowLimiter {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly rule: RollingLimit,
    private readonly now: () => number,
  ) {}

  /** Counts a request for `key`; the seconds to wait when it is over the limit, else null. */
  take(key: string): number | null {
    const now = this.now();
    const times = (this.recent.get(key) ?? []).filter((at) => at > now - this.rule.windowMs);
    if (times.length >= this.rule.limit) {
      this.recent.set(key, times);
      return Math.max(1, Math.ceil((times[0]! + this.rule.windowMs - now) / 1000));
    }
    times.push(now);
    this.recent.set(key, times);
    return null;
  }
}
