// Runs card payments: intent → start → poll → finish → journal, one at a time per terminal.
// The rule that matters most: a start whose answer was lost is NEVER sent again; the payment
// becomes `unknown` and the cashier decides, helped by the terminal status and a duplicate.
import { TillError } from '../../../shared/contract/errors';
import { MAX_CARD_AMOUNT } from '../../../shared/money';
import type { ReceiptCopies, ReceiptLine } from '../../../shared/receipt';
import { applyMigrations, type Db } from '../storage/database';
import {
  JOURNAL_MIGRATIONS,
  PaymentJournal,
  type PaymentRow,
  type PaymentState,
  type PaymentType,
  type Resolution,
  type SeenNotification,
} from './journal';
import { describeNotification } from './notifications';
import {
  requestNeverSent,
  type CardReport,
  type CardTransaction,
  type PayAtCounterClient,
  type ReportType,
} from './pay-at-counter-client';

export { describeNotification, describeResult } from './notifications';

/** The parts of the client the runner uses; tests may wrap them. */
export type CardServiceApi = Pick<
  PayAtCounterClient,
  | 'getTerminal'
  | 'startTransaction'
  | 'startDuplicate'
  | 'getTransaction'
  | 'cancelTransaction'
  | 'answerSignature'
  | 'startReport'
  | 'getReport'
>;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollingPolicy {
  /** First read after the start answered. */
  firstPollMs: number;
  /** Time between the starts of two reads of one transaction (250 ms = at most 4 per second). */
  intervalMs: number;
  /** Never less than this between the end of one read and the start of the next. */
  minGapMs: number;
  /** First wait after a failed read; doubles per failure up to maxBackoffMs. */
  errorBackoffMs: number;
  maxBackoffMs: number;
  /** How often the terminal is checked while a payment's outcome is unknown. */
  terminalWatchMs: number;
  /**
   * Reads of a started transaction answered 404 (with no good read between) after which the
   * till stops reading and the outcome becomes unknown, provided the first of them was at least
   * lostAfterNotFoundMs earlier. A short 404 just after the start may be the service catching up.
   */
  lostAfterNotFoundReads: number;
  lostAfterNotFoundMs: number;
}

export const DEFAULT_POLLING: PollingPolicy = {
  firstPollMs: 120,
  intervalMs: 250,
  minGapMs: 100,
  errorBackoffMs: 500,
  maxBackoffMs: 5_000,
  terminalWatchMs: 1_000,
  lostAfterNotFoundReads: 5,
  lostAfterNotFoundMs: 10_000,
};

export const TRANSACTION_LOST_PROBLEM =
  'The card service no longer knows this transaction: check the card machine.';

export const SIGNATURE_DECISION_MS = 80_000;

export interface PaymentServiceOptions {
  client: CardServiceApi;
  /** The till database; the journal's migrations are applied to it. */
  db: Db;
  now?: () => number;
  timers?: Timers;
  polling?: Partial<PollingPolicy>;
  newId?: () => string;
  /** Test seam for crash tests: runs after the intent is written and before it is marked starting. */
  afterIntent?: (paymentId: string) => Promise<void> | void;
}

export interface DescribedNotification {
  code: string;
  text: string;
  seenAt: number;
}

export interface PaymentAmounts {
  currency: string | null;
  base: number | null;
  cashback: number | null;
  gratuity: number | null;
  total: number | null;
}

export interface PaymentView {
  id: string;
  saleId: string | null;
  originalPaymentId: string | null;
  terminalId: string;
  type: PaymentType;
  amount: number | null;
  currency: string | null;
  state: PaymentState;
  transactionId: string | null;
  /** In the order the till first saw them. */
  notifications: DescribedNotification[];
  result: string | null;
  /** Paid only when the card machine said SUCCESSFUL (or the cashier resolved an unknown as paid). */
  successful: boolean;
  /** Read from the finished record: gratuity and cashback are entered on the card machine. */
  amounts: PaymentAmounts | null;
  receipts: ReceiptCopies | null;
  resolution: Resolution | null;
  problem: string | null;
  /** Set while the card machine waits for the cashier's signature decision. */
  awaitingSignature: { deadline: number } | null;
  createdAt: string;
  updatedAt: string;
}

