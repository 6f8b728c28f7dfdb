// The order-once rule. A creation is recorded before it is sent and sent exactly once. When its
// answer is lost (connection closed, unreadable, a 500), the till looks for it among the
// supplier's orders — ones that were not there just before sending, with the same lines and
// address — and nothing new can be ordered there until it is found or ruled out. Ordering the
// same lines to the same address again within a short window needs an explicit confirmation.
// Every attempt is tied to the supplier it went to (two suppliers may number orders alike): it is
// looked for only there, and repeats count only orders at the same supplier.
import { randomUUID } from 'node:crypto';
import type { OrderAttempt, PlaceOrderResult } from '../../../shared/contract/supplies';
import {
  addressProblemsWorded,
  normaliseAddress,
  orderFingerprint,
  type DeliveryAddress,
} from '../../../shared/supplies';
import type { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { isSandboxSupplier, type CurrentSupplier } from './connection';
import { fieldProblems } from './distribution-errors';
import type { WireOrder } from './distribution-records';
import type { AttemptRecord, OrderAttempts, OrderRequest } from './order-attempts';
import { linePricesOf, recordedOrder, toSupplyOrder } from './order-views';
import { orderWords } from './order-words';

/** A repeat of a placed order within this window needs `confirmRepeat`. */
export const REPEAT_WINDOW_MS = 30 * 60_000;

export interface OrderOnceDeps {
  attempts: OrderAttempts;
  /** The supplier in use now, with a client of it (connection.ts). */
  supplier: () => Promise<CurrentSupplier>;
  orderMethod: () => 'POST' | 'PUT';
  /** Product names the till knows (for lines and field problems). */
  names: () => Promise<ReadonlyMap<number, string>>;
  clock: Pick<Clock, 'now'>;
  log: Logger;
  onChange: (orderId: number | null) => void;
  repeatWindowMs?: number;
}

export interface PlaceOrderInput {
  lines: { productId: number; quantity: number }[];
  address: Partial<DeliveryAddress>;
  confirmRepeat: boolean;
}

type SentTo = OrderAttempt['sentTo'];

/** Where an attempt went, seen from the supplier in use now (one of unknown supplier: here). */
function sentTo(attempt: AttemptRecord, current: string): SentTo {
  if (attempt.supplier === null || attempt.supplier === current) return 'current';
  return isSandboxSupplier(attempt.supplier) ? 'sandbox' : 'other';
}

function attemptView(attempt: AttemptRecord, current: string): OrderAttempt {
  const where = sentTo(attempt, current);
  return {
    attemptId: attempt.id,
    createdAt: new Date(attempt.createdAt).toISOString(),
    lines: attempt.request.lines,
    sentTo: where,
    ...orderWords.inDoubt(where),
  };
}

function mergeLines(lines: readonly { productId: number; quantity: number }[]) {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return [...merged.entries()].map(([productId, quantity]) => ({ productId, quantity }));
}

export class OrderOnce {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: OrderOnceDeps) {
    const interrupted = deps.attempts.interruptedAreInDoubt();
    if (interrupted > 0)
      deps.log.warn(`${interrupted} supplier order(s) were being sent when the till stopped`);
  }

  /** One order at a time: two taps, or two screens, never send two creations side by side. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  place(input: PlaceOrderInput): Promise<PlaceOrderResult> {
    return this.serial(() => this.placeNow(input));
  }

  check(attemptId: string): Promise<PlaceOrderResult> {
    return this.serial(async () => {
      const attempt = this.deps.attempts.get(attemptId);
      if (!attempt) return { outcome: 'not_placed', ...orderWords.noRecord() };
      const current = await this.deps.supplier();
      if (attempt.state === 'sending' || attempt.state === 'in_doubt')
        return this.resolve(attempt, current, 'checking');
      return this.settledResult(attempt, current);
    });
  }

  private async placeNow(input: PlaceOrderInput): Promise<PlaceOrderResult> {
    const address = normaliseAddress(input.address);
    const problems = Object.entries(addressProblemsWorded(address)).map(([field, { message, words }]) => ({
      field,
      message,
      words,
    }));
    if (problems.length > 0) return { outcome: 'refused', ...orderWords.addressFirst(), problems };
    const request: OrderRequest = { address, lines: mergeLines(input.lines) };
    const fingerprint = orderFingerprint(request.lines, address);

    const current = await this.deps.supplier();
    // An earlier order to this supplier whose answer was lost is settled first: it may be this
    // very order. One to another supplier cannot be this order there; it stays listed.
    for (const earlier of this.deps.attempts.unsettled()) {
      const settled = await this.resolve(earlier, current);
      if (settled.outcome === 'in_doubt' && sentTo(earlier, current.supplier) === 'current') return settled;
    }

    const window = this.deps.repeatWindowMs ?? REPEAT_WINDOW_MS;
    const since = this.deps.clock.now() - window;
    const recent = this.deps.attempts.placedSince(current.supplier, fingerprint, since);
    if (recent && !input.confirmRepeat) {
      const minutes = Math.max(1, Math.round((this.deps.clock.now() - recent.createdAt) / 60_000));
      return {
        outcome: 'needs_confirmation',
        similar: {
          orderId: recent.orderId!,
          referenceNumber: recent.referenceNumber ?? '',
          placedAt: new Date(recent.createdAt).toISOString(),
        },
        ...orderWords.repeat(minutes),
      };
    }

    const { client } = current;
    let before: WireOrder[];
    try {
      before = await client.listOrders();
    } catch (error) {
      return this.notPlaced(error as TillError);
    }
    const attempt = this.deps.attempts.begin({
      id: randomUUID(),
      supplier: current.supplier,
      fingerprint,
      request,
      method: this.deps.orderMethod(),
      knownOrderIds: before.map((o) => o.id),
    });
    const outcome = await client.createOrder(request);
    if (outcome.kind === 'created') {
      const placed = this.deps.attempts.settle(attempt.id, {
        state: 'placed',
        orderId: outcome.order.id,
        referenceNumber: outcome.order.referenceNumber,
        totalPrice: outcome.order.totalPrice ?? null,
        linePrices: linePricesOf(outcome.order),
      });
      this.deps.onChange(outcome.order.id);
      return {
        outcome: 'placed',
        order: toSupplyOrder(outcome.order, await this.deps.names(), placed),
        ...orderWords.placed(),
      };
    }
    if (outcome.kind === 'refused') {
      this.deps.attempts.settle(attempt.id, { state: 'refused' });
      const names = await this.deps.names();
      return {
        outcome: 'refused',
        ...orderWords.refused(),
        problems: fieldProblems(outcome.body, request.lines, (id) => names.get(id) ?? 'A product'),
      };
    }
    if (outcome.kind === 'not_created') {
      this.deps.attempts.settle(attempt.id, { state: 'not_placed' });
      return this.notPlaced(outcome.error);
    }
    this.deps.log.warn(
      `supplier order ${attempt.id}: the answer was lost (${outcome.error.code})`,
      outcome.error.cause,
    );
    this.deps.attempts.settle(attempt.id, { state: 'in_doubt' });
    return this.resolve(this.deps.attempts.get(attempt.id)!, current);
  }

  /**
   * Looks for a lost order among its supplier's orders; settles it when found or ruled out. An
   * order to another supplier is not looked for at this one; one to a sandbox stand-in that has
   * restarted since (a new one is in use) is gone with it: nothing real was ordered. When staff
   * are `checking` and the supplier does not answer, the result says it still can't be reached.
   */
  private async resolve(
    attempt: AttemptRecord,
    current: CurrentSupplier,
    asked: 'placing' | 'checking' = 'placing',
  ): Promise<PlaceOrderResult> {
    const where = sentTo(attempt, current.supplier);
    if (where === 'sandbox' && isSandboxSupplier(current.supplier)) {
      this.deps.attempts.settle(attempt.id, { state: 'not_placed' });
      this.deps.onChange(null);
      return { outcome: 'not_placed', ...orderWords.sandboxRestarted() };
    }
    if (where !== 'current') return this.inDoubt(attempt, current.supplier);
    let orders: WireOrder[];
    try {
      orders = await current.client.listOrders();
    } catch (error) {
      this.deps.log.warn(`supplier order ${attempt.id}: could not look for it yet`, error);
      const doubt = this.inDoubt(attempt, current.supplier);
      if (asked === 'placing') return doubt;
      return { ...doubt, ...orderWords.stillUnreachable(error as TillError) };
    }
    const known = new Set(attempt.knownOrderIds);
    const mine = this.deps.attempts.linkedOrderIds(current.supplier);
    const found = orders
      .filter((o) => !known.has(o.id) && !mine.has(o.id))
      .filter((o) => orderFingerprint(o.lines, o.address) === attempt.fingerprint)
      .sort((a, b) => a.id - b.id)[0];
    if (!found) {
      this.deps.attempts.settle(attempt.id, { state: 'not_placed' });
      this.deps.onChange(null);
      return { outcome: 'not_placed', ...orderWords.notAtSupplier() };
    }
    const placed = this.deps.attempts.settle(attempt.id, {
      state: 'placed',
      supplier: current.supplier,
      orderId: found.id,
      referenceNumber: found.referenceNumber,
      linePrices: linePricesOf(found),
      totalPrice: found.totalPrice ?? null,
    });
    this.deps.log.info(`supplier order ${attempt.id}: found as order ${found.id} after its answer was lost`);
    this.deps.onChange(found.id);
    return {
      outcome: 'placed',
      order: toSupplyOrder(found, await this.deps.names(), placed),
      ...orderWords.found(),
    };
  }

  private async settledResult(attempt: AttemptRecord, current: CurrentSupplier): Promise<PlaceOrderResult> {
    if (attempt.state !== 'placed' || attempt.orderId === null)
      return { outcome: 'not_placed', ...orderWords.wasNotPlaced() };
    // Only its own supplier can be asked about it; the same number elsewhere is another order.
    const order =
      sentTo(attempt, current.supplier) === 'current'
        ? await current.client.getOrder(attempt.orderId)
        : recordedOrder(attempt);
    return {
      outcome: 'placed',
      order: toSupplyOrder(order, await this.deps.names(), attempt),
      ...orderWords.isPlaced(),
    };
  }

  private inDoubt(
    attempt: AttemptRecord,
    current: string,
  ): Extract<PlaceOrderResult, { outcome: 'in_doubt' }> {
    const view = attemptView(attempt, current);
    return { outcome: 'in_doubt', attempt: view, ...orderWords.inDoubt(view.sentTo) };
  }

  private notPlaced(error: TillError): PlaceOrderResult {
    return {
      outcome: 'not_placed',
      ...orderWords.notPlaced(error),
      ...(error.retryAfterMs !== undefined && { retryAfterMs: error.retryAfterMs }),
    };
  }

  /** Every order whose answer was lost and is not settled yet, as the orders screen lists them. */
  inDoubtList(current: string): OrderAttempt[] {
    return this.deps.attempts.unsettled().map((attempt) => attemptView(attempt, current));
  }
}
