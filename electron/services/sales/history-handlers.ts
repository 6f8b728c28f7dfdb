// The sales history's side of the contract: finding past sales, reprinting them, and itemised
// refunds. Every call needs someone serving; a refund needs a supervisor or manager (or their
// PIN at the counter), asked only once the refund is known to be possible.
import type { HistoryPage, RefundView, SaleRecord } from '../../../shared/contract';
import type { HistorySearch } from '../../../shared/contract/history';
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { PaymentService } from '../payments/transaction-runner';
import type { Db } from '../storage/database';
import type { Checkout, ReceiptSettings } from './checkout';
import { SaleHistory } from './history';
import { saleViewFromJournal, type OtherTillSales } from './other-till-sales';
import { SaleRefunds, type RefundGate, type SaleRefundsOptions } from './refunds';
import type { SalesLedger } from './sales-ledger';

export interface HistoryHandlerDeps {
  history: SaleHistory;
  refunds: SaleRefunds;
  /** The rights gate for refunds: who gives it and who approved it, or a worded not_allowed. */
  requireRefund: () => StaffStamp | null;
  serving: () => StaffStamp | null;
  /** With a shop server: the shop's other tills' sales too (shop-server/across-tills.ts). */
  acrossTills?: {
    search(input: HistorySearch, local: () => HistoryPage): Promise<HistoryPage>;
    record(
      saleId: string,
      local: (saleId: string) => SaleRecord,
      own: (saleId: string) => boolean,
    ): Promise<SaleRecord>;
  };
  /** Whether a sale is one of this till's own (needed with acrossTills). */
  isOwnSale?: (saleId: string) => boolean;
}

export function historyHandlers(deps: HistoryHandlerDeps): HandlersOf<'history'> {
  const { history, refunds, serving, acrossTills, isOwnSale } = deps;
  return {
    'history.search': (input) => {
      serving();
      return acrossTills ? acrossTills.search(input, () => history.search(input)) : history.search(input);
    },
    'history.sale': ({ saleId }) => {
      serving();
      return acrossTills && isOwnSale
        ? acrossTills.record(saleId, (id) => history.record(id), isOwnSale)
        : history.record(saleId);
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
  /** With a shop server: other tills' sales this till refunds, and the refunds it must allow first. */
  acrossTills?: { otherSales: OtherTillSales; gate: RefundGate };
}

/** Builds the history and refunds over the sales ledger, the checkout's card refund path and the journal. */
export function createSalesHistory(parts: SalesHistoryParts): { history: SaleHistory; refunds: SaleRefunds } {
  const { db, clock, ledger, checkout, payments, logger } = parts;
  const cardRecord = (paymentId: string) => payments.journal.get(paymentId)?.record ?? null;
  const lastDigitsOf = (paymentId: string) => cardRecord(paymentId)?.primaryAccountNumber?.slice(-4) || null;
  const refundsAgainst = (originalPaymentId: string) => payments.paymentsLinkedTo({ originalPaymentId });
  const otherSales = parts.acrossTills?.otherSales;
  // Another till's sale this till refunds is kept beside its own (sales/other-till-sales.ts).
  const saleOf = otherSales
    ? (saleId: string) => {
        const other = otherSales.get(saleId);
        return other ? saleViewFromJournal(other) : ledger.get(saleId);
      }
    : (saleId: string) => ledger.get(saleId);
  const refunds = new SaleRefunds({
    db,
    clock,
    sale: saleOf,
    startCardRefund: async ({ unlinked, ...input }) => {
      const { originalPaymentId: _other, ...alone } = input;
      return { paymentId: (await checkout.refund(unlinked ? alone : input)).paymentId };
    },
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
    ...(parts.acrossTills && { gate: parts.acrossTills.gate }),
  });
  const history = new SaleHistory({
    db,
    clock,
    sale: saleOf,
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
