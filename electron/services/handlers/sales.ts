import type { Handlers } from '../../../shared/contract/dispatch';
import type { Checkout } from '../sales/checkout';
import type { ProductCatalogue } from '../sales/catalogue';
import type { SalesLedger } from '../sales/sales-ledger';
import type { PaymentService } from '../payments/transaction-runner';

type SalesHandlerNames =
  | 'catalogue.get'
  | 'sales.open'
  | 'sales.get'
  | 'sales.recent'
  | 'sales.payCard'
  | 'sales.payCash'
  | 'sales.recordManualCard'
  | 'sales.abandon'
  | 'payments.get'
  | 'payments.active'
  | 'payments.recent'
  | 'payments.cancel'
  | 'payments.answerSignature'
  | 'payments.resolveUnknown'
  | 'payments.refund'
  | 'payments.duplicate';

const ACTIVE = new Set(['intent', 'starting', 'started', 'pending', 'unknown']);

export function salesHandlers(deps: {
  catalogue: ProductCatalogue;
  ledger: SalesLedger;
  checkout: Checkout;
  payments: PaymentService;
  /** Throws unless a manager has approved this kind of action recently (refunds). */
  requireManager: (action: 'refund') => void;
}): Pick<Handlers, SalesHandlerNames> {
  const { catalogue, ledger, checkout, payments } = deps;
  return {
    'catalogue.get': () => catalogue.all(),
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
        .filter((p) => ACTIVE.has(p.state) && !p.resolution)
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