export type PaymentEvent =
  | {
      type: 'progress';
      paymentId: string;
      terminalId: string;
      state: PaymentState;
      notifications: DescribedNotification[];
      newNotifications: DescribedNotification[];
      problem: string | null;
    }
  | {
      type: 'signature_required';
      paymentId: string;
      terminalId: string;
      /** ms since epoch: 80 s after the till first saw SIGNATURE_VERIFICATION. */
      deadline: number;
      /** The merchant copy with SIGN BELOW, to print before deciding (empty if the service gave none). */
      merchantReceipt: ReceiptLine[];
    }
  | { type: 'cancel_refused'; paymentId: string; terminalId: string; message: string }
  | {
      type: 'finished';
      paymentId: string;
      terminalId: string;
      saleId: string | null;
      paymentType: PaymentType;
      result: string | null;
      successful: boolean;
      amounts: PaymentAmounts;
      receipts: ReceiptCopies;
    }
  | {
      type: 'unknown';
      paymentId: string;
      terminalId: string;
      reason: string;
      /** Last status read from the terminal (BUSY: it may still be taking the payment), null if unread. */
      terminalStatus: string | null;
    }
  | { type: 'resolved'; paymentId: string; terminalId: string; resolution: Resolution };

export type PaymentListener = (event: PaymentEvent) => void;

export interface StartSaleInput {
  saleId: string;
  terminalId: string;
  amount: number;
  currency: string;
}

export interface StartRefundInput {
  saleId?: string;
  originalPaymentId?: string;
  terminalId: string;
  amount: number;
  currency: string;
}

export interface DuplicateResult {
  paymentId: string;
  result: string | null;
  receipts: ReceiptCopies;
  /** The DUPLICATE record: its amounts and card fields describe the last transaction on the machine. */
  record: CardTransaction | null;
}

export interface PaymentService {
  startSale(input: StartSaleInput): Promise<PaymentView>;
  startRefund(input: StartRefundInput): Promise<PaymentView>;
  cancel(paymentId: string): Promise<{ status: 'requested' | 'refused' }>;
  answerSignature(paymentId: string, accepted: boolean): Promise<void>;
  resolveUnknown(paymentId: string, decision: { outcome: 'paid' | 'not_paid'; note: string }): PaymentView;
  requestDuplicate(terminalId: string): Promise<DuplicateResult>;
  runReport(terminalId: string, type: ReportType): Promise<CardReport>;
  listPayments(options?: { limit?: number }): PaymentView[];
  getPayment(id: string): PaymentView | null;
  /** Picks up every journal row left open by an earlier run. Call once at start-up. */
  resumeAll(): Promise<Array<{ paymentId: string; state: PaymentState }>>;
  onEvent(listener: PaymentListener): () => void;
  /** Resolves when the payment reaches a final or unknown state (for callers that want to wait). */
  settled(paymentId: string): Promise<PaymentView>;
  close(): Promise<void>;
}

/** A payment this runner is driving right now. */
interface ActivePayment {
  id: string;
  terminalId: string;
  transactionId: string | null;
  seen: SeenNotification[];
  signatureRequested: boolean;
  cancelRequested: boolean;
  stopped: boolean;
  wake?: () => void;
  loop?: Promise<void>;
}

/** A payment the runner has just taken up: nothing asked of it yet and not stopped. */
function newActivePayment(
  id: string,
  terminalId: string,
  transactionId: string | null = null,
  seen: SeenNotification[] = [],
): ActivePayment {
  return {
    id,
    terminalId,
    transactionId,
    seen,
    signatureRequested: false,
    cancelRequested: false,
    stopped: false,
  };
}

const SIGNATURE_CLOSED = [
  'SIGNATURE_VERIFICATION_COMPLETED',
  'SIGNATURE_VERIFICATION_COULD_NOT_BE_COMPLETED',
  'SIGNATURE_VERIFICATION_TIMEOUT',
  'TRANSACTION_FINISHED',
];
const FIRST_NOTIFICATIONS = ['PRESENT_CARD', 'INSERT_CARD', 'REPORT_STARTED'];
/**
 * Answers to a start that mean the service refused it before anything ran: 401, 404, 422, 400
 * and 429. A 5xx or an unexpected status (service_error) proves nothing: a gateway may answer
 * 502/504 while the service goes on, and a 500 may follow a start the card machine took.
 */
const DEFINITIVE_REFUSALS = ['bad_credentials', 'not_found', 'terminal_busy', 'rejected', 'rate_limited'];

