// When the journal cannot be written (disk full, read-only, I/O error) in the middle of a card
// payment, the payment is not dropped: its writes are held in memory, in order, and written as
// soon as storage works again (retried on the clock). Until then the runner reads the payment as
// it would be (a shadow copy in an in-memory database, moved by the same journal code), keeps its
// terminal and keeps polling. Writes that must come BEFORE something is sent (the intent and the
// 'starting' mark) are never held: without them nothing is sent, and the cashier is told why.
import { TillError } from '../../../shared/contract/errors';
import type { Clock, TimerHandle } from '../common/clock';
import type { Logger } from '../common/logger';
import { openDatabase, type Db } from '../storage/database';
import type { StorageHealth } from '../storage/storage-health';
import { JOURNAL_MIGRATIONS, listLimit, PaymentJournal, type PaymentRow } from './journal';

/** How often held writes are tried again while storage fails. */
export const SAVE_RETRY_MS = 2_000;

export const NOT_STARTED_CANNOT_SAVE =
  'The card payment was not started: the till cannot save right now (see the top bar). Nothing was sent to the card machine.';

const CANNOT_SAVE_BEFORE_SENDING = 'Not sent: the till could not save before sending it to the card machine.';

type MethodName = {
  [K in keyof PaymentJournal]: PaymentJournal[K] extends (...args: never[]) => unknown ? K : never;
}[keyof PaymentJournal];

/**
 * How each journal method is treated; a method added to the journal must be given a kind here
 * (a type error until it is). write: takes the payment id first and may be held.
 */
const METHOD_KINDS: Record<MethodName, 'intent' | 'before_sending' | 'write' | 'row' | 'rows' | 'derived'> = {
  recordIntent: 'intent',
  markStarting: 'before_sending',
  markStarted: 'write',
  markPending: 'write',
  markUnknown: 'write',
  markOutcomeLost: 'write',
  markFailedToStart: 'write',
  markCancelledLocally: 'write',
  saveNotifications: 'write',
  saveSignatureSlip: 'write',
  setProblem: 'write',
  saveFinished: 'write',
  resolve: 'write',
  get: 'row',
  list: 'rows',
  linkedTo: 'rows',
  unfinished: 'rows',
  forTerminal: 'rows',
  createdBetween: 'rows',
  // Built on get/linkedTo, so it reads held payments as they would be.
  refundableLeftOn: 'derived',
  // Sales history's search: saved records only (a payment held in memory is found once saved).
  saleIdsPaidByCardEnding: 'derived',
};

/** `list` is newest first; the other row lists oldest first. */
const NEWEST_FIRST: ReadonlySet<string> = new Set(['list']);

type AnyMethod = (...args: unknown[]) => unknown;

interface HeldWrite {
  method: MethodName;
  args: unknown[];
}

export interface HeldWritesDeps {
  /** The database the journal writes (shadow copies are read from it). */
  db: Db;
  clock: Clock;
  storageHealth: StorageHealth;
  log: Logger;
  retryMs?: number;
  /** Every held write of this payment is now saved. */
  onSaved(paymentId: string): void;
  /** The start could not be marked 'starting': nothing is sent, and the payment ends here. */
  onRefusedBeforeSending(paymentId: string): void;
}

export class HeldWrites {
  /** The journal the runner uses: the real one, with held payments read from the shadow. */
  readonly journal: PaymentJournal;
  private readonly held = new Map<string, HeldWrite[]>();
  private shadowDb: Db | null = null;
  private shadow: PaymentJournal | null = null;
  private retry: TimerHandle | null = null;

  constructor(
    private readonly real: PaymentJournal,
    private readonly deps: HeldWritesDeps,
  ) {
    this.journal = new Proxy(real, {
      get: (target, prop, receiver) => {
        const kind = METHOD_KINDS[prop as MethodName] as string | undefined;
        if (kind === undefined) return Reflect.get(target, prop, receiver);
        const method = prop as MethodName;
        return (...args: unknown[]) => this.call(kind, method, args);
      },
    });
  }

  isHeld(paymentId: string): boolean {
    return this.held.has(paymentId);
  }

  get heldCount(): number {
    return this.held.size;
  }

  /** Tries every held write now, in order; true when nothing is held any more. */
  flush(): boolean {
    this.retry?.cancel();
    this.retry = null;
    for (const [id, writes] of this.held) {
      while (writes.length > 0) {
        try {
          this.callReal(writes[0]!.method, writes[0]!.args);
        } catch (error) {
          if (this.deps.storageHealth.reportFailure(error)) {
            this.retryLater();
            return false;
          }
          // The shadow took this write; the database refuses it for another reason. Keep going.
          this.deps.log.error(`A held write (${writes[0]!.method}) of card payment ${id} was refused`, error);
        }
        writes.shift();
      }
      this.held.delete(id);
      this.shadowDb?.prepare('DELETE FROM card_payments WHERE id = ?').run(id);
      this.deps.log.info(`Card payment ${id}: the writes held while storage failed are saved.`);
      this.deps.storageHealth.reportSuccess();
      this.deps.onSaved(id);
    }
    return true;
  }

  /** Stops retrying; what is still held is read again from the card service at the next start. */
  close(): void {
    this.retry?.cancel();
    this.retry = null;
    if (this.held.size > 0) {
      this.deps.log.error(
        `Closing with unsaved steps of ${this.held.size} card payment(s): ${[...this.held.keys()].join(', ')}. ` +
          'The next start reads them again from the card service.',
      );
    }
    this.held.clear();
    this.shadowDb?.close();
    this.shadowDb = null;
    this.shadow = null;
  }

