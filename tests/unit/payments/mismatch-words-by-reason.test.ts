// The exact words staff read for each kind of approval that did not match the request, from the
// card machine's record as checked by the till: a negative figure, a total that does not add up
// (with the tip and cashback it gave), a refund over what was left, a result with no amount, and
// when "only so much was left" is said after a refund's wrong amount (and when it is not).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkApproval, type AskedFor } from '../../../electron/services/payments/approval-check';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import { mismatchText } from '../../../electron/services/payments/wording';
import { saleRecord } from './fake-card-service';
import { TERMINAL } from './scripted-card-machine';

const SALE_NEXT = ' Ask a manager before giving goods or trying again.';
const REFUND_NEXT = ' Ask a manager before trying again.';

/** A finished record as the card machine gave it: an approval unless `changes` say otherwise. */
function answer(changes: Partial<CardTransaction>): CardTransaction {
  return saleRecord('tx-1', TERMINAL, 'SUCCESSFUL', { authCode: '123456', ...changes });
}

function sale(amount: number): AskedFor {
  return { type: 'SALE', amount, currency: 'GBP', refundableLeft: null };
}

function refund(amount: number, refundableLeft: number | null): AskedFor {
  return { type: 'REFUND', amount, currency: 'GBP', refundableLeft };
}

/** What staff read about the record, after the till's own check found it does not match. */
function wordsFor(asked: AskedFor, record: CardTransaction, reason: string): string {
  const mismatch = checkApproval(asked, record);
  assert.ok(mismatch, 'the till does not take this answer as it stands');
  assert.equal(mismatch.reason, reason);
  return mismatchText(mismatch);
}

test('a result the till does not know, given with no amount, says "no amount" for what the machine took', () => {
  const record = answer({ result: 'DONE_OFFLINE', amountBase: null, amountTotal: null });
  assert.equal(
    wordsFor(sale(1000), record, 'undocumented_result'),
    `The card machine answered “DONE_OFFLINE”, a result the till does not know, for no amount; the till asked for £10.00. It is not recorded as paid.${SALE_NEXT}`,
  );
});

test('a refund of a negative amount names the negative figure and its total', () => {
  const record = answer({ transactionType: 'REFUND', amountBase: -1000, amountTotal: -1000 });
  assert.equal(
    wordsFor(refund(1000, 5000), record, 'negative_amount'),
    `The card machine refunded a negative amount (-£10.00, total -£10.00), but the till asked for £10.00.${REFUND_NEXT}`,
  );
});

test('a sale with a negative cashback is worded as a negative amount, not as a missing one', () => {
  const record = answer({ amountCashback: -200, amountTotal: 800 });
  assert.equal(
    wordsFor(sale(1000), record, 'negative_amount'),
    `The card machine approved a negative amount (£10.00, total £8.00), but the till asked for £10.00.${SALE_NEXT}`,
  );
});

test('a total that does not add up is shown with the tip and cashback the card machine gave', () => {
  const record = answer({ amountGratuity: 200, amountCashback: 500, amountTotal: 1500 });
  assert.equal(
    wordsFor(sale(1000), record, 'total'),
    `The card machine approved £10.00, but its total of £15.00 does not add up (tip £2.00, cashback £5.00).${SALE_NEXT}`,
  );
});

test('a total that does not add up with no tip or cashback given counts them as nothing', () => {
  const record = answer({ amountGratuity: null, amountCashback: null, amountTotal: 1200 });
  assert.equal(
    wordsFor(sale(1000), record, 'total'),
    `The card machine approved £10.00, but its total of £12.00 does not add up (tip £0.00, cashback £0.00).${SALE_NEXT}`,
  );
});

test('a refund of the amount asked but over what was left names what was left', () => {
  const record = answer({ transactionType: 'REFUND', amountBase: 1000, amountTotal: 1000 });
  assert.equal(
    wordsFor(refund(1000, 600), record, 'over_refundable'),
    `The card machine refunded £10.00, but only £6.00 was left to refund on the original payment.${REFUND_NEXT}`,
  );
});

test('a refund of the wrong amount, over what was left, also says what was left', () => {
  const record = answer({ transactionType: 'REFUND', amountBase: 700, amountTotal: 700 });
  assert.equal(
    wordsFor(refund(500, 600), record, 'amount'),
    `The card machine refunded £7.00, but the till asked for £5.00. Only £6.00 was left to refund on the original payment.${REFUND_NEXT}`,
  );
});

test('a refund of the wrong amount exactly equal to what was left says nothing about what was left', () => {
  const record = answer({ transactionType: 'REFUND', amountBase: 500, amountTotal: 500 });
  assert.equal(
    wordsFor(refund(300, 500), record, 'amount'),
    `The card machine refunded £5.00, but the till asked for £3.00.${REFUND_NEXT}`,
  );
});

test('a refund of less than asked, well within what was left, says nothing about what was left', () => {
  const record = answer({ transactionType: 'REFUND', amountBase: 400, amountTotal: 400 });
  assert.equal(
    wordsFor(refund(500, 1000), record, 'amount'),
    `The card machine refunded £4.00, but the till asked for £5.00.${REFUND_NEXT}`,
  );
});

test('a refund with no original payment (nothing known to be left) names only the two figures', () => {
  const record = answer({ transactionType: 'REFUND', amountBase: 1200, amountTotal: 1200 });
  assert.equal(
    wordsFor(refund(1000, null), record, 'amount'),
    `The card machine refunded £12.00, but the till asked for £10.00.${REFUND_NEXT}`,
  );
});