/**
 * New notifications in the list, in the order they most likely happened. The service may list
 * newest first (Connect) or oldest first; codes may repeat (RETRYING), so counts are compared.
 */
export function newNotificationsInOrder(listed: readonly string[], seen: readonly string[]): string[] {
  const remaining = new Map<string, number>();
  for (const code of seen) remaining.set(code, (remaining.get(code) ?? 0) + 1);
  const fresh: Array<{ code: string; index: number }> = [];
  const oldIndexes: number[] = [];
  listed.forEach((code, index) => {
    const left = remaining.get(code) ?? 0;
    if (left > 0) {
      remaining.set(code, left - 1);
      oldIndexes.push(index);
    } else fresh.push({ code, index });
  });
  if (fresh.length === 0) return [];
  let newestFirst = true;
  if (oldIndexes.length > 0) newestFirst = fresh[0]!.index < oldIndexes[0]!;
  else if (listed[0] === 'TRANSACTION_FINISHED' || listed[0] === 'REPORT_FINISHED') newestFirst = true;
  else if (FIRST_NOTIFICATIONS.includes(listed[0]!)) newestFirst = false;
  const codes = fresh.map((f) => f.code);
  return newestFirst ? codes.reverse() : codes;
}

function describe(seen: readonly SeenNotification[]): DescribedNotification[] {
  return seen.map((n) => ({ code: n.code, text: describeNotification(n.code), seenAt: n.seenAt }));
}

function amountsOf(record: CardTransaction | null): PaymentAmounts | null {
  if (!record) return null;
  return {
    currency: record.currency,
    base: record.amountBase,
    cashback: record.amountCashback,
    gratuity: record.amountGratuity,
    total: record.amountTotal,
  };
}

function signatureWait(row: PaymentRow): { deadline: number } | null {
  if (row.state !== 'started' && row.state !== 'pending') return null;
  const asked = row.notifications.find((n) => n.code === 'SIGNATURE_VERIFICATION');
  if (!asked || row.notifications.some((n) => SIGNATURE_CLOSED.includes(n.code))) return null;
  return { deadline: asked.seenAt + SIGNATURE_DECISION_MS };
}

