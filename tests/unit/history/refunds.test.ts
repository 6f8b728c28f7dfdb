// Itemised refunds through the contract, on a real till (SQLite file, sandbox card machine over
// loopback HTTP): never more than was sold and not yet refunded; a split adds up to the picked
// lines; the card part never more than is left on that card payment; a cashier needs a
// supervisor's PIN; what the customer paid for a discounted line is what goes back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RefundView } from '../../../shared/contract';
import { TEST_STAFF } from '../../support/staff';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/services/storage/database';
import { SaleRefunds } from '../../../electron/services/sales/refunds';
import { cardBasket, paidSale, startHistoryTill, TERMINAL, type HistoryTill } from './support';

let h: HistoryTill;

before(async () => {
  h = await startHistoryTill();
});
after(() => h.t.close());

/** The refunds' own record as the cash-up reads it, over a second connection to the till's file. */
function refundsReader() {
  const db = openDatabase(join(h.t.dataDir, 'paydesk.sqlite'));
  const unused = () => {
    throw new Error('not used by the cash-up');
  };
  const refunds = new SaleRefunds({
    db,
    clock: h.t.time!.clock,
    sale: unused,
    startCardRefund: unused,
    payment: unused,
    refundsAgainst: unused,
    onPaymentChange: () => () => {},
    cardLastDigits: unused,
    printReceipt: unused,
    receiptSettings: unused,
    onRefund: unused,
    logger: console,
  });
  return { refunds, close: () => db.close() };
}

const completed = (refundId: string) =>
  h.t.waitForEvent('history.refundUpdated', (r) => r.refundId === refundId && r.state !== 'card_pending');

async function refundAndWait(input: Parameters<typeof h.t.call<'history.refund'>>[1]): Promise<RefundView> {
  const started = await h.t.call('history.refund', input);
  if (started.state !== 'card_pending') return started;
  return completed(started.refundId);
}

test('two refunds in a row: the second is limited to what the first left', async () => {
  const product = h.products[0]!;
  const sale = await paidSale(h.t, [{ productId: product.id, quantity: 3 }], 'none');
  const first = await h.t.call('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 2 }],
    cardAmount: 0,
    reason: 'Two were broken',
  });
  assert.equal(first.state, 'completed');
  assert.equal(first.cashAmount, Math.round((sale.lines[0]!.lineTotal * 2) / 3));

  const tooMany = await h.t.failure('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 2 }],
    cardAmount: 0,
    reason: 'Another one',
  });
  assert.equal(tooMany.code, 'invalid_input');
  assert.match(tooMany.message, new RegExp(`Only 1 of ${product.name} can still be refunded`));

  const last = await h.t.call('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 0,
    reason: 'The last one',
  });
  // Bit by bit, exactly what the line was paid goes back: never a penny more or less.
  assert.equal(first.total + last.total, sale.lines[0]!.lineTotal);
  const none = await h.t.failure('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 0,
    reason: 'Again',
  });
  assert.match(none.message, /already been refunded in full/);
  const record = await h.t.call('history.sale', { saleId: sale.saleId });
  assert.equal(record.lines[0]!.refundableQuantity, 0);
  assert.equal(record.refundedTotal, sale.total);
});

test('a split refund: card part to the card machine, the rest in cash, adding up to the picked lines', async () => {
  const sale = await paidSale(h.t, cardBasket(h.products, 3), 'all');
  const [cardTender] = sale.tenders;
  const picked = [0, 2];
  const worth = picked.reduce((sum, i) => sum + sale.lines[i]!.lineTotal, 0);
  const cardAmount = Math.floor(worth / 2) - (Math.floor(worth / 2) % 100) + 50; // ends in 50: approved
  assert.ok(cardAmount > 0 && cardAmount < worth);
  const before = new Date(h.t.time!.clock.now()).toISOString();
  const refund = await refundAndWait({
    saleId: sale.saleId,
    lines: picked.map((lineIndex) => ({ lineIndex, quantity: 1 })),
    cardAmount,
    card: { paymentId: cardTender!.paymentId!, terminalId: TERMINAL },
    reason: 'Wrong size',
  });
  assert.equal(refund.state, 'completed', refund.message);
  assert.equal(refund.total, worth);
  assert.equal(refund.cardAmount + refund.cashAmount, worth);
  assert.equal(refund.cashAmount, worth - cardAmount);

  // The card machine gave back the card part, linked to the sale's card payment.
  const cardRefund = await h.t.call('payments.get', { paymentId: refund.cardPaymentId! });
  assert.equal(cardRefund.type, 'REFUND');
  assert.equal(cardRefund.amount, cardAmount);
  assert.equal(cardRefund.successful, true);
  const record = await h.t.call('history.sale', { saleId: sale.saleId });
  assert.equal(record.cards[0]!.refundableLeft, sale.total - cardAmount);
  assert.equal(record.sale.refunded, cardAmount);
  assert.deepEqual(
    record.lines.map((l) => l.refundableQuantity),
    [0, 1, 0],
  );
  // The cash part left the drawer when the refund completed: the cash-up reads it from the refunds.
  const after = new Date(h.t.time!.clock.now() + 1).toISOString();
  const reader = refundsReader();
  try {
    const out = reader.refunds.cashGivenBack(before, after).filter((c) => c.refundId === refund.refundId);
    assert.deepEqual(
      out.map((c) => [c.amount, c.receiptNumber, c.at]),
      [[worth - cardAmount, sale.receiptNumber, refund.completedAt]],
    );
  } finally {
    reader.close();
  }
  assert.match(refund.message, /to the card and .* in cash from the drawer/);
});

