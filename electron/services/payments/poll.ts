// Reading a started transaction until it finishes: adaptive pace (at most 4 reads a second),
// back-off on failed reads, new notifications journaled in arrival order, the signature request
// raised once, the final record saved once. A transaction the service stops knowing ends unknown.
import { TillError } from '../../../shared/contract/errors';
import { isPaidPayment, type SeenNotification } from './journal';
import { newNotificationsInOrder } from './notification-order';
import type { CardTransaction } from './pay-at-counter-client';
import { amountsOf } from './payment-view';
import { backoffMs, nextReadDelayMs } from './polling-policy';
import { isStopped, type ActivePayment, type RunnerContext } from './runner-context';
import { signatureDeadline } from './signature';
import { beginWatching } from './terminal-watch';
import { errorText, TRANSACTION_LOST_PROBLEM } from './wording';

export function beginPolling(ctx: RunnerContext, payment: ActivePayment, firstDelayMs: number): void {
  payment.loop = ctx.track(poll(ctx, payment, firstDelayMs));
}

async function poll(ctx: RunnerContext, payment: ActivePayment, firstDelayMs: number): Promise<void> {
  const { clock, policy, journal } = ctx;
  let delay = firstDelayMs;
  let failures = 0;
  let notFound = 0;
  let firstNotFoundAt = 0;
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
        delay = backoffMs(policy, failures, error);
        if (error instanceof TillError && error.code === 'not_found') {
          if (notFound === 0) firstNotFoundAt = startedAt;
          notFound += 1;
          if (
            notFound >= policy.lostAfterNotFoundReads &&
            startedAt - firstNotFoundAt >= policy.lostAfterNotFoundMs
          ) {
            giveUpOnLostTransaction(ctx, payment);
            return;
          }
        }
        journal.setProblem(payment.id, errorText(error));
        ctx.emitProgress(payment);
        continue;
      }
      if (isStopped(payment)) return;
      notFound = 0;
      if (failures > 0) {
        failures = 0;
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
  const fresh: SeenNotification[] = newNotificationsInOrder(
    record.notifications,
    payment.seen.map((n) => n.code),
  ).map((code) => ({ code, seenAt: ctx.clock.now() }));
  if (fresh.length > 0) {
    payment.seen.push(...fresh);
    if (!record.finished) {
      journal.saveNotifications(payment.id, payment.seen);
      journal.markPending(payment.id);
    }
  }
  if (record.finished) {
    if (journal.saveFinished(payment.id, record, payment.seen)) {
      ctx.emitProgress(payment, fresh);
      emitFinished(ctx, payment.id);
    }
    return;
  }
  if (fresh.length > 0) ctx.emitProgress(payment, fresh);
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

function emitFinished(ctx: RunnerContext, paymentId: string): void {
  const row = ctx.journal.get(paymentId)!;
  ctx.emit({
    type: 'finished',
    paymentId,
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

/**
 * The service keeps answering 404 for a transaction it gave an id for: reading on would block
 * the terminal for ever. The outcome becomes unknown, so the cashier checks the machine and
 * resolves it; nothing is sent to the card machine.
 */
function giveUpOnLostTransaction(ctx: RunnerContext, payment: ActivePayment): void {
  if (!ctx.journal.markTransactionLost(payment.id, TRANSACTION_LOST_PROBLEM)) return;
  ctx.emitProgress(payment);
  ctx.release(payment);
  beginWatching(ctx, ctx.journal.get(payment.id)!, TRANSACTION_LOST_PROBLEM);
}
