// Back-office edits on the catalogue alone: a price moved by a percentage rounds half up to the
// penny, a bulk change is all or nothing, archive counts only what changed, categories keep the
// shop's order (renames take their products, left-out ones go last), VAT rates in use cannot go;
// and the catalogue's own write rules (SKUs made up and unique, barcodes unique, pictures kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import {
  bulkEdit,
  priceByPercent,
  saveCategories,
  saveVatRates,
  setArchived,
} from '../../../electron/services/catalogue/edits';
import type { ProductCatalogue } from '../../../electron/services/catalogue/store';
import { catalogueInTempFolder, fields } from './temp-catalogue';

const refusal = (code: string, message: RegExp) => (e: unknown) =>
  e instanceof TillError && e.code === code && message.test(e.message);
const prices = (catalogue: ProductCatalogue) => catalogue.admin().products.map((p) => [p.sku, p.price]);
const ids = (catalogue: ProductCatalogue, ...skus: string[]) =>
  skus.map((sku) => catalogue.admin().products.find((p) => p.sku === sku)!.id);
const UK = [
  { basisPoints: 2000, label: 'Standard' },
  { basisPoints: 500, label: 'Reduced' },
  { basisPoints: 0, label: 'Zero' },
];

test('a price by a percentage, rounded half up to the minor unit', () => {
  for (const [price, basisPoints, expected] of [
    [250, 1000, 275],
    [199, 1000, 219], // 218.9
    [219, -250, 214], // 213.525
    [5, 1000, 6], // 5.5: half goes up
    [15, -1000, 14], // 13.5
    [1, 4999, 1], // 1.4999
    [1000, -10_000, 0],
    [0, 5000, 0],
    [99_999_999, 0, 99_999_999],
  ] as const) {
    assert.equal(priceByPercent(price, basisPoints), expected, `${price} by ${basisPoints}`);
  }
});

test('a bulk price change that would pass the largest price changes nothing at all', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  catalogue.write([
    fields({ sku: 'A', name: 'A', price: 100 }),
    fields({ sku: 'B', name: 'B', price: 90_909_090 }),
    fields({ sku: 'C', name: 'C', price: 90_909_091 }),
  ]);
  const [a, b, c] = ids(catalogue, 'A', 'B', 'C');
  assert.equal(bulkEdit(catalogue, [a!, b!], { kind: 'percent', basisPoints: 1000 }), 2);
  assert.deepEqual(prices(catalogue), [
    ['A', 110],
    ['B', 99_999_999],
    ['C', 90_909_091],
  ]);
  const version = catalogue.version;
  assert.throws(
    () => bulkEdit(catalogue, [a!, c!], { kind: 'percent', basisPoints: 1000 }),
    refusal('invalid_input', /larger than the till takes\. Nothing was changed\./),
  );
  assert.throws(
    () => bulkEdit(catalogue, [a!, b!], { kind: 'price', price: 100_000_000 }),
    refusal('invalid_input', /larger than the till takes/),
  );
  assert.deepEqual(prices(catalogue), [
    ['A', 110],
    ['B', 99_999_999],
    ['C', 90_909_091],
  ]);
  assert.equal(catalogue.version, version, 'nothing announced');
  assert.equal(bulkEdit(catalogue, [a!, a!, 'x', '999'], { kind: 'price', price: 99_999_999 }), 1);
});

