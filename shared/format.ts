// Numbers, dates and times in the shop's language, through Intl: one formatter per locale, used
// by the screens (renderer/src/i18n) and by the services for what they print. Money itself is in
// shared/money.ts (integer minor units; only the formatting follows the locale).
import { formatMoney, type Currency } from './money';

/** The languages the till speaks; the shop picks one in Settings. en-GB is the default. */
export const SHOP_LOCALES = ['en-GB', 'de-DE'] as const;
export type ShopLocale = (typeof SHOP_LOCALES)[number];
export const DEFAULT_LOCALE: ShopLocale = 'en-GB';

export function isShopLocale(value: unknown): value is ShopLocale {
  return typeof value === 'string' && (SHOP_LOCALES as readonly string[]).includes(value);
}

/** A known shop locale, or the default: a stale or odd value never breaks formatting. */
export function shopLocaleOr(value: unknown): ShopLocale {
  return isShopLocale(value) ? value : DEFAULT_LOCALE;
}

type DateInput = string | number | Date;

/** The minus sign the screens and slips write before a negative amount. */
export const MINUS_SIGN = '\u2212';

/**
 * Intl writes a negative amount with the hyphen-minus ("-£1.50", "-1,50 €"); what people read
 * gets the real minus sign (U+2212). Amounts for spreadsheets and messages keep the hyphen
 * (shared/money.ts formatMoney), so a number read back stays a number.
 */
export function withMinusSign(amount: string): string {
  return amount.replace('-', MINUS_SIGN);
}

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface Formatter {
  readonly locale: ShopLocale;
  /** The zone its dates and times are in; undefined: the machine's. */
  readonly timeZone: string | undefined;
  /**
   * "£1,234.50" in en-GB, "1.234,50 €" in de-DE (with the no-break space Intl puts there); a
   * negative amount with the minus sign: "−£0.50".
   */
  money(minor: number, currency: Currency): string;
  /** 1234 → "1,234" / "1.234". */
  number(value: number): string;
  /** "22 Nov 2026" / "22. Nov. 2026"; an unreadable date is shown as it came. */
  date(value: DateInput): string;
  /** "14:05" */
  time(value: DateInput, options?: { seconds?: boolean }): string;
  /** "22 Nov 2026, 14:05" */
  dateTime(value: DateInput): string;
  /** A rate in basis points as a percentage: 2000 → "20%" / "20 %", 1750 → "17.5%" / "17,5 %". */
  percent(basisPoints: number): string;
}

const cache = new Map<string, Formatter>();

/**
 * The formatter for a locale and the shop's time zone (an IANA zone; the machine's when absent),
 * built once: Intl formatters are slow to make.
 */
export function formatterFor(locale: ShopLocale = DEFAULT_LOCALE, timeZone?: string): Formatter {
  const key = `${locale} ${timeZone ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const zone = timeZone ? { timeZone } : {};
  const numbers = new Intl.NumberFormat(locale);
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short', year: 'numeric' });
  const times = new Intl.DateTimeFormat(locale, {
    ...zone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const timesWithSeconds = new Intl.DateTimeFormat(locale, {
    ...zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  const dateTimes = new Intl.DateTimeFormat(locale, {
    ...zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const when = (format: Intl.DateTimeFormat) => (value: DateInput) => {
    const date = toDate(value);
    return date ? format.format(date) : String(value);
  };
  const formatter: Formatter = {
    locale,
    timeZone,
    money: (minor, currency) => withMinusSign(formatMoney(minor, currency, { locale })),
    number: (value) => numbers.format(value),
    date: when(dates),
    time: (value, options = {}) => when(options.seconds ? timesWithSeconds : times)(value),
    dateTime: when(dateTimes),
    // Basis points are whole; dividing by 10,000 once for display only.
    percent: (basisPoints) => percents.format(basisPoints / 10_000),
  };
  cache.set(key, formatter);
  return formatter;
}

/**
 * Text as a receipt printer takes it: the no-break and narrow no-break spaces Intl puts between
 * figure and sign (or in groups, as in French) become plain spaces, which every code page has.
 */
export function forPaper(value: string): string {
  return value.replace(/[\u00a0\u202f\u2007\u2009]/g, ' ');
}

/** How a slip writes amounts, dates and rates: the shop's locale and time zone, code-page safe. */
export interface PaperFormat {
  /**
   * "£1,234.50" in en-GB, "1.234,50 €" in de-DE: grouped as the locale writes it, plain spaces;
   * a negative amount with the minus sign (printed as '-' where the code page lacks it).
   */
  money(minor: number, currency: Currency): string;
  /** "04/03/2026 16:12" in en-GB, "04.03.2026 16:12" in de-DE: fixed width, no month names. */
  dateTime(value: DateInput): string;
  /** 1900 → "19%" / "19 %". */
  percent(basisPoints: number): string;
}

/**
 * The paper format for a shop: `timeZone` is an IANA zone (the machine's when absent), so a slip
 * shows the shop's wall-clock time, never UTC.
 */
export function paperFormat(locale: string | undefined, timeZone?: string): PaperFormat {
  const shopLocale = shopLocaleOr(locale);
  const screen = formatterFor(shopLocale);
  // Numeric parts from en-GB, put together by hand: the same width in every locale.
  const parts = new Intl.DateTimeFormat('en-GB', {
    ...(timeZone && { timeZone }),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const mark = shopLocale === 'de-DE' ? '.' : '/';
  return {
    // The minus sign prints as '-' on code pages without it (shared/code-pages.ts).
    money: (minor, currency) => forPaper(withMinusSign(formatMoney(minor, currency, { locale: shopLocale }))),
    dateTime(value) {
      const date = toDate(value);
      if (!date) return String(value);
      const all = parts.formatToParts(date);
      const part = (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
      return `${part('day')}${mark}${part('month')}${mark}${part('year')} ${part('hour')}:${part('minute')}`;
    },
    percent: (basisPoints) => forPaper(screen.percent(basisPoints)),
  };
}
