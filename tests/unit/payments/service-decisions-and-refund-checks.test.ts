// The payment service's own answers on a scripted card machine: a decision asked on the wrong kind
// of payment is refused in the words for that kind and changes nothing; settling an unknown outcome
// stops the card machine being read; a refund's amount, currency and original sale are checked
// before anything is journaled or sent; a reprint keeps who asked for it.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { TillError } from '../../../shared/contract/errors';
import { refusalOf } from '../../support/refusal';
import { paidSale, scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';
import { waitUntil, within } from './support';

let rig: Rig;
beforeEach(() => {
  rig = scriptedRig();
});
afterEach(() => rig.cleanup());

const sale = (saleId: string, amount = 1000) => ({ saleId, terminalId: TERMINAL, amount, currency: 'GBP' });

/** What a synchronous call was refused with, as the screens are sent it. */
function refusalNow(work: () => unknown) {
  let thrown: unknown;
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof TillError, `expected a refusal, got ${String(thrown)}`);
  return thrown.toShape();
}

/** A sale whose start got no clear answer: its outcome is unknown and the card machine is watched. */
async function unknownSale(saleId: string) {
  rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
  const view = await rig.service.startSale(sale(saleId));
  rig.machine.startFailure = null;
  assert.equal(view.state, 'unknown');
  return view;
}

/** A sale of £10.00 the card machine approved for £12.00: it waits for a manager. */
async function saleApprovedForMore(saleId: string) {
  const started = await rig.service.startSale(sale(saleId, 1000));
  rig.machine.finish(started.transactionId!, 'SUCCESSFUL', 1200);
  await rig.clock.advance(1_000);
  const done = await within(rig.service.settled(started.id), 'the sale to settle', 2_000);
  assert.equal(done.state, 'needs_manager');
  return done;
}

const starts = () => rig.machine.calls.filter((c) => c.startsWith('start'));

test("a cashier's decision on an approval that waits for a manager is refused as no unknown outcome", async () => {
  const waiting = await saleApprovedForMore('s-mismatch');
  const refusal = refusalNow(() =>
    rig.service.resolveUnknown(waiting.id, { outcome: 'paid', note: 'the slip says paid' }),
  );
  assert.equal(refusal.code, 'conflict');
  assert.equal(refusal.message, 'That payment has no unresolved unknown outcome.');
  const after = rig.service.getPayment(waiting.id)!;
  assert.equal(after.state, 'needs_manager');
  assert.equal(after.resolution, null);
  assert.equal(after.successful, false);
  assert.equal(
    rig.events.some((e) => e.type === 'resolved'),
    false,
  );
});

test("a manager's decision on a payment with no approval waiting is refused in words, unknown or paid", async () => {
  const unclear = await unknownSale('s-unclear');
  const onUnknown = refusalNow(() =>
    rig.service.resolveMismatch(unclear.id, { outcome: 'paid', note: 'checked the machine' }),
  );
  assert.equal(onUnknown.code, 'conflict');
  assert.equal(onUnknown.message, 'That payment has no approval waiting for a manager.');
  assert.equal(rig.service.getPayment(unclear.id)?.state, 'unknown');
  assert.equal(rig.service.getPayment(unclear.id)?.resolution, null);

  rig.service.resolveUnknown(unclear.id, { outcome: 'not_paid', note: 'nothing on the machine' });
  const paid = await paidSale(rig, 's-paid', 1500);
  const onPaid = refusalNow(() =>
    rig.service.resolveMismatch(paid.id, { outcome: 'not_paid', note: 'checked the machine' }),
  );
  assert.equal(onPaid.code, 'conflict');
  assert.equal(onPaid.message, 'That payment has no approval waiting for a manager.');
  assert.equal(rig.service.getPayment(paid.id)?.successful, true);
  assert.equal(rig.service.getPayment(paid.id)?.resolution, null);
});

test("a manager's decision without a word on what was checked is refused, saying what to write", async () => {
  const waiting = await saleApprovedForMore('s-no-note');
  for (const note of ['', '   ']) {
    const refusal = refusalNow(() => rig.service.resolveMismatch(waiting.id, { outcome: 'paid', note }));
    assert.equal(refusal.code, 'invalid_input');
    assert.equal(refusal.message, 'Say what the manager checked on the card machine.');
  }
  assert.equal(rig.service.getPayment(waiting.id)?.state, 'needs_manager');
  assert.equal(rig.service.getPayment(waiting.id)?.resolution, null);
  const decided = rig.service.resolveMismatch(waiting.id, { outcome: 'not_paid', note: 'slip shows £12.00' });
  assert.equal(decided.resolution?.outcome, 'not_paid');
});

