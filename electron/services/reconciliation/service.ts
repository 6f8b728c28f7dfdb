// Reconciliation per card machine: runs an X (or banking) report on it, gathers the till's side of
// the same period (payments journal, card payments keyed in by hand), reads each journaled
// payment back from the card machine, compares (compare.ts) and keeps the check. The manager
// settles each difference with a note; settling a manual entry clears its "needs reconciliation".
import { randomUUID } from 'node:crypto';
import type {
  NamedTerminal,
  ReconciliationSource,
  ReconciliationSummary,
  ReconciliationView,
  SideTotals,
  StaffStamp,
} from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { terminalName } from '../../../shared/terminal-names';
import type { AuditLog } from '../audit/journal';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { isPaidPayment, type PaymentJournal, type PaymentRow } from '../payments/journal';
import type { CardReport, CardTransaction } from '../payments/pay-at-counter-client';
import type { ReportRunLog } from '../reports/run-log';
import type { SalesLedger } from '../sales/sales-ledger';
import { compare, NO_TOTALS, sumTotals, type ReadBack, type TillPayment } from './compare';
import type { ReconciliationStore, StoredCheck } from './store';

const DAY_MS = 24 * 60 * 60_000;
/** How far back the till looks for a banking session's payments (banking gives no start time). */
const BANKING_WINDOW_MS = 7 * DAY_MS;

export interface ReconciliationDeps {
  store: ReconciliationStore;
  /** The card machines on the card service. */
  terminals: () => Promise<Array<{ terminalId: string; currency: string }>>;
  runReport: (terminalId: string, type: ReconciliationSource) => Promise<CardReport>;
  readTransaction: (terminalId: string, transactionId: string) => Promise<CardTransaction>;
  journal: Pick<PaymentJournal, 'forTerminal' | 'get'>;
  ledger: Pick<SalesLedger, 'manualCardsToReconcile' | 'markReconciled' | 'get'>;
  runLog: Pick<ReportRunLog, 'record'>;
  /** The manager's right to reconcile: who it is, or a worded refusal. */
  requireManager: () => StaffStamp | null;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** A card machine's new name goes on the audit trail. */
  audit: AuditLog;
}

function balancesTotals(report: CardReport): SideTotals | null {
  const b = report.balances;
  return (
    b && {
      salesCount: b.salesCount,
      salesAmount: b.salesAmount,
      refundsCount: b.refundsCount,
      refundsAmount: b.refundsAmount,
    }
  );
}

/** The banking report's current session over every acquirer, and its transaction numbers. */
function bankingSide(report: CardReport) {
  const blocks = Object.values(report.banking ?? {});
  const totals = sumTotals(
    blocks.map((b) =>
      b.currentTotals
        ? {
            salesCount: b.currentTotals.salesCount,
            salesAmount: b.currentTotals.salesAmount,
            refundsCount: b.currentTotals.refundsCount,
            refundsAmount: b.currentTotals.refundsAmount,
          }
        : NO_TOTALS,
    ),
  );
  const current = blocks.flatMap((b) => b.currentTransactionNumbers);
  const previous = blocks.flatMap((b) => b.previousTransactionNumbers);
  const byNumber = (list: string[]) => [...list].sort((a, b) => Number(a) - Number(b));
  const sorted = byNumber(current);
  const range = sorted.length > 0 ? ([sorted[0]!, sorted.at(-1)!] as const) : null;
  const previousLast = previous.length > 0 ? Number(byNumber(previous).at(-1)) : null;
  return { blocks: blocks.length, totals, range, previousLast };
}

/**
 * Whether a journaled payment belongs to the banking session being closed. One with a card machine
 * number does when it is past the previous session's last number; the first session a card
 * machine banks holds all of them. One without a number (decided paid by hand when the card
 * machine never answered) belongs by when it was taken: after the till's last banking check of
 * that card machine (if any), up to this one.
 */
function bankingSession(
  previousLast: number | null,
  lastBankingAt: string | null,
  now: number,
): (row: PaymentRow) => boolean {
  const after = lastBankingAt === null ? Number.NEGATIVE_INFINITY : Date.parse(lastBankingAt);
  const takenInSession = (row: PaymentRow) => {
    const at = Date.parse(row.createdAt);
    return at > after && at <= now;
  };
  return (row) => {
    const text = row.record?.transactionNumber;
    const n = text ? Number(text) : Number.NaN;
    if (!Number.isFinite(n)) return takenInSession(row);
    return previousLast === null ? takenInSession(row) : n > previousLast;
  };
}

