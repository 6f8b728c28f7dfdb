// The checkout: opens priced sales, takes card, cash and manual-card tenders, and completes a
// sale exactly once when it is paid, printing the customer's card slip and the shop's receipt.
// Every card outcome reaches the sale through settlePayment(), whichever path delivered it.
import type {
  BasketLineInput,
  DiscountInput,
  PaymentView,
  SaleView,
  StaffStamp,
} from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatMoney } from '../../../shared/money';
import type { ReceiptLine } from '../../../shared/receipt';
import type { PaymentService, PaymentView as RunnerPaymentView } from '../payments/transaction-runner';
import { isOpenPayment, refundableLeft, refundedAmount } from '../payments/journal';
import type { ProductCatalogue } from '../catalogue/store';
import type { EndReason, SalesLedger } from './sales-ledger';
import type { StorageHealth } from '../storage/storage-health';
import { toContractPaymentView, type PaymentUiState } from './payment-view';
import { priceSale, refuseUnseenPrices, type Authorise } from './sale-pricing';
import { SalePrinting, type SalePrintingOptions } from './sale-printing';

export type { ReceiptSettings } from './sale-printing';

export interface CheckoutOptions extends SalePrintingOptions {
  catalogue: ProductCatalogue;
  ledger: SalesLedger;
  payments: PaymentService;
  /** The terminal's currency, to refuse a sale in another currency before anything is sent. */
  terminalCurrency: (terminalId: string) => Promise<string>;
  /** Every card payment of a sale, or every refund against a payment, straight from the journal. */
  paymentsFor: (link: { saleId: string } | { originalPaymentId: string }) => RunnerPaymentView[];
  onPayment: (view: PaymentView) => void;
  onSale: (view: SaleView) => void;
  /** Whether the till can save: no new sale starts while it cannot (full, read-only, damaged). */
  storage?: Pick<StorageHealth, 'assertNewSaleAllowed' | 'refuseNewSale'>;
}

/** Why a sale holding money cannot be abandoned (keys `services.sale.keep.*` in the catalogues). */
const KEEP_WORDS = {
  cash: 'Cash was taken on this sale, and the till cannot record giving cash back yet, so the sale cannot be abandoned: take the rest and complete it.',
  manualCard:
    'A card payment keyed in by hand is on this sale, and the till cannot refund it, so the sale cannot be abandoned: take the rest and complete it.',
  card: 'Money has been taken on this sale: refund it instead of abandoning it.',
} as const;

export class Checkout {
  private readonly ui = new Map<string, PaymentUiState>();
  /** Sales (and original payments, for refunds) with a card start under way in this process. */
  private readonly starting = new Set<string>();
  private readonly unsubscribe: () => void;
  private readonly printing: SalePrinting;

  constructor(private readonly o: CheckoutOptions) {
    this.printing = new SalePrinting(o);
    this.unsubscribe = o.payments.onEvent((event) => {
      if (event.type === 'signature_required') {
        // The customer signs the merchant copy, so it prints before the cashier decides.
        if (event.merchantReceipt.length > 0) {
          this.printing.slip(`${event.paymentId}:merchant-signature`, event.merchantReceipt);
        }
      }
      if (event.type === 'cancel_refused') this.uiState(event.paymentId).cancelRefused = true;
      if (event.type === 'finished' || event.type === 'resolved') this.settlePayment(event.paymentId);
      this.publishPayment(event.paymentId);
    });
  }

  close(): void {
    this.unsubscribe();
  }

  /**
   * At start-up: a card payment that finished while the till was down still reaches its sale,
   * and a sale whose tenders already cover it is completed (and its receipt printed).
   */
  reconcileOpenSales(): void {
    for (const saleId of this.o.ledger.openSaleIds()) {
      for (const payment of this.o.paymentsFor({ saleId }))
        if (payment.successful) this.settlePayment(payment.id);
      if (this.o.ledger.completeIfPaid(saleId)) this.finishSale(this.o.ledger.get(saleId), true);
    }
  }

