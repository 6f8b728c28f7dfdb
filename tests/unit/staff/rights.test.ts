// Rights by role, enforced by the services: each guarded call from a cashier is refused by the
// contract itself (not only hidden in the UI), a supervisor may do what the rights table gives
// them, and a supervisor's or manager's PIN at the counter approves one action, once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { GUARDED_ACTIONS, type GuardedAction, type MethodName } from '../../../shared/contract';
import { setUpStaff, TEST_STAFF, type TestStaff } from '../../support/staff';
import { basketEndingIn, startTestTill, type TestTill } from '../../support/till';

const TERMINAL = '22900001';
/** Standalone refunds in the role loops go to the other card machine, keeping this one free. */
const OTHER_TERMINAL = '22900002';

let t: TestTill;
let staff: TestStaff;

/** A completed cash sale of three items: the supervisor's and the manager's refunds each take one. */
let soldInCash: string;

before(async () => {
  t = await startTestTill({ drivenClock: true });
  staff = await setUpStaff(t.call, { signIn: 'cashier' });
  const { products } = await t.call('catalogue.get', {});
  const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 3 }] });
  await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  soldInCash = sale.saleId;
});
after(() => t.close());

/** One call per guarded action the till has today, with the input it would really get. */
const GUARDED: Array<{ action: GuardedAction; method: MethodName; input: unknown; managerOnly: boolean }> = [
  {
    action: 'refund',
    method: 'history.refund',
    // Read when called: the sale is made in before().
    get input() {
      return { saleId: soldInCash, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0, reason: 'Broken' };
    },
    managerOnly: false,
  },
  { action: 'z-report', method: 'tillReports.z', input: {}, managerOnly: false },
  {
    action: 'no-sale',
    method: 'counter.noSale',
    input: { reason: 'Change for the float' },
    managerOnly: false,
  },
  {
    action: 'reconcile',
    method: 'reconciliation.check',
    input: { terminalId: TERMINAL, source: 'X_BAL' },
    managerOnly: true,
  },
  {
    action: 'reconcile',
    method: 'reconciliation.nameTerminal',
    input: { terminalId: TERMINAL, name: 'By the door' },
    managerOnly: true,
  },
  {
    action: 'reconcile',
    method: 'reconciliation.resolve',
    input: { checkId: 'no-such-check', differenceId: 'no-such-difference', note: 'checked' },
    managerOnly: true,
  },
  { action: 'back-office', method: 'shifts.setBlindCount', input: { blind: true }, managerOnly: true },
  {
    action: 'refund',
    method: 'payments.refund',
    input: { terminalId: OTHER_TERMINAL, amount: 100 },
    managerOnly: false,
  },
  {
    action: 'z-report',
    method: 'reports.run',
    input: { terminalId: TERMINAL, type: 'Z_BAL' },
    managerOnly: false,
  },
  {
    action: 'z-report',
    method: 'reports.run',
    input: { terminalId: TERMINAL, type: 'END_OF_DAY' },
    managerOnly: false,
  },
  {
    action: 'override',
    method: 'payments.resolveMismatch',
    input: { paymentId: 'no-such-payment', outcome: 'not_paid', note: 'checked' },
    managerOnly: false,
  },
  { action: 'back-office', method: 'catalogue.admin', input: {}, managerOnly: true },
  { action: 'back-office', method: 'staff.list', input: {}, managerOnly: true },
  {
    action: 'back-office',
    method: 'staff.add',
    input: { name: 'Robin', role: 'cashier', pin: '5820' },
    managerOnly: true,
  },
  {
    action: 'settings',
    method: 'settings.update',
    input: { patch: { kioskMode: false } },
    managerOnly: true,
  },
  {
    action: 'settings',
    method: 'secrets.save',
    input: { key: 'distribution.apiKey', profile: 'sandbox', value: 'k' },
    managerOnly: true,
  },
];

/** Guarded actions whose calls are tested elsewhere, and where (they need a basket or quit the till). */
const TESTED_ELSEWHERE: Partial<Record<GuardedAction, string>> = {
  discount: 'tests/unit/sales/discounts.test.ts',
  'price-override': 'tests/unit/sales/discounts.test.ts',
  quit: 'tests/unit/staff/quit-rights.test.ts',
};

test('every guarded action of the rights table is called in the role loops below (or tested elsewhere)', () => {
  const called = new Set(GUARDED.map((g) => g.action));
  const missed = GUARDED_ACTIONS.filter((action) => !called.has(action) && !TESTED_ELSEWHERE[action]);
  assert.deepEqual(missed, []);
});

async function refusal(method: MethodName, input: unknown): Promise<string | null> {
  const reply = await t.till.dispatch(method, input);
  return reply.ok ? null : reply.error.code === 'not_allowed' ? reply.error.message : null;
}

