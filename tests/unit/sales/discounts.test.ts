// Discounts and price overrides: the maths in integer minor units (shared/pricing.ts), and the
// rules through the contract on a real till: a discount above the shop's limit, and every price
// override that changes the price, needs a supervisor or manager (a discount up to the whole line
// is allowed); who gave it is kept with the sale; the receipt's VAT per rate is worked out on what
// each line finally cost.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from '../../../shared/contract';
import {
  allocateByLargestRemainder,
  discountAmount,
  oversizedDiscount,
  priceBasket,
} from '../../../shared/pricing';
import { vatSummary } from '../../../shared/vat';
import { TEST_STAFF, type TestStaff } from '../../support/staff';
import { type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';

test('a line percentage is rounded half up to the minor unit, on the whole line', () => {
  // 3 × 1.15 = 3.45; 10 % = 34.5p → 35p (half up), not 3 × 11.5p rounded per unit (36p).
  const basket = priceBasket([
    { unitPrice: 115, quantity: 3, discount: { kind: 'percent', basisPoints: 1000 } },
  ]);
  assert.deepEqual(basket.lines[0], { gross: 345, lineDiscount: 35, basketShare: 0, total: 310 });
  assert.equal(discountAmount(344, { kind: 'percent', basisPoints: 1000 }), 34); // 34.4 → 34
  assert.equal(discountAmount(99_999_999, { kind: 'percent', basisPoints: 3333 }), 33_330_000); // 33,329,999.67
});

test('a line amount comes off the whole line, down to nothing and never below', () => {
  const basket = priceBasket([
    { unitPrice: 250, quantity: 2, discount: { kind: 'amount', minor: 120 } },
    { unitPrice: 100, quantity: 1, discount: { kind: 'amount', minor: 100 } },
  ]);
  assert.deepEqual(
    basket.lines.map((l) => [l.gross, l.lineDiscount, l.total]),
    [
      [500, 120, 380],
      [100, 100, 0],
    ],
  );
  assert.equal(basket.total, 380);
});

test('a discount larger than what it applies to is found and refused by the maths, never capped', () => {
  const lines = [
    { unitPrice: 250, quantity: 2 },
    { unitPrice: 100, quantity: 1, discount: { kind: 'amount' as const, minor: 101 } },
  ];
  assert.deepEqual(oversizedDiscount(lines), { on: 'line', index: 1, discount: 101, cost: 100 });
  assert.throws(() => priceBasket(lines), RangeError);
  // The basket's discount against the subtotal after the lines' own: 600 - 100 = 500.
  const fair = [lines[0]!, { ...lines[1]!, discount: { kind: 'amount' as const, minor: 100 } }];
  assert.equal(oversizedDiscount(fair, { kind: 'amount', minor: 500 }), null);
  assert.equal(priceBasket(fair, { kind: 'amount', minor: 500 }).total, 0);
  assert.deepEqual(oversizedDiscount(fair, { kind: 'amount', minor: 501 }), {
    on: 'basket',
    discount: 501,
    cost: 500,
  });
  assert.throws(() => priceBasket(fair, { kind: 'amount', minor: 501 }), RangeError);
  // The German till's case: 15,00 € off a basket of 1,50 € is refused, not a total of 0,00 €.
  assert.deepEqual(oversizedDiscount([{ unitPrice: 150, quantity: 1 }], { kind: 'amount', minor: 1500 }), {
    on: 'basket',
    discount: 1500,
    cost: 150,
  });
  // A percentage can take off at most the whole.
  assert.equal(oversizedDiscount(fair, { kind: 'percent', basisPoints: 10_000 }), null);
});

test('a basket percentage is shared across lines in proportion, by the largest remainder', () => {
  // Subtotal 1000; 10 % = 100 shared 333:333:334 → exact 33.3, 33.3, 33.4 → 33, 33, 34.
  const basket = priceBasket(
    [
      { unitPrice: 333, quantity: 1 },
      { unitPrice: 333, quantity: 1 },
      { unitPrice: 334, quantity: 1 },
    ],
    { kind: 'percent', basisPoints: 1000 },
  );
  assert.equal(basket.basketDiscount, 100);
  assert.deepEqual(
    basket.lines.map((l) => l.basketShare),
    [33, 33, 34],
  );
  assert.equal(basket.total, 900);
  assert.equal(
    basket.lines.reduce((n, l) => n + l.total, 0),
    basket.total,
    'the lines add up to the total',
  );
  // Equal remainders: the earlier line takes the penny.
  assert.deepEqual(allocateByLargestRemainder(2, [1, 1, 1]), [1, 1, 0]);
  assert.deepEqual(allocateByLargestRemainder(10, [1, 2, 3, 4]), [1, 2, 3, 4]);
  assert.deepEqual(allocateByLargestRemainder(7, [0, 5, 5]), [0, 4, 3]);
});

test('a basket discount is shared after line discounts, and VAT per rate works on the shares', () => {
  // A 20 % line (£3.00, 10 % off → 2.70) and a 0 % line (£2.00): subtotal 4.70, £1 off the basket.
  const basket = priceBasket(
    [
      { unitPrice: 300, quantity: 1, discount: { kind: 'percent', basisPoints: 1000 } },
      { unitPrice: 200, quantity: 1 },
    ],
    { kind: 'amount', minor: 100 },
  );
  // 100 × 270/470 = 57.45 → 57, 100 × 200/470 = 42.55 → 42, one penny left → the larger remainder (.55).
  assert.deepEqual(
    basket.lines.map((l) => [l.basketShare, l.total]),
    [
      [57, 213],
      [43, 157],
    ],
  );
  const vat = vatSummary([
    { gross: basket.lines[0]!.total, vatRate: 2000 },
    { gross: basket.lines[1]!.total, vatRate: 0 },
  ]);
  // 2.13 × 20/120 = 35.5p → 36p; the zero-rated line carries none.
  assert.deepEqual(vat, [
    { basisPoints: 2000, gross: 213, vat: 36, net: 177 },
    { basisPoints: 0, gross: 157, vat: 0, net: 157 },
  ]);
});

let t: TestTill;
let staff: TestStaff;
let products: Product[];

before(async () => {
  // the manager, signed in, sets the limit
  ({ t, staff, products } = await startStaffedTill());
  await t.call('settings.update', { patch: { counter: { discountLimitBasisPoints: 1000 } } });
  await staff.signIn('cashier');
});
after(() => t.close());

const byName = (name: string) => products.find((p) => p.name === name)!;

test('a cashier gives a discount within the limit; above it the services refuse until a supervisor approves', async () => {
  const latte = byName('Latte'); // 3.45, 20 %
  const within = await t.call('sales.open', {
    lines: [{ productId: latte.id, quantity: 2, discount: { kind: 'percent', basisPoints: 1000 } }],
  });
  assert.equal(within.total, 690 - 69);
  assert.equal(within.lines[0]!.discount?.by?.name, TEST_STAFF.cashier.name);
  assert.equal(within.lines[0]!.discount?.by?.approvedBy, undefined);
  await t.call('sales.abandon', { saleId: within.saleId });

  const lines = [{ productId: latte.id, quantity: 2 }];
  const refused = await t.failure('sales.open', { lines, discount: { kind: 'percent', basisPoints: 1100 } });
  assert.equal(refused.code, 'not_allowed');
  assert.match(refused.message, /discount this large needs a supervisor or manager/);
  // An amount is held to the same limit: 70p off 6.90 is more than 10 %.
  const byAmount = await t.failure('sales.open', { lines, discount: { kind: 'amount', minor: 70 } });
  assert.equal(byAmount.code, 'not_allowed');
  const recent = await t.call('sales.recent', { limit: 1 });
  assert.equal(recent[0]!.saleId, within.saleId, 'no sale was opened by a refused call');

  const approval = await t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'discount' });
  assert.equal(approval.ok, true);
  const sale = await t.call('sales.open', { lines, discount: { kind: 'percent', basisPoints: 2500 } });
  assert.equal(sale.total, 690 - 173, '25 % of 6.90 is 172.5p, rounded half up to 173p');
  assert.deepEqual(sale.discount, {
    kind: 'percent',
    value: 2500,
    amount: 173,
    by: {
      id: staff.people.cashier.id,
      name: TEST_STAFF.cashier.name,
      approvedBy: { id: staff.people.supervisor.id, name: TEST_STAFF.supervisor.name },
    },
  });
  // The sale is paid at the discounted total and its receipt shows the discount and the VAT on it.
  const paid = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 1000 });
  assert.equal(paid.state, 'completed');
  assert.equal(paid.change, 1000 - 517);
  const again = await t.failure('sales.open', { lines, discount: { kind: 'percent', basisPoints: 2500 } });
  assert.equal(again.code, 'not_allowed', 'an approval is used once');
});

