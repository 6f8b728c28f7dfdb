// The approval check as a rule table: for each answer the card machine could give, is the money
// taken as paid (no mismatch) or held for a manager, and why. approval-check.test.ts drives the
// same rule through the sandbox over HTTP; this file pins every branch, including answers the
// sandbox cannot give (missing figures, refunds carrying cashback, reprints).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkApproval,
  type AskedFor,
  type MismatchReason,
} from '../../../electron/services/payments/approval-check';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-records';

/** A finished £12.50 card sale, approved exactly as asked. */
function approved(overrides: Partial<CardTransaction> = {}): CardTransaction {
  return {
    id: 'tx-1',
    terminalId: 'T1',
    transactionNumber: '0001',
    transactionType: 'SALE',
    result: 'SUCCESSFUL',
    finished: true,
    transactionTime: '2026-11-23T12:00:00Z',
    applicationId: null,
    applicationLabel: null,
    authCode: 'A1',
    referenceNumber: null,
    currency: 'GBP',
    amountBase: 1250,
    amountCashback: null,
    amountGratuity: null,
    amountTotal: 1250,
    issuerName: null,
    cardholderVerificationMethod: null,
    dateOfExpiry: null,
    dateOfStart: null,
    paymentMethod: null,
    primaryAccountNumber: null,
    primaryAccountNumberSequence: null,
    notifications: ['TRANSACTION_FINISHED'],
    createdAt: null,
    updatedAt: null,
    receipts: { MERCHANT: [], CUSTOMER: [] },
    ...overrides,
  };
}

const SALE: AskedFor = { type: 'SALE', amount: 1250, currency: 'GBP', refundableLeft: null };
/** A £12.50 refund on a sale with £20.00 still refundable. */
const REFUND: AskedFor = { type: 'REFUND', amount: 1250, currency: 'GBP', refundableLeft: 2000 };

const CASES: Array<{
  name: string;
  asked: AskedFor;
  answer: Partial<CardTransaction>;
  reason: MismatchReason | null;
}> = [
  { name: 'a sale approved exactly as asked is paid', asked: SALE, answer: {}, reason: null },
  {
    name: 'a sale with £2.00 cashback and £1.00 tip keyed on the machine is paid when the total adds up',
    asked: SALE,
    answer: { amountCashback: 200, amountGratuity: 100, amountTotal: 1550 },
    reason: null,
  },
  {
    name: 'a sale whose total leaves out the cashback is held',
    asked: SALE,
    answer: { amountCashback: 200, amountGratuity: 100, amountTotal: 1250 },
    reason: 'total',
  },
  {
    name: 'a sale whose total is base + cashback - tip is held',
    asked: SALE,
    answer: { amountCashback: 300, amountGratuity: 100, amountTotal: 1450 },
    reason: 'total',
  },
  {
    name: 'a declined sale is simply not paid: nothing to check',
    asked: SALE,
    answer: { result: 'CANCELLED', amountBase: 99 },
    reason: null,
  },
  {
    name: 'a result the spec does not list is held',
    asked: SALE,
    answer: { result: 'APPROVED_MAYBE' },
    reason: 'undocumented_result',
  },
  {
    name: 'a finished record with no result is held',
    asked: SALE,
    answer: { result: null },
    reason: 'undocumented_result',
  },
  {
    name: 'a refund answered for a sale is held',
    asked: SALE,
    answer: { transactionType: 'REFUND' },
    reason: 'type',
  },
  { name: 'another currency is held', asked: SALE, answer: { currency: 'EUR' }, reason: 'currency' },
  {
    name: 'a negative base is held',
    asked: SALE,
    answer: { amountBase: -1250, amountTotal: -1250 },
    reason: 'negative_amount',
  },
  {
    name: 'a negative tip is held',
    asked: SALE,
    answer: { amountGratuity: -1, amountTotal: 1249 },
    reason: 'negative_amount',
  },
  {
    name: 'a sale with no base amount is held',
    asked: SALE,
    answer: { amountBase: null },
    reason: 'missing_amount',
  },
  {
    name: 'a sale with no total is held',
    asked: SALE,
    answer: { amountTotal: null },
    reason: 'missing_amount',
  },
  {
    name: 'an approval when the till did not record what it asked is held',
    asked: { ...SALE, amount: null },
    answer: {},
    reason: 'missing_amount',
  },
  {
    name: 'a penny more than asked is held',
    asked: SALE,
    answer: { amountBase: 1251, amountTotal: 1251 },
    reason: 'amount',
  },
  {
    name: 'a refund approved as asked, within what is left, is paid',
    asked: REFUND,
    answer: { transactionType: 'REFUND' },
    reason: null,
  },
  {
    name: 'a refund of exactly what is left is paid',
    asked: { ...REFUND, refundableLeft: 1250 },
    answer: { transactionType: 'REFUND' },
    reason: null,
  },
  {
    name: 'a refund a penny over what is left is held',
    asked: { ...REFUND, refundableLeft: 1249 },
    answer: { transactionType: 'REFUND' },
    reason: 'over_refundable',
  },
  {
    name: 'a refund that hands out cashback is held even when its total adds up',
    asked: REFUND,
    answer: { transactionType: 'REFUND', amountCashback: 200, amountTotal: 1450 },
    reason: 'total',
  },
  {
    name: 'a refund that carries a tip is held',
    asked: REFUND,
    answer: { transactionType: 'REFUND', amountGratuity: 100, amountTotal: 1250 },
    reason: 'total',
  },
  {
    name: 'a standalone refund (no original) is checked on its amount only',
    asked: { ...REFUND, refundableLeft: null },
    answer: { transactionType: 'REFUND' },
    reason: null,
  },
  {
    name: 'what is left to refund is never read for a sale',
    asked: { ...SALE, refundableLeft: 0 },
    answer: {},
    reason: null,
  },
  {
    name: 'a reprint moves no money and is never checked, whatever it describes',
    asked: { type: 'DUPLICATE', amount: null, currency: null, refundableLeft: null },
    answer: { transactionType: 'SALE', amountBase: 99_999, amountTotal: 1 },
    reason: null,
  },
];

for (const { name, asked, answer, reason } of CASES) {
  test(name, () => {
    const mismatch = checkApproval(asked, approved(answer));
    assert.equal(mismatch?.reason ?? null, reason);
  });
}

test('a mismatch keeps what was asked and the raw answer, figures as the machine gave them', () => {
  const mismatch = checkApproval(
    SALE,
    approved({ amountBase: 13_300, amountCashback: 5, amountGratuity: 7, amountTotal: 13_312 }),
  );
  assert.deepEqual(mismatch, {
    reason: 'amount',
    asked: SALE,
    answered: {
      type: 'SALE',
      result: 'SUCCESSFUL',
      currency: 'GBP',
      base: 13_300,
      cashback: 5,
      gratuity: 7,
      total: 13_312,
    },
  });
});
