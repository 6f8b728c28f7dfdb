// The card payment service: sales, refunds, cancels, signatures, duplicates and reports on the
// card machines, one at a time per terminal, every step journaled before it happens. The steps
// live in their own files (start, poll, terminal-watch, card-reports, recovery); this file only
// checks the caller's input and hands each call to its step.
import { TillError } from '../../../shared/contract/errors';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { ReceiptCopies } from '../../../shared/receipt';
import { systemClock, type Clock } from '../common/clock';
import type { Db } from '../storage/database';
import { StorageHealth } from '../storage/storage-health';
import { requestCancel } from './cancel';
import { runReport } from './card-reports';
import { PaymentJournal, type PaymentLink, type PaymentState } from './journal';
import type { CardReport, CardTransaction, ReportType } from './pay-at-counter-client';
import type { PaymentListener } from './payment-events';
import { toPaymentView, type PaymentView } from './payment-view';
import { DEFAULT_POLLING, type PollingPolicy } from './polling-policy';
import { resumeOpenPayments } from './recovery';
import { RunnerContext, type ActivePayment, type CardServiceApi } from './runner-context';
import { checkAmount, startPayment, type AfterIntent } from './start';

export interface PaymentServiceOptions {
  client: CardServiceApi;
  /**
   * The till database, JOURNAL_MIGRATIONS already applied (the composition root's openDatabase
   * does it); the journal is built on it unless given.
   */
  db: Db;
  /** The one journal of the till; built on `db` when not given. */
  journal?: PaymentJournal;
  /** Time for polling, back-off, signature deadlines and journal stamps. */
  clock?: Clock;
  polling?: Partial<PollingPolicy>;
  /** Test seam for crash tests: runs after the intent is written and before it is marked starting. */
  afterIntent?: AfterIntent;
  /** The till's one record of whether it can save; journal write failures are reported to it. */
  storageHealth?: StorageHealth;
  /** How often journal writes held while storage fails are tried again (ms). */
  saveRetryMs?: number;
}

export interface StartSaleInput {
  saleId: string;
  terminalId: string;
  amount: number;
  currency: string;
  /** Who starts it, journaled with the intent. */
  staff?: StaffStamp | null;
}

export interface StartRefundInput {
  saleId?: string;
  originalPaymentId?: string;
  terminalId: string;
  amount: number;
  currency: string;
  /** Who starts it and who approved it, journaled with the intent. */
  staff?: StaffStamp | null;
}

/** A person's decision on a payment the till could not settle by itself, with why. */
export interface Decision {
  outcome: 'paid' | 'not_paid';
  note: string;
}

export interface DuplicateResult {
  paymentId: string;
  result: string | null;
  receipts: ReceiptCopies;
  /** The DUPLICATE record: its amounts and card fields describe the last transaction on the machine. */
  record: CardTransaction | null;
}

export interface PaymentService {
  /** The journal this service writes; the composition root shares it instead of building another. */
  readonly journal: PaymentJournal;
  startSale(input: StartSaleInput): Promise<PaymentView>;
  startRefund(input: StartRefundInput): Promise<PaymentView>;
  cancel(paymentId: string): Promise<{ status: 'requested' | 'refused' }>;
  answerSignature(paymentId: string, accepted: boolean): Promise<void>;
  resolveUnknown(paymentId: string, decision: Decision): PaymentView;
  /** A manager's decision on an approval that did not match the request (the caller checks the PIN). */
  resolveMismatch(paymentId: string, decision: Decision): PaymentView;
  requestDuplicate(terminalId: string, staff?: StaffStamp | null): Promise<DuplicateResult>;
  runReport(terminalId: string, type: ReportType): Promise<CardReport>;
  listPayments(options?: { limit?: number }): PaymentView[];
  getPayment(id: string): PaymentView | null;
  /** Every card payment of a sale, or every refund against a payment. */
  paymentsLinkedTo(link: PaymentLink): PaymentView[];
  /** Picks up every journal row left open by an earlier run. Call once at start-up. */
  resumeAll(): Promise<Array<{ paymentId: string; state: PaymentState }>>;
  onEvent(listener: PaymentListener): () => void;
  /** Resolves when the payment reaches a final or unknown state (for callers that want to wait). */
  settled(paymentId: string): Promise<PaymentView>;
  close(): Promise<void>;
}