export class ReconciliationService {
  constructor(private readonly d: ReconciliationDeps) {}

  async terminals(): Promise<NamedTerminal[]> {
    const names = this.d.store.names();
    const byId = Object.fromEntries(names);
    return (await this.d.terminals()).map((t) => ({
      terminalId: t.terminalId,
      name: terminalName(byId, t.terminalId),
      named: names.has(t.terminalId),
      currency: t.currency,
    }));
  }

  async nameTerminal(terminalId: string, name: string): Promise<NamedTerminal[]> {
    const by = this.d.requireManager();
    const names = this.d.store.names();
    const was = names.get(terminalId) ?? null;
    this.d.store.setName(terminalId, name, () => {
      if (was === name) return;
      this.d.audit.record({
        by,
        area: 'settings',
        action: 'card-machine-named',
        subject: terminalName(Object.fromEntries(names), terminalId),
        before: { name: was },
        after: { name },
      });
    });
    return this.terminals();
  }

  async check(terminalId: string, source: ReconciliationSource): Promise<ReconciliationView> {
    const by = this.d.requireManager();
    const terminal = (await this.terminals()).find((t) => t.terminalId === terminalId);
    if (!terminal)
      throw new TillError('not_found', 'That card machine is not on the card service any more.', {
        words: { key: 'reconciliation.terminalGone' },
      });
    const report = await this.d.runReport(terminalId, source);
    this.d.runLog.record({ reportId: report.id, terminalId, type: source, result: report.result, runBy: by });
    const failed = new TillError(
      'service_error',
      'The card machine could not give its totals. Try the check again in a minute.',
      { words: { key: 'reconciliation.noTotals' } },
    );
    if (report.result !== 'COMPLETE') throw failed;

    const id = randomUUID();
    const now = this.d.clock.now();
    let period: string;
    let since: string | null = null;
    let terminalTotals: SideTotals;
    let range: readonly [string, string] | null = null;
    let rows: PaymentRow[];
    let inPeriod: (row: PaymentRow) => boolean;
    let manualSince: string;
    if (source === 'X_BAL') {
      const totals = balancesTotals(report);
      if (!totals) throw failed;
      terminalTotals = totals;
      // The card machine's own reset time, compared with its own clock's stamps where the till has them.
      since = report.balances?.totalsSince ?? new Date(now - DAY_MS).toISOString();
      const from = Date.parse(since);
      period = `since:${since}`;
      rows = this.d.journal.forTerminal(terminalId, new Date(from - DAY_MS).toISOString());
      inPeriod = (row) => Date.parse(row.record?.createdAt ?? row.createdAt) >= from;
      manualSince = since;
    } else {
      const banking = bankingSide(report);
      if (banking.blocks === 0) throw failed;
      terminalTotals = banking.totals;
      range = banking.range;
      period = `check:${id}`;
      manualSince = new Date(now - BANKING_WINDOW_MS).toISOString();
      rows = this.d.journal.forTerminal(terminalId, manualSince);
      inPeriod = bankingSession(banking.previousLast, this.d.store.lastBankingAt(terminalId), now);
    }

    const known = new Set(
      rows.flatMap((r) => (r.record?.transactionNumber ? [r.record.transactionNumber] : [])),
    );
    const journal = rows.filter((r) => r.type !== 'DUPLICATE' && inPeriod(r)).map((r) => this.tillPayment(r));
    const readBack = await this.readBack(terminalId, journal);
    const result = compare({
      currency: terminal.currency,
      terminal: terminalTotals,
      numberRange: range,
      journal,
      knownNumbers: known,
      readBack,
      manualEntries: this.d.ledger.manualCardsToReconcile(terminal.currency, manualSince),
      accounted: this.d.store.accounted(terminalId, period),
    });
    const check: StoredCheck = {
      id,
      terminalId,
      terminalName: terminal.name,
      currency: terminal.currency,
      source,
      reportId: report.id,
      period,
      since,
      terminal: terminalTotals,
      till: result.till,
      transactionsChecked: result.transactionsChecked,
      differences: result.differences,
      checkedBy: by,
      checkedAt: new Date(now).toISOString(),
    };
    this.d.store.saveCheck(check);
    return this.view(check);
  }

