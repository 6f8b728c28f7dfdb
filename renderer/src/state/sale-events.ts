// What the services tell the sale store: payment and sale events as they happen (subscribed
// in events.ts), and after a reload the card payment or part-paid sale still in flight.
import { linesOf } from './basket';
import { newerPayment } from './payment-views';
import type { SaleEventActions, SaleKit } from './sale-state';

export function saleEventActions(kit: SaleKit): SaleEventActions {
  const { api, get, set, showSale, payments } = kit;
  return {
    applyPayment(view) {
      payments.remember(view);
      const { payment } = get();
      if (!payment || payment.paymentId !== view.paymentId) return;
      set({ payment: newerPayment(payment, view) });
    },

    applySale(view) {
      const { sale } = get();
      if (!sale || sale.saleId !== view.saleId) return;
      // The completion panel also shows the card result (with any gratuity or cashback).
      showSale(view);
    },

    async resume() {
      if (get().sale || get().payment) return;
      try {
        const active = await api.invoke('payments.active', {});
        const current = active.find((p) => p.type !== 'DUPLICATE');
        if (current) {
          const sale =
            current.saleId && current.type === 'SALE'
              ? await api.invoke('sales.get', { saleId: current.saleId })
              : null;
          set({
            payment: current,
            sale,
            phase: 'payment',
            terminalId: current.terminalId,
            ...(sale && { lines: linesOf(sale) }),
          });
          return;
        }
        // A sale part-paid before a reload (card taken, cash still to come) continues at the tender.
        const recent = await api.invoke('sales.recent', { limit: 5 });
        const partPaid = recent.find((s) => s.state === 'open' && s.paid > 0);
        if (partPaid && !get().sale)
          set({ sale: partPaid, lines: linesOf(partPaid), phase: 'tender', tenderMethod: 'cash' });
      } catch {
        // Nothing to resume, or the services are not up yet: the cashier starts afresh.
      }
    },
  };
}
