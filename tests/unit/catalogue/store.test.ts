// The catalogue store on its own: seeding a first catalogue (the shop's first VAT rate, SKUs
// already there left alone), what the Sell screen gets (colours only of coloured categories,
// products by id), and writes that change nothing or change one product twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogueInTempFolder, fields } from './temp-catalogue';

const TEA = { sku: 'T1', name: 'Tea', category: 'Drinks', price: 250 };

test('a seed: only into an empty catalogue, at the first VAT rate, colours kept, SKUs already there left alone', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  assert.equal(catalogue.isEmpty(), true);
  catalogue.seed([
    TEA,
    { sku: 'C1', name: 'Cake', category: 'Cakes', price: 300, colour: '#AABBCC', vatRate: 500 },
  ]);
  assert.equal(catalogue.isEmpty(), false);
  const version = catalogue.version;
  catalogue.seed([{ ...TEA, name: 'Green tea', price: 999 }]);
  assert.deepEqual(
    catalogue.admin().products.map((p) => [p.sku, p.name, p.category, p.price, p.vatRate, p.colour]),
    [
      ['C1', 'Cake', 'Cakes', 300, 500, '#aabbcc'],
      ['T1', 'Tea', 'Drinks', 250, 2000, null],
    ],
  );
  assert.equal(catalogue.version, version, 'a seed adding nothing is no change');
  assert.deepEqual(catalogue.write([]), []);
  assert.equal(catalogue.version, version, 'nor is writing nothing');
});

test('with no VAT rates and nothing to seed, a seed does nothing', (t) => {
  const { catalogue, db } = catalogueInTempFolder(t);
  db.prepare('DELETE FROM vat_rates').run();
  catalogue.seed([]);
  assert.deepEqual(catalogue.admin().vatRates, []);
  assert.equal(catalogue.isEmpty(), true);
});

test('the Sell screen: colours of coloured categories only; products by id, for sale ones only', (t) => {
  const { catalogue, db } = catalogueInTempFolder(t);
  const [, cake, old] = catalogue.write([
    fields(),
    fields({ name: 'Cake', category: 'Cakes' }),
    fields({ name: 'Old', active: false }),
  ]);
  db.prepare("UPDATE categories SET colour = '#112233' WHERE name = 'Cakes'").run();
  assert.deepEqual(catalogue.all().categoryColours, { Cakes: '#112233' });
  const found = catalogue.byIds([String(cake), String(old), '999']);
  assert.deepEqual([...found.keys()], [String(cake)]);
  assert.equal(found.get(String(cake))?.name, 'Cake');
});

test('a database without a VAT country reads as none', (t) => {
  const { catalogue, db } = catalogueInTempFolder(t);
  assert.equal(catalogue.admin().vatCountry, 'GB');
  db.prepare("DELETE FROM catalogue_meta WHERE key = 'vat_country'").run();
  catalogue.write([fields()]); // a change: read again
  assert.equal(catalogue.admin().vatCountry, null);
});

test('one product twice in a write: the later one’s barcodes are what it keeps', (t) => {
  const { catalogue } = catalogueInTempFolder(t);
  const [id] = catalogue.write([fields({ barcodes: ['A'] })]);
  catalogue.write([fields({ id, barcodes: ['B'] }), fields({ id, barcodes: ['C'] })]);
  assert.deepEqual(
    catalogue.admin().products.map((p) => p.barcodes),
    [['C']],
  );
});

test('the catalogue is read from the database once per change: an edit made around it shows at its next change', (t) => {
  const { catalogue, db } = catalogueInTempFolder(t);
  catalogue.write([fields({ sku: 'T1' })]);
  const prices = () => [
    catalogue.admin().products.map((p) => [p.sku, p.price]),
    catalogue.all().products.map((p) => [p.sku, p.price]),
  ];
  assert.deepEqual(prices(), [[['T1', 250]], [['T1', 250]]]);
  db.prepare("UPDATE products SET price = 300 WHERE sku = 'T1'").run();
  assert.deepEqual(prices(), [[['T1', 250]], [['T1', 250]]], 'as read at the last change');
  catalogue.write([fields({ sku: 'C1', name: 'Cake' })]);
  assert.deepEqual(prices(), [
    [
      ['C1', 250],
      ['T1', 300],
    ],
    [
      ['C1', 250],
      ['T1', 300],
    ],
  ]);
});