test('once the cashier settles an unknown outcome, the card machine is no longer read', async () => {
  const unclear = await unknownSale('s-watch');
  await waitUntil(() => rig.machine.count('terminal') >= 1, 'the card machine to be read', 2_000);
  // While the machine says BUSY it is read again every second.
  await rig.clock.advance(3_000);
  assert.ok(rig.machine.count('terminal') >= 3, `read ${rig.machine.count('terminal')} times in 3 s`);

  rig.service.resolveUnknown(unclear.id, { outcome: 'not_paid', note: 'nothing on the machine' });
  const readsAtDecision = rig.machine.count('terminal');
  const eventsAtDecision = rig.events.length;
  await rig.clock.advance(10_000);
  assert.equal(rig.machine.count('terminal'), readsAtDecision, 'no read after the decision');
  assert.deepEqual(
    rig.events.slice(eventsAtDecision).map((e) => e.type),
    [],
    'nothing more is said about the machine after the decision',
  );
  assert.equal(rig.clock.timers, 0, 'nothing is left waiting on the clock');
  assert.equal(rig.service.getPayment(unclear.id)?.resolution?.outcome, 'not_paid');
});

test('a refund of an amount the card machine cannot take is refused in words; nothing is journaled or sent', async () => {
  for (const amount of [0, -500, 12.5, 100_000_000, Number.NaN]) {
    const refusal = await refusalOf(
      rig.service.startRefund({ terminalId: TERMINAL, amount, currency: 'GBP' }),
    );
    assert.equal(refusal.code, 'invalid_input', String(amount));
    assert.equal(refusal.message, 'The card amount must be between 0.01 and 999,999.99.', String(amount));
  }
  const badCurrency = await refusalOf(
    rig.service.startRefund({ terminalId: TERMINAL, amount: 500, currency: 'gbp' }),
  );
  assert.equal(badCurrency.code, 'invalid_input');
  assert.equal(badCurrency.message, 'The currency must be a code such as GBP.');
  assert.deepEqual(rig.machine.calls, []);
  assert.deepEqual(rig.service.listPayments(), []);
});

test('a refund naming a refund, or a payment the till never had, as its sale is refused; nothing is sent', async () => {
  const original = await paidSale(rig, 's-refunded', 2000);
  const refund = await rig.service.startRefund({
    originalPaymentId: original.id,
    terminalId: TERMINAL,
    amount: 500,
    currency: 'GBP',
  });
  rig.machine.finish(refund.transactionId!, 'SUCCESSFUL', 500, 'REFUND');
  await rig.clock.advance(1_000);
  const refunded = await within(rig.service.settled(refund.id), 'the refund to settle', 2_000);
  assert.equal(refunded.successful, true);
  const sentBefore = starts();
  assert.deepEqual(sentBefore, ['start SALE 2000 GBP', 'start REFUND 500 GBP']);

  for (const originalPaymentId of [refund.id, 'a-payment-this-till-never-had']) {
    const refusal = await refusalOf(
      rig.service.startRefund({ originalPaymentId, terminalId: TERMINAL, amount: 200, currency: 'GBP' }),
    );
    assert.equal(refusal.code, 'invalid_input', originalPaymentId);
    assert.equal(refusal.message, 'The refund refers to a card sale this till does not know.');
  }
  assert.deepEqual(starts(), sentBefore);
  assert.equal(rig.service.paymentsLinkedTo({ originalPaymentId: refund.id }).length, 0);
  assert.equal(rig.service.listPayments().length, 2);
});

test('a reprint is journaled with the person who asked for it', async () => {
  const who = { id: 'staff-7', name: 'Morgan', approvedBy: { id: 'staff-1', name: 'Ada' } };
  const asked = rig.service.requestDuplicate(TERMINAL, who);
  await waitUntil(() => rig.machine.count('start DUPLICATE') === 1, 'the reprint to start', 2_000);
  rig.machine.finish('tx-1', 'SUCCESSFUL', 1000, 'DUPLICATE');
  await rig.clock.advance(1_000);
  const reprint = await within(asked, 'the reprint to answer', 2_000);
  assert.equal(reprint.result, 'SUCCESSFUL');
  assert.deepEqual(rig.service.getPayment(reprint.paymentId)?.staff, who);
  assert.deepEqual(rig.service.journal.get(reprint.paymentId)?.staff, who);
});
