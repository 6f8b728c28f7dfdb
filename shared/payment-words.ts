// The one English table of what a card payment's codes mean to staff: the payment service words
// its notifications and results with it (electron/services/payments/wording.ts), and the screens'
// English catalogue (renderer/src/i18n/en/services.ts) is built from it, so the two cannot drift.

/** The card machine's notifications, by code. */
export const NOTIFICATION_WORDS = {
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
} as const satisfies Record<string, string>;

/** Short words for a final result, by result; a sale is paid only on SUCCESSFUL. */
export const RESULT_WORDS = {
  SUCCESSFUL: 'Paid',
  TRANSACTION_UNSUCCESSFUL: 'Declined',
  CANCELLED: 'Cancelled',
  CANCELLED_BY_USER: 'Cancelled on the card machine',
  VOID: 'Void: not paid',
  FAILED_NOT_SUPPORTED: 'Not supported by the card machine',
  FAILED_ERROR: 'Card machine error: not paid',
  TIMED_OUT: 'Timed out: not paid',
} as const satisfies Record<string, string>;

/** When the card machine gave no final result. */
export const NO_RESULT = 'No result';

/** A table's words for a code, or the code itself when the table does not know it. */
export function wordsFor(table: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(table, code) ? table[code]! : code;
}