  private call(kind: string, method: MethodName, args: unknown[]): unknown {
    if (kind === 'row') {
      const id = args[0] as string;
      return this.held.has(id) ? this.callShadow(method, args) : this.callReal(method, args);
    }
    if (kind === 'rows') return this.overlayRows(method, args);
    if (kind === 'derived') return (this.real[method] as AnyMethod).apply(this.journal, args);
    if (kind === 'intent') return this.writeOrRefuse(method, args);
    if (kind === 'before_sending') return this.writeBeforeSending(method, args);
    return this.writeOrHold(method, args);
  }

  private callReal(method: MethodName, args: unknown[]): unknown {
    return (this.real[method] as AnyMethod).apply(this.real, args);
  }

  private callShadow(method: MethodName, args: unknown[]): unknown {
    return (this.shadow![method] as AnyMethod).apply(this.shadow, args);
  }

  /** Rows from the database, with each held payment as it would be. */
  private overlayRows(method: MethodName, args: unknown[]): PaymentRow[] {
    const saved = this.callReal(method, args) as PaymentRow[];
    if (this.held.size === 0) return saved;
    const held = (this.callShadow(method, args) as PaymentRow[]).filter((r) => this.held.has(r.id));
    const direction = NEWEST_FIRST.has(method) ? -1 : 1;
    const rows = [...saved.filter((r) => !this.held.has(r.id)), ...held].sort(
      (a, b) => direction * a.createdAt.localeCompare(b.createdAt),
    );
    // The newest-first list is cut at its limit: a held payment takes the oldest one's place.
    return method === 'list' ? rows.slice(0, listLimit(args[0] as number | undefined)) : rows;
  }

  /** A write nothing has happened before: if it fails, the caller is refused in words. */
  private writeOrRefuse(method: MethodName, args: unknown[]): unknown {
    try {
      const result = this.callReal(method, args);
      this.wroteFine();
      return result;
    } catch (error) {
      if (!this.deps.storageHealth.reportFailure(error)) throw error;
      this.deps.log.warn('Refused a card payment: its intent could not be saved', error);
      throw new TillError('storage', NOT_STARTED_CANNOT_SAVE, { cause: error });
    }
  }

  /** 'starting' must be on disk before the start may leave: if it is not, nothing leaves. */
  private writeBeforeSending(method: MethodName, args: unknown[]): unknown {
    const id = args[0] as string;
    try {
      const result = this.callReal(method, args);
      this.wroteFine();
      return result;
    } catch (error) {
      if (!this.deps.storageHealth.reportFailure(error)) throw error;
      this.deps.log.warn(`Card payment ${id} not sent: 'starting' could not be saved`, error);
      this.writeOrHold('markCancelledLocally', [id, CANNOT_SAVE_BEFORE_SENDING]);
      this.deps.onRefusedBeforeSending(id);
      throw new TillError('storage', NOT_STARTED_CANNOT_SAVE, { cause: error });
    }
  }

  private writeOrHold(method: MethodName, args: unknown[]): unknown {
    const id = args[0] as string;
    if (!this.held.has(id)) {
      try {
        const result = this.callReal(method, args);
        this.wroteFine();
        return result;
      } catch (error) {
        if (!this.deps.storageHealth.reportFailure(error)) throw error;
        this.deps.log.warn(`Card payment ${id}: could not save ${method}; kept in memory and retried`, error);
        this.startHolding(id);
      }
    }
    this.copyRelatedIntoShadow(id);
    const result = this.callShadow(method, args);
    this.held.get(id)!.push({ method, args });
    this.retryLater();
    return result;
  }

  /** A write went through: storage works, so anything held can be written now. */
  private wroteFine(): void {
    this.deps.storageHealth.reportSuccess();
    if (this.held.size > 0) this.retryLater(0);
  }

  private startHolding(id: string): void {
    if (!this.shadowDb) {
      this.shadowDb = openDatabase(':memory:', JOURNAL_MIGRATIONS, this.deps.clock);
      this.shadow = new PaymentJournal(this.shadowDb, () => this.deps.clock.now());
    }
    this.copyIntoShadow([id]);
    this.held.set(id, []);
  }

  /**
   * Brings into the shadow what a write of this payment may read besides its own row: the
   * original payment of a refund and the other refunds against it (what is left to refund).
   */
  private copyRelatedIntoShadow(id: string): void {
    const original = this.shadow!.get(id)?.originalPaymentId;
    if (!original) return;
    const related = this.deps.db
      .prepare('SELECT id FROM card_payments WHERE id = ? OR original_payment_id = ?')
      .all(original, original) as Array<{ id: string }>;
    this.copyIntoShadow(related.map((r) => r.id).filter((r) => !this.held.has(r)));
  }

  private copyIntoShadow(ids: string[]): void {
    for (const id of ids) {
      const raw = this.deps.db.prepare('SELECT * FROM card_payments WHERE id = ?').get(id) as
        Record<string, unknown> | undefined;
      if (!raw) continue;
      const columns = Object.keys(raw);
      this.shadowDb!.prepare(
        `INSERT OR REPLACE INTO card_payments (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      ).run(...columns.map((c) => raw[c]));
    }
  }

  private retryLater(ms = this.deps.retryMs ?? SAVE_RETRY_MS): void {
    if (this.retry && ms > 0) return;
    this.retry?.cancel();
    this.retry = this.deps.clock.setTimer(() => {
      this.retry = null;
      this.flush();
    }, ms);
  }
}
