// A card payment as the rest of the till sees it: the journal row with its notifications put
// into words, its amounts read from the card machine's record, and whether it is paid.
import { isPaidPayment, type PaymentRow, type SeenNotification } from './journal';
import type { CardTransaction } from './pay-at-counter-client';
import { signatureDeadline } from './signature';
import { describeNotification } from './wording';

export interface DescribedNotification {
  code: string;
  text: string;
  seenAt: number;
}

export interface PaymentAmounts {
  currency: string | null;
  base: number | null;
  cashback: number | null;
  gratuity: number | null;
  total: number | null;
}

/** The journal row's own fields, as they are, plus what the rest of the till reads from it. */
export interface PaymentView extends Pick<
  PaymentRow,
  | 'id'
  | 'saleId'
  | 'originalPaymentId'
  | 'terminalId'
  | 'type'
  | 'amount'
  | 'currency'
  | 'state'
  | 'transactionId'
  | 'result'
  | 'receipts'
  | 'resolution'
  | 'problem'
  | 'problemWords'
  | 'mismatch'
  | 'staff'
  | 'createdAt'
  | 'updatedAt'
> {
  /** In the order the till first saw them. */
  notifications: DescribedNotification[];
  /**
   * Paid only when the card machine approved what was asked (or a person resolved an unknown
   * outcome or a mismatch as paid).
   */
  successful: boolean;
  /** Read from the finished record: gratuity and cashback are entered on the card machine. */
  amounts: PaymentAmounts | null;
  /** Set while the card machine waits for the cashier's signature decision. */
  awaitingSignature: { deadline: number } | null;
}

export function describeSeen(seen: readonly SeenNotification[]): DescribedNotification[] {
  return seen.map((n) => ({ code: n.code, text: describeNotification(n.code), seenAt: n.seenAt }));
}

export function amountsOf(record: CardTransaction | null): PaymentAmounts | null {
  if (!record) return null;
  return {
    currency: record.currency,
    base: record.amountBase,
    cashback: record.amountCashback,
    gratuity: record.amountGratuity,
    total: record.amountTotal,
  };
}

function signatureWait(row: PaymentRow): { deadline: number } | null {
  if (row.state !== 'started' && row.state !== 'pending') return null;
  const deadline = signatureDeadline(row.notifications);
  return deadline === null ? null : { deadline };
}

export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    saleId: row.saleId,
    originalPaymentId: row.originalPaymentId,
    terminalId: row.terminalId,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    transactionId: row.transactionId,
    notifications: describeSeen(row.notifications),
    result: row.result,
    successful: isPaidPayment(row),
    amounts: amountsOf(row.record),
    receipts: row.receipts,
    resolution: row.resolution,
    problem: row.problem,
    problemWords: row.problemWords,
    mismatch: row.mismatch,
    staff: row.staff,
    awaitingSignature: signatureWait(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