  /**
   * Opens a sale priced from the catalogue (sale-pricing.ts: discounts, overrides and who approved
   * them); each line keeps the VAT rate it is sold at. A line carrying the price its basket showed
   * is refused (price_changed) when the catalogue's differs: the cashier accepts the new price or
   * removes the product, never sells at a price unseen.
   */
  openSale(
    lines: readonly BasketLineInput[],
    servedBy: StaffStamp | null = null,
    counter: { discount?: DiscountInput | undefined; authorise?: Authorise } = {},
  ): SaleView {
    this.o.storage?.assertNewSaleAllowed();
    const catalogue = this.o.catalogue.all();
    const products = this.o.catalogue.byIds(lines.map((l) => l.productId));
    refuseUnseenPrices(lines, products, catalogue.currency);
    const priced = priceSale(
      {
        lines,
        discount: counter.discount,
        discountLimitBasisPoints: this.o.counterSettings?.().discountLimitBasisPoints ?? 0,
        currency: catalogue.currency,
        servedBy,
        authorise:
          counter.authorise ??
          (() => {
            throw new TillError(
              'not_allowed',
              'This discount or price change needs a supervisor or manager.',
              {
                words: { key: 'sale.needsSupervisor' },
              },
            );
          }),
      },
      products,
    );
    let sale: SaleView;
    try {
      sale = this.o.ledger.open(catalogue.currency, priced.lines, servedBy, priced.discount);
    } catch (error) {
      throw this.o.storage?.refuseNewSale(error) ?? error;
    }
    // A sale given away in full has nothing due: it is paid the moment it opens, and its receipt prints.
    const paidAlready = sale.due === 0 && this.o.ledger.completeIfPaid(sale.saleId);
    if (paidAlready) sale = this.o.ledger.get(sale.saleId);
    this.finishSale(sale, paidAlready);
    return sale;
  }

  async payCard(input: {
    saleId: string;
    terminalId: string;
    amount: number;
    staff?: StaffStamp | null;
  }): Promise<PaymentView> {
    const sale = this.openSaleWithoutCardInFlight(input.saleId);
    if (input.amount > sale.due) {
      throw new TillError(
        'invalid_input',
        `Only ${formatMoney(sale.due, sale.currency)} is due; the card amount cannot be more.`,
        { words: { key: 'sale.cardOverDue', params: { due: { minor: sale.due, currency: sale.currency } } } },
      );
    }
    return this.exclusively(sale.saleId, async () => {
      const currency = await this.o.terminalCurrency(input.terminalId);
      if (currency !== sale.currency) {
        throw new TillError(
          'rejected',
          `That card machine takes ${currency}; this sale is in ${sale.currency}.`,
          { words: { key: 'sale.otherCurrency', params: { terminal: currency, sale: sale.currency } } },
        );
      }
      const view = await this.o.payments.startSale({
        saleId: sale.saleId,
        terminalId: input.terminalId,
        amount: input.amount,
        currency: sale.currency,
        staff: input.staff ?? null,
      });
      return this.paymentView(view);
    });
  }

  payCash(saleId: string, amountGiven: number, by: StaffStamp | null = null): SaleView {
    const sale = this.openSaleWithoutCardInFlight(saleId);
    const applied = Math.min(amountGiven, sale.due);
    if (applied <= 0)
      throw new TillError('invalid_input', 'Nothing is due on this sale.', {
        words: { key: 'sale.nothingDue' },
      });
    const { completedNow } = this.o.ledger.addTender(saleId, {
      kind: 'cash',
      amount: applied,
      given: amountGiven,
      by,
    });
    return this.afterTender(saleId, completedNow);
  }

  recordManualCard(
    saleId: string,
    amount: number,
    reference: string,
    by: StaffStamp | null = null,
  ): SaleView {
    const sale = this.openSaleWithoutCardInFlight(saleId);
    if (amount > sale.due)
      throw new TillError('invalid_input', 'The card amount cannot be more than is due.', {
        words: { key: 'sale.manualCardOverDue' },
      });
    const { completedNow } = this.o.ledger.addTender(saleId, { kind: 'manual_card', amount, reference, by });
    return this.afterTender(saleId, completedNow);
  }

