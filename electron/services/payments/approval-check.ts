// Every approval is checked against what the till asked for before it counts as money taken:
// the card service's word alone is never enough. A finished transaction that says SUCCESSFUL
// must be of the type asked (SALE or REFUND), in the currency asked, for exactly the base amount
// asked, with no negative figure, a total that adds up, and (for a refund) no more than is left
// to refund on the original. A result the spec does not list proves nothing either way. Any of
// these makes the payment need a manager instead of being paid.
import type { PaymentType } from './journal';
import { TRANSACTION_RESULTS, type CardTransaction } from './pay-at-counter-records';

/** Why an answer does not match the request, most telling first. */
export const MISMATCH_REASONS = [
  'undocumented_result',
  'type',
  'currency',
  'negative_amount',
  'missing_amount',
  'amount',
  'total',
  'over_refundable',
] as const;
export type MismatchReason = (typeof MISMATCH_REASONS)[number];

/** What the till asked the card machine for. */
export interface AskedFor {
  type: PaymentType;
  amount: number | null;
  currency: string | null;
  /** Refunds against a payment: what was still left to refund on it, other refunds counted. */
  refundableLeft: number | null;
}

/** What the card machine answered, as it said it (figures in minor units, null when not given). */
export interface AnsweredWith {
  type: string | null;
  result: string | null;
  currency: string | null;
  base: number | null;
  cashback: number | null;
  gratuity: number | null;
  total: number | null;
}

export interface ApprovalMismatch {
  reason: MismatchReason;
  asked: AskedFor;
  answered: AnsweredWith;
}

const DOCUMENTED_RESULTS: readonly string[] = TRANSACTION_RESULTS;

export function answeredWith(record: CardTransaction): AnsweredWith {
  return {
    type: record.transactionType,
    result: record.result,
    currency: record.currency,
    base: record.amountBase,
    cashback: record.amountCashback,
    gratuity: record.amountGratuity,
    total: record.amountTotal,
  };
}

function firstReason(asked: AskedFor, answered: AnsweredWith): MismatchReason | null {
  if (answered.result === null || !DOCUMENTED_RESULTS.includes(answered.result)) return 'undocumented_result';
  // A documented result other than SUCCESSFUL is not paid: nothing to check.
  if (answered.result !== 'SUCCESSFUL') return null;
  if (answered.type !== asked.type) return 'type';
  if (answered.currency !== asked.currency) return 'currency';
  const { base, total } = answered;
  const cashback = answered.cashback ?? 0;
  const gratuity = answered.gratuity ?? 0;
  if ([base, total, cashback, gratuity].some((figure) => figure !== null && figure < 0)) {
    return 'negative_amount';
  }
  if (base === null || total === null || asked.amount === null) return 'missing_amount';
  if (base !== asked.amount) return 'amount';
  // Cashback and gratuity are keyed on the machine during a sale; a refund gives back its base only.
  const extras = asked.type === 'SALE' ? cashback + gratuity : 0;
  if (total !== base + extras || (asked.type !== 'SALE' && cashback + gratuity > 0)) return 'total';
  if (asked.type === 'REFUND' && asked.refundableLeft !== null && base > asked.refundableLeft) {
    return 'over_refundable';
  }
  return null;
}

/**
 * Null when the record may be taken as it says (a matching approval, or a documented result that
 * is not an approval); otherwise what was asked, what was answered, and why they differ.
 * Reprints (DUPLICATE) move no money and describe an earlier transaction: never checked.
 */
export function checkApproval(asked: AskedFor, record: CardTransaction): ApprovalMismatch | null {
  if (asked.type === 'DUPLICATE') return null;
  const answered = answeredWith(record);
  const reason = firstReason(asked, answered);
  return reason === null ? null : { reason, asked, answered };
}
