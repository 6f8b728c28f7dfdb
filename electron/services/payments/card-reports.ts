// Card machine reports (X_BAL, Z_BAL, BANKING, END_OF_DAY): started, then read until finished.
// A report takes the terminal like a payment, so no payment starts while it runs; reads that keep
// failing for as long as a payment's would (giveUpReadingAfterMs) end it, freeing the terminal.
import { TillError } from '../../../shared/contract/errors';
import type { CardReport, ReportType } from './pay-at-counter-client';
import { backoffMs, nextReadDelayMs } from './polling-policy';
import { isStopped, newActivePayment, type RunnerContext } from './runner-context';
import { reportUnreadableError } from './pay-at-counter-errors';

export async function runReport(
  ctx: RunnerContext,
  terminalId: string,
  type: ReportType,
): Promise<CardReport> {
  ctx.refuseWhenClosed();
  if (ctx.terminals.isTaken(terminalId)) {
    throw new TillError('terminal_busy', 'A card payment is running on this card machine.');
  }
  const marker = `report:${terminalId}`;
  ctx.terminals.take(terminalId, marker);
  try {
    const { reportId } = await ctx.client.startReport(terminalId, type);
    return await ctx.track(pollReport(ctx, terminalId, reportId));
  } finally {
    ctx.terminals.release(terminalId, marker);
  }
}

async function pollReport(ctx: RunnerContext, terminalId: string, reportId: string): Promise<CardReport> {
  const { clock, policy } = ctx;
  // Listed among the active payments so close() stops it.
  const marker = newActivePayment(`report:${reportId}`, terminalId);
  ctx.active.set(marker.id, marker);
  try {
    let delay = policy.firstPollMs;
    let failures = 0;
    /** When the first of the failed reads since the last good one started. */
    let failingSince: number | null = null;
    for (;;) {
      await ctx.sleep(marker, delay);
      if (isStopped(marker))
        throw new TillError('conflict', 'The payment service closed before the report finished.');
      const startedAt = clock.now();
      try {
        const report = await ctx.client.getReport(terminalId, reportId);
        failures = 0;
        failingSince = null;
        if (report.finished) return report;
        delay = nextReadDelayMs(policy, startedAt, clock.now());
      } catch (error) {
        failures += 1;
        failingSince ??= startedAt;
        if (clock.now() - failingSince >= policy.giveUpReadingAfterMs) {
          throw reportUnreadableError(error);
        }
        delay = backoffMs(policy, failures, error);
      }
    }
  } finally {
    ctx.active.delete(marker.id);
  }
}
