// When a backup is due: once a day, at night (BACKUP_HOUR, the till's local time) when the till is
// on, or soon after it starts when the night was missed (a till switched off at night still backs
// up every day). A failed try is tried again after RETRY_AFTER_FAILURE_MS and shown meanwhile.
import type { Clock, TimerHandle } from '../common/clock';

export const DAY_MS = 24 * 60 * 60_000;
/** The night's backup: 03:00, after a late bar closes and before an early café opens. */
export const BACKUP_HOUR = 3;
/** After a start the till settles first (payments resumed, the counter ready), then checks. */
export const FIRST_CHECK_AFTER_START_MS = 2 * 60_000;
export const CHECK_EVERY_MS = 10 * 60_000;
export const RETRY_AFTER_FAILURE_MS = 30 * 60_000;
/** Older than this, the top bar says the backups need someone. */
export const STALE_AFTER_MS = 2 * DAY_MS;

/** The most recent night-time slot at or before `now` (local time). */
export function lastSlot(now: number, hour = BACKUP_HOUR): number {
  const slot = new Date(now);
  slot.setHours(hour, 0, 0, 0);
  if (slot.getTime() > now) slot.setDate(slot.getDate() - 1);
  return slot.getTime();
}

export interface ScheduleFacts {
  now: number;
  /** When the last good backup was made (ms), or null. */
  lastGoodAt: number | null;
  /** When the last try failed (ms), or null when the last try was good. */
  lastFailedAt: number | null;
}

/** When the next scheduled backup should run (ms): at once (`now`) when it is already due. */
export function nextDueAt(facts: ScheduleFacts): number {
  const slot = lastSlot(facts.now);
  const covered = facts.lastGoodAt !== null && facts.lastGoodAt >= slot;
  const due = covered ? slot + DAY_MS : facts.now;
  if (facts.lastFailedAt === null) return due;
  return Math.max(due, facts.lastFailedAt + RETRY_AFTER_FAILURE_MS);
}

export function isDue(facts: ScheduleFacts): boolean {
  return nextDueAt(facts) <= facts.now;
}

/**
 * Checks FIRST_CHECK_AFTER_START_MS after `start` and then every CHECK_EVERY_MS, and runs the
 * backup when `due()` says so. One run at a time; a run's failure is the run's business.
 */
export class BackupSchedule {
  private timer: TimerHandle | null = null;
  private stopped = false;

  constructor(
    private readonly clock: Pick<Clock, 'setTimer'>,
    private readonly due: () => boolean,
    private readonly run: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  start(): void {
    this.stopped = false;
    this.arm(FIRST_CHECK_AFTER_START_MS);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private arm(ms: number): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimer(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    try {
      if (this.due()) await this.run();
    } catch (error) {
      this.onError(error);
    } finally {
      this.arm(CHECK_EVERY_MS);
    }
  }
}
