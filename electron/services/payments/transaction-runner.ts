// The card payment area's surface for the rest of the till: other areas import from here, the
// area's own files import from each other. Runs card payments: intent → start → poll → finish →
// journal, one at a time per terminal. The rule that matters most: a start whose answer was lost
// is NEVER sent again; the payment becomes `unknown` and the cashier decides, helped by the
// terminal status and a duplicate. See README.md for the map.
export {
  createPaymentService,
  type Decision,
  type DuplicateResult,
  type PaymentService,
  type PaymentServiceOptions,
  type StartRefundInput,
  type StartSaleInput,
} from './payment-service';
export type { CardServiceApi } from './runner-context';
export { DEFAULT_POLLING, type PollingPolicy } from './polling-policy';
export {
  toPaymentView,
  type DescribedNotification,
  type PaymentAmounts,
  type PaymentView,
} from './payment-view';
export type { PaymentEvent, PaymentListener } from './payment-events';
export { SIGNATURE_DECISION_MS } from './signature';
export { newNotificationsInOrder } from './notification-order';
export {
  describeNotification,
  describeResult,
  mismatchText,
  mismatchResolvedText,
  TRANSACTION_LOST_PROBLEM,
} from './wording';
export type { ApprovalMismatch, MismatchReason } from './approval-check';

/** The runner's view of a payment, as the sales area names it beside its own. */
export type { PaymentView as RunnerPaymentView } from './payment-view';