test('a discount larger than what it applies to is refused in words', async () => {
  const cola = byName('Cola 330ml'); // 1.60
  const refused = await t.failure('sales.open', {
    lines: [{ productId: cola.id, quantity: 1, discount: { kind: 'amount', minor: 161 } }],
  });
  assert.equal(refused.code, 'invalid_input');
  assert.match(refused.message, /more than the line costs/);
});

test('a cashier takes a basket discount within the limit with nobody approving', async () => {
  const latte = byName('Latte'); // 3.45
  const sale = await t.call('sales.open', {
    lines: [{ productId: latte.id, quantity: 2 }],
    discount: { kind: 'percent', basisPoints: 1000 },
  });
  assert.equal(sale.total, 690 - 69);
  assert.deepEqual(sale.discount?.by, { id: staff.people.cashier.id, name: TEST_STAFF.cashier.name });
  await t.call('sales.abandon', { saleId: sale.saleId });
});

test('a line discounted by its whole cost is sold free; only more than the line is refused', async () => {
  const cola = byName('Cola 330ml'); // 1.60
  const latte = byName('Latte'); // 3.45
  await t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'discount' });
  const sale = await t.call('sales.open', {
    lines: [
      { productId: cola.id, quantity: 1, discount: { kind: 'amount', minor: 160 } },
      { productId: latte.id, quantity: 1 },
    ],
  });
  assert.deepEqual(
    sale.lines.map((l) => [l.name, l.lineTotal]),
    [
      ['Cola 330ml', 0],
      ['Latte', 345],
    ],
  );
  assert.equal(sale.total, 345);
  await t.call('sales.abandon', { saleId: sale.saleId });
});

