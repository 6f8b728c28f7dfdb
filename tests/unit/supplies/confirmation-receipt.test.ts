// The printed order confirmation's delivery block: every part of the address the supplier holds,
// the country by its name, and nothing in place of a part the supplier does not send back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { GOOD_ADDRESS, productIn, startSupplies, watchedFetch, type SuppliesService } from './support';

const watched = watchedFetch();
let s: SuppliesService;
let orderId: number;
before(async () => {
  s = await startSupplies({ fetch: watched.fetch });
  const placed = await s.handlers['supplies.placeOrder']({
    lines: [{ productId: productIn(s.supplier.sandbox, 'inStock').id, quantity: 2 }],
    address: { ...GOOD_ADDRESS, lineTwo: 'Unit 4', notes: 'Back door' },
    confirmRepeat: false,
  });
  assert.equal(placed.outcome, 'placed');
  orderId = placed.outcome === 'placed' ? placed.order.id : 0;
});
after(() => s.close());

/** The lines printed between "Deliver to" and the separator after it. */
async function deliveryBlock(): Promise<string[]> {
  await s.handlers['supplies.printOrder']({ orderId });
  const values = s.printed.at(-1)!.lines.map((l) => l.value);
  const from = values.indexOf('Deliver to');
  return values.slice(from + 1, values.indexOf('', from));
}

const WITHOUT_COUNTRY = [
  'Ada Baker',
  'Corner Café',
  '12 High Street',
  'Unit 4',
  'London',
  'SW1A 1AA',
  'Tel 020 7946 0000',
  'Notes: Back door',
];

test('the address is printed in full, the country by its name', async () => {
  watched.rewrite = null;
  const block = await deliveryBlock();
  assert.deepEqual(block, [...WITHOUT_COUNTRY.slice(0, 6), 'United Kingdom', ...WITHOUT_COUNTRY.slice(6)]);
});

test('an address read back without its country prints no line in its place', async () => {
  watched.rewrite = (request, json) => {
    if (request !== `GET /orders/${orderId}`) return json;
    const order = json as { address: Record<string, unknown> };
    return { ...order, address: { ...order.address, country: undefined } };
  };
  assert.deepEqual(await deliveryBlock(), WITHOUT_COUNTRY);
});
