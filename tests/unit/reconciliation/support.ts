// Shared by the reconciliation tests: payments as the comparison sees them, and a reconciliation
// service on an in-memory database with a card machine, a journal and a sales ledger played by
// plain objects, so each test says exactly what each side holds and moves a manual clock.
import type { SideTotals, StaffStamp } from '../../../shared/contract';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import type { PaymentRow } from '../../../electron/services/payments/journal';
import type {
  CardReport,
  CardTransaction,
  ReportBankingBlock,
  ReportTotals,
} from '../../../electron/services/payments/pay-at-counter-client';
import type { ManualCardEntry } from '../../../electron/services/sales/sales-ledger';
import {
  NO_TOTALS,
  type CompareInput,
  type TillPayment,
} from '../../../electron/services/reconciliation/compare';
import { ReconciliationService } from '../../../electron/services/reconciliation/service';
import {
  RECONCILIATION_MIGRATIONS,
  ReconciliationStore,
} from '../../../electron/services/reconciliation/store';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { saleRecord } from '../payments/fake-card-service';

export const TERMINAL = '22900001';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const MANAGER: StaffStamp = { id: 'staff-1', name: 'Mia' };

export function totals(
  salesCount: number,
  salesAmount: number,
  refundsCount = 0,
  refundsAmount = 0,
): SideTotals {
  return { salesCount, salesAmount, refundsCount, refundsAmount };
}

/** A journaled payment the till counts as paid, as the comparison sees it. */
export const paid = (id: string, amount: number, type: 'SALE' | 'REFUND' = 'SALE'): TillPayment => ({
  paymentId: id,
  type,
  paid: true,
  amount,
  transactionId: `tx-${id}`,
  transactionNumber: null,
  receiptNumber: `S00000${id}`,
});

export function compareInput(over: Partial<CompareInput>): CompareInput {
  return {
    currency: 'GBP',
    terminal: NO_TOTALS,
    numberRange: null,
    journal: [],
    knownNumbers: new Set(),
    readBack: new Map(),
    manualEntries: [],
    accounted: NO_TOTALS,
    ...over,
  };
}

export function manualEntry(
  tenderId: number,
  amount: number,
  takenAt = '2025-03-01T10:00:00.000Z',
): ManualCardEntry {
  return {
    tenderId,
    saleId: `s${tenderId}`,
    receiptNumber: `S00001${tenderId}`,
    amount,
    reference: 'R',
    takenAt,
    by: null,
  };
}

export interface JournaledPayment {
  id: string;
  amount: number;
  /** When the till started it (its own clock). */
  at: number;
  type?: 'SALE' | 'REFUND' | 'DUPLICATE';
  /** What the card machine took, when more than asked (cashback, tip). */
  total?: number;
  /** When the card machine stamped it (its own clock), when not `at`. */
  recordAt?: number;
  /** What the card machine gave: its number and outcome; omit for a payment it never answered. */
  number?: string;
  result?: 'SUCCESSFUL' | 'TRANSACTION_UNSUCCESSFUL';
  /** A payment the card machine never answered, decided paid (or not) by a manager. */
  decided?: 'paid' | 'not_paid';
  /** Whether the till has the id the card service gave (true unless the start's answer was lost). */
  hasId?: boolean;
}

/** A journal row: finished with the card machine's record, or undecided and settled by hand. */
export function journalRow(p: JournaledPayment): PaymentRow {
  const at = new Date(p.at).toISOString();
  const type = p.type ?? 'SALE';
  const record = p.decided
    ? null
    : saleRecord(`tx-${p.id}`, TERMINAL, p.result ?? 'SUCCESSFUL', {
        transactionNumber: p.number ?? null,
        transactionType: type,
        amountBase: null,
        amountCashback: null,
        amountGratuity: null,
        amountTotal: p.total ?? p.amount,
        notifications: ['TRANSACTION_FINISHED'],
        createdAt: new Date(p.recordAt ?? p.at).toISOString(),
      });
  return {
    id: p.id,
    saleId: `sale-${p.id}`,
    originalPaymentId: null,
    terminalId: TERMINAL,
    type,
    amount: p.amount,
    currency: 'GBP',
    state: p.decided ? 'unknown' : 'finished',
    transactionId: p.hasId === false ? null : `tx-${p.id}`,
    notifications: [],
    result: record?.result ?? null,
    record,
    receipts: null,
    resolution: p.decided ? { outcome: p.decided, note: 'Customer’s app showed it paid', at } : null,
    problem: null,
    problemWords: null,
    mismatch: null,
    staff: null,
    createdAt: at,
    updatedAt: at,
  };
}

function reportTotals(t: SideTotals): ReportTotals {
  return { currency: 'GBP', totalAmount: t.salesAmount - t.refundsAmount, ...t };
}

function report(id: string, over: Partial<CardReport>): CardReport {
  return {
    id,
    terminalId: TERMINAL,
    reportType: null,
    result: 'COMPLETE',
    finished: true,
    reportTime: null,
    notifications: ['REPORT_FINISHED'],
    createdAt: null,
    updatedAt: null,
    banking: null,
    balances: null,
    receiptLines: [],
    ...over,
  };
}