  /**
   * Ends a sale that holds no money, voided by the cashier or set aside to be parked: nothing
   * taken, or every card part given back by refunds that succeeded (none still running or awaiting
   * a decision). Cash and card payments keyed in by hand cannot be given back through the till
   * yet, so they keep the sale from being abandoned.
   */
  abandon(saleId: string, because: Exclude<EndReason, 'not_issued'> = 'voided'): SaleView {
    const sale = this.openSaleWithoutCardInFlight(saleId);
    const refusal = this.abandonRefusal(sale);
    if (refusal)
      throw new TillError('conflict', KEEP_WORDS[refusal], { words: { key: `sale.keep.${refusal}` } });
    const abandoned = this.o.ledger.abandon(saleId, because);
    this.o.onSale(abandoned);
    return abandoned;
  }

  /** Why the sale still holds money and so cannot be abandoned (a KEEP_WORDS entry); null if it holds none. */
  private abandonRefusal(sale: SaleView): keyof typeof KEEP_WORDS | null {
    const kinds = new Set(sale.tenders.map((t) => t.kind));
    if (kinds.has('cash')) return 'cash';
    if (kinds.has('manual_card')) return 'manualCard';
    const notGivenBack = sale.tenders.some(
      (t) =>
        t.kind === 'card' &&
        (!t.paymentId || refundedAmount(this.o.paymentsFor({ originalPaymentId: t.paymentId })) < t.amount),
    );
    return notGivenBack ? 'card' : null;
  }

  async refund(input: {
    terminalId: string;
    amount: number;
    originalPaymentId?: string;
    /** Who gives it, and who approved it. */
    staff?: StaffStamp | null;
  }): Promise<PaymentView> {
    const start = async (currency: string, link: { saleId?: string; originalPaymentId?: string }) =>
      this.paymentView(
        await this.o.payments.startRefund({
          terminalId: input.terminalId,
          amount: input.amount,
          currency,
          staff: input.staff ?? null,
          ...link,
        }),
      );
    if (!input.originalPaymentId) return start(await this.o.terminalCurrency(input.terminalId), {});
    const originalId = input.originalPaymentId;
    return this.exclusively(originalId, async () => {
      const original = this.o.payments.getPayment(originalId);
      if (!original || original.type !== 'SALE' || !original.successful) {
        throw new TillError('invalid_input', 'Only a successful card sale can be refunded.', {
          words: { key: 'cardRefund.notSuccessful' },
        });
      }
      // Refunds still running or awaiting a decision count too: they may yet move money.
      const refundable = refundableLeft(original, this.o.paymentsFor({ originalPaymentId: originalId }));
      const currency = await this.o.terminalCurrency(input.terminalId);
      if (input.amount > refundable) {
        const left = { minor: refundable, currency: original.currency ?? currency };
        throw new TillError(
          'invalid_input',
          `At most ${formatMoney(left.minor, left.currency)} can still be refunded on that payment.`,
          { words: { key: 'cardRefund.atMost', params: { left } } },
        );
      }
      if (original.currency && original.currency !== currency) {
        throw new TillError(
          'rejected',
          `That card machine takes ${currency}; the sale was in ${original.currency}.`,
          {
            words: {
              key: 'cardRefund.otherCurrency',
              params: { terminal: currency, sale: original.currency },
            },
          },
        );
      }
      return start(currency, {
        originalPaymentId: originalId,
        ...(original.saleId && { saleId: original.saleId }),
      });
    });
  }

  /** Asks the terminal to reprint its last receipt; the reprint also goes to the till's printer. */
  async duplicate(terminalId: string, by: StaffStamp | null = null): Promise<void> {
    const result = await this.o.payments.requestDuplicate(terminalId, by);
    const lines = result.receipts.CUSTOMER.length > 0 ? result.receipts.CUSTOMER : result.receipts.MERCHANT;
    if (lines.length > 0) this.printing.slip(`${result.paymentId}:duplicate`, lines);
  }

