// Which view of a card payment to show when call answers and events race each other.
import type { PaymentView } from '../../../shared/contract';

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
