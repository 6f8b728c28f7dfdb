// The Audit screen's day filter in times: the shop's days are this computer's local days for now.
// When the shop's time zone is a setting, `dayStart` is the one function to switch to it.
import type { AuditFilter } from '../../../shared/contract';
import type { AuditRange } from './journal';

/** When the day "YYYY-MM-DD" began on this computer's clock (daylight saving included). */
export function dayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The day after "YYYY-MM-DD", written the same way (calendar arithmetic, no clock involved). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** From the start of `fromDay` to the end of `toDay`, both included; an absent end is open. */
export function dayRange(filter: Pick<AuditFilter, 'fromDay' | 'toDay'>): AuditRange {
  return {
    ...(filter.fromDay !== undefined && { since: dayStart(filter.fromDay).toISOString() }),
    ...(filter.toDay !== undefined && { until: dayStart(nextDay(filter.toDay)).toISOString() }),
  };
}

/** The local day of `date` as "YYYY-MM-DD" (for file names). */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
