// The card payment's states and the money rules read from them: what is running, what awaits
// a person's decision, what counts as paid, and what is left to refund. One definition for the
// whole till.

/**
 * intent: written, start not yet about to be sent (safe: nothing went out).
 * starting: the start request may be on the wire. started: the service gave an id.
 * pending: polling shows the card machine working. finished: the final record is saved.
 * unknown: the start may have reached the machine but no id came back (never resent), or the
 *   transaction it gave an id for can no longer be read (the service stopped knowing it, or reads
 *   kept failing for longer than a sale takes); a final record read before a person decides wins.
 * needs_manager: the card machine said SUCCESSFUL but not to what was asked (amount, currency,
 *   type, sign, more than is left to refund) or gave a result the spec does not list: not paid
 *   until a manager resolves it.
 * cancelled_locally: the till gave up before sending. failed_to_start: the service refused the start.
 */
export const PAYMENT_STATES = [
  'intent',
  'starting',
  'started',
  'pending',
  'finished',
  'unknown',
  'needs_manager',
  'cancelled_locally',
  'failed_to_start',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export type PaymentType = 'SALE' | 'REFUND' | 'DUPLICATE';

export interface SeenNotification {
  code: string;
  /** When the till first saw it (ms since epoch). */
  seenAt: number;
}

export interface Resolution {
  outcome: 'paid' | 'not_paid';
  note: string;
  at: string;
}

/** Running: the card machine may still be working on it (a terminal stays taken). */
export const RUNNING_PAYMENT_STATES: readonly PaymentState[] = ['intent', 'starting', 'started', 'pending'];
/** Awaiting a person's decision: an unknown outcome, or an approval that did not match the request. */
export const DECISION_PAYMENT_STATES: readonly PaymentState[] = ['unknown', 'needs_manager'];
/** Open: running, or awaiting a decision; the till still owes the cashier an outcome. */
export const OPEN_PAYMENT_STATES: readonly PaymentState[] = [
  ...RUNNING_PAYMENT_STATES,
  ...DECISION_PAYMENT_STATES,
];

export function isRunningPayment(state: string): boolean {
  return (RUNNING_PAYMENT_STATES as readonly string[]).includes(state);
}

/** Started, running, or of unknown outcome that nobody has resolved yet. */
export function isOpenPayment(payment: { state: string; resolution?: unknown }): boolean {
  return (OPEN_PAYMENT_STATES as readonly string[]).includes(payment.state) && !payment.resolution;
}

/** What the money rules read of a payment (a journal row or a view of one). */
export interface MoneyFacts {
  id: string;
  type: PaymentType;
  state: PaymentState;
  result: string | null;
  resolution: Resolution | null;
  amount: number | null;
}

/**
 * Paid: the card machine approved what was asked (a mismatch is never 'finished'), or a person
 * resolved an unknown outcome or a mismatch as paid.
 */
export function isPaidPayment(p: Omit<MoneyFacts, 'id' | 'type' | 'amount'>): boolean {
  if (p.state === 'finished') return p.result === 'SUCCESSFUL';
  return (DECISION_PAYMENT_STATES as readonly string[]).includes(p.state) && p.resolution?.outcome === 'paid';
}

/** Whether a payment may have moved money: paid, still running, or awaiting a decision. */
export function mayHaveMovedMoney(p: MoneyFacts): boolean {
  return isPaidPayment(p) || isOpenPayment(p);
}

/** Given back by card: the refunds among `payments` that are paid (approved, or decided so). */
export function refundedAmount(payments: readonly MoneyFacts[]): number {
  return payments
    .filter((p) => p.type === 'REFUND' && isPaidPayment(p))
    .reduce((sum, p) => sum + (p.amount ?? 0), 0);
}

/**
 * What may still be refunded on a card sale: what it booked, less every refund against it that
 * may have moved money (running and undecided ones too). Nothing on a sale that was not paid.
 */
export function refundableLeft(
  original: MoneyFacts,
  refunds: readonly MoneyFacts[],
  excludingId: string | null = null,
): number {
  if (original.type !== 'SALE' || !isPaidPayment(original)) return 0;
  const committed = refunds
    .filter((r) => r.type === 'REFUND' && r.id !== excludingId && mayHaveMovedMoney(r))
    .reduce((sum, r) => sum + (r.amount ?? 0), 0);
  return (original.amount ?? 0) - committed;
}
