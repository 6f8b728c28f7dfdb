// What the till does at Quit: the manager's rule first, then never while a card payment runs,
// and only where the host can end it; the till ends a moment after it answered, on its clock.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basketEndingIn } from '../../support/till';
import { startStaffedTill, type StaffedTill } from '../../support/staffed-till';
import { TEST_STAFF } from '../../support/staff';
import { startAppTill } from './support';

let s: StaffedTill;
let quits = 0;

before(async () => {
  s = await startStaffedTill({ signIn: 'cashier', quit: () => void quits++ });
});
after(() => s?.t.close());

test('a cashier is refused Quit until a manager approves it', async () => {
  const refused = await s.t.failure('app.quit', {});
  assert.equal(refused.code, 'not_allowed');
  assert.equal(quits, 0);
});

test('not while a card payment runs, even with the manager’s approval', async () => {
  const { t } = s;
  const sale = await t.call('sales.open', { lines: basketEndingIn(s.products, 7) }); // a slow card
  await t.time!.hold();
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: '22900001',
    amount: sale.total,
  });
  assert.equal((await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'quit' })).ok, true);
  const busy = await t.failure('app.quit', {});
  assert.deepEqual(busy, {
    code: 'conflict',
    message: 'A card payment is still running: finish or resolve it before quitting.',
  });
  t.time!.resume();
  await t.call('payments.cancel', { paymentId: card.paymentId });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.state === 'finished');
  assert.equal(quits, 0);
});

test('approved with no card payment running, the till answers first and ends 50 ms later on its clock', async () => {
  const { t } = s;
  await s.staff.signIn('manager');
  await t.time!.hold();
  assert.deepEqual(await t.call('app.quit', {}), { ok: true });
  assert.equal(quits, 0, 'the answer goes back before the till ends');
  await t.time!.clock.advance(49);
  assert.equal(quits, 0);
  await t.time!.clock.advance(1);
  assert.equal(quits, 1);
  t.time!.resume();
});

test('a browser till has nothing to end: it says to close the tab', async () => {
  const b = await startAppTill();
  try {
    // No staff yet: the refusal is the manager rule's, which comes first.
    assert.equal((await b.failure('app.quit', {})).code, 'not_allowed');
    await b.call('staff.createFirstManager', TEST_STAFF.manager);
    assert.deepEqual(await b.failure('app.quit', {}), {
      code: 'not_allowed',
      message: 'Close the browser tab to leave the till.',
    });
  } finally {
    await b.close();
  }
});
