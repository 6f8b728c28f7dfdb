// Shifts and cash-up: the drawer's expected cash (float + cash taken + cash in − cash out − cash
// refunds, change never counted), the blind count that shows it only after counting, counts only
// in the shop's notes and coins, one open shift at a time.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Product } from '../../../shared/contract';
import { expectedCash } from '../../../electron/services/shifts/cash-rules';
import { TEST_STAFF, type TestStaff } from '../../support/staff';
import { type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';

let t: TestTill;
let products: Product[];
let staff: TestStaff;

before(async () => {
  ({ t, staff, products } = await startStaffedTill({ signIn: 'cashier' }));
});
after(() => t.close());

test('expected cash is float + cash taken + cash in − cash out − cash refunds', () => {
  assert.equal(
    expectedCash({ float: 10_000, cashTaken: 2_345, cashIn: 500, cashOut: 1_200, cashRefunds: 99 }),
    11_546,
  );
  assert.equal(expectedCash({ float: 0, cashTaken: 0, cashIn: 0, cashOut: 250, cashRefunds: 0 }), -250);
});

test('a blind count shows the expected cash only after the drawer is counted', async () => {
  assert.equal((await t.call('shifts.setup', {})).blindCount, true, 'blind unless the shop says otherwise');
  const opened = await t.call('shifts.open', {
    float: [
      { value: 1000, count: 3 },
      { value: 50, count: 4 },
    ],
  });
  assert.equal(opened.float, 3_200);
  assert.equal(opened.countedBy, null);

  // Cash with change: the drawer keeps what paid the sale, not what was handed over.
  const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
  await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total + 1_000 });
  await t.call('shifts.moveCash', {
    direction: 'out',
    reason: 'bank_drop',
    note: 'To the bank',
    amount: 2_000,
  });

  const during = (await t.call('shifts.current', {}))!;
  assert.equal(during.expected, null, 'hidden while counting is blind');
  assert.equal(during.cashTaken, null);
  assert.deepEqual(
    during.movements.map((m) => [m.direction, m.reason, m.amount, m.by?.name]),
    [['out', 'bank_drop', 2_000, TEST_STAFF.cashier.name]],
  );

  const closed = await t.call('shifts.close', {
    counted: [
      { value: 1000, count: 1 },
      { value: 50, count: 4 },
    ],
  });
  const expected = 3_200 + sale.total - 2_000;
  assert.equal(closed.cashTaken, sale.total);
  assert.equal(closed.expected, expected);
  assert.equal(closed.counted, 1_200);
  assert.equal(closed.difference, 1_200 - expected);
  assert.equal(closed.countedBy?.name, TEST_STAFF.cashier.name);
  assert.equal(await t.call('shifts.current', {}), null);
});

test('with blind counting off (a manager’s choice), the expected cash shows while the shift is open', async () => {
  assert.equal((await t.failure('shifts.setBlindCount', { blind: false })).code, 'not_allowed');
  await staff.signIn('manager');
  assert.equal((await t.call('shifts.setBlindCount', { blind: false })).blindCount, false);
  await staff.signIn('cashier');
  const opened = await t.call('shifts.open', { float: [{ value: 500, count: 2 }] });
  assert.equal(opened.expected, 1_000);
  await t.call('shifts.moveCash', { direction: 'in', reason: 'float_top_up', note: '', amount: 300 });
  assert.equal((await t.call('shifts.current', {}))!.expected, 1_300);
});

test('counts only in the shop’s notes and coins; one open shift; cash moves need a shift and a reason', async () => {
  const refused = await t.failure('shifts.close', { counted: [{ value: 300, count: 1 }] });
  assert.equal(refused.code, 'invalid_input');
  assert.match(refused.message, /£3\.00 is not a note or coin/);
  assert.notEqual(await t.call('shifts.current', {}), null, 'a refused count closes nothing');

  assert.equal((await t.failure('shifts.open', { float: [] })).code, 'conflict');
  assert.match(
    (await t.failure('shifts.moveCash', { direction: 'out', reason: 'other', note: ' ', amount: 100 }))
      .message,
    /Say what the cash is for/,
  );
  await t.call('shifts.close', {
    counted: [
      { value: 500, count: 2 },
      { value: 100, count: 3 },
    ],
  });
  const noShift = await t.failure('shifts.moveCash', {
    direction: 'out',
    reason: 'paid_out',
    note: '',
    amount: 100,
  });
  assert.equal(noShift.code, 'conflict');
  assert.match(noShift.message, /Open a shift/);
  const history = await t.call('shifts.history', { limit: 5 });
  assert.deepEqual(
    history.map((s) => [s.number, s.state, s.difference]),
    [
      [2, 'closed', 0],
      [1, 'closed', history[1]!.difference],
    ],
  );
});
