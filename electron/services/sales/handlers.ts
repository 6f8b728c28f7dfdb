// The sales area's side of the contract: sales and their tenders, and the card payments taken
// for them (refunds and reprints included).
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { isOpenPayment } from '../payments/journal';
import type { PaymentService } from '../payments/transaction-runner';
import type { Checkout } from './checkout';
import type { SalesLedger } from './sales-ledger';

export interface SalesHandlerDeps {
  ledger: SalesLedger;
  checkout: Checkout;
  payments: PaymentService;
  /**
   * Throws unless a manager has approved this kind of action recently (refunds; overrides such
   * as settling a card approval that did not match the request).
   */
  requireManager: (action: 'refund' | 'override') => void;
}

export function salesHandlers(deps: SalesHandlerDeps): HandlersOf<'sales' | 'payments'> {
  const { ledger, checkout, payments } = deps;
  return {
    'sales.open': ({ lines }) => checkout.openSale(lines),
    'sales.get': ({ saleId }) => ledger.get(saleId),
    'sales.recent': ({ limit }) => ledger.recent(limit),
    'sales.payCard': (input) => checkout.payCard(input),
    'sales.payCash': ({ saleId, amountGiven }) => checkout.payCash(saleId, amountGiven),
    'sales.recordManualCard': ({ saleId, amount, reference }) =>
      checkout.recordManualCard(saleId, amount, reference),
    'sales.abandon': ({ saleId }) => checkout.abandon(saleId),
    'payments.get': ({ paymentId }) => checkout.getPayment(paymentId),
    'payments.active': () =>
      payments
        .listPayments({ limit: 100 })
        .filter(isOpenPayment)
        .map((p) => checkout.paymentView(p)),
    'payments.recent': ({ limit }) => payments.listPayments({ limit }).map((p) => checkout.paymentView(p)),
    'payments.cancel': async ({ paymentId }) => {
      await payments.cancel(paymentId);
      return checkout.getPayment(paymentId);
    },
    'payments.answerSignature': async ({ paymentId, accepted }) => {
      await payments.answerSignature(paymentId, accepted);
      return checkout.getPayment(paymentId);
    },
    'payments.resolveUnknown': ({ paymentId, outcome }) => {
      const note =
        outcome === 'paid' ? 'cashier saw it approved on the card machine' : 'cashier saw it not approved';
      return checkout.paymentView(payments.resolveUnknown(paymentId, { outcome, note }));
    },
    'payments.resolveMismatch': ({ paymentId, outcome, note }) => {
      deps.requireManager('override');
      return checkout.paymentView(payments.resolveMismatch(paymentId, { outcome, note: `manager: ${note}` }));
    },
    'payments.refund': async (input) => {
      deps.requireManager('refund');
      return checkout.refund(input);
    },
    'payments.duplicate': async ({ terminalId }) => {
      await checkout.duplicate(terminalId);
      return { ok: true as const };
    },
  };
}
