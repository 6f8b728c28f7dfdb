// Which view of a card payment to show when call answers and events race each other, and the
// two sides of an approval that did not match the request, in a cashier's words.
import type { ApprovalMismatchView, PaymentView } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';

/** Newer views win; events and call answers can arrive in either order. */
export function newerPayment(current: PaymentView | null | undefined, next: PaymentView): PaymentView {
  if (!current || current.paymentId !== next.paymentId) return next;
  return next.updatedAt >= current.updatedAt ? next : current;
}

/**
 * The latest event per payment, kept briefly: a fast card machine can report progress (even the
 * end) before the call that started the payment has answered.
 */
export class RecentPayments {
  private readonly views = new Map<string, PaymentView>();

  constructor(private readonly kept = 20) {}

  remember(view: PaymentView): void {
    const known = this.views.get(view.paymentId);
    this.views.delete(view.paymentId);
    this.views.set(view.paymentId, newerPayment(known, view));
    if (this.views.size > this.kept) this.views.delete(this.views.keys().next().value!);
  }

  /** A started payment as the call answered it, or as a later event already told. */
  latestOf(view: PaymentView): PaymentView {
    return newerPayment(this.views.get(view.paymentId), view);
  }
}

const KINDS: Record<string, string> = { SALE: 'Sale', REFUND: 'Refund' };

function figure(minor: number | null, currency: string | null): string {
  if (minor === null) return 'no amount';
  return currency ? formatMoney(minor, currency) : `${formatMoney(minor, '').trim()} (no currency)`;
}

/** "Sale £1.33" asked; "SUCCESSFUL: Sale £133.00 (total £133.00)" answered. */
export function mismatchFigures(m: ApprovalMismatchView): { asked: string; answered: string } {
  const { asked, answered } = m;
  const kind = (type: string | null) => (type ? (KINDS[type] ?? `“${type}”`) : 'No type');
  const total =
    answered.total !== null && answered.total !== answered.base
      ? ` (total ${figure(answered.total, answered.currency)})`
      : '';
  return {
    asked: `${kind(asked.type)} ${figure(asked.amount, asked.currency)}`,
    answered: `${answered.result ?? 'No result'}: ${kind(answered.type)} ${figure(answered.base, answered.currency)}${total}`,
  };
}
