// The counter's contract as staff meet it, through the whole till: the receipt after payment
// (printing, then a copy, each said in words), what keeps a sale from being parked, what a parked
// basket keeps, and that nobody signed in can print, reprint or abandon. Each refusal is asserted
// whole: its code, its English words and its catalogue key.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import type { TestStaff } from '../../support/staff';
import type { Product, TillErrorShape } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';

let t: TestTill;
let staff: TestStaff;
let products: Product[];
let a: Product;
let b: Product;

before(async () => {
  ({ t, staff, products } = await startStaffedTill());
  const dearer = products.filter((p) => p.price > 100);
  [a, b] = [dearer[0]!, dearer[1]!];
  await t.call('settings.update', { patch: { counter: { receiptAfterSale: 'ask' } } });
});
after(() => t.close());

const cashSale = async (product: Product, quantity = 1) => {
  const sale = await t.call('sales.open', { lines: [{ productId: product.id, quantity }] });
  const done = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  assert.equal(done.state, 'completed');
  return done;
};

test('reprinting the last receipt before any sale is completed is refused in words', async () => {
  assert.deepEqual(await t.failure('counter.reprintLast', {}), {
    code: 'not_found',
    message: 'No sale has been completed on this till yet.',
    words: { key: 'receipt.noneYet' },
  });
});

test('the receipt of a sale not yet paid is refused in words', async () => {
  const sale = await t.call('sales.open', { lines: [{ productId: a.id, quantity: 1 }] });
  assert.deepEqual(await t.failure('counter.printReceipt', { saleId: sale.saleId }), {
    code: 'conflict',
    message: 'This sale is not paid yet: take payment first, then print its receipt.',
    words: { key: 'receipt.notPaid' },
  });
});

test('a receipt is printing the first time, and a copy after it has printed, each said with its number', async () => {
  const sale = await cashSale(a, 2);
  const n = sale.receiptNumber;
  const printed = t.waitForEvent(
    'printing.changed',
    (e) => e.job?.receiptId === `${sale.saleId}:sale` && e.job.state === 'printed',
  );
  assert.deepEqual(await t.call('counter.printReceipt', { saleId: sale.saleId }), {
    receiptNumber: n,
    outcome: 'printed',
    message: `Receipt ${n} is printing.`,
    words: { key: 'receipt.printing', params: { receipt: n } },
  });
  await printed;
  assert.deepEqual(await t.call('counter.reprintLast', {}), {
    receiptNumber: n,
    outcome: 'copy',
    message: `Receipt ${n} is printing again, marked as a copy.`,
    words: { key: 'receipt.copy', params: { receipt: n } },
  });
});

test('a completed sale cannot be parked: refused as already completed, and nothing is parked', async () => {
  const sale = await cashSale(b);
  const lines = [{ productId: b.id, quantity: 1 }];
  assert.deepEqual(await t.failure('counter.park', { lines, saleId: sale.saleId }), {
    code: 'conflict',
    message: 'This sale is already completed: it cannot be parked.',
    words: { key: 'park.already.completed' },
  });
  assert.deepEqual(await t.call('counter.parked', {}), []);
});

test('a sale with money taken cannot be parked: refused with what was taken, in words', async () => {
  const lines = [{ productId: a.id, quantity: 3 }];
  const sale = await t.call('sales.open', { lines });
  await t.call('sales.recordManualCard', { saleId: sale.saleId, amount: 125, reference: 'AUTH 5' });
  assert.deepEqual(await t.failure('counter.park', { lines, saleId: sale.saleId }), {
    code: 'conflict',
    message:
      '£1.25 was already taken on this sale, so it cannot be parked: take the rest and finish it, or refund what was taken.',
    words: { key: 'park.partPaid', params: { paid: { minor: 125, currency: 'GBP' } } },
  });
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).state, 'open');
});

