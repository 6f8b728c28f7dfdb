// The catalogue's shop-wide rows (electron/services/catalogue/shop-data.ts) on a real SQLite file,
// without a server: products, the categories' list and the VAT rates as the tills share them, the
// server's changes taken in through the catalogue's own writes, and how each row is shown on the
// Conflicts screen.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { backOffice } from '../../../renderer/src/i18n/en/back-office';
import { CATALOGUE_MIGRATIONS } from '../../../electron/services/catalogue/schema';
import {
  CATALOGUE_SHOP_DATA_MIGRATIONS,
  catalogueShopData,
} from '../../../electron/services/catalogue/shop-data';
import { ProductCatalogue } from '../../../electron/services/catalogue/store';
import type { ShopDataArea } from '../../../electron/services/shop-server/shop-data-source';
import { conflictView } from '../../../electron/services/shop-server/shop-data-service';
import { openDatabase } from '../../../electron/services/storage/database';
import { product } from '../../support/shop-data-queue';

function areas(t: TestContext) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-shop-data-'));
  const db = openDatabase(join(folder, 'paydesk.sqlite'), [
    ...CATALOGUE_MIGRATIONS,
    ...CATALOGUE_SHOP_DATA_MIGRATIONS,
  ]);
  t.after(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const catalogue = new ProductCatalogue(db, 'GBP');
  let announced = 0;
  const list = catalogueShopData(db, catalogue, () => announced++);
  const area = (kind: string) => list.find((a) => a.kind === kind)!;
  return {
    db,
    catalogue,
    list,
    products: area('product'),
    categories: area('categories'),
    vatRates: area('vat-rates'),
    announced: () => announced,
  };
}

const conflict = (area: ShopDataArea, tillBody: unknown, serverBody: unknown) =>
  conflictView(area, {
    kind: area.kind as never,
    key: 'k',
    tillBody,
    serverBody,
    serverVersion: 2,
    foundAt: 0,
  });

test('VAT rates come before the categories and the products, so a product can use a rate that came with it', (t) => {
  assert.deepEqual(
    areas(t).list.map((a) => a.kind),
    ['vat-rates', 'categories', 'product'],
  );
});

test('a product’s row carries its fields and barcodes under a key it keeps', (t) => {
  const { catalogue, products } = areas(t);
  catalogue.write([product('COLA', 250, { barcodes: ['5000112637922'], colour: '#c00' })]);
  const [key, body] = [...products.rows()][0]!;
  assert.deepEqual(body, product('COLA', 250, { barcodes: ['5000112637922'], colour: '#c00' }));
  assert.deepEqual([...products.rows().keys()], [key], 'asked again, the same key');
});

test('a product removed on the server that this till never had changes nothing and is not refused', (t) => {
  const { catalogue, products } = areas(t);
  catalogue.write([product('COLA', 250)]);
  assert.deepEqual(products.apply([{ key: 'k-unknown', body: null }]).refused, []);
  assert.equal(catalogue.admin().products[0]?.active, true);
});

test('the categories’ list: its names and colours in order, taken whole from the server', (t) => {
  const { catalogue, categories } = areas(t);
  categories.apply([
    {
      key: 'all',
      body: {
        list: [
          { name: 'Food', colour: '#0a0' },
          { name: 'Drinks', colour: null },
        ],
      },
    },
  ]);
  assert.deepEqual(
    catalogue.admin().categories.map((c) => [c.name, c.colour]),
    [
      ['Food', '#0a0'],
      ['Drinks', null],
    ],
  );
  assert.deepEqual(
    [...categories.rows().values()],
    [
      {
        list: [
          { name: 'Food', colour: '#0a0' },
          { name: 'Drinks', colour: null },
        ],
      },
    ],
  );
});

