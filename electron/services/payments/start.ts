// Intent → start → transaction id. The intent is journaled before anything leaves, 'starting'
// just before the request may be on the wire, and a start whose answer was lost is NEVER sent
// again: the payment becomes unknown and the cashier decides.
import { TillError } from '../../../shared/contract/errors';
import type { StaffStamp } from '../../../shared/contract/staff';
import { MAX_CARD_AMOUNT } from '../../../shared/money';
import { requestCancel } from './cancel';
import type { PaymentType } from './journal';
import { requestNeverSent } from './pay-at-counter-client';
import type { PaymentView } from './payment-view';
import { beginPolling } from './poll';
import { newActivePayment, type RunnerContext } from './runner-context';
import { beginWatching, needsCashierDecision } from './terminal-watch';
import { errorText, noClearReprintAnswer, UNCLEAR } from './wording';

/**
 * Answers to a start that mean the service refused it before anything ran: 401, 404, 422, 400
 * and 429. A 5xx or an unexpected status (service_error) proves nothing: a gateway may answer
 * 502/504 while the service goes on, and a 500 may follow a start the card machine took.
 */
const DEFINITIVE_REFUSALS = ['bad_credentials', 'not_found', 'terminal_busy', 'rejected', 'rate_limited'];

export interface StartDetails {
  saleId?: string | null;
  originalPaymentId?: string | null;
  amount?: number;
  currency?: string;
  /** Who starts it (journaled with the intent). */
  staff?: StaffStamp | null;
}

/** Test seam for crash tests: runs after the intent is written and before it is marked starting. */
export type AfterIntent = (paymentId: string) => Promise<void> | void;

export function checkAmount(amount: number, currency: string): void {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_CARD_AMOUNT) {
    throw new TillError('invalid_input', 'The card amount must be between 0.01 and 999,999.99.');
  }
  if (!/^[A-Z]{3}$/.test(currency))
    throw new TillError('invalid_input', 'The currency must be a code such as GBP.');
}

/** One payment at a time per machine, and none while an earlier one there has an unknown outcome. */
function checkTerminalFree(ctx: RunnerContext, terminalId: string, type: PaymentType): void {
  ctx.refuseWhenClosed();
  if (ctx.terminals.isTaken(terminalId)) {
    throw new TillError('terminal_busy', 'A card payment is already running on this card machine.');
  }
  if (type === 'DUPLICATE') return;
  const unresolved = ctx.journal
    .unfinished()
    .find((r) => r.terminalId === terminalId && r.state === 'unknown' && needsCashierDecision(r));
  if (unresolved) {
    throw new TillError(
      'terminal_busy',
      'An earlier card payment on this machine has an unknown outcome: resolve it before taking another.',
    );
  }
}

export async function startPayment(
  ctx: RunnerContext,
  type: PaymentType,
  terminalId: string,
  details: StartDetails,
  afterIntent?: AfterIntent,
): Promise<PaymentView> {
  const { journal, client } = ctx;
  checkTerminalFree(ctx, terminalId, type);
  const row = journal.recordIntent({ ...details, terminalId, type });
  ctx.terminals.take(terminalId, row.id);
  const payment = newActivePayment(row.id, terminalId);
  ctx.active.set(row.id, payment);
  try {
    await afterIntent?.(row.id);
    // close() began during that wait: it no longer waits for this start, so none is sent.
    ctx.refuseWhenClosed();
  } catch (error) {
    journal.markCancelledLocally(row.id, errorText(error));
    ctx.release(payment);
    throw error;
  }
  // From this line on the request may be on the wire: a crash leaves 'starting', never resent.
  journal.markStarting(row.id);
  ctx.emitProgress(payment);
  let transactionId: string;
  try {
    // Tracked so close() waits for the answer and its id is journaled before the database closes.
    const started = await ctx.track(
      type === 'DUPLICATE'
        ? client.startDuplicate(terminalId)
        : client.startTransaction(terminalId, {
            transactionType: type,
            amount: details.amount,
            currency: details.currency,
          }),
    );
    transactionId = started.transactionId;
  } catch (error) {
    ctx.release(payment);
    const definitive =
      requestNeverSent(error) || (error instanceof TillError && DEFINITIVE_REFUSALS.includes(error.code));
    if (definitive) {
      journal.markFailedToStart(row.id, errorText(error));
      ctx.emitProgress(payment);
      ctx.settle(row.id);
      throw error;
    }
    const reason = UNCLEAR.noClearStart(error);
    journal.markUnknown(row.id, reason.text, reason.words);
    if (type === 'DUPLICATE') {
      // Nothing to resolve: tell the cashier the reprint got no answer, so they can ask again.
      ctx.emitProgress(payment);
      ctx.settle(row.id);
      throw new TillError(
        error instanceof TillError ? error.code : 'internal',
        noClearReprintAnswer(errorText(error)),
        { cause: error },
      );
    }
    beginWatching(ctx, journal.get(row.id)!, reason.text);
    ctx.settle(row.id);
    return ctx.view(row.id);
  }
  journal.markStarted(row.id, transactionId);
  payment.transactionId = transactionId;
  ctx.emitProgress(payment);
  if (ctx.closed) {
    // Shutting down: the row stays 'started' and the next resumeAll() reads it to its end.
    ctx.release(payment);
    return ctx.view(row.id);
  }
  if (payment.cancelRequested) ctx.track(requestCancel(ctx, payment)).catch(() => undefined);
  beginPolling(ctx, payment, ctx.policy.firstPollMs);
  return ctx.view(row.id);
}
