// The card payment the cashier follows on the Sell screen (start, cancel, signature, an
// unknown outcome, the card machine's last receipt) and card refunds, which may wait for the
// manager's PIN.
import { createManagerApproval } from './manager-approval';
import { newerPayment } from './payment-views';
import type { CardPaymentActions, SaleKit } from './sale-state';
import { i18n } from '../i18n';

export const REFUND_NEEDS_MANAGER = 'refunds need a manager';
export const MISMATCH_NEEDS_MANAGER = 'settling this card approval needs a manager';

export function cardPaymentActions(kit: SaleKit): CardPaymentActions {
  const { api, get, set, run, showSale, payments } = kit;
  const approval = createManagerApproval(api, (managerNeeded) => set({ managerNeeded }));

  /** Replaces the followed payment with the services' answer, unless an event already told more. */
  const follow = (view: Parameters<typeof newerPayment>[1]) =>
    set({ payment: newerPayment(get().payment, view) });

  return {
    async payCard(amount) {
      const { sale, terminalId } = get();
      if (!sale || !terminalId) return;
      await run(async () => {
        const view = await api.invoke('sales.payCard', { saleId: sale.saleId, terminalId, amount });
        // If the sale already completed (a very fast card machine), the completion stays on screen.
        const completed = get().sale?.state === 'completed';
        set({
          payment: payments.latestOf(view),
          cardServiceDownAt: null,
          ...(!completed && { phase: 'payment' as const }),
        });
      });
    },

    async cancelPayment() {
      const { payment } = get();
      if (!payment) return;
      await run(async () => follow(await api.invoke('payments.cancel', { paymentId: payment.paymentId })));
    },

    async answerSignature(accepted) {
      const { payment } = get();
      if (!payment) return;
      await run(async () =>
        follow(await api.invoke('payments.answerSignature', { paymentId: payment.paymentId, accepted })),
      );
    },

    async resolveUnknown(outcome) {
      const { payment } = get();
      if (!payment) return;
      await run(async () => {
        follow(await api.invoke('payments.resolveUnknown', { paymentId: payment.paymentId, outcome }));
        const { sale } = get();
        if (sale) showSale(await api.invoke('sales.get', { saleId: sale.saleId }));
      });
    },

    async resolveMismatch(outcome, note) {
      const { payment } = get();
      if (!payment) return;
      await run(async () => {
        follow(
          await approval.attempt(
            MISMATCH_NEEDS_MANAGER,
            () => api.invoke('payments.resolveMismatch', { paymentId: payment.paymentId, outcome, note }),
            () => get().resolveMismatch(outcome, note),
            'override',
          ),
        );
        const { sale } = get();
        if (sale) showSale(await api.invoke('sales.get', { saleId: sale.saleId }));
      });
    },

    async printLastReceipt() {
      const { payment } = get();
      if (!payment) return;
      await run(async () => {
        await api.invoke('payments.duplicate', { terminalId: payment.terminalId });
        set({ note: i18n.t('sell.notes.lastReceiptAsked') });
      });
    },

    async refund(terminalId, amount, originalPaymentId) {
      await run(async () => {
        const view = await approval.attempt(
          REFUND_NEEDS_MANAGER,
          () =>
            api.invoke('payments.refund', {
              terminalId,
              amount,
              ...(originalPaymentId && { originalPaymentId }),
            }),
          () => get().refund(terminalId, amount, originalPaymentId),
          'refund',
        );
        set({ payment: payments.latestOf(view), phase: 'payment' });
      });
    },

    unlockManager: (pin) => run(() => approval.approve(pin)),

    leavePayment() {
      const { payment, sale } = get();
      if (payment?.type === 'REFUND') {
        set({ payment: null, phase: 'refunds', problem: null });
        return;
      }
      // After a card took part of the sale, the rest is usually cash.
      const rest = payment?.successful && sale?.state === 'open';
      set({
        payment: null,
        phase: sale?.state === 'completed' ? 'completed' : sale ? 'tender' : 'basket',
        problem: null,
        ...(rest && { tenderMethod: 'cash' as const }),
      });
    },
  };
}