test('a parked basket keeps its basket discount, an empty note when none is given, and its total', async () => {
  const lines = [
    { productId: a.id, quantity: 2 },
    { productId: 'no-longer-sold', quantity: 1 },
  ];
  const parked = await t.call('counter.park', { lines, discount: { kind: 'amount', minor: 30 } });
  assert.equal(parked.note, '');
  assert.deepEqual(parked.discount, { kind: 'amount', minor: 30 });
  assert.equal(parked.itemCount, 3);
  assert.equal(parked.total, a.price * 2 - 30, 'a product no longer sold counts for nothing');
  assert.equal(parked.parkedBy?.name, 'Morgan');
  const [listed] = await t.call('counter.parked', {});
  assert.deepEqual(listed, parked);
  const resumed = await t.call('counter.resume', { parkedId: parked.parkedId });
  assert.deepEqual(resumed.discount, { kind: 'amount', minor: 30 });
  assert.deepEqual(await t.failure('counter.resume', { parkedId: parked.parkedId }), {
    code: 'not_found',
    message:
      'That parked sale is no longer parked (it was resumed, perhaps at another moment): look in the list again.',
    words: { key: 'parked.gone' },
  });
});

test('a basket whose discount is more than it costs is not parked: refused in words, never capped', async () => {
  const lines = [{ productId: a.id, quantity: 2 }];
  assert.deepEqual(
    await t.failure('counter.park', { lines, discount: { kind: 'amount', minor: a.price * 2 + 1 } }),
    {
      code: 'invalid_input',
      message: `The basket discount (${formatMoney(a.price * 2 + 1, 'GBP')}) is more than the basket costs (${formatMoney(a.price * 2, 'GBP')}): make it smaller.`,
      words: {
        key: 'sale.basketDiscountTooBig',
        params: {
          discount: { minor: a.price * 2 + 1, currency: 'GBP' },
          cost: { minor: a.price * 2, currency: 'GBP' },
        },
      },
    },
  );
  const line = (await t.failure('counter.park', {
    lines: [{ productId: b.id, quantity: 1, discount: { kind: 'amount', minor: b.price + 1 } }],
  })) as TillErrorShape;
  assert.equal(line.words?.key, 'sale.lineDiscountTooBig');
  assert.deepEqual(line.words?.params?.['name'], b.name);
  assert.deepEqual(await t.call('counter.parked', {}), [], 'nothing was parked');
  // The whole basket off is a discount, not too much: it parks at nothing.
  const free = await t.call('counter.park', { lines, discount: { kind: 'amount', minor: a.price * 2 } });
  assert.equal(free.total, 0);
  await t.call('counter.resume', { parkedId: free.parkedId });
  // A product gone from the catalogue keeps no discount to refuse: resuming says it is gone.
  const gone = await t.call('counter.park', {
    lines: [...lines, { productId: 'no-longer-sold', quantity: 1, discount: { kind: 'amount', minor: 50 } }],
  });
  assert.equal(gone.total, a.price * 2);
  await t.call('counter.resume', { parkedId: gone.parkedId });
});

test('with nobody signed in, receipts are not printed and a sale is not abandoned', async () => {
  const done = await cashSale(b);
  const open = await t.call('sales.open', { lines: [{ productId: a.id, quantity: 1 }] });
  const jobsBefore = (await t.call('printing.jobs', { limit: 100 })).length;
  await t.call('staff.signOut', {});
  try {
    for (const [method, input] of [
      ['counter.printReceipt', { saleId: done.saleId }],
      ['counter.reprintLast', {}],
      ['sales.abandon', { saleId: open.saleId }],
    ] as const) {
      assert.equal((await t.failure(method, input)).code, 'not_allowed', method);
    }
  } finally {
    await staff.signIn('manager');
  }
  assert.equal((await t.call('printing.jobs', { limit: 100 })).length, jobsBefore, 'nothing was printed');
  assert.equal((await t.call('sales.get', { saleId: open.saleId })).state, 'open');
});
