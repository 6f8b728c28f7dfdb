// Pricing a new sale as the till does it (sale-pricing.ts), through the whole till: a price the
// basket showed that is no longer the catalogue's is refused (price_changed) with both prices,
// lines of one product with the same discount and price become one line, others stay apart, and
// a discount larger than its line is refused with both amounts in words.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import type { Product, TillErrorShape } from '../../../shared/contract';

let t: TestTill;
let products: Product[];
let a: Product;
let b: Product;

before(async () => {
  // A manager serves: price overrides and large discounts are theirs to give.
  ({ t, products } = await startStaffedTill());
  const dearer = products.filter((p) => p.price > 100);
  [a, b] = [dearer[0]!, dearer[1]!];
});
after(() => t.close());

/** Pounds as the English words write them, worked out here from the minor units. */
const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

const salesSoFar = async () => (await t.call('sales.recent', { limit: 100 })).length;

test('a basket showing the catalogue’s own price opens the sale at that price', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: a.id, quantity: 2, unitPrice: a.price }] });
  assert.equal(sale.total, a.price * 2);
  assert.equal(sale.state, 'open');
});

test('a basket showing an old price is refused with the new and the old price, and no sale opens', async () => {
  const before = await salesSoFar();
  const refused = await t.failure('sales.open', {
    lines: [
      { productId: b.id, quantity: 1 },
      { productId: a.id, quantity: 1, unitPrice: a.price - 25 },
    ],
  });
  assert.deepEqual(refused, {
    code: 'price_changed',
    message: `The price changed: ${a.name} is now ${pounds(a.price)} (was ${pounds(a.price - 25)}). Use the new price, or remove it from the basket.`,
    words: {
      key: 'sale.priceChanged',
      params: {
        name: a.name,
        now: { minor: a.price, currency: 'GBP' },
        was: { minor: a.price - 25, currency: 'GBP' },
      },
    },
  });
  assert.equal(await salesSoFar(), before);
});

test('two changed prices are both named in one sentence, sent by key', async () => {
  const refused = await t.failure('sales.open', {
    lines: [
      { productId: a.id, quantity: 1, unitPrice: a.price + 10 },
      { productId: b.id, quantity: 3, unitPrice: 0 },
    ],
  });
  assert.deepEqual(refused, {
    code: 'price_changed',
    message: `The prices of ${a.name}, ${b.name} changed. Use the new prices, or remove those products from the basket.`,
    words: { key: 'sale.pricesChanged', params: { names: `${a.name}, ${b.name}` } },
  });
});

test('lines of one product with nothing different are sold as one line', async () => {
  const sale = await t.call('sales.open', {
    lines: [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
      { productId: a.id, quantity: 3 },
    ],
  });
  assert.deepEqual(
    sale.lines.map((l) => [l.productId, l.quantity, l.lineTotal]),
    [
      [a.id, 5, a.price * 5],
      [b.id, 1, b.price],
    ],
  );
  assert.equal(sale.total, a.price * 5 + b.price);
});

test('lines of one product with the same discount are one line; with another discount they stay apart', async () => {
  const tenOff = { kind: 'amount', minor: 10 } as const;
  const sale = await t.call('sales.open', {
    lines: [
      { productId: a.id, quantity: 1, discount: tenOff },
      { productId: a.id, quantity: 2, discount: tenOff },
      { productId: a.id, quantity: 1 },
      { productId: a.id, quantity: 1, discount: { kind: 'amount', minor: 20 } },
    ],
  });
  assert.deepEqual(
    sale.lines.map((l) => [l.quantity, l.discount?.value ?? null, l.lineTotal]),
    [
      [3, 10, a.price * 3 - 10],
      [1, null, a.price],
      [1, 20, a.price - 20],
    ],
  );
  assert.equal(sale.total, a.price * 5 - 30);
});

test('lines of one product with the same price override are one line; the catalogue price stays apart', async () => {
  const override = { unitPrice: a.price - 50, reason: 'Damaged box' };
  const sale = await t.call('sales.open', {
    lines: [
      { productId: a.id, quantity: 1, priceOverride: override },
      { productId: a.id, quantity: 1 },
      { productId: a.id, quantity: 2, priceOverride: { ...override } },
    ],
  });
  assert.deepEqual(
    sale.lines.map((l) => [l.quantity, l.unitPrice, l.priceOverride?.listPrice ?? null]),
    [
      [3, a.price - 50, a.price],
      [1, a.price, null],
    ],
  );
  assert.equal(sale.total, (a.price - 50) * 3 + a.price);
  assert.equal(sale.lines[0]!.priceOverride?.reason, 'Damaged box');
});

test('a line discount larger than the line is refused with both amounts in words', async () => {
  const refused = await t.failure('sales.open', {
    lines: [{ productId: a.id, quantity: 2, discount: { kind: 'amount', minor: a.price * 2 + 1 } }],
  });
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: `The discount on ${a.name} (${pounds(a.price * 2 + 1)}) is more than the line costs (${pounds(a.price * 2)}): make it smaller.`,
    words: {
      key: 'sale.lineDiscountTooBig',
      params: {
        name: a.name,
        discount: { minor: a.price * 2 + 1, currency: 'GBP' },
        cost: { minor: a.price * 2, currency: 'GBP' },
      },
    },
  });
});

test('a basket discount larger than the basket is refused with both amounts in words', async () => {
  const refused = await t.failure('sales.open', {
    lines: [{ productId: b.id, quantity: 1 }],
    discount: { kind: 'amount', minor: b.price + 1 },
  });
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: `The basket discount (${pounds(b.price + 1)}) is more than the basket costs (${pounds(b.price)}): make it smaller.`,
    words: {
      key: 'sale.basketDiscountTooBig',
      params: {
        discount: { minor: b.price + 1, currency: 'GBP' },
        cost: { minor: b.price, currency: 'GBP' },
      },
    },
  });
});

test('the basket discount is held against the basket after its lines’ own discounts, and may take all of it', async () => {
  const before = await salesSoFar();
  const lines = [{ productId: a.id, quantity: 2, discount: { kind: 'amount' as const, minor: 100 } }];
  const refused = (await t.failure('sales.open', {
    lines,
    discount: { kind: 'amount', minor: a.price * 2 - 99 },
  })) as TillErrorShape;
  assert.equal(refused.words?.key, 'sale.basketDiscountTooBig');
  assert.deepEqual(refused.words?.params?.['cost'], { minor: a.price * 2 - 100, currency: 'GBP' });
  assert.equal(await salesSoFar(), before, 'no sale opened');
  // Exactly what the basket costs is a whole discount, not too much: the sale is free and done.
  const free = await t.call('sales.open', { lines, discount: { kind: 'amount', minor: a.price * 2 - 100 } });
  assert.equal(free.total, 0);
  assert.equal(free.discount?.amount, a.price * 2 - 100);
  assert.equal(free.state, 'completed');
});
