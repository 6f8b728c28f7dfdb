// Money is always an integer count of minor units (pence, cents). Never a float.

export const CURRENCIES = ['GBP', 'EUR'] as const;
export type Currency = string;

const SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€' };

export function currencySymbol(currency: Currency): string {
  return SYMBOLS[currency] ?? `${currency} `;
}

export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** "£1,234.50", "-€0.05". Grouping only where a cashier reads it; receipts use formatMoneyPlain. */
export function formatMoney(minor: number, currency: Currency, options: { grouping?: boolean } = {}): string {
  if (!isMinorUnits(minor)) throw new RangeError(`Not an amount in minor units: ${String(minor)}`);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const unitText =
    options.grouping === false ? String(units) : String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currencySymbol(currency)}${unitText}.${cents}`;
}

export function formatMoneyPlain(minor: number, currency: Currency): string {
  return formatMoney(minor, currency, { grouping: false });
}

export type ParsedAmount = { ok: true; minor: number } | { ok: false; reason: string };

/**
 * Parses what a cashier types ("12", "12.5", "12.50", "£12.50", "1,200.00") into minor units
 * with string arithmetic only, so 0.1 + 0.2 problems cannot happen.
 */
export function parseAmount(text: string): ParsedAmount {
  const cleaned = text.trim().replace(/^[£€]/, '').replace(/,/g, '').trim();
  if (cleaned === '') return { ok: false, reason: 'Enter an amount.' };
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return { ok: false, reason: `"${text}" is not an amount (use digits and up to two decimals).` };
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
