// What staff read about a card payment: the card machine's notifications, final results, and the
// problems the runner records when an outcome is unclear, and approvals that did not match the
// request. Unknown codes are shown as they came.
import { formatMoney } from '../../../shared/money';
import type { ApprovalMismatch } from './approval-check';
import type { Resolution } from './journal';
import type { NestedWord } from '../../../shared/contract';

const WORDS: Record<string, string> = {
  CONNECTING: 'Contacting the bank…',
  CONNECTION_MADE: 'Connected to the bank',
  APPROVED: 'Approved',
  DECLINED: 'Declined by the bank',
  INSERT_CARD: 'Customer: insert the card',
  CARD_ERROR: 'Card could not be read',
  PROCESSING_ERROR: 'Card machine processing error',
  REMOVE_CARD: 'Customer: remove the card',
  RETRYING: 'Retrying the bank…',
  PRESENT_CARD: 'Customer: present the card',
  REPRESENT_CARD: 'Customer: present the card again',
  CARD_NOT_SUPPORTED: 'Card not supported',
  PRESENT_ONLY_ONE_CARD: 'Customer: present only one card',
  PLEASE_WAIT: 'Reading the card…',
  BAD_SWIPE: 'Bad swipe: try again',
  CARD_EXPIRED: 'Card expired',
  DECLINED_BY_CARD: 'Declined by the card',
  PIN_ENTRY: 'Customer: enter the PIN',
  CASHBACK_AMOUNT_ENTRY: 'Customer: choosing cashback',
  PAPER_OUT: 'Card machine is out of paper',
  UNSUPPORTED: 'Not supported by the card machine',
  SIGNATURE_VERIFICATION: 'Check the customer’s signature',
  SIGNATURE_VERIFICATION_COMPLETED: 'Signature check done',
  SIGNATURE_VERIFICATION_COULD_NOT_BE_COMPLETED: 'Signature check could not be completed',
  SIGNATURE_VERIFICATION_TIMEOUT: 'Signature check timed out',
  TRANSACTION_FINISHED: 'Finished',
  REPORT_STARTED: 'Report started',
  REPORT_FINISHED: 'Report finished',
};

export const DOCUMENTED_NOTIFICATIONS: readonly string[] = Object.keys(WORDS);

export function describeNotification(code: string): string {
  return WORDS[code] ?? code;
}

/** Short cashier words for a final result; a sale is paid only on SUCCESSFUL. */
const RESULT_WORDS: Record<string, string> = {
  SUCCESSFUL: 'Paid',
  TRANSACTION_UNSUCCESSFUL: 'Declined',
  CANCELLED: 'Cancelled',
  CANCELLED_BY_USER: 'Cancelled on the card machine',
  VOID: 'Void: not paid',
  FAILED_NOT_SUPPORTED: 'Not supported by the card machine',
  FAILED_ERROR: 'Card machine error: not paid',
  TIMED_OUT: 'Timed out: not paid',
};

export function describeResult(result: string | null): string {
  if (result === null) return 'No result';
  return RESULT_WORDS[result] ?? result;
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