/** A banking report of one acquirer: the session it closes and the one before, with their numbers. */
export function bankingReport(
  current: SideTotals,
  currentNumbers: string[],
  previousNumbers: string[] = [],
  previous: SideTotals = NO_TOTALS,
): CardReport {
  return bankingOfAcquirers({ ACQUIRER: bankingBlock(current, currentNumbers, previousNumbers, previous) });
}

/** A banking report with a block per acquirer. */
export function bankingOfAcquirers(blocks: Record<string, ReportBankingBlock>): CardReport {
  const numbers = Object.values(blocks).flatMap((b) => b.currentTransactionNumbers);
  return report(`banking-${numbers.join('-')}`, { reportType: 'BANKING', banking: blocks });
}

export function bankingBlock(
  current: SideTotals,
  currentNumbers: string[],
  previousNumbers: string[] = [],
  previous: SideTotals = NO_TOTALS,
): ReportBankingBlock {
  return {
    currency: 'GBP',
    currentIssuerTotals: {},
    previousIssuerTotals: {},
    currentTotals: reportTotals(current),
    previousTotals: reportTotals(previous),
    currentTransactionNumbers: currentNumbers,
    previousTransactionNumbers: previousNumbers,
  };
}

/** An X report: the balances since the card machine's last reset. */
export function xReport(balances: SideTotals, totalsSince: string | null): CardReport {
  return report(`x-${totalsSince}`, {
    reportType: 'X_BAL',
    balances: {
      issuerTotals: {},
      currency: 'GBP',
      cashbackAmount: 0,
      cashbackCount: 0,
      gratuityAmount: 0,
      gratuityCount: 0,
      totalAmount: balances.salesAmount - balances.refundsAmount,
      totalsSince,
      ...balances,
    },
  });
}

/** A reconciliation service whose card machine, journal and ledger are what the test puts in. */
export interface Harness {
  service: ReconciliationService;
  clock: ManualClock;
  db: Db;
  /** The card machines on the card service. */
  terminals: Array<{ terminalId: string; currency: string }>;
  /** The till's journal on this card machine. */
  rows: PaymentRow[];
  /** The card machine's own records, by transaction id. */
  machine: Map<string, CardTransaction>;
  /** The next reports the card machine gives, in order. */
  reports: CardReport[];
  manual: ManualCardEntry[];
  /** The `since` the service asked the journal and the ledger for. */
  asked: { journalSince: string[]; manualSince: string[] };
  reconciled: number[];
  /** What the service warned about in the log. */
  warnings: string[];
  close(): void;
}

export function harness(start = Date.parse('2025-03-10T09:00:00.000Z')): Harness {
  const clock = new ManualClock(start);
  const db = openDatabase(':memory:', RECONCILIATION_MIGRATIONS, clock);
  const h: Omit<Harness, 'service'> = {
    clock,
    db,
    terminals: [{ terminalId: TERMINAL, currency: 'GBP' }],
    rows: [],
    machine: new Map(),
    reports: [],
    manual: [],
    asked: { journalSince: [], manualSince: [] },
    reconciled: [],
    warnings: [],
    close: () => db.close(),
  };
  const service = new ReconciliationService({
    store: new ReconciliationStore(db, clock),
    terminals: async () => h.terminals,
    runReport: async () => {
      const next = h.reports.shift();
      if (!next) throw new Error('the test gave the card machine no report to run');
      return next;
    },
    readTransaction: async (_terminalId, transactionId) => {
      const found = h.machine.get(transactionId);
      if (!found) throw new Error('the card machine no longer keeps it');
      return found;
    },
    journal: {
      forTerminal: (terminalId, since) => {
        h.asked.journalSince.push(since);
        return h.rows.filter((r) => r.terminalId === terminalId && r.createdAt >= since);
      },
      get: (id) => h.rows.find((r) => r.id === id) ?? null,
    },
    ledger: {
      manualCardsToReconcile: (_currency, since) => {
        h.asked.manualSince.push(since);
        return h.manual.filter((m) => m.takenAt >= since && !h.reconciled.includes(m.tenderId));
      },
      markReconciled: (tenderId: number) => h.reconciled.push(tenderId) > 0,
      get: ((saleId: string) => ({ receiptNumber: `R-${saleId}` })) as never,
    },
    runLog: { record: () => undefined },
    requireManager: () => MANAGER,
    clock,
    logger: { info: () => undefined, warn: (message) => h.warnings.push(message), error: () => undefined },
    audit: auditOn(db, clock),
  });
  return { ...h, service };
}

/**
 * Puts a payment in the till's journal and, unless the card machine never answered it, its own
 * record on the card machine (with `machine` for a card machine that records it otherwise).
 */
export function journal(h: Harness, p: JournaledPayment, machine: Partial<CardTransaction> = {}): PaymentRow {
  const row = journalRow(p);
  h.rows.push(row);
  if (row.record && row.transactionId)
    h.machine.set(row.transactionId, { ...row.record, ...machine, id: row.transactionId });
  return row;
}
