// The money rules of an itemised refund, in integer minor units: what the customer paid for each
// line, and what giving back some of its units is worth. Pure, so every rule has one definition.

/**
 * What the customer paid for each line: its total after any line discount, less its share of a
 * basket-level discount (the sale's total below the lines' sum), shared in proportion to the
 * lines' totals by the largest remainder, so the shares add up to the sale's total exactly.
 */
export function linePaidAmounts(lineTotals: readonly number[], saleTotal: number): number[] {
  const sum = lineTotals.reduce((a, b) => a + b, 0);
  if (sum === saleTotal || sum <= 0) return [...lineTotals];
  const shares = lineTotals.map((t) => {
    const exact = BigInt(t) * BigInt(saleTotal);
    return { floor: Number(exact / BigInt(sum)), remainder: Number(exact % BigInt(sum)) };
  });
  let left = saleTotal - shares.reduce((a, s) => a + s.floor, 0);
  const order = shares.map((s, i) => ({ i, r: s.remainder })).sort((a, b) => b.r - a.r || a.i - b.i);
  const paid = shares.map((s) => s.floor);
  for (const { i } of order) {
    if (left <= 0) break;
    paid[i]! += 1;
    left -= 1;
  }
  return paid;
}

/**
 * What the first `units` of a line's `quantity` are worth when the line was paid `paid`: rounded
 * half up, and the last unit takes what is left, so refunding a line bit by bit gives back
 * exactly what it was paid, never a penny more or less.
 */
export function worthOfUnits(paid: number, quantity: number, units: number): number {
  if (units >= quantity) return paid;
  const numerator = 2n * BigInt(paid) * BigInt(units) + BigInt(quantity);
  return Number(numerator / (2n * BigInt(quantity)));
}

/** Giving back `more` units of a line after `already` were given back: its value now. */
export function refundWorth(paid: number, quantity: number, already: number, more: number): number {
  return worthOfUnits(paid, quantity, already + more) - worthOfUnits(paid, quantity, already);
}
