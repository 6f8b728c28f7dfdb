// VAT, in integer minor units and basis points only (2000 = 20 %). Prices are VAT-inclusive.
//
// The rounding rule (stated in README.md and docs/back-office.md): a receipt's VAT is worked out
// per rate on the receipt's gross at that rate, VAT = gross × rate ÷ (10000 + rate) rounded half
// away from zero to the minor unit, and net = gross − VAT. Lines are never rounded one by one and
// then added, so the summary can differ by a penny from a sum of per-line VAT (tested).

import { decimalMark } from './money';

export interface VatRate {
  basisPoints: number;
  /** The shop's name for it, e.g. "Standard". */
  label: string;
}

/** The sets a shop can start from; the UK's is the default. Basis points, never floats. */
export const VAT_PRESETS: Record<string, { country: string; rates: VatRate[] }> = {
  GB: {
    country: 'United Kingdom',
    rates: [
      { basisPoints: 2000, label: 'Standard' },
      { basisPoints: 500, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
    ],
  },
  DE: {
    country: 'Germany',
    rates: [
      { basisPoints: 1900, label: 'Standard' },
      { basisPoints: 700, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
    ],
  },
  FR: {
    country: 'France',
    rates: [
      { basisPoints: 2000, label: 'Normal' },
      { basisPoints: 1000, label: 'Intermediate' },
      { basisPoints: 550, label: 'Reduced' },
      { basisPoints: 210, label: 'Super-reduced' },
    ],
  },
  IE: {
    country: 'Ireland',
    rates: [
      { basisPoints: 2300, label: 'Standard' },
      { basisPoints: 1350, label: 'Reduced' },
      { basisPoints: 900, label: 'Second reduced' },
      { basisPoints: 0, label: 'Zero' },
    ],
  },
};
export const DEFAULT_VAT_COUNTRY = 'GB';
export const MAX_VAT_BASIS_POINTS = 10_000;

export function isBasisPoints(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_VAT_BASIS_POINTS;
}

/**
 * VAT contained in a VAT-inclusive gross: gross × rate ÷ (10000 + rate), rounded half away from
 * zero, in integers only (BigInt, so no product of two large numbers loses a digit).
 */
export function vatIncluded(grossMinor: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(grossMinor) || !isBasisPoints(rateBasisPoints)) {
    throw new RangeError('VAT needs integer minor units and a rate of 0..10000 basis points');
  }
  const sign = grossMinor < 0 ? -1 : 1;
  const numerator = BigInt(Math.abs(grossMinor)) * BigInt(rateBasisPoints);
  const denominator = BigInt(10_000 + rateBasisPoints);
  const rounded = (numerator * 2n + denominator) / (denominator * 2n);
  return sign * Number(rounded);
}

export interface VatLine {
  /** The line's VAT-inclusive total, minor units. */
  gross: number;
  /** The rate it was sold at; null for a line sold before rates were kept (no VAT shown). */
  vatRate: number | null;
}

export interface VatSummaryRow {
  basisPoints: number;
  gross: number;
  vat: number;
  net: number;
}

/** One line's own VAT (for a line's display); receipts use vatSummary, never a sum of these. */
export function lineVat(line: VatLine): number {
  return line.vatRate === null ? 0 : vatIncluded(line.gross, line.vatRate);
}

/** The receipt's VAT per rate, highest rate first, by the rule at the top of this file. */
export function vatSummary(lines: readonly VatLine[]): VatSummaryRow[] {
  const grossByRate = new Map<number, number>();
  for (const line of lines) {
    if (line.vatRate === null) continue;
    if (!Number.isSafeInteger(line.gross)) throw new RangeError('A line total must be integer minor units');
    grossByRate.set(line.vatRate, (grossByRate.get(line.vatRate) ?? 0) + line.gross);
  }
  return [...grossByRate]
    .sort(([a], [b]) => b - a)
    .map(([basisPoints, gross]) => {
      const vat = vatIncluded(gross, basisPoints);
      return { basisPoints, gross, vat, net: gross - vat };
    });
}

/** "20%", "5.5%", "13.5%", "2.1%", "0%". */
export function formatRate(basisPoints: number): string {
  return `${rateText(basisPoints, 'en-GB')}%`;
}

/**
 * A rate as a field shows it for editing, in the locale's decimal mark: "20", "17.5" in en-GB,
 * "17,5" in de-DE (the screens' locale when none is named). parseRate reads it back.
 */
export function rateText(basisPoints: number, locale?: string): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  if (fraction === 0) return String(whole);
  return `${whole}${decimalMark(locale)}${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A rate as staff type it ("20", "5.5", "13,5 %") → basis points, with string arithmetic only.
 * Null when it is not a rate of 0..100 % with at most two decimals.
 */
export function parseRate(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return isBasisPoints(basisPoints) ? basisPoints : null;
}
