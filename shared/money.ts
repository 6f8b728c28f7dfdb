// Money is always an integer count of minor units (pence, cents). Never a float. Only the way an
// amount is written follows the shop's locale (Intl); the figures never change.

export const CURRENCIES = ['GBP', 'EUR'] as const;
export type Currency = string;

const DEFAULT_MONEY_LOCALE = 'en-GB';

/**
 * The locale amounts are written in when a call names none. The services never change it (their
 * logs and English words stay en-GB); the screens set it to the shop's locale
 * (renderer/src/i18n), so every amount on screen follows a language switch at once.
 */
let ambientLocale = DEFAULT_MONEY_LOCALE;

export function setMoneyLocale(locale: string): void {
  ambientLocale = locale;
}

export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** "1234.50" from 123450, exactly: Intl reads decimal strings without going through a float. */
function decimalText(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(
  locale: string,
  currency: Currency,
  grouping: boolean,
  minimumFractionDigits = 2,
): Intl.NumberFormat {
  const known = /^[A-Z]{3}$/.test(currency);
  const id = `${locale}|${known ? currency : ''}|${grouping}|${minimumFractionDigits}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(known ? { style: 'currency', currency } : { style: 'decimal' }),
      // Minor units are hundredths for every currency the till takes.
      minimumFractionDigits,
      maximumFractionDigits: 2,
      useGrouping: grouping,
    });
    formats.set(id, format);
  }
  return format;
}

/** The currency's sign as the locale writes it: "£", "€"; the code for one it has no sign for. */
export function currencySymbol(currency: Currency, locale: string = ambientLocale): string {
  if (!/^[A-Z]{3}$/.test(currency)) return '';
  const part = moneyFormat(locale, currency, true)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}

/**
 * "£1,234.50", "-€0.05" in en-GB; "1.234,50 €" in de-DE. An amount with no (or no valid)
 * currency is written as a plain number. Grouping only where a cashier reads it; receipts use
 * formatMoneyPlain.
 */
export function formatMoney(
  minor: number,
  currency: Currency,
  options: { grouping?: boolean; locale?: string; wholeWithoutCents?: boolean } = {},
): string {
  if (!isMinorUnits(minor)) throw new RangeError(`Not an amount in minor units: ${String(minor)}`);
  // "£5" / "5 €" for a note on a button; any other amount keeps its two decimals.
  const fraction = options.wholeWithoutCents && minor % 100 === 0 ? 0 : 2;
  const format = moneyFormat(options.locale ?? ambientLocale, currency, options.grouping !== false, fraction);
  // Intl's format takes a decimal string (ES2023), so large amounts stay exact.
  return format.format(decimalText(minor) as unknown as number);
}

/**
 * For paper: no grouping, and plain spaces where Intl puts no-break ones (code pages lack the
 * narrow one), so the same figure prints on every printer.
 */
export function formatMoneyPlain(minor: number, currency: Currency, locale?: string): string {
  return formatMoney(minor, currency, { grouping: false, ...(locale && { locale }) }).replace(
    /[\u00a0\u202f]/g,
    ' ',
  );
}

export type ParsedAmount =
  | { ok: true; minor: number }
  /** `problem` names the reason for the screens' catalogues; `reason` is the English words. */
  | { ok: false; problem: 'empty' | 'unreadable'; reason: string };

/** The decimal mark the locale writes ("." in en-GB, "," in de-DE). */
export function decimalMark(locale: string = ambientLocale): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** An amount as a cashier would type it back: "12.50" in en-GB, "12,50" in de-DE (parseAmount reads it). */
export function amountText(minor: number, locale: string = ambientLocale): string {
  if (!isMinorUnits(minor)) throw new RangeError(`Not an amount in minor units: ${String(minor)}`);
  return decimalText(minor).replace('.', decimalMark(locale));
}

/**
 * Parses what a cashier types ("12", "12.5", "12.50", "£12.50", "1,200.00"; in de-DE "12,50",
 * "1.200,00 €") into minor units with string arithmetic only, so 0.1 + 0.2 problems cannot happen.
 */
export function parseAmount(text: string, locale: string = ambientLocale): ParsedAmount {
  const mark = decimalMark(locale);
  const cleaned = text
    .trim()
    .replace(/^[£€]|[£€]$/g, '')
    .trim()
    .replaceAll(mark === ',' ? '.' : ',', '')
    .replace(mark, '.');
  if (cleaned === '') return { ok: false, problem: 'empty', reason: 'Enter an amount.' };
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match)
    return {
      ok: false,
      problem: 'unreadable',
      reason: `"${text}" is not an amount (use digits and up to two decimals).`,
    };
  const units = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, minor: units * 100 + cents };
}

/** The card service accepts 1 .. 99,999,999 minor units. */
export const MAX_CARD_AMOUNT = 99_999_999;

export function sumMinor(values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    if (!isMinorUnits(v)) throw new RangeError(`Not an amount in minor units: ${String(v)}`);
    total += v;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('Total is too large');
  return total;
}
