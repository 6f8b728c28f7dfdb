// The sales history's side of the contract: finding past sales, reprinting them, and itemised
// refunds. Every call needs someone serving; a refund needs a supervisor or manager (or their
// PIN at the counter), asked only once the refund is known to be possible.
import type { RefundView } from '../../../shared/contract';
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { PaymentService } from '../payments/transaction-runner';
import type { Db } from '../storage/database';
import type { Checkout, ReceiptSettings } from './checkout';
import { SaleHistory } from './history';
import { SaleRefunds, type SaleRefundsOptions } from './refunds';
import type { SalesLedger } from './sales-ledger';

export interface HistoryHandlerDeps {
  history: SaleHistory;
  refunds: SaleRefunds;
  /** The rights gate for refunds: who gives it and who approved it, or a worded not_allowed. */
  requireRefund: () => StaffStamp | null;
  serving: () => StaffStamp | null;
}

export function historyHandlers(deps: HistoryHandlerDeps): HandlersOf<'history'> {
  const { history, refunds, serving } = deps;
  return {
    'history.search': (input) => {
      serving();
      return history.search(input);
    },
    'history.sale': ({ saleId }) => {
      serving();
      return history.record(saleId);
    },
    'history.reprint': ({ saleId }) => {
      history.reprint(saleId, serving());
      return { ok: true as const };
    },
    'history.refund': (input) => refunds.refund(input, deps.requireRefund),
  };
}

export interface SalesHistoryParts {
  db: Db;
  clock: Clock;
  ledger: Pick<SalesLedger, 'get'>;
  checkout: Pick<Checkout, 'refund' | 'saleReceiptLines'>;
  payments: Pick<PaymentService, 'getPayment' | 'paymentsLinkedTo' | 'onEvent' | 'journal'>;
  printReceipt: SaleRefundsOptions['printReceipt'];
  receiptSettings: () => ReceiptSettings;
  onRefund: (view: RefundView) => void;
  logger: Logger;
  /** A sale number as its receipt shows it (SalesLedger.receiptNumber); "S000123" by default. */
  receiptNumber?: (number: number) => string;
}

/** Builds the history and refunds over the sales ledger, the checkout's card refund path and the journal. */
export function createSalesHistory(parts: SalesHistoryParts): { history: SaleHistory; refunds: SaleRefunds } {
  const { db, clock, ledger, checkout, payments, logger } = parts;
  const cardRecord = (paymentId: string) => payments.journal.get(paymentId)?.record ?? null;
  const lastDigitsOf = (paymentId: string) => cardRecord(paymentId)?.primaryAccountNumber?.slice(-4) || null;
  const refundsAgainst = (originalPaymentId: string) => payments.paymentsLinkedTo({ originalPaymentId });
  const refunds = new SaleRefunds({
    db,
    clock,
    sale: (saleId) => ledger.get(saleId),
    startCardRefund: async (input) => ({ paymentId: (await checkout.refund(input)).paymentId }),
    payment: (paymentId) => payments.getPayment(paymentId),
    refundsAgainst,
    onPaymentChange: (listener) =>
      payments.onEvent((event) => {
        if (event.type === 'finished' || event.type === 'resolved' || event.type === 'progress') {
          listener(event.paymentId);
        }
      }),
    cardLastDigits: lastDigitsOf,
    printReceipt: parts.printReceipt,
    receiptSettings: parts.receiptSettings,
    onRefund: parts.onRefund,
    logger,
    ...(parts.receiptNumber && { receiptNumber: parts.receiptNumber }),
  });
  const history = new SaleHistory({
    db,
    clock,
    sale: (saleId) => ledger.get(saleId),
    refunds,
    salesByCardDigits: (digits) => payments.journal.saleIdsPaidByCardEnding(digits),
    cardPayment: (paymentId) => {
      const payment = payments.getPayment(paymentId);
      if (!payment) return null;
      return {
        facts: payment,
        terminalId: payment.terminalId,
        cardLabel: cardRecord(paymentId)?.applicationLabel ?? null,
        lastDigits: lastDigitsOf(paymentId),
        refunds: refundsAgainst(paymentId),
      };
    },
    receiptLines: (sale) => checkout.saleReceiptLines(sale),
    paperSettings: parts.receiptSettings,
    printReceipt: (receiptId, lines) => parts.printReceipt(receiptId, lines, { kickDrawer: false }),
    logger,
    ...(parts.receiptNumber && { receiptNumber: parts.receiptNumber }),
  });
  return { history, refunds };
}
