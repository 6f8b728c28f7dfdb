// The Sell screen's catalogue index (search and barcodes) and basket arithmetic, in minor units.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterProducts, findBySku, indexCatalogue } from '../../../renderer/src/state/catalogue-index';
import {
  addOne,
  basketTotals,
  MAX_QUANTITY,
  pricedBasket,
  withoutProduct,
  withQuantity,
} from '../../../renderer/src/state/basket';
import { CATALOGUE } from './fake-till';

const index = indexCatalogue(CATALOGUE);
const names = (products: { name: string }[]) => products.map((p) => p.name);

test('search matches name or SKU in any case, within the chosen category', () => {
  assert.deepEqual(names(filterProducts(index, '', '')), [
    'Flat white',
    'Espresso',
    'Almond croissant',
    'Sourdough loaf',
  ]);
  assert.deepEqual(names(filterProducts(index, 'Bakery', '')), ['Almond croissant', 'Sourdough loaf']);
  assert.deepEqual(names(filterProducts(index, '', '  FLAT ')), ['Flat white']);
  assert.deepEqual(names(filterProducts(index, '', 'cof-00')), ['Flat white', 'Espresso']);
  assert.deepEqual(names(filterProducts(index, 'Bakery', 'cof')), []);
  assert.deepEqual(names(filterProducts(index, 'No such category', '')), []);
  // The separator between name and SKU keeps a search from matching across the two.
  assert.deepEqual(names(filterProducts(index, '', 'whitecof')), []);
});

test('a barcode finds its product by exact SKU first, then ignoring case', () => {
  assert.equal(findBySku(index, 'COF-002')?.name, 'Espresso');
  assert.equal(findBySku(index, 'cof-002')?.name, 'Espresso');
  assert.equal(findBySku(index, 'BAK-XL')?.name, 'Sourdough loaf');
  assert.equal(findBySku(index, '5012345678900'), undefined);
});

test('the index keeps the catalogue currency and categories', () => {
  assert.equal(index.currency, 'GBP');
  assert.deepEqual(index.categories, ['Coffee', 'Bakery']);
  assert.equal(index.byId.get('p3')?.price, 295);
});

test('basket totals are whole minor units: counts times catalogue prices', () => {
  let lines = addOne([], 'p1');
  lines = addOne(lines, 'p1');
  lines = addOne(lines, 'p1');
  lines = addOne(lines, 'p3');
  assert.deepEqual(lines, [
    { productId: 'p1', quantity: 3 },
    { productId: 'p3', quantity: 1 },
  ]);
  const totals = basketTotals(lines, index);
  assert.deepEqual(totals, { itemCount: 4, estimate: 3 * 320 + 295 });
  assert.ok(Number.isInteger(totals.estimate));
  // A product missing from the catalogue counts its items but no money.
  assert.deepEqual(basketTotals([...lines, { productId: 'gone', quantity: 2 }], index), {
    itemCount: 6,
    estimate: 1255,
  });
  assert.deepEqual(basketTotals([], index), { itemCount: 0, estimate: 0 });
});

test('line quantities are capped at the contract limit; below one the line goes', () => {
  const lines = [{ productId: 'p2', quantity: MAX_QUANTITY }];
  assert.deepEqual(addOne(lines, 'p2'), [{ productId: 'p2', quantity: MAX_QUANTITY }]);
  assert.deepEqual(withQuantity(lines, 'p2', 12_000), [{ productId: 'p2', quantity: MAX_QUANTITY }]);
  assert.deepEqual(withQuantity(lines, 'p2', 5), [{ productId: 'p2', quantity: 5 }]);
  assert.deepEqual(withQuantity(lines, 'p2', 0), []);
  assert.deepEqual(withoutProduct(lines, 'p2'), []);
  assert.deepEqual(withoutProduct(lines, 'other'), lines);
});

test('a discount grown larger than what it applies to is named and left out, never capped', () => {
  // 3 flat whites (9.60) with 5.00 off the line; then the quantity drops to 1 (3.20).
  const discounted = [{ productId: 'p1', quantity: 3, discount: { kind: 'amount' as const, minor: 500 } }];
  const fine = pricedBasket(discounted, index);
  assert.equal(fine.oversized, null);
  assert.equal(fine.total, 460);
  const lowered = pricedBasket(withQuantity(discounted, 'p1', 1), index);
  assert.deepEqual(lowered.oversized, { on: 'line', index: 0, discount: 500, cost: 320 });
  assert.equal(lowered.total, 320, 'priced without it, not at 0.00');
  // The basket's own discount: 1.50 off a basket of 2.95 is fine, 15.00 off it is not.
  const croissant = [{ productId: 'p3', quantity: 1 }];
  assert.equal(pricedBasket(croissant, index, { kind: 'amount', minor: 150 }).total, 145);
  const tooMuch = pricedBasket(croissant, index, { kind: 'amount', minor: 1500 });
  assert.deepEqual(tooMuch.oversized, { on: 'basket', discount: 1500, cost: 295 });
  assert.equal(tooMuch.total, 295);
  assert.equal(tooMuch.basketDiscount, 0);
  // A line too large is named first; the basket's is then held against the fair subtotal.
  const both = pricedBasket(withQuantity(discounted, 'p1', 1), index, { kind: 'amount', minor: 300 });
  assert.equal(both.oversized?.on, 'line');
  assert.equal(both.total, 20);
});
