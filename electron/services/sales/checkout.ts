// The checkout: opens priced sales, takes card, cash and manual-card tenders, and completes a
// sale exactly once when it is paid, printing the customer's card slip and the shop's receipt.
// Every card outcome reaches the sale through settlePayment(), whichever path delivered it.
import type { PaymentView, SaleView, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatMoney } from '../../../shared/money';
import type { ReceiptLine } from '../../../shared/receipt';
import type { PaymentService, PaymentView as RunnerPaymentView } from '../payments/transaction-runner';
import type { CardTransaction } from '../payments/pay-at-counter-client';
import { isOpenPayment, refundableLeft, refundedAmount } from '../payments/journal';
import type { PrintingService } from '../printing/index';
import { buildSaleReceipt, type SaleReceiptInput, type Tender } from '../printing/sale-receipt';
import type { Logger } from '../common/logger';
import type { ProductCatalogue } from '../catalogue/store';
import type { SalesLedger } from './sales-ledger';
import type { StorageHealth } from '../storage/storage-health';
import { toContractPaymentView, type PaymentUiState } from './payment-view';

export type ReceiptSettings = Pick<
  SaleReceiptInput,
  'shop' | 'vatRateBasisPoints' | 'footerLines' | 'paperWidth'
>;

export interface CheckoutOptions {
  catalogue: ProductCatalogue;
  ledger: SalesLedger;
  payments: PaymentService;
  printing: Pick<PrintingService, 'printReceipt'>;
  /** The terminal's currency, to refuse a sale in another currency before anything is sent. */
  terminalCurrency: (terminalId: string) => Promise<string>;
  receiptSettings: () => ReceiptSettings;
  /** The finished card record of a payment (card label, last digits, auth code for the receipt). */
  cardRecord: (paymentId: string) => CardTransaction | null;
  /** Every card payment of a sale, or every refund against a payment, straight from the journal. */
  paymentsFor: (link: { saleId: string } | { originalPaymentId: string }) => RunnerPaymentView[];
  onPayment: (view: PaymentView) => void;
  onSale: (view: SaleView) => void;
  logger: Logger;
  /** Whether the till can save: no new sale starts while it cannot (full, read-only, damaged). */
  storage?: Pick<StorageHealth, 'assertNewSaleAllowed' | 'refuseNewSale'>;
}

