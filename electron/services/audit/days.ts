// The Audit screen's day filter in times: the shop's days, in the shop's time zone
// (shared/time-zone.ts), whatever zone this computer is set to.
import type { AuditFilter } from '../../../shared/contract';
import { shopDate, startOfShopDay } from '../../../shared/time-zone';
import type { AuditRange } from './journal';

/** From the start of `fromDay` to the end of `toDay`, both included; an absent end is open. */
export function dayRange(filter: Pick<AuditFilter, 'fromDay' | 'toDay'>, timeZone?: string): AuditRange {
  return {
    ...(filter.fromDay !== undefined && { since: startOfShopDay(filter.fromDay, timeZone) }),
    ...(filter.toDay !== undefined && { until: startOfShopDay(filter.toDay, timeZone, 1) }),
  };
}

/** The shop's day of a moment as "YYYY-MM-DD" (for file names). */
export function dayOf(instant: number, timeZone?: string): string {
  return shopDate(instant, timeZone);
}
