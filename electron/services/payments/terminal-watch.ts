// While a payment's outcome is unknown, the terminal's status is read so the cashier sees when
// the card machine is free again, and the transaction itself (when the till has its id), so the
// real outcome still wins if it can be read before the cashier decides. Nothing is ever sent to
// the machine from here: no start, cancel or signature answer.
import type { PaymentRow } from './journal';
import type { CardTransaction } from './pay-at-counter-client';
import { backoffMs } from './polling-policy';
import { takeFinished, takeFreshNotifications } from './record-intake';
import { isStopped, newActivePayment, type ActivePayment, type RunnerContext } from './runner-context';

/** A duplicate reprint moves no money: an unknown one asks the cashier nothing and blocks nothing. */
export function needsCashierDecision(row: Pick<PaymentRow, 'type'>): boolean {
  return row.type !== 'DUPLICATE';
}

export function beginWatching(ctx: RunnerContext, row: PaymentRow, reason: string): void {
  // Shutting down: the row is saved as unknown, and the next start's resumeAll() watches it again.
  if (ctx.closed || ctx.watchers.has(row.id) || !needsCashierDecision(row)) return;
  const payment = newActivePayment(row.id, row.terminalId, row.transactionId, [...row.notifications]);
  ctx.watchers.set(row.id, payment);
  payment.loop = ctx.track(watchTerminal(ctx, payment, reason));
}

async function watchTerminal(ctx: RunnerContext, payment: ActivePayment, reason: string): Promise<void> {
  let lastStatus: string | null | undefined;
  let failures = 0;
  ctx.emit({
    type: 'unknown',
    paymentId: payment.id,
    terminalId: payment.terminalId,
    reason,
    terminalStatus: null,
  });
  try {
    while (!isStopped(payment)) {
      let status: string | null = null;
      let wait = ctx.policy.terminalWatchMs;
      try {
        status = (await ctx.client.getTerminal(payment.terminalId)).status;
        failures = 0;
      } catch (error) {
        failures += 1;
        wait = backoffMs(ctx.policy, failures, error);
      }
      if (isStopped(payment)) return;
      if (failures === 0 && status !== lastStatus) {
        lastStatus = status;
        ctx.emit({
          type: 'unknown',
          paymentId: payment.id,
          terminalId: payment.terminalId,
          reason,
          terminalStatus: status,
        });
      }
      // Read after the status, so a machine just seen free has its final record read once more.
      if (payment.transactionId !== null && (await outcomeRead(ctx, payment, payment.transactionId))) return;
      // Nothing runs on the machine any more: stop reading; the cashier decides (duplicate helps).
      if (status === 'AVAILABLE') return;
      await ctx.sleep(payment, wait);
    }
  } finally {
    ctx.watchers.delete(payment.id);
  }
}

/**
 * Reads the transaction of an unknown outcome; true when its final record came and was taken
 * (saved once, checked against the request, and announced). A failed read changes nothing.
 */
async function outcomeRead(
  ctx: RunnerContext,
  payment: ActivePayment,
  transactionId: string,
): Promise<boolean> {
  let record: CardTransaction;
  try {
    record = await ctx.client.getTransaction(payment.terminalId, transactionId);
  } catch {
    return false;
  }
  if (!record.finished) return false;
  // Had the cashier decided while the read was out, the journal keeps their decision.
  takeFinished(ctx, payment, record, takeFreshNotifications(ctx, payment, record));
  return true;
}