export class Checkout {
  private readonly ui = new Map<string, PaymentUiState>();
  /** Sales (and original payments, for refunds) with a card start under way in this process. */
  private readonly starting = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(private readonly o: CheckoutOptions) {
    this.unsubscribe = o.payments.onEvent((event) => {
      if (event.type === 'signature_required') {
        // The customer signs the merchant copy, so it prints before the cashier decides.
        if (event.merchantReceipt.length > 0) {
          this.print(`${event.paymentId}:merchant-signature`, event.merchantReceipt);
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
   * Opens a sale priced from the catalogue; each line keeps the VAT rate it is sold at. A line
   * carrying the price its basket showed is refused (price_changed) when the catalogue's differs:
   * the cashier accepts the new price or removes the product, never sells at a price unseen.
   */
  openSale(
    lines: ReadonlyArray<{ productId: string; quantity: number; unitPrice?: number | undefined }>,
    servedBy: StaffStamp | null = null,
  ): SaleView {
    this.o.storage?.assertNewSaleAllowed();
    const catalogue = this.o.catalogue.all();
    const products = this.o.catalogue.byIds(lines.map((l) => l.productId));
    const merged = new Map<string, number>();
    for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
    const changed = lines.flatMap((l) => {
      const p = products.get(l.productId);
      return p && l.unitPrice !== undefined && l.unitPrice !== p.price ? [{ p, was: l.unitPrice }] : [];
    });
    if (changed.length > 0) {
      const money = (minor: number) => formatMoney(minor, catalogue.currency);
      const words = changed.map(({ p, was }) => `${p.name} is now ${money(p.price)} (was ${money(was)})`);
      throw new TillError(
        'price_changed',
        `The price changed: ${words.join('; ')}. Use the new price, or remove it from the basket.`,
      );
    }
    const saleLines = [...merged].map(([productId, quantity]) => {
      const p = products.get(productId);
      if (!p) {
        throw new TillError(
          'invalid_input',
          'A product in the basket is no longer for sale: remove it from the basket and try again.',
        );
      }
      return {
        productId,
        sku: p.sku,
        name: p.name,
        quantity,
        unitPrice: p.price,
        lineTotal: p.price * quantity,
        vatRate: p.vatRate,
      };
    });
    let sale: SaleView;
    try {
      sale = this.o.ledger.open(catalogue.currency, saleLines, servedBy);
    } catch (error) {
      throw this.o.storage?.refuseNewSale(error) ?? error;
    }
    this.o.onSale(sale);
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
      throw new TillError('invalid_input', `Only ${sale.due} is due; the card amount cannot be more.`);
    }
    return this.exclusively(sale.saleId, async () => {
      const currency = await this.o.terminalCurrency(input.terminalId);
      if (currency !== sale.currency) {
        throw new TillError(
          'rejected',
          `That card machine takes ${currency}; this sale is in ${sale.currency}.`,
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
    if (applied <= 0) throw new TillError('invalid_input', 'Nothing is due on this sale.');
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
      throw new TillError('invalid_input', 'The card amount cannot be more than is due.');
    const { completedNow } = this.o.ledger.addTender(saleId, { kind: 'manual_card', amount, reference, by });
    return this.afterTender(saleId, completedNow);
  }

  /**
   * Voids a sale that holds no money: nothing taken, or every card part given back by refunds
   * that succeeded (none still running or awaiting a decision). Cash and card payments keyed in
   * by hand cannot be given back through the till yet, so they keep the sale from being abandoned.
   */
  abandon(saleId: string): SaleView {
    const sale = this.openSaleWithoutCardInFlight(saleId);
    const refusal = this.abandonRefusal(sale);
    if (refusal) throw new TillError('conflict', refusal);
    const abandoned = this.o.ledger.abandon(saleId);
    this.o.onSale(abandoned);
    return abandoned;
  }

  /** Why the sale still holds money and so cannot be abandoned, in the cashier's words; null if it holds none. */
  private abandonRefusal(sale: SaleView): string | null {
    const kinds = new Set(sale.tenders.map((t) => t.kind));
    if (kinds.has('cash')) {
      return 'Cash was taken on this sale, and the till cannot record giving cash back yet, so the sale cannot be abandoned: take the rest and complete it.';
    }
    if (kinds.has('manual_card')) {
      return 'A card payment keyed in by hand is on this sale, and the till cannot refund it, so the sale cannot be abandoned: take the rest and complete it.';
    }
    const notGivenBack = sale.tenders.some(
      (t) =>
        t.kind === 'card' &&
        (!t.paymentId || refundedAmount(this.o.paymentsFor({ originalPaymentId: t.paymentId })) < t.amount),
    );
    return notGivenBack ? 'Money has been taken on this sale: refund it instead of abandoning it.' : null;
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
        throw new TillError('invalid_input', 'Only a successful card sale can be refunded.');
      }
      // Refunds still running or awaiting a decision count too: they may yet move money.
      const refundable = refundableLeft(original, this.o.paymentsFor({ originalPaymentId: originalId }));
      if (input.amount > refundable) {
        throw new TillError('invalid_input', `At most ${refundable} can still be refunded on that payment.`);
      }
      const currency = await this.o.terminalCurrency(input.terminalId);
      if (original.currency && original.currency !== currency) {
        throw new TillError(
          'rejected',
          `That card machine takes ${currency}; the sale was in ${original.currency}.`,
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
    if (lines.length > 0) this.print(`${result.paymentId}:duplicate`, lines);
  }

  paymentView(view: RunnerPaymentView): PaymentView {
    return toContractPaymentView(view, this.ui.get(view.id));
  }

  getPayment(paymentId: string): PaymentView {
    const view = this.o.payments.getPayment(paymentId);
    if (!view) throw new TillError('not_found', 'That card payment does not exist.');
    return this.paymentView(view);
  }

  /** The one place a card outcome becomes a tender: idempotent by payment id. */
  private settlePayment(paymentId: string): void {
    const payment = this.o.payments.getPayment(paymentId);
    if (!payment || payment.type === 'DUPLICATE') return; // duplicate() prints its own slip
    const customerCopy = payment.receipts?.CUSTOMER ?? [];
    if (payment.state === 'finished' && customerCopy.length > 0)
      this.print(`${payment.id}:customer`, customerCopy);
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
    if (completedNow) this.printSaleReceipt(sale);
    this.o.onSale(sale);
  }

  /** Runs `work` for one sale or payment at a time: two card starts for it can never overlap. */
  private async exclusively<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.starting.has(key)) {
      throw new TillError('conflict', 'A card payment for this is already being started: wait for it.');
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
      );
    }
    return sale;
  }

  private printSaleReceipt(sale: SaleView): void {
    const settings = this.o.receiptSettings();
    const tenders: Tender[] = sale.tenders.map((t) => {
      if (t.kind === 'cash') return { kind: 'cash', amount: t.amount, given: t.given ?? t.amount };
      if (t.kind === 'manual_card')
        return { kind: 'other', amount: t.amount, label: `Card (ref ${t.reference ?? ''})` };
      const card = t.paymentId ? this.o.cardRecord(t.paymentId) : null;
      const pan = card?.primaryAccountNumber ?? '';
      return {
        kind: 'card',
        amount: t.amount,
        ...(card?.applicationLabel && { cardLabel: card.applicationLabel }),
        ...(pan && { lastDigits: pan.slice(-4) }),
        ...(card?.authCode && { authCode: card.authCode }),
      };
    });
    const lines = buildSaleReceipt({
      ...settings,
      receiptNumber: sale.receiptNumber,
      issuedAt: new Date(sale.completedAt ?? sale.createdAt),
      currency: sale.currency,
      items: sale.lines.map((l) => ({
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
        vatRate: l.vatRate,
      })),
      tenders,
      ...(sale.servedBy && { cashier: sale.servedBy.name }),
    });
    const hasCash = sale.tenders.some((t) => t.kind === 'cash');
    this.print(`${sale.saleId}:sale`, lines, hasCash);
  }

  private print(receiptId: string, lines: ReceiptLine[], kickDrawer = false): void {
    this.o.printing.printReceipt(receiptId, lines, { kickDrawer }).catch((error: unknown) => {
      // The sale stands whatever the printer does; the spool reports its own problems.
      this.o.logger.error(`could not queue receipt ${receiptId}`, error);
    });
  }

  private openSaleOrThrow(saleId: string): SaleView {
    const sale = this.o.ledger.get(saleId);
    if (sale.state !== 'open') throw new TillError('conflict', `This sale is already ${sale.state}.`);
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
