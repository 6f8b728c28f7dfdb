// What staff read about a card payment: the card machine's notifications, final results, and the
// problems the runner records when an outcome is unclear, and approvals that did not match the
// request. Unknown codes are shown as they came. The codes' English is shared/payment-words.ts.
import { formatMoney } from '../../../shared/money';
import { NO_RESULT, NOTIFICATION_WORDS, RESULT_WORDS, wordsFor } from '../../../shared/payment-words';
import type { ApprovalMismatch } from './approval-check';
import type { Resolution } from './journal';
import { errorWord, type NestedWord, type Words } from '../../../shared/contract/errors';

export const DOCUMENTED_NOTIFICATIONS: readonly string[] = Object.keys(NOTIFICATION_WORDS);

export function describeNotification(code: string): string {
  return wordsFor(NOTIFICATION_WORDS, code);
}

export function describeResult(result: string | null): string {
  if (result === null) return NO_RESULT;
  return wordsFor(RESULT_WORDS, result);
}

/** A notification by key for the screens' catalogues (`services.payment.notification.<CODE>`). */
export function notificationWord(code: string): NestedWord {
  return { key: `payment.notification.${keyPart(code)}`, english: describeNotification(code) };
}

/** A card machine's code as a key part; one it made up with other characters has no words. */
function keyPart(code: string): string {
  return /^[A-Za-z0-9_]{1,60}$/.test(code) ? code : 'unlisted';
}

/** A final result by key (`services.payment.result.<RESULT>`, `.none` for no result). */
export function resultWord(result: string | null): NestedWord {
  return {
    key: `payment.result.${result === null ? 'none' : keyPart(result)}`,
    english: describeResult(result),
  };
}

/** The service answers 404 for a transaction it gave an id for. */
export const TRANSACTION_LOST_PROBLEM =
  'The card service no longer knows this transaction: check the card machine.';

/** Reads of a started transaction kept failing for longer than a card sale can take. */
export const READS_FAILING_PROBLEM =
  'The till could not read the card service’s answers about this payment for several minutes: check the card machine.';

/** An unknown outcome whose reason was not recorded. */
export const OUTCOME_UNKNOWN = 'Outcome unknown.';

/** Found at start-up: the intent was written but the start was never sent. */
export const NOT_SENT_BEFORE_STOP = 'Not sent: the till stopped before sending it to the card machine.';

/** Found at start-up: the start may have gone out, and no answer was saved. */
export const STOPPED_WHILE_STARTING =
  'The till stopped while starting this payment; the card machine may have taken it.';

export const CANCEL_REFUSED =
  'The card machine could not cancel now: cancel it on the card machine. Waiting for its result.';

export function noClearStartAnswer(why: string): string {
  return `No clear answer to the start: ${why} The card machine may be taking the payment.`;
}

/**
 * Why a payment's outcome is not known: its English (the journal's and the log's words) and the
 * same by key (`services.payment.problem.<key>`), journaled together so a German till says it in
 * German after a restart too.
 */
export interface UnclearReason {
  text: string;
  words: Words;
}

const unclear = (text: string, key: string, params?: Words['params']): UnclearReason => ({
  text,
  words: { key: `payment.problem.${key}`, ...(params && { params }) },
});

export const UNCLEAR = {
  transactionLost: unclear(TRANSACTION_LOST_PROBLEM, 'transactionLost'),
  readsFailing: unclear(READS_FAILING_PROBLEM, 'readsFailing'),
  stoppedWhileStarting: unclear(STOPPED_WHILE_STARTING, 'stoppedWhileStarting'),
  /** The start's answer was lost: with the card service's own words for why. */
  noClearStart: (error: unknown): UnclearReason =>
    unclear(noClearStartAnswer(errorText(error)), 'noClearStart', { why: errorWord(error) }),
};

export function noClearReprintAnswer(why: string): string {
  return `No clear answer to the reprint request: ${why} The card machine may still print it; ask again if it does not.`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An amount in the currency the card machine or the till named ("£1.33", "USD 1.33"). */
function money(minor: number | null, currency: string | null): string {
  if (minor === null) return 'no amount';
  return currency ? formatMoney(minor, currency) : `${formatMoney(minor, '').trim()} (no currency given)`;
}

function kindOf(type: string | null): string {
  if (type === 'SALE') return 'a sale';
  if (type === 'REFUND') return 'a refund';
  return type ? `“${type}”` : 'an unnamed kind of payment';
}

/**
 * Both figures in a cashier's words, and what to do: the card machine said it took (or gave
 * back) money, but not what the till asked for, so nothing is booked until a manager checks.
 */
export function mismatchText(m: ApprovalMismatch): string {
  const { asked, answered } = m;
  const refund = asked.type === 'REFUND';
  const approved = refund ? 'refunded' : 'approved';
  const askedMoney = money(asked.amount, asked.currency);
  const answeredMoney = money(answered.base, answered.currency);
  const next = refund
    ? ' Ask a manager before trying again.'
    : ' Ask a manager before giving goods or trying again.';
  switch (m.reason) {
    case 'undocumented_result':
      return `The card machine answered “${answered.result ?? 'nothing'}”, a result the till does not know, for ${answeredMoney}; the till asked for ${askedMoney}. It is not recorded as paid.${next}`;
    case 'type':
      return `The card machine approved ${kindOf(answered.type)} of ${answeredMoney}, but the till asked for ${kindOf(asked.type)} of ${askedMoney}.${next}`;
    case 'negative_amount':
      return `The card machine ${approved} a negative amount (${answeredMoney}, total ${money(answered.total, answered.currency)}), but the till asked for ${askedMoney}.${next}`;
    case 'missing_amount':
      return `The card machine said ${approved} but gave no amount; the till asked for ${askedMoney}.${next}`;
    case 'total': {
      const extras = `tip ${money(answered.gratuity ?? 0, answered.currency)}, cashback ${money(answered.cashback ?? 0, answered.currency)}`;
      return `The card machine ${approved} ${answeredMoney}, but its total of ${money(answered.total, answered.currency)} does not add up (${extras}).${next}`;
    }
    case 'over_refundable':
      return `The card machine refunded ${answeredMoney}, but only ${money(asked.refundableLeft, asked.currency)} was left to refund on the original payment.${next}`;
    default: {
      // amount and currency: the two figures say it (and for a refund, what was left).
      const left =
        refund && asked.refundableLeft !== null && (answered.base ?? 0) > asked.refundableLeft
          ? ` Only ${money(asked.refundableLeft, asked.currency)} was left to refund on the original payment.`
          : '';
      return `The card machine ${approved} ${answeredMoney}, but the till asked for ${askedMoney}.${left}${next}`;
    }
  }
}

/** After a manager settled a mismatch: what was decided, in their words. */
export function mismatchResolvedText(resolution: Resolution): string {
  const decided =
    resolution.outcome === 'paid'
      ? 'A manager recorded it as paid for the amount the till asked.'
      : 'A manager recorded it as not paid.';
  return `${decided} Note: ${resolution.note}`;
}
