// The shop's time zone: where its days begin and end and what its clocks say, whatever zone the
// computer is set to. An IANA name ("Europe/Berlin"); the settings keep it (shop.timeZone, the
// machine's zone written there at the first start), and every instant turned into a shop day, an
// hour or a printed date and time goes through it. Intl only: no Node, no DOM.

/** Whether `value` is a time zone Intl knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.trim() === '' || value !== value.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone this computer is set to (what the shop starts with). */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zones to choose from, A to Z, with `current` among them even if Intl does not list it. */
export function timeZoneChoices(current?: string | null): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return [...new Set([...known, 'UTC', ...(current ? [current] : [])])].sort();
}

const partsCache = new Map<string, Intl.DateTimeFormat>();

/** The calendar and clock parts of an instant in a zone (the machine's when absent). */
function partsOf(ms: number, timeZone: string | undefined) {
  const key = timeZone ?? '';
  let format = partsCache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      ...(timeZone && { timeZone }),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(key, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clocks are ahead of UTC at an instant, in ms (negative when behind). */
function offsetAt(ms: number, timeZone: string | undefined): number {
  const p = partsOf(ms, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The shop's calendar day of an instant: "2026-03-29". */
export function shopDate(instant: string | number | Date, timeZone?: string): string {
  const p = partsOf(new Date(instant).getTime(), timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The shop's hour (0–23) of an instant. */
export function shopHour(instant: string | number | Date, timeZone?: string): number {
  return partsOf(new Date(instant).getTime(), timeZone).hour;
}

/**
 * The instant a shop day begins (its first moment on the shop's clocks), `plusDays` days after
 * `date` ("2026-03-29"), as ISO time. On a day whose clocks change at midnight the day begins
 * when they show the first time after it.
 */
export function startOfShopDay(date: string, timeZone?: string, plusDays = 0): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, day + plusDays);
  // The offset at a guess, then at the answer it gives: right on either side of a change.
  const first = midnight - offsetAt(midnight, timeZone);
  const second = midnight - offsetAt(first, timeZone);
  // A midnight the clocks skip: the day begins at the change, which the later guess finds.
  return new Date(shopDate(second, timeZone) === shopDate(midnight, 'UTC') ? second : first).toISOString();
}