test('a cashier’s call to every guarded action is refused by the contract, in words', async () => {
  for (const { action, method, input, managerOnly } of GUARDED) {
    const words = await refusal(method, input);
    assert.ok(words, `${method} (${action}) is refused for a cashier`);
    assert.match(words, managerOnly ? /needs a manager/ : /needs a supervisor or manager/, method);
    assert.match(words, /approve it with their own PIN/);
  }
});

test('a supervisor may refund and run a Z report, but not open the back office or settings', async () => {
  await staff.signIn('supervisor');
  for (const { method, input, managerOnly } of GUARDED) {
    const words = await refusal(method, input);
    if (managerOnly) assert.match(words ?? '', /needs a manager/, `${method} stays a manager’s`);
    else assert.equal(words, null, `${method} is a supervisor’s right`);
  }
  await staff.signIn('cashier');
});

test('a manager may do everything', async () => {
  await staff.signIn('manager');
  for (const { method, input } of GUARDED) assert.equal(await refusal(method, input), null, method);
  await staff.signIn('cashier');
});

test('a counter approval with a supervisor’s own PIN allows one refund, once; a cashier’s PIN approves nothing', async () => {
  const { products } = await t.call('catalogue.get', {});
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: TERMINAL,
    amount: sale.total,
  });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.state === 'finished');
  const refund = { terminalId: TERMINAL, amount: 50, originalPaymentId: card.paymentId };

  const cashierPin = await t.call('manager.unlock', { pin: TEST_STAFF.cashier.pin, action: 'refund' });
  assert.equal(cashierPin.ok, false);
  assert.match(
    cashierPin.ok ? '' : cashierPin.message,
    /Wrong PIN: it must be the PIN of a supervisor or manager/,
  );
  assert.equal((await t.failure('payments.refund', refund)).code, 'not_allowed');

  const approved = await t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'refund' });
  assert.deepEqual(approved.ok && approved.approvedBy, TEST_STAFF.supervisor.name);
  // The approval is for refunds only: a Z report still needs its own.
  assert.equal((await t.failure('reports.run', { terminalId: TERMINAL, type: 'Z_BAL' })).code, 'not_allowed');
  const given = await t.call('payments.refund', refund);
  const done = await t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === given.paymentId && p.state === 'finished',
  );
  assert.equal(done.successful, true);
  assert.equal(done.amount, 50);
  assert.deepEqual(done.staff, {
    id: staff.people.cashier.id,
    name: TEST_STAFF.cashier.name,
    approvedBy: { id: staff.people.supervisor.id, name: TEST_STAFF.supervisor.name },
  });
  const again = await t.failure('payments.refund', refund);
  assert.equal(again.code, 'not_allowed', 'the approval was used up by the first refund');
  const refunds = (await t.call('payments.recent', { limit: 20 })).filter(
    (p) => p.type === 'REFUND' && p.terminalId === TERMINAL,
  );
  assert.equal(refunds.length, 1, 'one approval, one refund');
});

test('an approval not used is gone when someone else signs in', async () => {
  assert.equal((await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'refund' })).ok, true);
  await staff.signIn('cashier');
  assert.equal(
    (await t.failure('payments.refund', { terminalId: TERMINAL, amount: 10 })).code,
    'not_allowed',
  );
});

test('a supervisor’s PIN cannot open the back office; a manager’s opens it while the cashier serves', async () => {
  const supervisor = await t.call('manager.unlock', {
    pin: TEST_STAFF.supervisor.pin,
    action: 'back-office',
  });
  assert.equal(supervisor.ok, false);
  assert.equal((await t.failure('staff.list', {})).code, 'not_allowed');
  assert.equal(
    (await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'back-office' })).ok,
    true,
  );
  assert.equal((await t.call('staff.list', {})).length, 4, 'the three, and Robin the manager added');
  assert.equal(
    (await t.call('staff.session', {})).signedIn?.name,
    TEST_STAFF.cashier.name,
    'not a sign-in switch',
  );
  await t.call('manager.lock', {});
  assert.equal((await t.failure('staff.list', {})).code, 'not_allowed');
});

test('with staff set up, nobody signed in may sell nothing; signing out is refused nothing but selling', async () => {
  await t.call('staff.signOut', {});
  const { products } = await t.call('catalogue.get', {});
  const refused = await t.failure('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
  assert.equal(refused.code, 'not_allowed');
  assert.match(refused.message, /Nobody is signed in on this till: tap your name and enter your PIN\./);
  assert.equal((await t.call('sales.recent', { limit: 5 })).length > 0, true, 'reading stays open');
  await staff.signIn('cashier');
});
