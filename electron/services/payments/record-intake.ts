// What one read of a transaction brings the journal, whichever loop read it (the poll of a
// running payment, or the watch of an unknown outcome): the notifications not seen before, in
// arrival order, and the final record, saved once and announced once.
import { isPaidPayment, type SeenNotification } from './journal';
import { newNotificationsInOrder } from './notification-order';
import type { CardTransaction } from './pay-at-counter-client';
import { amountsOf } from './payment-view';
import type { ActivePayment, RunnerContext } from './runner-context';

/** The notifications of `record` the payment had not seen, stamped now and added to `payment.seen`. */
export function takeFreshNotifications(
  ctx: RunnerContext,
  payment: ActivePayment,
  record: CardTransaction,
): SeenNotification[] {
  const fresh = newNotificationsInOrder(
    record.notifications,
    payment.seen.map((n) => n.code),
  ).map((code) => ({ code, seenAt: ctx.clock.now() }));
  payment.seen.push(...fresh);
  return fresh;
}

/** Saves a finished record (checked against the request) and tells listeners, the first time only. */
export function takeFinished(
  ctx: RunnerContext,
  payment: ActivePayment,
  record: CardTransaction,
  fresh: SeenNotification[],
): void {
  if (!ctx.journal.saveFinished(payment.id, record, payment.seen)) return;
  ctx.emitProgress(payment, fresh);
  const row = ctx.journal.get(payment.id)!;
  ctx.emit({
    type: 'finished',
    paymentId: payment.id,
    terminalId: row.terminalId,
    saleId: row.saleId,
    paymentType: row.type,
    result: row.result,
    // Checked against the request when saved: a mismatched approval is not paid.
    successful: isPaidPayment(row),
    amounts: amountsOf(row.record)!,
    receipts: row.receipts ?? { MERCHANT: [], CUSTOMER: [] },
  });
}
