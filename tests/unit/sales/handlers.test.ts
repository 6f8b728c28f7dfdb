// The sales contract's card side as staff meet it, through the whole till with the sandbox card
// machine over real HTTP: which card payments are still running, the latest ones, and the notes a
// cashier's or a manager's decision leaves on a payment (who decided, in the journal's words).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { basketEndingIn, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';
import { TEST_STAFF } from '../../support/staff';
import { waitUntil } from '../../support/wait';
import type { PaymentView, Product } from '../../../shared/contract';

const GBP_TERMINAL = '22900001';

let t: TestTill;
let products: Product[];

before(async () => {
  ({ t, products } = await startStaffedTill({ signIn: 'cashier' })); // Casey serves
});
after(() => t.close());

const settledAs = (paymentId: string, states: readonly string[]): Promise<PaymentView> =>
  t.waitForEvent('payments.updated', (p) => p.paymentId === paymentId && states.includes(p.state));

/** The decision journaled on a card payment, read from the till's own database file. */
function journaledNote(paymentId: string): string | undefined {
  const db = new Database(join(t.dataDir, 'paydesk.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT resolution FROM card_payments WHERE id = ?').get(paymentId) as
      { resolution: string | null } | undefined;
    return row?.resolution ? (JSON.parse(row.resolution) as { note: string }).note : undefined;
  } finally {
    db.close();
  }
}

/**
 * Starts a card payment once the card machine is free: after a lost answer it is still busy with
 * the payment the till could not follow, until that one ends on the machine.
 */
async function payCardWhenFree(input: { saleId: string; terminalId: string; amount: number }) {
  const reply = await waitUntil(async () => {
    const r = await t.till.dispatch('sales.payCard', input);
    return !r.ok && r.error.code === 'terminal_busy' ? false : r;
  }, 'the card machine to be free');
  assert.ok(reply.ok, JSON.stringify(reply));
  return reply.value as PaymentView;
}

/** A card payment of a sale whose start answer is lost: its outcome is unknown. */
async function unknownPayment(): Promise<PaymentView> {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const { payAtCounter } = await t.till.sandbox();
  await payAtCounter.control({ dropNextStartResponse: true });
  const card = await payCardWhenFree({ saleId: sale.saleId, terminalId: GBP_TERMINAL, amount: sale.total });
  return settledAs(card.paymentId, ['unknown', 'finished', 'failed_to_start']);
}

test('a card payment still running is listed as active, and no longer once it has finished', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 7) }); // slow card
  await t.time!.hold();
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  const active = await t.call('payments.active', {});
  assert.deepEqual(
    active.map((p) => [p.paymentId, p.saleId, p.amount]),
    [[card.paymentId, sale.saleId, sale.total]],
  );
  t.time!.resume();
  await t.call('payments.cancel', { paymentId: card.paymentId });
  assert.equal((await settledAs(card.paymentId, ['finished'])).successful, false);
  assert.deepEqual(await t.call('payments.active', {}), []);
});

test('the latest card payments are listed newest first, as many as asked', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  await settledAs(card.paymentId, ['finished']);
  const all = await t.call('payments.recent', { limit: 200 });
  assert.ok(all.length >= 2);
  const latest = await t.call('payments.recent', { limit: 1 });
  assert.deepEqual(
    latest.map((p) => p.paymentId),
    [card.paymentId],
  );
});

test('a lost answer the cashier saw approved is journaled as such, with the cashier’s name', async () => {
  const lost = await unknownPayment();
  assert.equal(lost.state, 'unknown');
  await t.call('payments.resolveUnknown', { paymentId: lost.paymentId, outcome: 'paid' });
  assert.equal(
    journaledNote(lost.paymentId),
    `cashier saw it approved on the card machine (${TEST_STAFF.cashier.name})`,
  );
});

test('a lost answer the cashier saw not approved is journaled as such, and the sale is not paid', async () => {
  const lost = await unknownPayment();
  assert.equal(lost.state, 'unknown');
  const resolved = await t.call('payments.resolveUnknown', {
    paymentId: lost.paymentId,
    outcome: 'not_paid',
  });
  assert.equal(resolved.successful, false);
  assert.equal(journaledNote(lost.paymentId), `cashier saw it not approved (${TEST_STAFF.cashier.name})`);
  assert.equal((await t.call('sales.get', { saleId: lost.saleId! })).paid, 0);
});

test('an approval that did not match, settled with a manager’s approval, names the manager in the note', async () => {
  const sale = await t.call('sales.open', {
    lines: [{ productId: products.find((p) => p.price >= 133)!.id, quantity: 2 }],
  });
  (await t.till.sandbox()).payAtCounter.control({
    lieAboutNextTransaction: { amount_base: 13_300, amount_total: 13_300 },
  });
  const card = await payCardWhenFree({ saleId: sale.saleId, terminalId: GBP_TERMINAL, amount: 133 });
  await settledAs(card.paymentId, ['needs_manager']);
  assert.equal(
    (await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'override' })).ok,
    true,
  );
  const settled = await t.call('payments.resolveMismatch', {
    paymentId: card.paymentId,
    outcome: 'paid',
    note: 'rest refunded on the machine',
  });
  const note = `manager: rest refunded on the machine (${TEST_STAFF.manager.name})`;
  assert.equal(settled.message, `A manager recorded it as paid for the amount the till asked. Note: ${note}`);
  assert.equal(journaledNote(card.paymentId), note);
});

test('a lost answer nobody has checked stays active behind fifty newer card machine requests', async () => {
  const lost = await unknownPayment();
  assert.equal(lost.state, 'unknown');
  for (let i = 0; i < 50; i++) await t.call('payments.duplicate', { terminalId: '22900002' });
  assert.ok((await t.call('payments.recent', { limit: 200 })).length > 51);
  const active = await t.call('payments.active', {});
  assert.deepEqual(
    active.map((p) => [p.paymentId, p.state]),
    [[lost.paymentId, 'unknown']],
  );
  await t.call('payments.resolveUnknown', { paymentId: lost.paymentId, outcome: 'not_paid' });
  assert.deepEqual(await t.call('payments.active', {}), []);
});
