// A card service in memory for the runner's report and cancel tests: every answer is scripted by
// the test, every request is noted, and nothing waits on a socket, so a manual clock decides all
// timing. Sales stay at PRESENT_CARD until the test finishes them.
import type { CardReport, CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import type { CardServiceApi } from '../../../electron/services/payments/runner-context';
import { ManualClock } from '../../support/manual-clock';

/** A manual clock that notes every wait asked of it, in order. */
export class WaitNotingClock extends ManualClock {
  readonly waits: number[] = [];
  override setTimer(fn: () => void, ms: number) {
    this.waits.push(ms);
    return super.setTimer(fn, ms);
  }
}

export function reportRecord(id: string, finished: boolean, salesAmount = 0): CardReport {
  return {
    id,
    terminalId: null,
    reportType: 'X_BAL',
    result: finished ? 'COMPLETE' : null,
    finished,
    reportTime: null,
    notifications: finished ? ['REPORT_STARTED', 'REPORT_FINISHED'] : ['REPORT_STARTED'],
    createdAt: null,
    updatedAt: null,
    banking: null,
    balances: finished
      ? {
          issuerTotals: {},
          currency: 'GBP',
          cashbackAmount: 0,
          cashbackCount: 0,
          gratuityAmount: 0,
          gratuityCount: 0,
          refundsAmount: 0,
          refundsCount: 0,
          salesAmount,
          salesCount: salesAmount > 0 ? 1 : 0,
          totalAmount: salesAmount,
          totalsSince: null,
        }
      : null,
    receiptLines: [],
  };
}

/** A sale record as the card machine gives it (running until `result` is set), with `changes` on top. */
export function saleRecord(
  id: string,
  terminalId: string,
  result: string | null,
  changes: Partial<CardTransaction> = {},
): CardTransaction {
  return {
    id,
    terminalId,
    transactionNumber: '0001',
    transactionType: 'SALE',
    result,
    finished: result !== null,
    transactionTime: null,
    applicationId: null,
    applicationLabel: null,
    authCode: null,
    referenceNumber: null,
    currency: 'GBP',
    amountBase: 1000,
    amountCashback: 0,
    amountGratuity: 0,
    amountTotal: 1000,
    issuerName: null,
    cardholderVerificationMethod: null,
    dateOfExpiry: null,
    dateOfStart: null,
    paymentMethod: null,
    primaryAccountNumber: null,
    primaryAccountNumberSequence: null,
    notifications: result === null ? ['PRESENT_CARD'] : ['PRESENT_CARD', 'TRANSACTION_FINISHED'],
    createdAt: null,
    updatedAt: null,
    receipts: { MERCHANT: [], CUSTOMER: [] },
    ...changes,
  };
}

/** Each answer comes a turn of the event loop later, as over a socket (so no loop starves timers). */
const aTurnLater = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeCardService {
  /** Requests received, as "method terminal [id]". */
  readonly requests: string[] = [];
  /** Answers to getReport, used in order; the last one repeats. An Error is thrown. */
  reportAnswers: Array<CardReport | Error> = [];
  /** What cancelTransaction does: nothing (accepted) or throw this. */
  cancelAnswer: Error | null = null;
  /** Sales finish with this result on their next read once set. */
  saleResult: string | null = null;
  private reports = 0;
  private reportReads = 0;

  readsOf(method: string): number {
    return this.requests.filter((r) => r.startsWith(`${method} `)).length;
  }

  readonly api = {
    startReport: async (terminalId: string) => {
      await aTurnLater();
      this.requests.push(`startReport ${terminalId}`);
      this.reports += 1;
      return { reportId: `R${this.reports}` };
    },
    getReport: async (terminalId: string, reportId: string) => {
      await aTurnLater();
      this.requests.push(`getReport ${terminalId} ${reportId}`);
      const answers = this.reportAnswers;
      const answer = answers[Math.min(this.reportReads, answers.length - 1)];
      this.reportReads += 1;
      if (answer === undefined) return reportRecord(reportId, false);
      if (answer instanceof Error) throw answer;
      return { ...answer, id: reportId };
    },
    startTransaction: async (terminalId: string) => {
      await aTurnLater();
      this.requests.push(`startTransaction ${terminalId}`);
      return { transactionId: `tx-${terminalId}` };
    },
    getTransaction: async (terminalId: string, transactionId: string) => {
      await aTurnLater();
      this.requests.push(`getTransaction ${terminalId} ${transactionId}`);
      return saleRecord(transactionId, terminalId, this.saleResult);
    },
    cancelTransaction: async (terminalId: string, transactionId: string) => {
      await aTurnLater();
      this.requests.push(`cancelTransaction ${terminalId} ${transactionId}`);
      if (this.cancelAnswer) throw this.cancelAnswer;
    },
  } as unknown as CardServiceApi;
}

/** Moves the clock timer by timer until `work` settles; fails after `maxSteps` timers. */
export async function settleOnClock<T>(clock: ManualClock, work: Promise<T>, maxSteps = 200): Promise<T> {
  let done = false;
  const watched = work.finally(() => {
    done = true;
  });
  watched.catch(() => undefined);
  for (let step = 0; step < maxSteps && !done; step++) await clock.advanceToNextTimer();
  if (!done) throw new Error(`still not settled after ${maxSteps} timers`);
  return watched;
}
