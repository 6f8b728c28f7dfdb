// Discounts at the counter, in integer minor units only. The services price every sale with these
// functions; the Sell screen uses the same ones to show the basket before the sale is opened.
//
// The rules (also in docs/selling.md):
// - A percentage is in basis points (1000 = 10 %). Its amount is base × rate ÷ 10000, rounded
//   half up to the minor unit (the customer gets the half penny). An amount is taken as given.
// - A line discount applies to the whole line (unit price × quantity), never per unit.
// - A basket discount applies to the subtotal after line discounts and is shared across the lines
//   in proportion to what each line then costs, by the largest remainder: every line gets the
//   whole minor units of its exact share, and the pennies left over go one each to the lines with
//   the largest remainders (the earlier line first on a tie). The shares add up exactly to the
//   basket discount, so each line's VAT can be worked out on what was really paid for it.
// - A discount larger than what it applies to is refused, never capped (oversizedDiscount).

export type Discount = { kind: 'percent'; basisPoints: number } | { kind: 'amount'; minor: number };

export interface PricingLine {
  unitPrice: number;
  quantity: number;
  discount?: Discount | null | undefined;
}

export interface PricedLine {
  /** unit price × quantity */
  gross: number;
  /** Taken off by the line's own discount. */
  lineDiscount: number;
  /** The line's share of the basket discount. */
  basketShare: number;
  /** What the customer pays for the line: gross − lineDiscount − basketShare. */
  total: number;
}

export interface PricedBasket {
  lines: PricedLine[];
  /** Sum of the lines after their own discounts, before the basket discount. */
  subtotal: number;
  basketDiscount: number;
  total: number;
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole minor units`);
}

/** What a discount takes off `base` (before any check that it is not more than the base). */
export function discountAmount(base: number, discount: Discount): number {
  assertMinor(base, 'A discount base');
  if (discount.kind === 'amount') {
    assertMinor(discount.minor, 'A discount');
    return discount.minor;
  }
  if (!Number.isSafeInteger(discount.basisPoints) || discount.basisPoints < 0) {
    throw new RangeError('A percentage discount must be whole basis points');
  }
  // Half up: (2 × base × rate + 10000) ÷ 20000, in BigInt so no product loses a digit.
  return Number((BigInt(base) * BigInt(discount.basisPoints) * 2n + 10_000n) / 20_000n);
}

/**
 * Shares `amount` across `weights` in proportion, by the largest remainder (ties: the earlier
 * weight). The shares are whole and add up to `amount` exactly.
 */
export function allocateByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  assertMinor(amount, 'An amount to share');
  for (const w of weights) assertMinor(w, 'A weight');
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (amount === 0) return weights.map(() => 0);
  if (total === 0n) throw new RangeError('Nothing to share an amount across');
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => e / total);
  let left = BigInt(amount) - shares.reduce((sum, s) => sum + s, 0n);
  const order = exact
    .map((e, index) => ({ index, remainder: e % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** A discount larger than what it applies to: a line's (by its index) or the basket's. */
export type OversizedDiscount =
  | { on: 'line'; index: number; discount: number; cost: number }
  | { on: 'basket'; discount: number; cost: number };

/**
 * The first discount that takes off more than it applies to (the lines' in order, then the
 * basket's on the subtotal after them), or null. The services refuse such a basket in words and
 * the screens say why before anyone pays: a discount is never capped silently.
 */
export function oversizedDiscount(
  lines: readonly PricingLine[],
  basketDiscount?: Discount | null,
): OversizedDiscount | null {
  let subtotal = 0;
  for (const [index, line] of lines.entries()) {
    assertMinor(line.unitPrice, 'A price');
    const gross = line.unitPrice * line.quantity;
    const discount = line.discount ? discountAmount(gross, line.discount) : 0;
    if (discount > gross) return { on: 'line', index, discount, cost: gross };
    subtotal += gross - discount;
  }
  const discount = basketDiscount ? discountAmount(subtotal, basketDiscount) : 0;
  return discount > subtotal ? { on: 'basket', discount, cost: subtotal } : null;
}

/**
 * Prices a basket: each line's own discount, then the basket discount shared across the lines.
 * A discount larger than what it applies to is refused (RangeError), never capped: callers check
 * oversizedDiscount first and say so in words.
 */
export function priceBasket(lines: readonly PricingLine[], basketDiscount?: Discount | null): PricedBasket {
  const oversized = oversizedDiscount(lines, basketDiscount);
  if (oversized) {
    throw new RangeError(
      `A ${oversized.on} discount of ${oversized.discount} is more than the ${oversized.cost} it applies to`,
    );
  }
  const afterLine = lines.map((l) => {
    const gross = l.unitPrice * l.quantity;
    const lineDiscount = l.discount ? discountAmount(gross, l.discount) : 0;
    return { gross, lineDiscount };
  });
  const subtotal = afterLine.reduce((sum, l) => sum + l.gross - l.lineDiscount, 0);
  const basket = basketDiscount ? discountAmount(subtotal, basketDiscount) : 0;
  const shares = allocateByLargestRemainder(
    basket,
    afterLine.map((l) => l.gross - l.lineDiscount),
  );
  const priced = afterLine.map((l, i) => ({
    ...l,
    basketShare: shares[i]!,
    total: l.gross - l.lineDiscount - shares[i]!,
  }));
  return { lines: priced, subtotal, basketDiscount: basket, total: subtotal - basket };
}

/** Whether taking `amount` off `base` is more than `limitBasisPoints` of it (exact, in integers). */
export function exceedsLimit(base: number, amount: number, limitBasisPoints: number): boolean {
  return BigInt(amount) * 10_000n > BigInt(limitBasisPoints) * BigInt(base);
}
