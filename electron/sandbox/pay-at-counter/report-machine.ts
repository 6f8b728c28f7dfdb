// The card machine running a report: REPORT_STARTED, then the totals of what it really ran
// (reports.ts) and their slip with REPORT_FINISHED. Z, banking and end of day close sessions.
import { randomUUID } from 'node:crypto';
import type { Pace } from './pace';
import { reportSlip } from './receipts';
import { notify, Refusal, type ReportRecord } from './records';
import { balancesOf, bankingOf, totalsOf } from './reports';
import type { Terminals, TerminalState } from './terminals';

export class ReportMachine {
  private readonly reports = new Map<string, ReportRecord>();

  constructor(
    private readonly terminals: Terminals,
    private readonly pace: Pace,
  ) {}

  /** Starts a report of a type the routes have already validated; refuses when busy. */
  start(state: TerminalState, type: string): ReportRecord {
    if (state.active) throw new Refusal('busy');
    const createdAt = this.terminals.touch(state);
    const report: ReportRecord = {
      id: randomUUID(),
      tid: state.info.terminal_id,
      type,
      result: null,
      notifications: [],
      createdAt,
      updatedAt: createdAt,
      receiptLines: [],
    };
    this.reports.set(report.id, report);
    state.active = report;
    void (async () => {
      await this.pace.pause(500);
      notify(this.pace, report, 'REPORT_STARTED');
      await this.pace.pause(1500);
      if (this.pace.closed) return;
      this.complete(state, report);
    })();
    return report;
  }

  /** The report, if it exists and belongs to this terminal. */
  find(state: TerminalState, id: string | undefined): ReportRecord | undefined {
    const report = id ? this.reports.get(id) : undefined;
    return report && report.tid === state.info.terminal_id ? report : undefined;
  }

  private complete(state: TerminalState, report: ReportRecord): void {
    const currency = state.info.currency;
    const at = this.pace.recordTime();
    if (report.type !== 'BANKING') {
      report.balances = balancesOf(state.balanceEntries, currency, state.balanceSince);
    }
    if (report.type === 'BANKING' || report.type === 'END_OF_DAY') {
      report.banking = bankingOf(state.bankingCurrent, state.bankingPrevious, currency);
    }
    const totals = totalsOf(
      report.type === 'BANKING' ? state.bankingCurrent : state.balanceEntries,
      currency,
    );
    report.receiptLines = reportSlip(
      report.type.replace('_', ' '),
      state.info.terminal_id,
      at,
      [
        ['SALES COUNT', totals.total_sales_count],
        ['SALES', totals.total_sales_amount],
        ['REFUNDS COUNT', totals.total_refunds_count],
        ['REFUNDS', totals.total_refunds_amount],
        ['TOTAL', totals.total_amount],
      ],
      currency,
    );
    // Z and end of day close the balance session; banking and end of day close the banking session.
    if (report.type === 'Z_BAL' || report.type === 'END_OF_DAY') {
      state.balanceEntries = [];
      state.balanceSince = at.toISOString();
    }
    if (report.type === 'BANKING' || report.type === 'END_OF_DAY') {
      state.bankingPrevious = state.bankingCurrent;
      state.bankingCurrent = [];
    }
    report.result = 'COMPLETE';
    notify(this.pace, report, 'REPORT_FINISHED');
    state.active = null;
    this.terminals.touch(state);
  }
}
