// Card machine reports: runs one through the payment service, turns the card service's answer
// into the contract's view, and sends the slip to the receipt printer.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ReportTotalsView, ReportType, ReportView, StaffStamp } from '../../../shared/contract';
import { text, type ReceiptLine } from '../../../shared/receipt';
import type { GuardedAction } from '../manager-gate';
import type { Logger } from '../common/logger';
import type { CardReport, ReportTotals } from '../payments/pay-at-counter-client';
import type { PaymentService } from '../payments/transaction-runner';
import type { ReportRunLog } from './run-log';

export interface ReportsDeps {
  payments: Pick<PaymentService, 'runReport'>;
  /** Who may run a report that resets the totals (a supervisor or manager, or their approval). */
  requireManager: (action: GuardedAction) => StaffStamp | null;
  /** Who is serving (null before staff are set up); throws when nobody is signed in. */
  serving: () => StaffStamp | null;
  /** Where each run is kept with who ran it. */
  runLog: Pick<ReportRunLog, 'record'>;
  /** Queues the slip on the receipt printer (the checkout's print path). */
  printReceipt: (receiptId: string, lines: ReceiptLine[]) => Promise<unknown>;
  /** Counts the call towards the card service's connection state. */
  track: <T>(work: Promise<T>) => Promise<T>;
  logger: Logger;
}

/** Z and end of day reports start a new session of totals on the card machine. */
const RESETS_TOTALS: ReadonlySet<ReportType> = new Set(['Z_BAL', 'END_OF_DAY']);

function totalsView(t: ReportTotals, fallbackCurrency: string | null): ReportTotalsView {
  return {
    currency: t.currency ?? fallbackCurrency,
    salesAmount: t.salesAmount,
    salesCount: t.salesCount,
    refundsAmount: t.refundsAmount,
    refundsCount: t.refundsCount,
    totalAmount: t.totalAmount,
  };
}

export function toReportView(report: CardReport, terminalId: string, type: ReportType): ReportView {
  const b = report.balances;
  return {
    id: report.id,
    terminalId: report.terminalId ?? terminalId,
    type,
    result: report.result,
    reportTime: report.reportTime,
    balances: b && {
      currency: b.currency,
      salesAmount: b.salesAmount,
      salesCount: b.salesCount,
      refundsAmount: b.refundsAmount,
      refundsCount: b.refundsCount,
      totalAmount: b.totalAmount,
      cashbackAmount: b.cashbackAmount,
      cashbackCount: b.cashbackCount,
      gratuityAmount: b.gratuityAmount,
      gratuityCount: b.gratuityCount,
      totalsSince: b.totalsSince,
    },
    banking: Object.entries(report.banking ?? {}).map(([acquirer, block]) => ({
      acquirer,
      currentSession: block.currentTotals && totalsView(block.currentTotals, block.currency),
    })),
    receiptLines: report.receiptLines,
    runBy: null,
  };
}

/** The slip says who ran the report (and who approved it), under the card machine's own lines. */
function withRunBy(view: ReportView, runBy: StaffStamp | null): ReportView {
  if (!runBy) return view;
  const approved = runBy.approvedBy ? `, approved by ${runBy.approvedBy.name}` : '';
  const signature = view.receiptLines.length > 0 ? [text(`Run by ${runBy.name}${approved}`)] : [];
  return { ...view, runBy, receiptLines: [...view.receiptLines, ...signature] };
}

export function reportsHandlers(deps: ReportsDeps): HandlersOf<'reports'> {
  return {
    'reports.run': async ({ terminalId, type }) => {
      const runBy = RESETS_TOTALS.has(type) ? deps.requireManager('z-report') : deps.serving();
      const report = await deps.track(deps.payments.runReport(terminalId, type));
      const view = withRunBy(toReportView(report, terminalId, type), runBy);
      deps.runLog.record({ reportId: view.id, terminalId: view.terminalId, type, result: view.result, runBy });
      if (view.receiptLines.length > 0) {
        // The report has run and reset what it resets whatever the printer does; the spool
        // reports its own problems and the slip can be reprinted from the print queue.
        await deps
          .printReceipt(`report:${view.id}`, view.receiptLines)
          .catch((error: unknown) => deps.logger.error(`could not queue report slip ${view.id}`, error));
      }
      return view;
    },
  };
}