test('the card part is never more than is left to refund on that card payment', async () => {
  // Paid part by card, part in cash: the card can take back only its own part.
  const lines = h.products
    .filter((p) => p.price >= 200)
    .slice(0, 2)
    .map((p) => ({ productId: p.id, quantity: 2 }));
  const cardPart = 200; // ends in 00: the sandbox approves it
  const sale = await paidSale(h.t, lines, cardPart);
  const paymentId = sale.tenders.find((t) => t.kind === 'card')!.paymentId!;
  const all = sale.lines.map((_, lineIndex) => ({ lineIndex, quantity: 2 }));
  const over = await h.t.failure('history.refund', {
    saleId: sale.saleId,
    lines: all,
    cardAmount: cardPart + 1,
    card: { paymentId, terminalId: TERMINAL },
    reason: 'Changed their mind',
  });
  assert.equal(over.code, 'invalid_input');
  assert.match(over.message, /can still go back to that card: give the rest in cash/);
  const record = await h.t.call('history.sale', { saleId: sale.saleId });
  assert.equal(record.refunds.length, 0, 'nothing written for a refused refund');

  // A first refund to the card lowers what the next may put on it.
  const first = await refundAndWait({
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: 100,
    card: { paymentId, terminalId: TERMINAL },
    reason: 'One broken',
  });
  assert.equal(first.state, 'completed', first.message);
  const rest = sale.lines.map((_, lineIndex) => ({ lineIndex, quantity: lineIndex === 0 ? 1 : 2 }));
  const stillOver = await h.t.failure('history.refund', {
    saleId: sale.saleId,
    lines: rest,
    cardAmount: cardPart - 100 + 1,
    card: { paymentId, terminalId: TERMINAL },
    reason: 'The rest',
  });
  assert.match(stillOver.message, /can still go back to that card/);
});

test('a cashier’s refund is refused without a supervisor’s approval, and goes through with it', async () => {
  const sale = await paidSale(h.t, [{ productId: h.products[1]!.id, quantity: 2 }], 'none');
  await h.staff.signIn('cashier');
  try {
    const input = {
      saleId: sale.saleId,
      lines: [{ lineIndex: 0, quantity: 1 }],
      cardAmount: 0,
      reason: 'Faulty',
    };
    const refused = await h.t.failure('history.refund', input);
    assert.equal(refused.code, 'not_allowed');
    assert.match(refused.message, /A refund needs a supervisor or manager/);
    const untouched = await h.t.call('history.sale', { saleId: sale.saleId });
    assert.equal(untouched.lines[0]!.refundableQuantity, 2);
    assert.equal(untouched.refunds.length, 0);

    const unlocked = await h.t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'refund' });
    assert.equal(unlocked.ok, true);
    const refund = await h.t.call('history.refund', input);
    assert.equal(refund.state, 'completed');
    assert.equal(refund.cashAmount, sale.lines[0]!.lineTotal / 2);
    assert.equal(refund.by?.name, TEST_STAFF.cashier.name);
    assert.equal(refund.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
    // One approval, one refund.
    const again = await h.t.failure('history.refund', input);
    assert.equal(again.code, 'not_allowed');
  } finally {
    await h.staff.signIn('supervisor');
  }
});

test('a discounted line gives back what the customer paid for it, not its list price', async () => {
  const product = h.products[2]!;
  const sale = await h.t.call('sales.open', {
    lines: [{ productId: product.id, quantity: 2, discount: { kind: 'percent', basisPoints: 2500 } }],
  });
  await h.t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  const paidForLine = sale.lines[0]!.lineTotal;
  assert.ok(paidForLine < product.price * 2, 'the line was discounted');
  const refund = await h.t.call('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 2 }],
    cardAmount: 0,
    reason: 'Returned both',
  });
  assert.equal(refund.total, paidForLine);
});
