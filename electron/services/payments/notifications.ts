// Cashier-facing words for what the card machine is doing. Unknown codes are shown as they came.

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
