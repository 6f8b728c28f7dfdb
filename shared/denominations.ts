// The notes and coins of each currency a shop may take, in minor units, largest first: what a
// drawer is counted in. Withdrawn notes (the €500) are left out: a till does not hold them.

export interface Denomination {
  /** Minor units: 2000 is a £20 note. */
  value: number;
  kind: 'note' | 'coin';
}

const notes = (...values: number[]): Denomination[] => values.map((value) => ({ value, kind: 'note' }));
const coins = (...values: number[]): Denomination[] => values.map((value) => ({ value, kind: 'coin' }));

export const DENOMINATIONS: Readonly<Record<string, readonly Denomination[]>> = {
  GBP: [...notes(5000, 2000, 1000, 500), ...coins(200, 100, 50, 20, 10, 5, 2, 1)],
  EUR: [...notes(20000, 10000, 5000, 2000, 1000, 500), ...coins(200, 100, 50, 20, 10, 5, 2, 1)],
  USD: [...notes(10000, 5000, 2000, 1000, 500, 200, 100), ...coins(25, 10, 5, 1)],
  CHF: [...notes(100000, 20000, 10000, 5000, 2000, 1000), ...coins(500, 200, 100, 50, 20, 10, 5)],
};

export function denominationsOf(currency: string): readonly Denomination[] {
  return DENOMINATIONS[currency] ?? [];
}

/** How many of each note and coin were counted (a value absent from the list counts as none). */
export interface DenominationCount {
  value: number;
  count: number;
}

/**
 * The total of a count, or the first value that is not one of the currency's notes or coins
 * (so a typing slip never becomes money).
 */
export function countedTotal(
  currency: string,
  counts: readonly DenominationCount[],
): { ok: true; total: number } | { ok: false; badValue: number } {
  const known = new Set(denominationsOf(currency).map((d) => d.value));
  let total = 0;
  for (const c of counts) {
    if (!known.has(c.value)) return { ok: false, badValue: c.value };
    total += c.value * c.count;
  }
  return { ok: true, total };
}