  resolve(checkId: string, differenceId: string, note: string): ReconciliationView {
    const by = this.d.requireManager();
    const check = this.stored(checkId);
    const difference = check.differences.find((d) => d.id === differenceId);
    if (!difference)
      throw new TillError('not_found', 'That difference is not part of this check.', {
        words: { key: 'reconciliation.differenceGone' },
      });
    if (this.view(check).differences.find((d) => d.id === differenceId)?.resolution) {
      throw new TillError('conflict', 'This difference already has a note.', {
        words: { key: 'reconciliation.alreadyNoted' },
      });
    }
    this.d.store.resolve(check, difference, note, by, () => {
      if (difference.tenderId !== null) this.d.ledger.markReconciled(difference.tenderId);
    });
    return this.view(check);
  }

  get(checkId: string): ReconciliationView {
    return this.view(this.stored(checkId));
  }

  history(limit: number): ReconciliationSummary[] {
    return this.d.store.recentChecks(limit).map((check) => {
      const view = this.view(check);
      return {
        id: check.id,
        terminalName: check.terminalName,
        source: check.source,
        checkedAt: check.checkedAt,
        checkedBy: check.checkedBy,
        differences: view.differences.length,
        unresolved: view.differences.filter((d) => !d.resolution).length,
      };
    });
  }

  private stored(checkId: string): StoredCheck {
    const check = this.d.store.check(checkId);
    if (!check)
      throw new TillError('not_found', 'That check is not in the till.', {
        words: { key: 'reconciliation.checkGone' },
      });
    return check;
  }

  private view(check: StoredCheck): ReconciliationView {
    const notes = this.d.store.resolutionsFor(check);
    return {
      id: check.id,
      terminalId: check.terminalId,
      terminalName: check.terminalName,
      currency: check.currency,
      source: check.source,
      since: check.since,
      checkedAt: check.checkedAt,
      checkedBy: check.checkedBy,
      terminal: check.terminal,
      till: check.till,
      transactionsChecked: check.transactionsChecked,
      differences: check.differences.map(({ accounts: _a, tenderId: _t, paymentId, ...d }) => {
        const note = notes.find(
          (n) =>
            (n.checkId === check.id && n.differenceId === d.id) || (paymentId && n.paymentId === paymentId),
        );
        return { ...d, resolution: note ? { note: note.note, by: note.by, at: note.at } : null };
      }),
    };
  }

  private tillPayment(row: PaymentRow): TillPayment {
    const saleId =
      row.saleId ?? (row.originalPaymentId ? this.d.journal.get(row.originalPaymentId)?.saleId : null);
    let receiptNumber: string | null = null;
    try {
      receiptNumber = saleId ? this.d.ledger.get(saleId).receiptNumber : null;
    } catch {
      receiptNumber = null; // a refund without a sale on this till
    }
    return {
      paymentId: row.id,
      type: row.type === 'REFUND' ? 'REFUND' : 'SALE',
      paid: isPaidPayment(row),
      amount: row.record?.amountTotal ?? row.amount ?? 0,
      transactionId: row.transactionId,
      transactionNumber: row.record?.transactionNumber ?? null,
      receiptNumber,
    };
  }

  /** Each journaled payment as the card machine records it now; one it cannot give is left out. */
  private async readBack(
    terminalId: string,
    journal: readonly TillPayment[],
  ): Promise<Map<string, ReadBack>> {
    const found = new Map<string, ReadBack>();
    for (const p of journal) {
      if (!p.transactionId) continue;
      try {
        const record = await this.d.readTransaction(terminalId, p.transactionId);
        if (!record.finished) continue;
        found.set(p.paymentId, {
          type: record.transactionType,
          result: record.result,
          amountTotal: record.amountTotal,
          transactionNumber: record.transactionNumber,
        });
      } catch (error) {
        this.d.logger.warn(
          `reconciliation: could not read back transaction of payment ${p.paymentId}`,
          error,
        );
      }
    }
    return found;
  }
}