export function toPaymentView(row: PaymentRow): PaymentView {
  const paidByMachine = row.state === 'finished' && row.result === 'SUCCESSFUL';
  const paidByCashier = row.state === 'unknown' && row.resolution?.outcome === 'paid';
  return {
    id: row.id,
    saleId: row.saleId,
    originalPaymentId: row.originalPaymentId,
    terminalId: row.terminalId,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    transactionId: row.transactionId,
    notifications: describe(row.notifications),
    result: row.result,
    successful: paidByMachine || paidByCashier,
    amounts: amountsOf(row.record),
    receipts: row.receipts,
    resolution: row.resolution,
    problem: row.problem,
    awaitingSignature: signatureWait(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createPaymentService(options: PaymentServiceOptions): PaymentService {
  applyMigrations(options.db, JOURNAL_MIGRATIONS);
  const now = options.now ?? Date.now;
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
  const policy: PollingPolicy = { ...DEFAULT_POLLING, ...options.polling };
  const journal = new PaymentJournal(options.db, now, options.newId);
  const client = options.client;
  const listeners = new Set<PaymentListener>();
  /** Terminal id → what holds it: a payment id, or a report marker. */
  const busyTerminals = new Map<string, string>();
  const active = new Map<string, ActivePayment>();
  const watchers = new Map<string, ActivePayment>();
  const settleWaiters = new Map<string, Array<(view: PaymentView) => void>>();
  const background = new Set<Promise<unknown>>();
  let closed = false;

  function emit(event: PaymentEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // A broken listener must not stop a payment, but it must not fail unseen either.
        // Only the event type and payment id are logged: events carry receipts and card fields.
        console.error(
          `Card payment event listener failed on '${event.type}' for payment ${event.paymentId}:`,
          error,
        );
      }
    }
  }

  function view(id: string): PaymentView {
    const row = journal.get(id);
    if (!row) throw new TillError('not_found', 'No such card payment.');
    return toPaymentView(row);
  }

  function settle(id: string): void {
    const waiters = settleWaiters.get(id);
    if (!waiters) return;
    settleWaiters.delete(id);
    const current = view(id);
    for (const resolve of waiters) resolve(current);
  }

  function track<T>(work: Promise<T>): Promise<T> {
    background.add(work);
    void work.finally(() => background.delete(work)).catch(() => undefined);
    return work;
  }

  /** Waits unless the payment is stopped; stop() wakes it at once. */
  function sleep(payment: ActivePayment, ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (payment.stopped) return resolve();
      const handle = timers.setTimeout(() => {
        payment.wake = undefined;
        resolve();
      }, ms);
      payment.wake = () => {
        timers.clearTimeout(handle);
        payment.wake = undefined;
        resolve();
      };
    });
  }

  function stop(payment: ActivePayment): void {
    payment.stopped = true;
    payment.wake?.();
  }

  function release(payment: ActivePayment): void {
    active.delete(payment.id);
    if (busyTerminals.get(payment.terminalId) === payment.id) busyTerminals.delete(payment.terminalId);
  }

  function emitProgress(payment: ActivePayment, fresh: SeenNotification[] = []): void {
    const row = journal.get(payment.id);
    if (!row) return;
    emit({
      type: 'progress',
      paymentId: payment.id,
      terminalId: payment.terminalId,
      state: row.state,
      notifications: describe(payment.seen),
      newNotifications: describe(fresh),
      problem: row.problem,
    });
  }

  function backoff(failures: number, error: unknown): number {
    if (error instanceof TillError && error.code === 'rate_limited') {
      return Math.max(error.retryAfterMs ?? policy.intervalMs, policy.intervalMs);
    }
    return Math.min(policy.errorBackoffMs * 2 ** Math.max(0, failures - 1), policy.maxBackoffMs);
  }

  /** Time to wait before the next read so reads start at most every intervalMs. */
  function nextDelay(startedAt: number): number {
    return Math.max(policy.intervalMs - (now() - startedAt), policy.minGapMs);
  }

  function absorb(payment: ActivePayment, record: CardTransaction): void {
    const fresh = newNotificationsInOrder(
      record.notifications,
      payment.seen.map((n) => n.code),
    ).map((code) => ({ code, seenAt: now() }));
    if (fresh.length > 0) {
      payment.seen.push(...fresh);
      if (!record.finished) {
        journal.saveNotifications(payment.id, payment.seen);
        journal.markPending(payment.id);
      }
    }
    const codes = payment.seen.map((n) => n.code);
    const asking =
      codes.includes('SIGNATURE_VERIFICATION') && !SIGNATURE_CLOSED.some((c) => codes.includes(c));
    if (record.finished) {
      if (journal.saveFinished(payment.id, record, payment.seen)) {
        emitProgress(payment, fresh);
        emitFinished(payment.id);
      }
      return;
    }
    if (fresh.length > 0) emitProgress(payment, fresh);
    if (asking && !payment.signatureRequested) {
      payment.signatureRequested = true;
      journal.saveSignatureSlip(payment.id, record.receipts.MERCHANT);
      const firstSeen = payment.seen.find((n) => n.code === 'SIGNATURE_VERIFICATION')!.seenAt;
      emit({
        type: 'signature_required',
        paymentId: payment.id,
        terminalId: payment.terminalId,
        deadline: firstSeen + SIGNATURE_DECISION_MS,
        merchantReceipt: record.receipts.MERCHANT,
      });
    }
  }

  function emitFinished(paymentId: string): void {
    const row = journal.get(paymentId)!;
    emit({
      type: 'finished',
      paymentId,
      terminalId: row.terminalId,
      saleId: row.saleId,
      paymentType: row.type,
      result: row.result,
      successful: row.result === 'SUCCESSFUL',
      amounts: amountsOf(row.record)!,
      receipts: row.receipts ?? { MERCHANT: [], CUSTOMER: [] },
    });
  }

  async function poll(payment: ActivePayment, firstDelay: number): Promise<void> {
    let delay = firstDelay;
    let failures = 0;
    let notFound = 0;
    let firstNotFoundAt = 0;
    try {
      while (!payment.stopped) {
        await sleep(payment, delay);
        if (payment.stopped) return;
        const startedAt = now();
        let record: CardTransaction;
        try {
          record = await client.getTransaction(payment.terminalId, payment.transactionId!);
        } catch (error) {
          if (payment.stopped) return;
          failures += 1;
          delay = backoff(failures, error);
          if (error instanceof TillError && error.code === 'not_found') {
            if (notFound === 0) firstNotFoundAt = startedAt;
            notFound += 1;
            if (
              notFound >= policy.lostAfterNotFoundReads &&
              startedAt - firstNotFoundAt >= policy.lostAfterNotFoundMs
            ) {
              giveUpOnLostTransaction(payment);
              return;
            }
          }
          journal.setProblem(payment.id, errorText(error));
          emitProgress(payment);
          continue;
        }
        if (payment.stopped) return;
        notFound = 0;
        if (failures > 0) {
          failures = 0;
          journal.setProblem(payment.id, null);
          emitProgress(payment);
        }
        absorb(payment, record);
        if (record.finished) return;
        delay = nextDelay(startedAt);
      }
    } finally {
      release(payment);
      if (!closed) settle(payment.id);
    }
  }

  /**
   * The service keeps answering 404 for a transaction it gave an id for: reading on would block
   * the terminal for ever. The outcome becomes unknown, so the cashier checks the machine and
   * resolves it; nothing is sent to the card machine.
   */
  function giveUpOnLostTransaction(payment: ActivePayment): void {
    if (!journal.markTransactionLost(payment.id, TRANSACTION_LOST_PROBLEM)) return;
    emitProgress(payment);
    release(payment);
    beginWatching(journal.get(payment.id)!, TRANSACTION_LOST_PROBLEM);
  }

  function beginPolling(payment: ActivePayment, firstDelay: number): void {
    payment.loop = track(poll(payment, firstDelay));
  }

  /** While the outcome is unknown: read the terminal status so the cashier sees when it is free. */
  async function watchTerminal(payment: ActivePayment, reason: string): Promise<void> {
    let lastStatus: string | null | undefined;
    let failures = 0;
    emit({
      type: 'unknown',
      paymentId: payment.id,
      terminalId: payment.terminalId,
      reason,
      terminalStatus: null,
    });
    try {
      while (!payment.stopped) {
        let status: string | null = null;
        try {
          status = (await client.getTerminal(payment.terminalId)).status;
          failures = 0;
        } catch (error) {
          failures += 1;
          await sleep(payment, backoff(failures, error));
          continue;
        }
        if (payment.stopped) return;
        if (status !== lastStatus) {
          lastStatus = status;
          emit({
            type: 'unknown',
            paymentId: payment.id,
            terminalId: payment.terminalId,
            reason,
            terminalStatus: status,
          });
        }
        // Nothing runs on the machine any more: stop reading; the cashier decides (duplicate helps).
        if (status === 'AVAILABLE') return;
        await sleep(payment, policy.terminalWatchMs);
      }
    } finally {
      watchers.delete(payment.id);
    }
  }

  /** A duplicate reprint moves no money: an unknown one asks the cashier nothing and blocks nothing. */
  function needsCashierDecision(row: Pick<PaymentRow, 'type'>): boolean {
    return row.type !== 'DUPLICATE';
  }

  function beginWatching(row: PaymentRow, reason: string): void {
    if (watchers.has(row.id) || !needsCashierDecision(row)) return;
    const payment = newActivePayment(row.id, row.terminalId);
    watchers.set(row.id, payment);
    payment.loop = track(watchTerminal(payment, reason));
  }

  function checkAmount(amount: number, currency: string): void {
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_CARD_AMOUNT) {
      throw new TillError('invalid_input', 'The card amount must be between 0.01 and 999,999.99.');
    }
    if (!/^[A-Z]{3}$/.test(currency))
      throw new TillError('invalid_input', 'The currency must be a code such as GBP.');
  }

  function claimTerminal(terminalId: string, type: PaymentType): void {
    if (closed) throw new TillError('conflict', 'The payment service is shutting down.');
    if (busyTerminals.has(terminalId)) {
      throw new TillError('terminal_busy', 'A card payment is already running on this card machine.');
    }
    if (type !== 'DUPLICATE') {
      const unresolved = journal
        .unfinished()
        .find((r) => r.terminalId === terminalId && r.state === 'unknown' && needsCashierDecision(r));
      if (unresolved) {
        throw new TillError(
          'terminal_busy',
          'An earlier card payment on this machine has an unknown outcome: resolve it before taking another.',
        );
      }
    }
  }

  async function start(
    type: PaymentType,
    terminalId: string,
    details: {
      saleId?: string | null;
      originalPaymentId?: string | null;
      amount?: number;
      currency?: string;
    },
  ): Promise<PaymentView> {
    claimTerminal(terminalId, type);
    const row = journal.recordIntent({ ...details, terminalId, type });
    busyTerminals.set(terminalId, row.id);
    const payment = newActivePayment(row.id, terminalId);
    active.set(row.id, payment);
    try {
      await options.afterIntent?.(row.id);
    } catch (error) {
      journal.markCancelledLocally(row.id, errorText(error));
      release(payment);
      throw error;
    }
    // From this line on the request may be on the wire: a crash leaves 'starting', never resent.
    journal.markStarting(row.id);
    emitProgress(payment);
    let transactionId: string;
    try {
      // Tracked so close() waits for the answer and its id is journaled before the database closes.
      const started = await track(
        type === 'DUPLICATE'
          ? client.startDuplicate(terminalId)
          : client.startTransaction(terminalId, {
              transactionType: type,
              amount: details.amount,
              currency: details.currency,
            }),
      );
      transactionId = started.transactionId;
    } catch (error) {
      release(payment);
      const definitive =
        requestNeverSent(error) || (error instanceof TillError && DEFINITIVE_REFUSALS.includes(error.code));
      if (definitive) {
        journal.markFailedToStart(row.id, errorText(error));
        emitProgress(payment);
        settle(row.id);
        throw error;
      }
      const reason = `No clear answer to the start: ${errorText(error)} The card machine may be taking the payment.`;
      journal.markUnknown(row.id, reason);
      if (type === 'DUPLICATE') {
        // Nothing to resolve: tell the cashier the reprint got no answer, so they can ask again.
        emitProgress(payment);
        settle(row.id);
        throw new TillError(
          error instanceof TillError ? error.code : 'internal',
          `No clear answer to the reprint request: ${errorText(error)} The card machine may still print it; ask again if it does not.`,
          { cause: error },
        );
      }
      beginWatching(journal.get(row.id)!, reason);
      settle(row.id);
      return view(row.id);
    }
    journal.markStarted(row.id, transactionId);
    payment.transactionId = transactionId;
    emitProgress(payment);
    if (closed) {
      // Shutting down: the row stays 'started' and the next resumeAll() reads it to its end.
      release(payment);
      return view(row.id);
    }
    if (payment.cancelRequested) track(sendCancel(payment)).catch(() => undefined);
    beginPolling(payment, policy.firstPollMs);
    return view(row.id);
  }

  async function sendCancel(payment: ActivePayment): Promise<{ status: 'requested' | 'refused' }> {
    try {
      await client.cancelTransaction(payment.terminalId, payment.transactionId!);
      return { status: 'requested' };
    } catch (error) {
      if (error instanceof TillError && error.code === 'terminal_busy') {
        emit({
          type: 'cancel_refused',
          paymentId: payment.id,
          terminalId: payment.terminalId,
          message:
            'The card machine could not cancel now: cancel it on the card machine. Waiting for its result.',
        });
        return { status: 'refused' };
      }
      throw error;
    }
  }

  function activeOrThrow(paymentId: string): ActivePayment {
    const payment = active.get(paymentId);
    if (!payment) throw new TillError('conflict', 'That card payment is not running.');
    return payment;
  }

  function resumeRow(row: PaymentRow): PaymentState {
    if (row.state === 'intent') {
      // The intent was written but 'starting' never was: the request was certainly not sent.
      journal.markFailedToStart(row.id, 'Not sent: the till stopped before sending it to the card machine.');
      return 'failed_to_start';
    }
    if (row.state === 'starting') {
      const reason = 'The till stopped while starting this payment; the card machine may have taken it.';
      journal.markUnknown(row.id, reason);
      beginWatching(journal.get(row.id)!, reason);
      return 'unknown';
    }
    if (row.state === 'unknown') {
      beginWatching(row, row.problem ?? 'Outcome unknown.');
      return 'unknown';
    }
    // started / pending: the id is known, so reading the same transaction again is safe.
    const payment = newActivePayment(row.id, row.terminalId, row.transactionId, [...row.notifications]);
    active.set(row.id, payment);
    busyTerminals.set(row.terminalId, row.id);
    beginPolling(payment, 0);
    return row.state;
  }

  async function pollReport(terminalId: string, reportId: string): Promise<CardReport> {
    const marker = newActivePayment(`report:${reportId}`, terminalId);
    active.set(marker.id, marker);
    try {
      let delay = policy.firstPollMs;
      let failures = 0;
      for (;;) {
        await sleep(marker, delay);
        if (marker.stopped)
          throw new TillError('conflict', 'The payment service closed before the report finished.');
        const startedAt = now();
        try {
          const report = await client.getReport(terminalId, reportId);
          failures = 0;
          if (report.finished) return report;
          delay = nextDelay(startedAt);
        } catch (error) {
          failures += 1;
          delay = backoff(failures, error);
        }
      }
    } finally {
      active.delete(marker.id);
    }
  }

  function settled(paymentId: string): Promise<PaymentView> {
    const row = journal.get(paymentId);
    if (!row) return Promise.reject(new TillError('not_found', 'No such card payment.'));
    const running = active.has(paymentId) || ['intent', 'starting', 'started', 'pending'].includes(row.state);
    if (!running) return Promise.resolve(toPaymentView(row));
    return new Promise((resolve) => {
      settleWaiters.set(paymentId, [...(settleWaiters.get(paymentId) ?? []), resolve]);
    });
  }

  return {
    async startSale(input) {
      checkAmount(input.amount, input.currency);
      return start('SALE', input.terminalId, input);
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
      return start('REFUND', input.terminalId, {
        saleId: input.saleId ?? journal.get(input.originalPaymentId ?? '')?.saleId ?? null,
        originalPaymentId: input.originalPaymentId ?? null,
        amount: input.amount,
        currency: input.currency,
      });
    },

    async cancel(paymentId) {
      const payment = activeOrThrow(paymentId);
      if (payment.transactionId === null) {
        // The start is on its way; the cancel follows as soon as the id is known.
        payment.cancelRequested = true;
        return { status: 'requested' };
      }
      return sendCancel(payment);
    },

    async answerSignature(paymentId, accepted) {
      const payment = activeOrThrow(paymentId);
      if (payment.transactionId === null) throw new TillError('conflict', 'No signature is awaited yet.');
      try {
        await client.answerSignature(payment.terminalId, payment.transactionId, accepted);
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

    resolveUnknown(paymentId, decision) {
      if (decision.outcome !== 'paid' && decision.outcome !== 'not_paid') {
        throw new TillError('invalid_input', 'The outcome is paid or not_paid.');
      }
      if (!journal.resolve(paymentId, decision.outcome, decision.note)) {
        throw new TillError('conflict', 'That payment has no unresolved unknown outcome.');
      }
      const watcher = watchers.get(paymentId);
      if (watcher) stop(watcher);
      const resolved = view(paymentId);
      emit({
        type: 'resolved',
        paymentId,
        terminalId: resolved.terminalId,
        resolution: resolved.resolution!,
      });
      return resolved;
    },

    async requestDuplicate(terminalId) {
      const started = await start('DUPLICATE', terminalId, {});
      const done = await settled(started.id);
      const row = journal.get(done.id)!;
      return {
        paymentId: row.id,
        result: row.result,
        receipts: row.receipts ?? { MERCHANT: [], CUSTOMER: [] },
        record: row.record,
      };
    },

    async runReport(terminalId, type) {
      if (closed) throw new TillError('conflict', 'The payment service is shutting down.');
      if (busyTerminals.has(terminalId)) {
        throw new TillError('terminal_busy', 'A card payment is running on this card machine.');
      }
      const marker = `report:${terminalId}`;
      busyTerminals.set(terminalId, marker);
      try {
        const { reportId } = await client.startReport(terminalId, type);
        return await track(pollReport(terminalId, reportId));
      } finally {
        if (busyTerminals.get(terminalId) === marker) busyTerminals.delete(terminalId);
      }
    },

    listPayments({ limit = 50 } = {}) {
      return journal.list(limit).map(toPaymentView);
    },

    getPayment(id) {
      const row = journal.get(id);
      return row ? toPaymentView(row) : null;
    },

    async resumeAll() {
      const resumed: Array<{ paymentId: string; state: PaymentState }> = [];
      for (const row of journal.unfinished()) {
        if (active.has(row.id) || watchers.has(row.id)) continue;
        resumed.push({ paymentId: row.id, state: resumeRow(row) });
      }
      return resumed;
    },

    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    settled,

    async close() {
      closed = true;
      for (const payment of [...active.values(), ...watchers.values()]) stop(payment);
      await Promise.allSettled([...background]);
      // Callers awaiting settled() get the row as it stands; resumeAll() continues it next time.
      for (const id of [...settleWaiters.keys()]) settle(id);
      listeners.clear();
    },
  };
}