export function createPaymentService(options: PaymentServiceOptions): PaymentService {
  const clock = options.clock ?? systemClock;
  const ctx = new RunnerContext(
    options.client,
    options.journal ?? new PaymentJournal(options.db, () => clock.now()),
    clock,
    { ...DEFAULT_POLLING, ...options.polling },
    { db: options.db, health: options.storageHealth ?? new StorageHealth(), retryMs: options.saveRetryMs },
  );
  // Writes that fail for lack of storage are held and retried; reads see held payments as they are.
  const journal = ctx.journal;

  function activeOrThrow(paymentId: string): ActivePayment {
    const payment = ctx.active.get(paymentId);
    if (!payment) throw new TillError('conflict', 'That card payment is not running.');
    return payment;
  }

  function resolve(paymentId: string, decision: Decision, state: 'unknown' | 'needs_manager'): PaymentView {
    if (decision.outcome !== 'paid' && decision.outcome !== 'not_paid') {
      throw new TillError('invalid_input', 'The outcome is paid or not_paid.');
    }
    if (!journal.resolve(paymentId, decision.outcome, decision.note, state)) {
      throw new TillError(
        'conflict',
        state === 'unknown'
          ? 'That payment has no unresolved unknown outcome.'
          : 'That payment has no approval waiting for a manager.',
      );
    }
    // An unknown outcome's terminal watch has nothing left to tell.
    const watcher = ctx.watchers.get(paymentId);
    if (watcher) ctx.stop(watcher);
    const resolved = ctx.view(paymentId);
    ctx.emit({
      type: 'resolved',
      paymentId,
      terminalId: resolved.terminalId,
      resolution: resolved.resolution!,
    });
    return resolved;
  }

  return {
    journal,

    async startSale(input) {
      checkAmount(input.amount, input.currency);
      return startPayment(ctx, 'SALE', input.terminalId, input, options.afterIntent);
    },

    async startRefund(input) {
      checkAmount(input.amount, input.currency);
      if (input.originalPaymentId) {
        const original = journal.get(input.originalPaymentId);
        if (!original || original.type !== 'SALE') {
          throw new TillError('invalid_input', 'The refund refers to a card sale this till does not know.');
        }
        if (original.currency !== input.currency) {
          throw new TillError('invalid_input', 'A refund is made in the currency of the original sale.');
        }
      }
      const details = {
        saleId: input.saleId ?? journal.get(input.originalPaymentId ?? '')?.saleId ?? null,
        originalPaymentId: input.originalPaymentId ?? null,
        amount: input.amount,
        currency: input.currency,
        staff: input.staff ?? null,
      };
      return startPayment(ctx, 'REFUND', input.terminalId, details, options.afterIntent);
    },

    async cancel(paymentId) {
      const payment = activeOrThrow(paymentId);
      if (payment.transactionId === null) {
        // The start is on its way; the cancel follows as soon as the id is known.
        payment.cancelRequested = true;
        return { status: 'requested' };
      }
      return requestCancel(ctx, payment);
    },

    async answerSignature(paymentId, accepted) {
      const payment = activeOrThrow(paymentId);
      if (payment.transactionId === null) throw new TillError('conflict', 'No signature is awaited yet.');
      try {
        await ctx.client.answerSignature(payment.terminalId, payment.transactionId, accepted);
      } catch (error) {
        if (error instanceof TillError && error.code === 'terminal_busy') {
          throw new TillError(
            'conflict',
            'The card machine no longer waits for a signature (the 80 seconds passed); its result follows.',
          );
        }
        throw error;
      }
    },

    resolveUnknown: (paymentId, decision) => resolve(paymentId, decision, 'unknown'),

    resolveMismatch(paymentId, decision) {
      if (decision.note.trim() === '') {
        throw new TillError('invalid_input', 'Say what the manager checked on the card machine.');
      }
      return resolve(paymentId, decision, 'needs_manager');
    },

    async requestDuplicate(terminalId, staff = null) {
      const started = await startPayment(ctx, 'DUPLICATE', terminalId, { staff }, options.afterIntent);
      const done = await ctx.settled(started.id);
      const row = journal.get(done.id)!;
      return {
        paymentId: row.id,
        result: row.result,
        receipts: row.receipts ?? { MERCHANT: [], CUSTOMER: [] },
        record: row.record,
      };
    },

    runReport: (terminalId, type) => runReport(ctx, terminalId, type),

    listPayments({ limit = 50 } = {}) {
      return journal.list(limit).map(toPaymentView);
    },

    getPayment(id) {
      const row = journal.get(id);
      return row ? toPaymentView(row) : null;
    },

    paymentsLinkedTo(link) {
      return journal.linkedTo(link).map(toPaymentView);
    },

    resumeAll: async () => resumeOpenPayments(ctx),
    onEvent: (listener) => ctx.onEvent(listener),
    settled: (paymentId) => ctx.settled(paymentId),
    close: () => ctx.close(),
  };
}
