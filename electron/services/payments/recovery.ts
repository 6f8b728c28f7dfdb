// Start-up: every journal row an earlier run left open is taken up again. What the row says
// decides what is safe: an intent was never sent, a 'starting' may have been (never resent:
// unknown), and a started transaction has an id, so reading it again is safe.
import type { PaymentRow, PaymentState } from './journal';
import { beginPolling } from './poll';
import { newActivePayment, type RunnerContext } from './runner-context';
import { beginWatching } from './terminal-watch';
import { NOT_SENT_BEFORE_STOP, OUTCOME_UNKNOWN, UNCLEAR } from './wording';

export function resumeOpenPayments(ctx: RunnerContext): Array<{ paymentId: string; state: PaymentState }> {
  const resumed: Array<{ paymentId: string; state: PaymentState }> = [];
  for (const row of ctx.journal.unfinished()) {
    if (ctx.active.has(row.id) || ctx.watchers.has(row.id)) continue;
    resumed.push({ paymentId: row.id, state: resumeRow(ctx, row) });
  }
  return resumed;
}

function resumeRow(ctx: RunnerContext, row: PaymentRow): PaymentState {
  const { journal } = ctx;
  if (row.state === 'intent') {
    // The intent was written but 'starting' never was: the request was certainly not sent.
    journal.markFailedToStart(row.id, NOT_SENT_BEFORE_STOP);
    return 'failed_to_start';
  }
  if (row.state === 'starting') {
    const { text, words } = UNCLEAR.stoppedWhileStarting;
    journal.markUnknown(row.id, text, words);
    beginWatching(ctx, journal.get(row.id)!, text);
    return 'unknown';
  }
  if (row.state === 'needs_manager') {
    // The card machine has finished; nothing runs or is read. The manager decides.
    return 'needs_manager';
  }
  if (row.state === 'unknown') {
    beginWatching(ctx, row, row.problem ?? OUTCOME_UNKNOWN);
    return 'unknown';
  }
  // started / pending: the id is known, so reading the same transaction again is safe.
  const payment = newActivePayment(row.id, row.terminalId, row.transactionId, [...row.notifications]);
  ctx.active.set(row.id, payment);
  ctx.terminals.take(row.terminalId, row.id);
  beginPolling(ctx, payment, 0);
  return row.state;
}
