// At start, before the screens can begin anything new: card payments an earlier run left running
// are followed again, and open sales and refunds are settled from what was recorded.
import type { Logger } from '../common/logger';
import type { StorageHealth } from '../storage/storage-health';

export async function resumeAtStart(d: {
  payments: { resumeAll(): Promise<readonly unknown[]> };
  checkout: { reconcileOpenSales(): void };
  refunds: { reconcilePending(): void };
  storageHealth: Pick<StorageHealth, 'reportFailure'>;
  logger: Pick<Logger, 'info' | 'error'>;
}): Promise<void> {
  const resumed = await d.payments.resumeAll();
  if (resumed.length > 0) d.logger.info(`resumed ${resumed.length} unfinished card payment(s)`);
  try {
    d.checkout.reconcileOpenSales();
    d.refunds.reconcilePending();
  } catch (error) {
    // Damaged sales records: the till starts, says so and refuses to sell, rather than not starting.
    if (!d.storageHealth.reportFailure(error)) throw error;
    d.logger.error('open sales could not be checked at start', error);
  }
}
