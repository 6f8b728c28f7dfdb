// The sales area's side of the contract: sales and their tenders, and the card payments taken
// for them (refunds and reprints included).
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { StaffStamp } from '../../../shared/contract/staff';
import { isOpenPayment } from '../payments/journal';
import type { PaymentService } from '../payments/transaction-runner';
import type { Checkout } from './checkout';
import type { SalesLedger } from './sales-ledger';
import type { Authorise } from './sale-pricing';

export interface SalesHandlerDeps {
  ledger: SalesLedger;
  checkout: Checkout;
  payments: PaymentService;
  /**
   * Who may do this kind of action (refunds; overrides such as settling a card approval that did
   * not match the request): the person serving, with a supervisor's or manager's approval when
   * their role is not enough. Throws a worded not_allowed otherwise.
   */
  requireManager: (action: 'refund' | 'override') => StaffStamp | null;
  /** Who is serving (null before staff are set up); throws when staff exist and nobody is signed in. */
  serving: () => StaffStamp | null;
  /**
   * Discounts above the shop's limit and price overrides (sale-pricing.ts): who gave them, or a
   * worded not_allowed. Without it, every such sale is refused.
   */
  authorise?: Authorise;
}

/** A person's decision, with their name, as the journal keeps it. */
const signed = (note: string, by: { name: string } | null | undefined) =>
  by ? `${note} (${by.name})` : note;

export function salesHandlers(deps: SalesHandlerDeps): HandlersOf<'sales' | 'payments'> {
  const { ledger, checkout, payments, serving } = deps;
  return {
    'sales.open': ({ lines, discount }) =>
      checkout.openSale(lines, serving(), { discount, ...(deps.authorise && { authorise: deps.authorise }) }),
    'sales.get': ({ saleId }) => ledger.get(saleId),
    'sales.recent': ({ limit }) => ledger.recent(limit),
    'sales.payCard': (input) => checkout.payCard({ ...input, staff: serving() }),
    'sales.payCash': ({ saleId, amountGiven }) => checkout.payCash(saleId, amountGiven, serving()),
    'sales.recordManualCard': ({ saleId, amount, reference }) =>
      checkout.recordManualCard(saleId, amount, reference, serving()),
    'sales.abandon': ({ saleId }) => {
      serving();
      return checkout.abandon(saleId);
    },
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
      const decision = { outcome, note: signed(note, serving()) };
      return checkout.paymentView(payments.resolveUnknown(paymentId, decision));
    },
    'payments.resolveMismatch': ({ paymentId, outcome, note }) => {
      const by = deps.requireManager('override');
      const decision = { outcome, note: signed(`manager: ${note}`, by?.approvedBy ?? by) };
      return checkout.paymentView(payments.resolveMismatch(paymentId, decision));
    },
    'payments.refund': async (input) => {
      const staff = deps.requireManager('refund');
      return checkout.refund({ ...input, staff });
    },
    'payments.duplicate': async ({ terminalId }) => {
      await checkout.duplicate(terminalId, serving());
      return { ok: true as const };
    },
  };
}