  paymentView(view: RunnerPaymentView): PaymentView {
    return toContractPaymentView(view, this.ui.get(view.id));
  }

  getPayment(paymentId: string): PaymentView {
    const view = this.o.payments.getPayment(paymentId);
    if (!view)
      throw new TillError('not_found', 'That card payment does not exist.', {
        words: { key: 'payment.notFound' },
      });
    return this.paymentView(view);
  }

  /** The one place a card outcome becomes a tender: idempotent by payment id. */
  private settlePayment(paymentId: string): void {
    const payment = this.o.payments.getPayment(paymentId);
    if (!payment || payment.type === 'DUPLICATE') return; // duplicate() prints its own slip
    const customerCopy = payment.receipts?.CUSTOMER ?? [];
    if (payment.state === 'finished' && customerCopy.length > 0)
      this.printing.slip(`${payment.id}:customer`, customerCopy);
    // A refund on a sale changes what the sale holds: its screen shows it (and offers Abandon).
    if (payment.type === 'REFUND' && payment.saleId) this.o.onSale(this.o.ledger.get(payment.saleId));
    if (payment.type !== 'SALE' || !payment.saleId || !payment.successful) return;
    const saleId = payment.saleId;
    // What the till asked for, never the card machine's figure: an approval is paid only once it
    // matched the request, and a manager who settles a mismatch settles it for the amount asked.
    const { added, completedNow } = this.o.ledger.addTender(saleId, {
      kind: 'card',
      amount: payment.amount ?? 0,
      paymentId: payment.id,
      by: payment.staff,
      ...(payment.resolution && {
        reference: payment.mismatch ? 'settled by a manager' : 'checked on the card machine',
      }),
    });
    if (!added) return;
    const sale = this.afterTender(saleId, completedNow);
    if (sale.state !== 'open' && !completedNow) {
      this.o.logger.error(
        `card payment ${payment.id} was approved on sale ${saleId}, which was already ${sale.state}: refund or reconcile it`,
      );
    }
  }

  private afterTender(saleId: string, completedNow: boolean): SaleView {
    const sale = this.o.ledger.get(saleId);
    this.finishSale(sale, completedNow);
    return sale;
  }

  private finishSale(sale: SaleView, completedNow: boolean): void {
    if (completedNow) this.printing.saleCompleted(sale);
    this.o.onSale(sale);
  }

  /** Runs `work` for one sale or payment at a time: two card starts for it can never overlap. */
  private async exclusively<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.starting.has(key)) {
      throw new TillError('conflict', 'A card payment for this is already being started: wait for it.', {
        words: { key: 'sale.cardStarting' },
      });
    }
    this.starting.add(key);
    try {
      return await work();
    } finally {
      this.starting.delete(key);
    }
  }

  private openSaleWithoutCardInFlight(saleId: string): SaleView {
    const sale = this.openSaleOrThrow(saleId);
    if (this.starting.has(saleId) || this.o.paymentsFor({ saleId }).some(isOpenPayment)) {
      throw new TillError(
        'conflict',
        'A card payment for this sale is still running: wait for it, or resolve it, first.',
        { words: { key: 'sale.cardRunning' } },
      );
    }
    return sale;
  }

  /** The sale's receipt as it printed when the sale completed (sales history reprints it). */
  saleReceiptLines(sale: SaleView): ReceiptLine[] {
    return this.printing.receiptLines(sale);
  }

  private openSaleOrThrow(saleId: string): SaleView {
    const sale = this.o.ledger.get(saleId);
    if (sale.state !== 'open')
      throw new TillError('conflict', `This sale is already ${sale.state}.`, {
        words: { key: `sale.already.${sale.state}` },
      });
    return sale;
  }

  private publishPayment(paymentId: string): void {
    const view = this.o.payments.getPayment(paymentId);
    if (view) this.o.onPayment(this.paymentView(view));
  }

  private uiState(paymentId: string): PaymentUiState {
    let s = this.ui.get(paymentId);
    if (!s) {
      s = {};
      this.ui.set(paymentId, s);
    }
    return s;
  }
}
