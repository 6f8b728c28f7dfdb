// Reading a started transaction until it finishes: adaptive pace (at most 4 reads a second),
// back-off on failed reads, new notifications journaled in arrival order, the signature request
// raised once, the final record saved once. A transaction the service stops knowing, or whose
// reads keep failing for longer than a card sale can take, ends unknown: the cashier decides.
import { TillError } from '../../../shared/contract/errors';
import type { CardTransaction } from './pay-at-counter-client';
import { backoffMs, nextReadDelayMs } from './polling-policy';
import { takeFinished, takeFreshNotifications } from './record-intake';
import { isStopped, type ActivePayment, type RunnerContext } from './runner-context';
import { signatureDeadline } from './signature';
import { beginWatching } from './terminal-watch';
import { errorText, UNCLEAR, type UnclearReason } from './wording';

export function beginPolling(ctx: RunnerContext, payment: ActivePayment, firstDelayMs: number): void {
  payment.loop = ctx.track(poll(ctx, payment, firstDelayMs));
}

async function poll(ctx: RunnerContext, payment: ActivePayment, firstDelayMs: number): Promise<void> {
  const { clock, policy, journal } = ctx;
  let delay = firstDelayMs;
  let failures = 0;
  let notFound = 0;
  let firstNotFoundAt = 0;
  /** When the first of the failed reads since the last good one started. */
  let failingSince: number | null = null;
  try {
    while (!isStopped(payment)) {
      await ctx.sleep(payment, delay);
      if (isStopped(payment)) return;
      const startedAt = clock.now();
      let record: CardTransaction;
      try {
        record = await ctx.client.getTransaction(payment.terminalId, payment.transactionId!);
      } catch (error) {
        if (isStopped(payment)) return;
        failures += 1;
        failingSince ??= startedAt;
        delay = backoffMs(policy, failures, error);
        if (error instanceof TillError && error.code === 'not_found') {
          if (notFound === 0) firstNotFoundAt = startedAt;
          notFound += 1;
          if (
            notFound >= policy.lostAfterNotFoundReads &&
            startedAt - firstNotFoundAt >= policy.lostAfterNotFoundMs
          ) {
            giveUp(ctx, payment, UNCLEAR.transactionLost);
            return;
          }
        }
        if (clock.now() - failingSince >= policy.giveUpReadingAfterMs) {
          giveUp(ctx, payment, UNCLEAR.readsFailing);
          return;
        }
        journal.setProblem(payment.id, errorText(error));
        ctx.emitProgress(payment);
        continue;
      }
      if (isStopped(payment)) return;
      notFound = 0;
      if (failures > 0) {
        failures = 0;
        failingSince = null;
        journal.setProblem(payment.id, null);
        ctx.emitProgress(payment);
      }
      absorb(ctx, payment, record);
      if (record.finished) return;
      delay = nextReadDelayMs(policy, startedAt, clock.now());
    }
  } finally {
    ctx.release(payment);
    if (!ctx.closed) ctx.settle(payment.id);
  }
}

/** Takes in one read of the transaction: new notifications, the signature request, the end. */
function absorb(ctx: RunnerContext, payment: ActivePayment, record: CardTransaction): void {
  const { journal } = ctx;
  const fresh = takeFreshNotifications(ctx, payment, record);
  if (record.finished) {
    takeFinished(ctx, payment, record, fresh);
    return;
  }
  if (fresh.length > 0) {
    journal.saveNotifications(payment.id, payment.seen);
    journal.markPending(payment.id);
    ctx.emitProgress(payment, fresh);
  }
  const deadline = signatureDeadline(payment.seen);
  if (deadline !== null && !payment.signatureRequested) {
    payment.signatureRequested = true;
    journal.saveSignatureSlip(payment.id, record.receipts.MERCHANT);
    ctx.emit({
      type: 'signature_required',
      paymentId: payment.id,
      terminalId: payment.terminalId,
      deadline,
      merchantReceipt: record.receipts.MERCHANT,
    });
  }
}

/**
 * Reading on would keep the payment (and its terminal) running for ever: the service no longer
 * knows the transaction, or its answers about it cannot be read. The outcome becomes unknown and
 * the cashier checks the machine and decides; nothing is sent to the card machine, and the watch
 * still takes the real outcome if a read of it succeeds before they decide.
 */
function giveUp(ctx: RunnerContext, payment: ActivePayment, problem: UnclearReason): void {
  if (!ctx.journal.markOutcomeLost(payment.id, problem.text, problem.words)) return;
  ctx.emitProgress(payment);
  ctx.release(payment);
  beginWatching(ctx, ctx.journal.get(payment.id)!, problem.text);
}
