// The catalogue's rules through the contract on a real till database: products with barcodes
// unique across the catalogue, archive, bulk price, categories in the shop's order, VAT rates
// the shop configures, changes announced at once, a basket price that changed is refused until
// accepted, each sale line keeps the VAT rate it was sold at, adding from the supplier, and the
// back office refused to a cashier by the services themselves.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from '../../../shared/contract';
import type { TestTill } from '../../support/till';
import { startEmptyTill } from './support';

let t: TestTill;
before(async () => {
  t = await startEmptyTill();
});
after(() => t.close());

const product = (overrides: Partial<Parameters<typeof t.call<'catalogue.saveProduct'>>[1]> = {}) =>
  t.call('catalogue.saveProduct', {
    name: 'Flat white',
    category: 'Coffee',
    price: 340,
    vatRate: 2000,
    ...overrides,
  });
const admin = () => t.call('catalogue.admin', {});
const byName = async (name: string): Promise<Product> =>
  (await admin()).products.find((p) => p.name === name)!;

test('a product gets a made-up SKU when given none; SKUs and barcodes are unique across the catalogue', async () => {
  const latte = await product({ name: 'Latte', barcodes: ['5000000000101', 'LATTE-1'] });
  assert.match(latte.sku, /^P\d{6}$/);
  assert.deepEqual(latte.barcodes, ['5000000000101', 'LATTE-1']);
  const sameBarcode = await t.failure('catalogue.saveProduct', {
    name: 'Mocha',
    category: 'Coffee',
    price: 375,
    vatRate: 2000,
    barcodes: ['LATTE-1'],
  });
  assert.equal(sameBarcode.code, 'conflict');
  assert.equal(sameBarcode.message, 'The barcode LATTE-1 is already on Latte.');
  const sameSku = await t.failure('catalogue.saveProduct', {
    sku: latte.sku,
    name: 'Mocha',
    category: 'Coffee',
    price: 375,
    vatRate: 2000,
  });
  assert.equal(sameSku.code, 'conflict');
  const oddRate = await t.failure('catalogue.saveProduct', {
    name: 'X',
    category: 'Coffee',
    price: 1,
    vatRate: 1750,
  });
  assert.match(oddRate.message, /VAT at 17\.5% is not one of the shop’s rates/);
  assert.equal((await admin()).products.filter((p) => p.name === 'Mocha' || p.name === 'X').length, 0);
  // Editing keeps its own barcodes free for itself.
  const edited = await t.call('catalogue.saveProduct', {
    id: latte.id,
    sku: latte.sku,
    name: 'Latte',
    category: 'Coffee',
    price: 355,
    vatRate: 2000,
    barcodes: ['LATTE-1'],
  });
  assert.deepEqual([edited.price, edited.barcodes], [355, ['LATTE-1']]);
});

test('changes reach the Sell screen at once: an event, and catalogue.get without archived products', async () => {
  const changed = t.waitForEvent('catalogue.changed', () => true, 5_000);
  const scone = await product({ name: 'Scone', category: 'Bakery', price: 330 });
  await changed;
  assert.ok((await t.call('catalogue.get', {})).products.some((p) => p.id === scone.id));
  await t.call('catalogue.setArchived', { ids: [scone.id], archived: true });
  assert.ok(!(await t.call('catalogue.get', {})).products.some((p) => p.id === scone.id));
  assert.equal((await byName('Scone')).active, false);
  const refused = await t.failure('sales.open', { lines: [{ productId: scone.id, quantity: 1 }] });
  assert.equal(refused.code, 'invalid_input');
  await t.call('catalogue.setArchived', { ids: [scone.id], archived: false });
  assert.ok((await t.call('catalogue.get', {})).products.some((p) => p.id === scone.id));
});

test('bulk price: by a percentage rounded half up to the penny, or to one amount', async () => {
  const a = await product({ name: 'Bulk A', price: 250 });
  const b = await product({ name: 'Bulk B', price: 199 });
  const c = await product({ name: 'Bulk C', price: 1000 });
  await t.call('catalogue.bulkEdit', { ids: [a.id, b.id], change: { kind: 'percent', basisPoints: 1000 } });
  assert.equal((await byName('Bulk A')).price, 275);
  assert.equal((await byName('Bulk B')).price, 219); // 218.9 → 219
  await t.call('catalogue.bulkEdit', { ids: [b.id], change: { kind: 'percent', basisPoints: -250 } });
  assert.equal((await byName('Bulk B')).price, 214); // 213.525 → 214 (half up)
  assert.equal((await byName('Bulk C')).price, 1000, 'not selected, not changed');
  const result = await t.call('catalogue.bulkEdit', {
    ids: [a.id, c.id],
    change: { kind: 'price', price: 500 },
  });
  assert.equal(result.changed, 2);
  assert.deepEqual([(await byName('Bulk A')).price, (await byName('Bulk C')).price], [500, 500]);
});

test('categories keep the shop’s order and colours; a rename takes the products along', async () => {
  await product({ name: 'Brownie', category: 'Cakes', price: 300 });
  await t.call('catalogue.saveCategories', {
    categories: [
      { name: 'Bakery', colour: '#c58b2b' },
      { name: 'Sweet things', colour: null, renamedFrom: 'Cakes' },
      { name: 'Coffee', colour: '#8D5B3E' },
    ],
  });
  const view = await t.call('catalogue.get', {});
  assert.deepEqual(view.categories.slice(0, 3), ['Bakery', 'Sweet things', 'Coffee']);
  assert.equal(view.categoryColours['Bakery'], '#c58b2b');
  assert.equal((await byName('Brownie')).category, 'Sweet things');
  assert.ok(!(await admin()).categories.some((c) => c.name === 'Cakes'));
});