test('a price "changed" to the catalogue’s own price is no change: nobody approves and none is kept', async () => {
  const bun = byName('Cinnamon bun'); // 3.25
  const sale = await t.call('sales.open', {
    lines: [
      { productId: bun.id, quantity: 1, priceOverride: { unitPrice: 325, reason: 'Checked the shelf' } },
    ],
  });
  assert.equal(sale.total, 325);
  assert.equal(sale.lines[0]!.priceOverride, null);
  await t.call('sales.abandon', { saleId: sale.saleId });
});

test('a price override needs a supervisor, keeps the reason and the catalogue price', async () => {
  const bun = byName('Cinnamon bun'); // 3.25
  const lines = [
    { productId: bun.id, quantity: 1, priceOverride: { unitPrice: 200, reason: 'Yesterday’s batch' } },
  ];
  const refused = await t.failure('sales.open', { lines });
  assert.equal(refused.code, 'not_allowed');
  assert.match(refused.message, /Changing a price at the counter needs a supervisor or manager/);
  await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'price-override' });
  const sale = await t.call('sales.open', { lines });
  assert.equal(sale.total, 200);
  assert.deepEqual(sale.lines[0]!.priceOverride, {
    listPrice: 325,
    reason: 'Yesterday’s batch',
    by: {
      id: staff.people.cashier.id,
      name: TEST_STAFF.cashier.name,
      approvedBy: { id: staff.people.manager.id, name: TEST_STAFF.manager.name },
    },
  });
  await t.call('sales.abandon', { saleId: sale.saleId });
});

test('an approval is not used up when another guarded action of the same sale is refused', async () => {
  const bun = byName('Cinnamon bun');
  const lines = [
    {
      productId: bun.id,
      quantity: 1,
      discount: { kind: 'percent' as const, basisPoints: 5000 },
      priceOverride: { unitPrice: 300, reason: 'Squashed' },
    },
  ];
  await t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'discount' });
  const first = await t.failure('sales.open', { lines });
  assert.match(first.message, /Changing a price/);
  await t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'price-override' });
  const sale = await t.call('sales.open', { lines });
  assert.equal(sale.total, 150);
  assert.equal(sale.lines[0]!.discount?.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
  await t.call('sales.abandon', { saleId: sale.saleId });
});

test('the receipt prints the discounts and VAT per rate on the discounted lines', async () => {
  await staff.signIn('supervisor');
  const latte = byName('Latte'); // 3.45 at 20 %
  const grocery = products.find((p) => p.vatRate === 0)!;
  const sale = await t.call('sales.open', {
    lines: [
      { productId: latte.id, quantity: 1, discount: { kind: 'amount', minor: 45 } },
      { productId: grocery.id, quantity: 1 },
    ],
    discount: { kind: 'percent', basisPoints: 5000 },
  });
  const subtotal = 300 + grocery.price;
  const basketOff = Math.floor((subtotal * 5000 * 2 + 10_000) / 20_000);
  assert.equal(sale.total, subtotal - basketOff);
  assert.equal(sale.lines[0]!.basketShare + sale.lines[1]!.basketShare, basketOff);
  const receipt = t.waitForEvent('printing.changed', (e) => e.job?.receiptId === `${sale.saleId}:sale`);
  await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  await receipt;
  const preview = await t.call('printing.preview', { limit: 50 });
  const text = preview.find((r) => r.receiptId === `${sale.saleId}:sale`)!.lines.map((l) => l.value);
  assert.ok(
    text.some((l) => /^ {2}Discount £0\.45 +−£0\.45$/.test(l)),
    text.join('\n'),
  );
  assert.ok(
    text.some((l) => /^Discount 50% +−£\d+\.\d\d$/.test(l)),
    text.join('\n'),
  );
  const latteGross = sale.lines[0]!.lineTotal;
  const vat = Math.floor((latteGross * 2000 * 2 + 12_000) / 24_000);
  assert.ok(
    text.some((l) => new RegExp(`^VAT 20% +£${(vat / 100).toFixed(2)}$`).test(l)),
    `VAT on ${latteGross}p is ${vat}p:\n${text.join('\n')}`,
  );
});
