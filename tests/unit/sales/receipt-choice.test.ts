// The receipt after payment: when the shop asks, nothing prints until the customer chooses;
// "print" queues the receipt, again it is a copy; "reprint last" prints the last sale's again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from '../../../shared/contract';
import { startTestTill, type TestTill } from '../../support/till';

let t: TestTill;
let products: Product[];

before(async () => {
  t = await startTestTill({ drivenClock: true });
  products = (await t.call('catalogue.get', {})).products;
});
after(() => t.close());

const jobsFor = async (saleId: string) =>
  (await t.call('printing.jobs', { limit: 100 })).filter((j) => j.receiptId === `${saleId}:sale`);

test('asked after payment: no receipt prints until the customer wants one; then a copy each time', async () => {
  await t.call('settings.update', { patch: { counter: { receiptAfterSale: 'ask' } } });
  const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  assert.equal(done.state, 'completed');
  assert.deepEqual(await jobsFor(sale.saleId), [], 'no receipt without the customer’s choice');

  const printedEvent = t.waitForEvent(
    'printing.changed',
    (e) => e.job?.receiptId === `${sale.saleId}:sale` && e.job.state === 'printed',
  );
  const first = await t.call('counter.printReceipt', { saleId: sale.saleId });
  assert.equal(first.outcome, 'printed');
  const printed = await printedEvent;
  assert.ok(printed.job);
  const again = await t.call('counter.reprintLast', {});
  assert.equal(again.outcome, 'copy');
  assert.equal(again.receiptNumber, sale.receiptNumber);
  const jobs = await t.call('printing.jobs', { limit: 100 });
  assert.ok(
    jobs.some((j) => j.duplicateOf === printed.job!.id),
    'the second print is marked as a duplicate of the first',
  );
});

test('printing the receipt of a sale not yet paid is refused in words', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: products[1]!.id, quantity: 1 }] });
  const refused = await t.failure('counter.printReceipt', { saleId: sale.saleId });
  assert.equal(refused.code, 'conflict');
  assert.match(refused.message, /not paid yet/);
});