test('bulk VAT rate and category; archive counts only the products it changed', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  catalogue.write([fields({ sku: 'A', name: 'A' }), fields({ sku: 'B', name: 'B' })]);
  const [a, b] = ids(catalogue, 'A', 'B');
  assert.throws(
    () => bulkEdit(catalogue, [a!], { kind: 'vatRate', vatRate: 1900 }),
    refusal('invalid_input', /^VAT at 19% is not one of the shop’s rates/),
  );
  assert.equal(bulkEdit(catalogue, [a!, b!], { kind: 'vatRate', vatRate: 500 }), 2);
  assert.equal(bulkEdit(catalogue, [b!], { kind: 'category', category: 'Cakes' }), 1);
  const admin = catalogue.admin();
  assert.deepEqual(
    admin.products.map((p) => [p.sku, p.vatRate, p.category]),
    [
      ['A', 500, 'Drinks'],
      ['B', 500, 'Cakes'],
    ],
  );
  assert.deepEqual(
    admin.categories.map((c) => [c.name, c.productCount]),
    [
      ['Drinks', 1],
      ['Cakes', 1],
    ],
    'a new category goes last',
  );
  assert.equal(setArchived(catalogue, [a!, a!, 'nope'], true), 1);
  assert.equal(setArchived(catalogue, [a!, b!], true), 1, 'A was archived already');
  assert.deepEqual(
    catalogue.all().products.map((p) => p.sku),
    [],
  );
  assert.equal(setArchived(catalogue, [b!], false), 1);
  assert.deepEqual(
    catalogue.all().products.map((p) => p.sku),
    ['B'],
  );
  assert.deepEqual(
    catalogue.all().categories,
    ['Cakes'],
    'the Sell screen shows categories with products for sale',
  );
});

test('categories in the shop’s order: a rename takes its products, left-out ones go last in their order', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  for (const category of ['Drinks', 'Cakes', 'Snacks', 'Soup'])
    catalogue.write([fields({ name: `${category} thing`, category })]);
  saveCategories(catalogue, [
    { name: 'Sweets', colour: '#112233', renamedFrom: 'Cakes' },
    { name: 'Drinks', colour: null, renamedFrom: 'Drinks' },
  ]);
  const admin = catalogue.admin();
  assert.deepEqual(
    admin.categories.map((c) => [c.name, c.colour, c.productCount]),
    [
      ['Sweets', '#112233', 1],
      ['Drinks', null, 1],
      ['Snacks', null, 1],
      ['Soup', null, 1],
    ],
  );
  assert.equal(admin.products.find((p) => p.name === 'Cakes thing')?.category, 'Sweets');
  assert.throws(
    () =>
      saveCategories(catalogue, [
        { name: 'Soup', colour: null },
        { name: 'soup', colour: null },
      ]),
    refusal('invalid_input', /Two categories have the same name/),
  );
  assert.deepEqual(
    catalogue.admin().categories.map((c) => c.name),
    ['Sweets', 'Drinks', 'Snacks', 'Soup'],
    'nothing refused was saved',
  );
  saveCategories(catalogue, [
    { name: 'Soup', colour: null },
    { name: 'Drinks', colour: null },
  ]);
  assert.deepEqual(
    catalogue.admin().categories.map((c) => c.name),
    ['Soup', 'Drinks', 'Sweets', 'Snacks'],
    'the ones left out follow, in their old order',
  );
});

test('VAT rates: kept in the order given; one listed twice, an unknown country or a rate in use is refused', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  catalogue.write([fields({ sku: 'A', vatRate: 500 })]);
  assert.throws(
    () => saveVatRates(catalogue, null, [...UK, { basisPoints: 500, label: 'Again' }]),
    refusal('invalid_input', /listed twice/),
  );
  assert.throws(
    () => saveVatRates(catalogue, 'XX', UK),
    refusal('invalid_input', /no VAT set for that country/),
  );
  assert.throws(
    () => saveVatRates(catalogue, 'DE', [{ basisPoints: 1900, label: 'Standard' }]),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'conflict' &&
      e.message.startsWith('1 product still uses a rate you removed (5%).'),
  );
  catalogue.write([
    fields({ sku: 'B', name: 'B', vatRate: 500 }),
    fields({ sku: 'C', name: 'C', vatRate: 2000 }),
  ]);
  assert.throws(
    () => saveVatRates(catalogue, null, [{ basisPoints: 0, label: 'Zero' }]),
    refusal('conflict', /^3 products still use a rate you removed \(5%, 20%\)\. Move them/),
  );
  assert.deepEqual(
    catalogue.vatRates().map((r) => r.basisPoints),
    [2000, 500, 0],
    'nothing refused was saved',
  );
  saveVatRates(catalogue, 'GB', [
    { basisPoints: 500, label: 'Reduced' },
    { basisPoints: 2000, label: 'Standard' },
  ]);
  assert.deepEqual(catalogue.admin().vatRates, [
    { basisPoints: 500, label: 'Reduced' },
    { basisPoints: 2000, label: 'Standard' },
  ]);
  assert.equal(catalogue.admin().vatCountry, 'GB');
  saveVatRates(catalogue, null, [
    { basisPoints: 500, label: 'Reduced' },
    { basisPoints: 2000, label: 'Standard' },
  ]);
  assert.equal(catalogue.admin().vatCountry, null);
});