test('VAT rates: UK by default; a rate still used cannot go; another country’s set once products moved', async () => {
  assert.deepEqual(
    (await admin()).vatRates.map((r) => r.basisPoints),
    [2000, 500, 0],
  );
  const refused = await t.failure('catalogue.saveVatRates', {
    country: 'DE',
    rates: [
      { basisPoints: 1900, label: 'Standard' },
      { basisPoints: 700, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
    ],
  });
  assert.equal(refused.code, 'conflict');
  assert.match(refused.message, /products still use a rate you removed \(20%\)/);
  await t.call('catalogue.saveVatRates', {
    country: null,
    rates: [
      { basisPoints: 2000, label: 'Standard' },
      { basisPoints: 500, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
      { basisPoints: 1900, label: 'DE standard' },
    ],
  });
  const ids = (await admin()).products.map((p) => p.id);
  await t.call('catalogue.bulkEdit', { ids, change: { kind: 'vatRate', vatRate: 1900 } });
  const de = await t.call('catalogue.saveVatRates', {
    country: 'DE',
    rates: [
      { basisPoints: 1900, label: 'Standard' },
      { basisPoints: 700, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
    ],
  });
  assert.equal(de.vatCountry, 'DE');
  assert.ok(de.products.every((p) => p.vatRate === 1900));
  // Back to the UK set for the tests that follow.
  await t.call('catalogue.saveVatRates', {
    country: null,
    rates: [
      { basisPoints: 2000, label: 'Standard' },
      { basisPoints: 500, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
      { basisPoints: 1900, label: 'Old' },
    ],
  });
  await t.call('catalogue.bulkEdit', { ids, change: { kind: 'vatRate', vatRate: 2000 } });
});

test('a basket keeps its price: a sale at a price the catalogue no longer has is refused until accepted', async () => {
  const tea = await product({ name: 'Tea', category: 'Tea', price: 240, vatRate: 500 });
  await t.call('catalogue.bulkEdit', { ids: [tea.id], change: { kind: 'price', price: 260 } });
  const refused = await t.failure('sales.open', {
    lines: [{ productId: tea.id, quantity: 2, unitPrice: 240 }],
  });
  assert.equal(refused.code, 'price_changed');
  assert.equal(
    refused.message,
    'The price changed: Tea is now £2.60 (was £2.40). Use the new price, or remove it from the basket.',
  );
  const sale = await t.call('sales.open', { lines: [{ productId: tea.id, quantity: 2, unitPrice: 260 }] });
  assert.equal(sale.total, 520);
  assert.equal(sale.lines[0]!.vatRate, 500);

  // The line keeps the rate it was sold at when the product's rate changes afterwards.
  await t.call('catalogue.bulkEdit', { ids: [tea.id], change: { kind: 'vatRate', vatRate: 2000 } });
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).lines[0]!.vatRate, 500);
  await t.call('sales.abandon', { saleId: sale.saleId });
});

test('a product from the supplier’s catalogue at the shop’s own price', async () => {
  const supplied = (await t.call('supplies.products', {})).products[0]!;
  const added = await t.call('catalogue.addFromSupplier', {
    supplierProductId: supplied.id,
    price: supplied.price * 2 + 1,
    vatRate: 0,
    category: 'From the supplier',
  });
  assert.deepEqual(
    [added.sku, added.name, added.price, added.vatRate, added.category],
    [supplied.sku, supplied.name, supplied.price * 2 + 1, 0, 'From the supplier'],
  );
  const twice = await t.failure('catalogue.addFromSupplier', {
    supplierProductId: supplied.id,
    price: 100,
    vatRate: 0,
    category: 'From the supplier',
  });
  assert.equal(twice.code, 'conflict');
});

test('a cashier’s catalogue changes are refused by the services, and change nothing', async () => {
  await t.call('staff.add', { name: 'Cas', role: 'cashier', pin: '1357' });
  const cas = (await t.call('staff.session', {})).people.find((p) => p.name === 'Cas')!;
  const signedIn = await t.call('staff.signIn', { staffId: cas.id, pin: '1357' });
  assert.equal(signedIn.ok, true);
  const before = await t.call('catalogue.get', {});
  const someId = before.products[0]!.id;
  const attempts: Array<[Parameters<TestTill['failure']>[0], unknown]> = [
    ['catalogue.admin', {}],
    ['catalogue.saveProduct', { name: 'Sneaky', category: 'Coffee', price: 1, vatRate: 2000 }],
    ['catalogue.setArchived', { ids: [someId], archived: true }],
    ['catalogue.bulkEdit', { ids: [someId], change: { kind: 'price', price: 1 } }],
    ['catalogue.saveCategories', { categories: [] }],
    ['catalogue.saveVatRates', { country: 'GB', rates: [{ basisPoints: 2000, label: 'Standard' }] }],
    ['catalogue.uploadImport', { uploadId: null, text: 'name,price\nSneaky,1.00\n' }],
    ['catalogue.exportCsv', {}],
    ['catalogue.addFromSupplier', { supplierProductId: 1, price: 1, vatRate: 0, category: 'X' }],
  ];
  for (const [method, input] of attempts) {
    const refused = await t.failure(method, input);
    assert.equal(refused.code, 'not_allowed', `${method} refused`);
  }
  assert.deepEqual(
    await t.call('catalogue.get', {}),
    before,
    'the Sell screen’s catalogue is open to the cashier, and unchanged',
  );
});
