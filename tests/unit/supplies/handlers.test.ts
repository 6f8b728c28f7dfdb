// The supplies handlers as the till builds them: the first delivery address worked out of the
// shop's own address lines, and reads that work without a status bar to report to.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { addressFromShop } from '../../../electron/services/supplies/handlers';
import { defaultSettings } from '../../../electron/services/storage/settings';
import { paperFormat } from '../../../shared/format';
import { printerSchema } from '../../../shared/settings';
import { GOOD_ADDRESS, productIn, startSupplies, type SuppliesService } from './support';

const shop = (addressLines: string[]) => ({
  ...defaultSettings().shop,
  name: 'Corner Café',
  phone: '020 7946 0000',
  addressLines,
});

/** The address fields the shop's lines decide: line 1, line 2, town, postcode. */
const placeOf = (addressLines: string[]) => {
  const a = addressFromShop(shop(addressLines));
  return [a.lineOne, a.lineTwo, a.city, a.postalCode];
};

test('the shop’s lines become line 1, line 2 (the middle ones), town and postcode; blank lines are skipped', () => {
  const address = addressFromShop(
    shop(['  12 High Street ', '', '   ', 'Unit 4, Old Town', 'Riverside', 'London, sw1a 1aa  ']),
  );
  assert.deepEqual(address, {
    firstName: '',
    lastName: '',
    companyName: 'Corner Café',
    phoneNumber: '020 7946 0000',
    lineOne: '12 High Street',
    lineTwo: 'Unit 4, Old Town, Riverside',
    city: 'London',
    postalCode: 'SW1A 1AA',
    country: 'GB',
    notes: '',
  });
});

test('the postcode is taken from the end of whichever line has it, once; what stands before it stays', () => {
  assert.deepEqual(placeOf(['12 High Street', 'Old Town , N1 9GU', 'Riverside', 'London E1 6AN']), [
    '12 High Street',
    'Old Town, Riverside',
    'London E1 6AN',
    'N1 9GU',
  ]);
  assert.deepEqual(placeOf(['Unit 4,Riverside SW1A 1AA', 'London']), [
    'Unit 4,Riverside',
    '',
    'London',
    'SW1A 1AA',
  ]);
  assert.deepEqual(placeOf(['12 High Street', 'London', 'SW1A 1AA']), [
    '12 High Street',
    '',
    'London',
    'SW1A 1AA',
  ]);
});

test('only a postcode at the very end of a line is taken; one written without its space is taken too', () => {
  // "B1 2nd" inside a line, and "B4, 2nd" at its end, only look like postcodes.
  assert.deepEqual(placeOf(['Suite B1 2nd Floor', 'Tower House', 'Leeds LS1 6BR']), [
    'Suite B1 2nd Floor',
    'Tower House',
    'Leeds',
    'LS1 6BR',
  ]);
  assert.deepEqual(placeOf(['Unit B4, 2nd', 'Market Hall', 'Leeds LS1 6BR']), [
    'Unit B4, 2nd',
    'Market Hall',
    'Leeds',
    'LS1 6BR',
  ]);
  assert.deepEqual(placeOf(['12 High Street', 'Leeds LS16BR']), ['12 High Street', '', 'Leeds', 'LS16BR']);
});

test('short or empty shop addresses leave the missing parts empty', () => {
  assert.deepEqual(placeOf(['12 High Street']), ['12 High Street', '', '', '']);
  assert.deepEqual(placeOf([]), ['', '', '', '']);
});

let s: SuppliesService;
before(async () => {
  s = await startSupplies({
    shop: { name: 'Corner Café', addressLines: ['12 High Street', 'London SW1A 1AA'] },
  });
});
after(() => s.close());

test('with no status bar to tell, the catalogue and one product are still read', async () => {
  const listed = await s.handlers['supplies.products']({});
  assert.equal(listed.currency, 'GBP');
  assert.equal(listed.products.length, s.supplier.sandbox.products.length);
  const wanted = productIn(s.supplier.sandbox, 'outOfStock');
  const one = await s.handlers['supplies.product']({ productId: wanted.id });
  assert.deepEqual(one, { ...wanted, inStock: false });
});

test('before any order, the delivery address is the shop’s', async () => {
  const address = await s.handlers['supplies.deliveryAddress']({});
  assert.deepEqual(
    [address.companyName, address.lineOne, address.city, address.postalCode],
    ['Corner Café', '12 High Street', 'London', 'SW1A 1AA'],
  );
});

test('product names are read with the catalogue and kept five minutes, then read again', async () => {
  await s.handlers['supplies.products']({});
  const asked = () => s.supplier.sandbox.stats().apiRequests;
  const before = asked();
  await s.supplier.clock.advance(5 * 60_000);
  await s.handlers['supplies.orders']({});
  assert.equal(asked(), before + 1, 'the orders only: names still fresh');
  await s.supplier.clock.advance(1);
  await s.handlers['supplies.orders']({});
  assert.equal(asked(), before + 3, 'the orders and the catalogue again');
});

test('an order confirmation is printed to the width of the receipt printer’s paper (80 mm with none chosen)', async () => {
  const placed = await s.handlers['supplies.placeOrder']({
    lines: [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity: 1 }],
    address: { ...GOOD_ADDRESS },
    confirmRepeat: false,
  });
  assert.equal(placed.outcome, 'placed');
  const orderId = placed.outcome === 'placed' ? placed.order.id : 0;
  s.settings.printers = [
    printerSchema.parse({ id: 'office', transport: 'preview', paperWidth: 80 }),
    printerSchema.parse({ id: 'counter', transport: 'preview', paperWidth: 58 }),
  ];
  /** How wide the printed total row is, in characters. */
  const totalWidth = async () => {
    assert.deepEqual(await s.handlers['supplies.printOrder']({ orderId }), { ok: true });
    return s.printed.at(-1)!.lines.find((l) => l.value.startsWith('TOTAL'))!.value.length;
  };
  s.settings.receiptPrinterId = 'counter';
  assert.equal(await totalWidth(), 32, '58 mm paper: 32 characters');
  s.settings.receiptPrinterId = null;
  assert.equal(await totalWidth(), 48, 'no receipt printer: 80 mm, 48 characters');
});

test('an order confirmation prints the time on the shop’s clocks, in its time zone', async () => {
  const placed = await s.handlers['supplies.placeOrder']({
    lines: [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity: 1 }],
    address: { ...GOOD_ADDRESS },
    confirmRepeat: true,
  });
  const orderId = placed.outcome === 'placed' ? placed.order.id : 0;
  const printedLine = async (timeZone: string) => {
    s.settings.shop.timeZone = timeZone;
    await s.handlers['supplies.printOrder']({ orderId });
    return s.printed
      .at(-1)!
      .lines.map((l) => l.value)
      .find((v) => v.startsWith('Printed'));
  };
  const now = s.supplier.clock.now();
  for (const zone of ['Asia/Tokyo', 'America/New_York'])
    assert.equal(await printedLine(zone), `Printed ${paperFormat('en-GB', zone).dateTime(now)}`, zone);
});
