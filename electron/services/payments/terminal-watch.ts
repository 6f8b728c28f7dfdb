// While a payment's outcome is unknown, the terminal's status is read so the cashier sees when
// the card machine is free again. Nothing is ever sent to the machine from here.
import type { PaymentRow } from './journal';
import { backoffMs } from './polling-policy';
import { isStopped, newActivePayment, type ActivePayment, type RunnerContext } from './runner-context';

/** A duplicate reprint moves no money: an unknown one asks the cashier nothing and blocks nothing. */
export function needsCashierDecision(row: Pick<PaymentRow, 'type'>): boolean {
  return row.type !== 'DUPLICATE';
}

export function beginWatching(ctx: RunnerContext, row: PaymentRow, reason: string): void {
  // Shutting down: the row is saved as unknown, and the next start's resumeAll() watches it again.
  if (ctx.closed || ctx.watchers.has(row.id) || !needsCashierDecision(row)) return;
  const payment = newActivePayment(row.id, row.terminalId);
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
      try {
        status = (await ctx.client.getTerminal(payment.terminalId)).status;
        failures = 0;
      } catch (error) {
        failures += 1;
        await ctx.sleep(payment, backoffMs(ctx.policy, failures, error));
        continue;
      }
      if (isStopped(payment)) return;
      if (status !== lastStatus) {
        lastStatus = status;
        ctx.emit({
          type: 'unknown',
          paymentId: payment.id,
          terminalId: payment.terminalId,
          reason,
          terminalStatus: status,
        });
      }
      // Nothing runs on the machine any more: stop reading; the cashier decides (duplicate helps).
      if (status === 'AVAILABLE') return;
      await ctx.sleep(payment, ctx.policy.terminalWatchMs);
    }
  } finally {
    ctx.watchers.delete(payment.id);
  }
}
