// Prices a new sale from the catalogue and the cashier's intents (quantities, line and basket
// discounts, price overrides): never from figures the screen worked out. The maths is
// shared/pricing.ts; this file adds the till's rules: a discount is never more than what it
// applies to, a discount above the shop's limit needs a supervisor or manager ('discount'), and
// every price override needs one ('price-override'). Who gave each is kept on the sale.
import type {
  AppliedDiscount,
  BasketLineInput,
  DiscountInput,
  GuardedAction,
  Product,
  StaffStamp,
} from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatMoney } from '../../../shared/money';
import { exceedsLimit, oversizedDiscount, priceBasket, type PricingLine } from '../../../shared/pricing';
import type { SaleLine } from './sales-ledger';

export type CounterAction = Extract<GuardedAction, 'discount' | 'price-override'>;

/** Who may do what, asked once per sale: the stamps for the journal, or a worded refusal. */
export type Authorise = (
  actions: readonly CounterAction[],
) => Partial<Record<CounterAction, StaffStamp | null>>;

export interface PricingRequest {
  lines: readonly BasketLineInput[];
  discount?: DiscountInput | undefined;
  /** The shop's limit for discounts without approval, basis points of what they apply to. */
  discountLimitBasisPoints: number;
  currency: string;
  /** Who is serving (the stamp for discounts within the limit). */
  servedBy: StaffStamp | null;
  authorise: Authorise;
}

export interface PricedSale {
  lines: SaleLine[];
  discount: AppliedDiscount | null;
}

const sameIntent = (a: BasketLineInput, b: BasketLineInput) =>
  JSON.stringify([a.discount ?? null, a.priceOverride ?? null]) ===
  JSON.stringify([b.discount ?? null, b.priceOverride ?? null]);

/** Lines of one product with the same discount and price are one line; others stay apart. */
function mergeLines(lines: readonly BasketLineInput[]): BasketLineInput[] {
  const merged: BasketLineInput[] = [];
  for (const line of lines) {
    const same = merged.find((m) => m.productId === line.productId && sameIntent(m, line));
    if (same) same.quantity += line.quantity;
    else merged.push({ ...line });
  }
  return merged;
}

const applied = (d: DiscountInput, amount: number, by: StaffStamp | null): AppliedDiscount => ({
  kind: d.kind,
  value: d.kind === 'percent' ? d.basisPoints : d.minor,
  amount,
  by,
});

/**
 * A line carrying the price its basket showed is refused (price_changed) when the catalogue's
 * differs: the cashier accepts the new price or removes the product, never sells at a price unseen.
 */
export function refuseUnseenPrices(
  lines: readonly BasketLineInput[],
  products: ReadonlyMap<string, Product>,
  currency: string,
): void {
  const changed = lines.flatMap((l) => {
    const p = products.get(l.productId);
    return p && l.unitPrice !== undefined && l.unitPrice !== p.price ? [{ p, was: l.unitPrice }] : [];
  });
  const [only, ...more] = changed;
  if (!only) return;
  if (more.length === 0) {
    const money = (minor: number) => formatMoney(minor, currency);
    throw new TillError(
      'price_changed',
      `The price changed: ${only.p.name} is now ${money(only.p.price)} (was ${money(only.was)}). Use the new price, or remove it from the basket.`,
      {
        words: {
          key: 'sale.priceChanged',
          params: {
            name: only.p.name,
            now: { minor: only.p.price, currency },
            was: { minor: only.was, currency },
          },
        },
      },
    );
  }
  // Several: named in one sentence (the basket shows each line's new price beside it).
  const names = changed.map(({ p }) => p.name).join(', ');
  throw new TillError(
    'price_changed',
    `The prices of ${names} changed. Use the new prices, or remove those products from the basket.`,
    { words: { key: 'sale.pricesChanged', params: { names } } },
  );
}

/**
 * A discount larger than what it applies to is refused in words with both amounts (the line by
 * its product's name): never capped. `name(i)` names line i. Also asked before a basket is parked.
 */
export function refuseOversizedDiscount(
  lines: readonly PricingLine[],
  basketDiscount: DiscountInput | null | undefined,
  name: (index: number) => string,
  currency: string,
): void {
  const oversized = oversizedDiscount(lines, basketDiscount);
  if (!oversized) return;
  const money = (minor: number) => formatMoney(minor, currency);
  const wordMoney = (minor: number) => ({ minor, currency });
  if (oversized.on === 'line') {
    const product = name(oversized.index);
    throw new TillError(
      'invalid_input',
      `The discount on ${product} (${money(oversized.discount)}) is more than the line costs (${money(oversized.cost)}): make it smaller.`,
      {
        words: {
          key: 'sale.lineDiscountTooBig',
          params: { name: product, discount: wordMoney(oversized.discount), cost: wordMoney(oversized.cost) },
        },
      },
    );
  }
  throw new TillError(
    'invalid_input',
    `The basket discount (${money(oversized.discount)}) is more than the basket costs (${money(oversized.cost)}): make it smaller.`,
    {
      words: {
        key: 'sale.basketDiscountTooBig',
        params: { discount: wordMoney(oversized.discount), cost: wordMoney(oversized.cost) },
      },
    },
  );
}

export function priceSale(request: PricingRequest, products: ReadonlyMap<string, Product>): PricedSale {
  const lines = mergeLines(request.lines).map((line) => {
    const product = products.get(line.productId);
    if (!product) {
      throw new TillError(
        'invalid_input',
        'A product in the basket is no longer for sale: remove it from the basket and try again.',
        { words: { key: 'sale.noLongerForSale' } },
      );
    }
    const unitPrice = line.priceOverride?.unitPrice ?? product.price;
    return { line, product, unitPrice };
  });

  // Every discount checked before anything is approved: too large is refused in words.
  const pricing = lines.map((l) => ({
    unitPrice: l.unitPrice,
    quantity: l.line.quantity,
    discount: l.line.discount,
  }));
  refuseOversizedDiscount(pricing, request.discount, (i) => lines[i]!.product.name, request.currency);
  const final = priceBasket(pricing, request.discount);
  const limit = request.discountLimitBasisPoints;
  const needs = new Set<CounterAction>();
  for (const [i, { line, product }] of lines.entries()) {
    if (line.priceOverride && line.priceOverride.unitPrice !== product.price) needs.add('price-override');
    const priced = final.lines[i]!;
    if (exceedsLimit(priced.gross, priced.lineDiscount, limit)) needs.add('discount');
  }
  if (exceedsLimit(final.subtotal, final.basketDiscount, limit)) needs.add('discount');

  const stamps = needs.size > 0 ? request.authorise([...needs]) : {};
  const discountBy = stamps.discount ?? request.servedBy;
  const overrideBy = stamps['price-override'] ?? request.servedBy;
  return {
    lines: lines.map(({ line, product, unitPrice }, i) => {
      const p = final.lines[i]!;
      const overridden = line.priceOverride && line.priceOverride.unitPrice !== product.price;
      return {
        productId: product.id,
        sku: product.sku,
        name: product.name,
        quantity: line.quantity,
        unitPrice,
        lineTotal: p.total,
        vatRate: product.vatRate,
        discount: line.discount ? applied(line.discount, p.lineDiscount, discountBy) : null,
        basketShare: p.basketShare,
        priceOverride: overridden
          ? { listPrice: product.price, reason: line.priceOverride!.reason, by: overrideBy }
          : null,
      };
    }),
    discount: request.discount ? applied(request.discount, final.basketDiscount, discountBy) : null,
  };
}