test('a list removed or sent empty-handed changes nothing; one the catalogue refuses is named with why', (t) => {
  const { catalogue, categories } = areas(t);
  categories.apply([{ key: 'all', body: { list: [{ name: 'Food', colour: null }] } }]);
  assert.deepEqual(categories.apply([{ key: 'all', body: null }]).refused, []);
  assert.deepEqual(categories.apply([{ key: 'all', body: undefined }]).refused, []);
  const { refused } = categories.apply([
    {
      key: 'all',
      body: {
        list: [
          { name: 'Tea', colour: null },
          { name: 'tea', colour: null },
        ],
      },
    },
  ]);
  assert.deepEqual(
    refused.map((r) => r.key),
    ['all'],
  );
  assert.match(refused[0]!.reason, /same name/);
  assert.deepEqual(
    catalogue.admin().categories.map((c) => c.name),
    ['Food'],
  );
});

test('the VAT rates: the country and each rate with its label, taken whole from the server', (t) => {
  const { catalogue, vatRates } = areas(t);
  const rates = [
    { basisPoints: 2000, label: 'Standard' },
    { basisPoints: 500, label: 'Reduced' },
  ];
  vatRates.apply([{ key: 'all', body: { country: null, rates } }]);
  assert.deepEqual(
    catalogue.admin().vatRates.map((r) => [r.basisPoints, r.label]),
    [
      [2000, 'Standard'],
      [500, 'Reduced'],
    ],
  );
  assert.deepEqual([...vatRates.rows().values()], [{ country: catalogue.admin().vatCountry, rates }]);
});

test('on the Conflicts screen a product shows each field a manager compares, barcodes as one list', (t) => {
  const { products } = areas(t);
  const view = conflict(
    products,
    product('COLA', 250, { barcodes: ['111', '222'] }),
    product('COKE', 260, { name: 'Coke', category: 'Soft', vatRate: 500, active: false }),
  );
  assert.equal(view.name, 'Product COLA');
  assert.deepEqual(view.fields, [
    { field: 'name', till: 'Product COLA', server: 'Coke' },
    { field: 'sku', till: 'COLA', server: 'COKE' },
    { field: 'price', till: 250, server: 260 },
    { field: 'category', till: 'Drinks', server: 'Soft' },
    { field: 'vatRate', till: 2000, server: 500 },
    { field: 'barcodes', till: '111, 222', server: '' },
    { field: 'active', till: true, server: false },
  ]);
});

test('on the Conflicts screen the lists show their names and rates in order, under the kind’s own name', (t) => {
  const { categories, vatRates } = areas(t);
  const cats = conflict(
    categories,
    {
      list: [
        { name: 'Food', colour: null },
        { name: 'Drinks', colour: null },
      ],
    },
    { list: [{ name: 'Drinks', colour: null }] },
  );
  // A list has no name of its own: the screen names it by its kind.
  assert.equal(cats.name, '');
  assert.deepEqual(cats.fields, [{ field: 'categories', till: 'Food, Drinks', server: 'Drinks' }]);
  const vat = conflict(
    vatRates,
    {
      country: null,
      rates: [
        { basisPoints: 2000, label: 'Standard' },
        { basisPoints: 550, label: 'Reduced' },
      ],
    },
    { country: null, rates: [{ basisPoints: 2000, label: 'Standard' }] },
  );
  assert.equal(vat.name, '');
  assert.deepEqual(vat.fields, [
    { field: 'vatRates', till: 'Standard 20 %, Reduced 5.5 %', server: 'Standard 20 %' },
  ]);
});

test('every field these rows show on the Conflicts screen has words for staff', (t) => {
  const { products, categories, vatRates } = areas(t);
  const shown = [
    ...products.describe(product('COLA', 250)).fields,
    ...categories.describe({ list: [] }).fields,
    ...vatRates.describe({ country: null, rates: [] }).fields,
  ].map((f) => f.field);
  assert.equal(shown.length, 9);
  for (const field of shown) assert.ok(Object.hasOwn(backOffice.conflicts.fields, field), field);
});