test('writing products: made-up SKUs skip taken ones, SKUs and barcodes unique, a picture kept unless given', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  const [first] = catalogue.write([
    fields({ sku: 'P000002', name: 'Taken', colour: '#ABCDEF', image: 'data:image/png;base64,AA==' }),
  ]);
  const [second] = catalogue.write([fields({ name: 'Made up' })]);
  assert.deepEqual(
    catalogue.admin().products.map((p) => [p.sku, p.name, p.colour]),
    [
      ['P000003', 'Made up', null],
      ['P000002', 'Taken', '#abcdef'],
    ],
  );
  assert.throws(
    () => catalogue.write([fields({ sku: 'P000002', name: 'Twin' })]),
    refusal('conflict', /^The SKU P000002 is already used by Taken\.$/),
  );
  catalogue.write([fields({ id: second!, sku: 'P000003', name: 'Made up', barcodes: ['55'] })]);
  assert.throws(
    () => catalogue.write([fields({ name: 'Other', barcodes: ['55'] })]),
    refusal('conflict', /^The barcode 55 is already on Made up\.$/),
  );
  assert.throws(
    () => catalogue.write([fields({ name: 'Odd', vatRate: 1750 })]),
    refusal('invalid_input', /VAT at 17\.5% is not one of/),
  );
  assert.throws(
    () => catalogue.write([fields({ id: 999, name: 'Gone' })]),
    refusal('not_found', /no longer in the catalogue/),
  );
  catalogue.write([fields({ id: first!, sku: 'P000002', name: 'Taken', price: 300 })]);
  assert.equal(catalogue.get(String(first))?.image, 'data:image/png;base64,AA==', 'kept when not given');
  catalogue.write([fields({ id: first!, sku: 'P000002', name: 'Taken', image: null })]);
  assert.equal(catalogue.get(String(first))?.image, null, 'removed when given as none');
  assert.equal(catalogue.admin().products.length, 2, 'nothing refused was added');
});

test('ids that are no product are passed over: a percentage skips them, a rounded-off number archives nothing', (t) => {
  const { catalogue, db } = catalogueInTempFolder(t);
  catalogue.write([fields({ sku: 'A', name: 'A', price: 1000 })]);
  const [a] = ids(catalogue, 'A');
  assert.equal(bulkEdit(catalogue, ['999', a!], { kind: 'percent', basisPoints: 1000 }), 1);
  assert.deepEqual(prices(catalogue), [['A', 1100]]);
  // 2^53 + 1 reads as the number 2^53, past exact integers: no product is archived by it.
  db.prepare(
    "INSERT INTO products (id, sku, name, category, price) VALUES (9007199254740992, 'BIG', 'Big', 'Drinks', 100)",
  ).run();
  assert.equal(setArchived(catalogue, ['9007199254740993', 'x', '1.5'], true), 0);
  assert.deepEqual(
    catalogue.all().products.map((p) => p.sku),
    ['A', 'BIG'],
  );
});

test('category names the same only in capitals (Maß, MASS) are two names', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  saveCategories(catalogue, [
    { name: 'Maß', colour: null },
    { name: 'Mass', colour: null },
  ]);
  assert.deepEqual(
    catalogue.admin().categories.map((c) => c.name),
    ['Maß', 'Mass'],
  );
});
