// Asking the card machine to cancel: a request, not a guarantee. The outcome shows in the
// record the poll reads; a machine past the bank step refuses and the cashier cancels on it.
import { TillError } from '../../../shared/contract/errors';
import type { ActivePayment, RunnerContext } from './runner-context';
import { CANCEL_REFUSED } from './wording';

export async function requestCancel(
  ctx: RunnerContext,
  payment: ActivePayment,
): Promise<{ status: 'requested' | 'refused' }> {
  try {
    await ctx.client.cancelTransaction(payment.terminalId, payment.transactionId!);
    return { status: 'requested' };
  } catch (error) {
    if (error instanceof TillError && error.code === 'terminal_busy') {
      ctx.emit({
        type: 'cancel_refused',
        paymentId: payment.id,
        terminalId: payment.terminalId,
        message: CANCEL_REFUSED,
      });
      return { status: 'refused' };
    }
    throw error;
  }
}
