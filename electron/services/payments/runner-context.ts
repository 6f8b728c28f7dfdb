// What the runner's parts (start, poll, terminal watch, reports, recovery) share for one payment
// service: the client, the journal, the clock, the polling policy, the terminal locks, the
// payments being driven, and the events. The parts are plain functions over this object.
import { TillError } from '../../../shared/contract/errors';
import { Emitter } from '../../../shared/emitter';
import type { Clock } from '../common/clock';
import { createLogger } from '../common/logger';
import type { Db } from '../storage/database';
import type { StorageHealth } from '../storage/storage-health';
import { HeldWrites } from './held-writes';
import { isRunningPayment, type PaymentJournal, type SeenNotification } from './journal';
import type { PayAtCounterClient } from './pay-at-counter-client';
import type { PaymentEvent, PaymentListener } from './payment-events';
import { describeSeen, toPaymentView, type PaymentView } from './payment-view';
import type { PollingPolicy } from './polling-policy';
import { TerminalLocks } from './terminal-locks';

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

/** A payment (or report) this runner is driving right now. */
export interface ActivePayment {
  id: string;
  terminalId: string;
  transactionId: string | null;
  seen: SeenNotification[];
  signatureRequested: boolean;
  cancelRequested: boolean;
  /** Aborted by stop(): ends the payment's loop and wakes its wait at once. */
  readonly stopping: AbortController;
  loop?: Promise<void>;
}

/** A payment the runner has just taken up: nothing asked of it yet and not stopped. */
export function newActivePayment(
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
    stopping: new AbortController(),
  };
}

export function isStopped(payment: ActivePayment): boolean {
  return payment.stopping.signal.aborted;
}

/** Where the journal lives and whom to tell when it cannot be written. */
export interface RunnerStorage {
  db: Db;
  health: StorageHealth;
  /** How often writes held while storage fails are tried again. */
  retryMs?: number;
}

export class RunnerContext {
  readonly terminals = new TerminalLocks();
  /**
   * The journal as the runner reads and writes it: a write that fails for lack of storage is
   * held in memory and retried (held-writes.ts), so a payment is never dropped mid-way.
   */
  readonly journal: PaymentJournal;
  private readonly held: HeldWrites;
  /** Payments that ended while writes of theirs were held: released and settled once saved. */
  private readonly endWhenSaved = new Map<string, { release: ActivePayment | null; settle: boolean }>();
  /** Payments being started or read (and running reports), by id. */
  readonly active = new Map<string, ActivePayment>();
  /** Payments of unknown outcome whose terminal is being watched, by id. */
  readonly watchers = new Map<string, ActivePayment>();
  closed = false;
  private readonly events = new Emitter<PaymentEvent>();
  private readonly settleWaiters = new Map<string, Array<(view: PaymentView) => void>>();
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    readonly client: CardServiceApi,
    journal: PaymentJournal,
    readonly clock: Clock,
    readonly policy: PollingPolicy,
    storage: RunnerStorage,
  ) {
    this.held = new HeldWrites(journal, {
      db: storage.db,
      clock,
      storageHealth: storage.health,
      log: createLogger('payments'),
      ...(storage.retryMs !== undefined && { retryMs: storage.retryMs }),
      onSaved: (id) => this.saved(id),
      onRefusedBeforeSending: (id) => {
        const payment = this.active.get(id);
        if (payment) this.releaseNow(payment);
      },
    });
    this.journal = this.held.journal;
  }

  /** Once close() has begun nothing new starts: nothing more is journaled or sent. */
  refuseWhenClosed(): void {
    if (this.closed) throw new TillError('conflict', 'The payment service is shutting down.');
  }

  onEvent(listener: PaymentListener): () => void {
    return this.events.on((event) => {
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
    });
  }

  emit(event: PaymentEvent): void {
    this.events.fire(event);
  }

  emitProgress(payment: ActivePayment, fresh: SeenNotification[] = []): void {
    const row = this.journal.get(payment.id);
    if (!row) return;
    this.emit({
      type: 'progress',
      paymentId: payment.id,
      terminalId: payment.terminalId,
      state: row.state,
      notifications: describeSeen(payment.seen),
      newNotifications: describeSeen(fresh),
      problem: row.problem,
    });
  }

  view(id: string): PaymentView {
    const row = this.journal.get(id);
    if (!row) throw new TillError('not_found', 'No such card payment.');
    return toPaymentView(row);
  }

  /** Resolves when the payment reaches a final or unknown state. */
  settled(paymentId: string): Promise<PaymentView> {
    const row = this.journal.get(paymentId);
    if (!row) return Promise.reject(new TillError('not_found', 'No such card payment.'));
    if (!this.active.has(paymentId) && !isRunningPayment(row.state))
      return Promise.resolve(toPaymentView(row));
    return new Promise((resolve) => {
      this.settleWaiters.set(paymentId, [...(this.settleWaiters.get(paymentId) ?? []), resolve]);
    });
  }

  /** Hands the payment as it now stands to everyone waiting in settled(); once saved, if held. */
  settle(id: string): void {
    if (this.held.isHeld(id)) {
      this.endingWhenSaved(id).settle = true;
      return;
    }
    const waiters = this.settleWaiters.get(id);
    if (!waiters) return;
    this.settleWaiters.delete(id);
    const current = this.view(id);
    for (const resolve of waiters) resolve(current);
  }

  /** Work close() waits for, so nothing writes to the journal after the database closes. */
  track<T>(work: Promise<T>): Promise<T> {
    this.background.add(work);
    void work.finally(() => this.background.delete(work)).catch(() => undefined);
    return work;
  }

  /** Waits on the clock unless the payment is stopped; stop() wakes it at once. */
  async sleep(payment: ActivePayment, ms: number): Promise<void> {
    try {
      await this.clock.sleep(ms, payment.stopping.signal);
    } catch {
      // Stopped: the caller sees isStopped() and ends its loop.
    }
  }

  stop(payment: ActivePayment): void {
    payment.stopping.abort();
  }

  /**
   * The payment no longer runs here: its terminal is free for the next one. While writes of it
   * are held, it keeps its terminal and stays findable (cancel, settled) until they are saved.
   */
  release(payment: ActivePayment): void {
    if (this.held.isHeld(payment.id)) this.endingWhenSaved(payment.id).release = payment;
    else this.releaseNow(payment);
  }

  private releaseNow(payment: ActivePayment): void {
    this.active.delete(payment.id);
    this.terminals.release(payment.terminalId, payment.id);
  }

  private endingWhenSaved(id: string): { release: ActivePayment | null; settle: boolean } {
    let ending = this.endWhenSaved.get(id);
    if (!ending) this.endWhenSaved.set(id, (ending = { release: null, settle: false }));
    return ending;
  }

  /** Every held write of the payment is saved: what waited for that happens now. */
  private saved(id: string): void {
    const ending = this.endWhenSaved.get(id);
    if (!ending) return;
    this.endWhenSaved.delete(id);
    if (ending.release) this.releaseNow(ending.release);
    if (ending.settle) this.settle(id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const payment of [...this.active.values(), ...this.watchers.values()]) this.stop(payment);
    await Promise.allSettled([...this.background]);
    // A last try; what is still held is read again from the card service at the next start.
    this.held.flush();
    this.held.close();
    // Callers awaiting settled() get the row as it stands; resumeAll() continues it next time.
    for (const id of [...this.settleWaiters.keys()]) this.settle(id);
    this.events.clear();
  }
}
