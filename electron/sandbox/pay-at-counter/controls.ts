// What tests (or POST /sandbox/control) can make the sandbox do next, the counters they read,
// and the optional rate limit: everything the real service does not have but tests need.
import type { SandboxClock } from './pace';
import { Refusal } from './records';

/**
 * Fields of a finished transaction record the sandbox replaces with a lie, in the spec's names:
 * an approval for another amount, in another currency, of another type, negative, or with a
 * result the spec does not list. The card machine itself runs honestly; only its answer lies.
 */
export interface ApprovalLie {
  transaction_result?: string;
  transaction_type?: string;
  currency?: string;
  amount_base?: number;
  amount_cashback?: number;
  amount_gratuity?: number;
  amount_total?: number;
}

/** What a test (or the /sandbox/control endpoint) can make the sandbox do next. */
export interface SandboxControl {
  /** Process the next start request, then destroy the socket instead of answering. */
  dropNextStartResponse?: boolean;
  /** Process the next start request, then hold its answer this long (ms, not scaled). */
  delayNextStartResponseMs?: number;
  /** Answer the next `count` API requests with 429 and this Retry-After. */
  throttleNext?: { count: number; retryAfterSeconds: number };
  /** The next transaction started answers every read of its finished record with these fields. */
  lieAboutNextTransaction?: ApprovalLie;
  /**
   * Now, not next: the card machine records an approved sale keyed on it directly, which the till
   * never started or journaled (training and reconciliation tests). Counted in its report totals.
   */
  recordUnjournaledSale?: { terminalId: string; amount: number };
}

/** Largest amount the card machine takes (pence), as in the terminal notes. */
const MAX_AMOUNT = 99_999_999;

export interface SandboxStats {
  /** Every POST that asked for a transaction (endpoints 3 and 4), accepted or not. */
  startRequests: number;
  apiRequests: number;
  /** GETs per transaction id, with their arrival times (clock ms since epoch). */
  transactionReads: Record<string, number[]>;
}

/** Rolling-window limit on API requests; over it the answer is 429 with Retry-After. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export class SandboxControls {
  readonly stats: SandboxStats = { startRequests: 0, apiRequests: 0, transactionReads: {} };
  readonly pending: SandboxControl = {};
  private readonly recentRequests: number[] = [];
  /** Lies told about each transaction's finished record, by transaction id. */
  private readonly lies = new Map<string, ApprovalLie>();

  constructor(
    private readonly clock: SandboxClock,
    private readonly rateLimit: RateLimit | undefined,
    /** Records a sale on the card machine that the till never journaled. */
    private readonly recordUnjournaledSale: (terminalId: string, amount: number) => void = () => {},
  ) {}

  /**
   * Adds to what is pending; fields left out keep their value. An unjournaled sale is recorded at
   * once: an unknown terminal, a busy machine or a bad amount is refused (and nothing is recorded).
   */
  apply(next: SandboxControl | undefined): void {
    if (!next) return;
    // Checked here: the control endpoint passes its JSON body through as it came.
    const sale = next.recordUnjournaledSale as { terminalId?: unknown; amount?: unknown } | null | undefined;
    if (sale !== undefined) {
      const amount = typeof sale?.amount === 'number' ? sale.amount : NaN;
      if (
        typeof sale?.terminalId !== 'string' ||
        !Number.isInteger(amount) ||
        amount < 1 ||
        amount > MAX_AMOUNT
      )
        throw new Refusal('bad_request');
      this.recordUnjournaledSale(sale.terminalId, amount);
    }
    if (next.dropNextStartResponse !== undefined)
      this.pending.dropNextStartResponse = next.dropNextStartResponse;
    if (next.delayNextStartResponseMs !== undefined)
      this.pending.delayNextStartResponseMs = next.delayNextStartResponseMs;
    if (next.throttleNext) this.pending.throttleNext = { ...next.throttleNext };
    if (next.lieAboutNextTransaction)
      this.pending.lieAboutNextTransaction = { ...next.lieAboutNextTransaction };
  }

  /** A pending lie now belongs to this transaction (a DUPLICATE reprint is never lied about). */
  takeLie(transactionId: string, transactionType: string): void {
    const lie = this.pending.lieAboutNextTransaction;
    if (!lie || transactionType === 'DUPLICATE') return;
    delete this.pending.lieAboutNextTransaction;
    this.lies.set(transactionId, lie);
  }

  /** The record as the API shows it, with this transaction's lie once it has a result. */
  withLie<T extends { id: string; transaction_result?: string | null }>(view: T): T {
    const lie = this.lies.get(view.id);
    return lie && typeof view.transaction_result === 'string' ? { ...view, ...lie } : view;
  }

  /** The controls for this start's answer; they apply once. */
  takeStartControls(): SandboxControl {
    const control = { ...this.pending };
    delete this.pending.dropNextStartResponse;
    delete this.pending.delayNextStartResponseMs;
    return control;
  }

  /** Counts an API request; returns the Retry-After seconds when it must be refused. */
  throttled(): number | null {
    const throttle = this.pending.throttleNext;
    if (throttle && throttle.count > 0) {
      throttle.count -= 1;
      return throttle.retryAfterSeconds;
    }
    if (!this.rateLimit) return null;
    const at = this.clock.now();
    const { limit, windowMs } = this.rateLimit;
    const recent = this.recentRequests;
    while (recent.length > 0 && recent[0]! <= at - windowMs) recent.shift();
    if (recent.length >= limit) return Math.max(1, Math.ceil((recent[0]! + windowMs - at) / 1000));
    recent.push(at);
    return null;
  }

  recordRead(transactionId: string): void {
    (this.stats.transactionReads[transactionId] ??= []).push(this.clock.now());
  }

  /** A copy callers may keep. */
  snapshot(): SandboxStats {
    const { stats } = this;
    return {
      ...stats,
      transactionReads: Object.fromEntries(
        Object.entries(stats.transactionReads).map(([k, v]) => [k, [...v]]),
      ),
    };
  }
}
