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
  /**
   * `problem` names the reason for the screens' catalogues (`amount.<problem>`); `reason` is the
   * English words. `mark`: the other decimal mark ("1.5" on a German till), never read as 15.
   */
  | { ok: false; problem: 'empty' | 'unreadable' | 'mark'; reason: string };

interface NumberMarks {
  decimal: '.' | ',';
  /** The locale's thousands separator, spaces of every width written as a plain space. */
  group: string;
}

const marks = new Map<string, NumberMarks>();

const SPACES = /[\u00a0\u202f\u2007\u2009]/g;

function numberMarks(locale: string): NumberMarks {
  let known = marks.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    const part = (type: Intl.NumberFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    known = {
      decimal: part('decimal') === ',' ? ',' : '.',
      group: part('group').replace(SPACES, ' '),
    };
    marks.set(locale, known);
  }
  return known;
}

/** The decimal mark the locale writes ("." in en-GB, "," in de-DE). */
export function decimalMark(locale: string = ambientLocale): '.' | ',' {
  return numberMarks(locale).decimal;
}

/**
 * The one way an amount is written into a field: "12.50" in en-GB, "12,50" in de-DE, "-3.00" for
 * a negative one; no currency sign, no grouping, always two decimals. parseAmount reads it back.
 */
export function amountText(minor: number, locale: string = ambientLocale): string {
  if (!isMinorUnits(minor)) throw new RangeError(`Not an amount in minor units: ${String(minor)}`);
  return decimalText(minor).replace('.', decimalMark(locale));
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole units as the locale groups them: "1234" or "1.234" (de-DE), never "1.2" or "12.34". */
function wholeDigits(text: string, group: string): string | null {
  if (/^\d+$/.test(text)) return text;
  if (!group) return null;
  const g = escapeForPattern(group);
  return new RegExp(`^\\d{1,3}(?:${g}\\d{3})+$`).test(text) ? text.split(group).join('') : null;
}

/**
 * The one way an amount typed (or shown) in a field is read: the shop's decimal mark and its
 * thousands separator where they belong ("12", "12.5", "£1,234.50"; in de-DE "12,50",
 * "1.234,50 €"), into minor units with string arithmetic only, so 0.1 + 0.2 problems cannot
 * happen. A separator where it cannot be one ("1.5" in de-DE, "1,50" in en-GB) is refused as the
 * other decimal mark, never read as 15 or 150. A minus sign only where `negative` allows it.
 */
export function parseAmount(
  text: string,
  locale: string = ambientLocale,
  options: { negative?: boolean } = {},
): ParsedAmount {
  const { decimal, group } = numberMarks(locale);
  let rest = text.replace(SPACES, ' ').trim();
  const minus = /^[-\u2212]/.test(rest);
  if (minus) rest = rest.slice(1).trim();
  rest = rest.replace(/^[£€]\s*|\s*[£€]$/g, '');
  if (rest === '' && !minus) return { ok: false, problem: 'empty', reason: 'Enter an amount.' };
  const unreadable: ParsedAmount = {
    ok: false,
    problem: 'unreadable',
    reason: `"${text}" is not an amount (use digits and up to two decimals).`,
  };
  if (minus && !options.negative) return unreadable;
  const [whole = '', fraction, ...more] = rest.split(decimal);
  const digits = wholeDigits(whole, group);
  if (digits === null || more.length > 0 || !/^\d{0,2}$/.test(fraction ?? '')) {
    // "1.5" where the decimal mark is ",": the other mark, said so rather than read as 15.
    const other = decimal === ',' ? '.' : ',';
    const asOther = rest.split(other);
    const looksDecimal =
      fraction === undefined &&
      asOther.length === 2 &&
      /^\d+$/.test(asOther[0]!) &&
      /^\d{1,2}$/.test(asOther[1]!);
    if (looksDecimal)
      return {
        ok: false,
        problem: 'mark',
        reason: `"${text}" cannot be read: write amounts like ${amountText(150, locale)}.`,
      };
    return unreadable;
  }
  if (digits.length > 9) return unreadable;
  const minor = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return { ok: true, minor: minus ? 0 - minor : minor };
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
