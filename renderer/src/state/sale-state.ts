// The shape of the Sell screen's store, and the kit its parts (basket, card payment, events)
// share. The store itself is put together in sale.ts.
import type {
  DiscountInput,
  NoSaleView,
  ParkedSaleView,
  PaymentView,
  SaleView,
  TillApi,
} from '../../../shared/contract';
import type { BasketLine } from './basket';
import type { CatalogueIndex } from './catalogue-index';
import type { Clock } from './clock';
import type { RecentPayments } from './payment-views';

export type SellPhase = 'basket' | 'tender' | 'payment' | 'completed' | 'refunds';
export type TenderMethod = 'card' | 'cash' | 'split';

export interface SaleFields {
  index: CatalogueIndex | null;
  catalogueError: string | null;
  lines: BasketLine[];
  sale: SaleView | null;
  payment: PaymentView | null;
  phase: SellPhase;
  busy: boolean;
  /** The last call's failure, in cashier words. */
  problem: string | null;
  /** When a call last failed to reach the card service (ISO time): offer cash or a manual card entry. */
  cardServiceDownAt: string | null;
  /** A short note such as "Added Flat white" or "No product with barcode …". */
  note: string | null;
  terminalId: string | null;
  tenderMethod: TenderMethod;
  /**
   * Why a refused refund (or settling a mismatched approval) waits for the manager's PIN; it is
   * sent again once the PIN is accepted.
   */
  managerNeeded: string | null;
  /** The discount on the whole basket the cashier asked for (the services work it out). */
  basketDiscount: DiscountInput | null;
  /** A typed quantity (`3 *`) waiting for the next product. */
  pendingQuantity: number | null;
  /** Parked sales, as last loaded. */
  parked: ParkedSaleView[];
  /**
   * Why a counter action (a large discount, a price change, a No-sale) waits for a supervisor's
   * PIN; it is sent again once the PIN is accepted.
   */
  counterNeeded: string | null;
  /** What happened to the receipt after payment, in words. */
  receiptMessage: string | null;
  /** Esc was pressed on a completed sale while a call was still out: the next sale starts after it. */
  nextSaleAsked: boolean;
}

/** The counter around a sale: typed quantities, discounts, parked sales, No-sale, receipts, keys. */
export interface CounterActions {
  setPendingQuantity(quantity: number | null): void;
  setLineDiscount(productId: string, discount: DiscountInput | null): void;
  setLinePrice(productId: string, override: { unitPrice: number; reason: string } | null): void;
  setBasketDiscount(discount: DiscountInput | null): void;
  /** Opens the sale for the basket (asks for a supervisor's PIN when the services say so). */
  pay(): Promise<void>;
  /** One key: opens the sale and charges the whole amount on the card machine. */
  payByCard(): Promise<void>;
  /** One key: opens the sale at the cash tender. */
  payCashNow(): Promise<void>;
  /** One key: the customer hands over exactly what is due in cash. */
  payExactCash(): Promise<void>;
  park(note: string): Promise<void>;
  loadParked(): Promise<void>;
  resumeParked(parkedId: string): Promise<void>;
  noSale(reason: string): Promise<NoSaleView | null>;
  printReceipt(): Promise<void>;
  reprintLast(): Promise<void>;
  /** A supervisor's PIN for the refused counter action, which is then sent again. */
  approveCounter(pin: string): Promise<void>;
  cancelCounter(): void;
}

/** The card payment the cashier follows, and card refunds. */
export interface CardPaymentActions {
  payCard(amount: number): Promise<void>;
  cancelPayment(): Promise<void>;
  answerSignature(accepted: boolean): Promise<void>;
  resolveUnknown(outcome: 'paid' | 'not_paid'): Promise<void>;
  /** A manager settles an approval that did not match the request (asks for the PIN if needed). */
  resolveMismatch(outcome: 'paid' | 'not_paid', note: string): Promise<void>;
  printLastReceipt(): Promise<void>;
  refund(terminalId: string, amount: number, originalPaymentId?: string): Promise<void>;
  /** The manager's PIN for a refused action: unlocks the till, then sends it again. */
  unlockManager(pin: string): Promise<void>;
  leavePayment(): void;
}

/** What the services tell the sale: events as they happen, and after a reload what was in flight. */
export interface SaleEventActions {
  applyPayment(view: PaymentView): void;
  applySale(view: SaleView): void;
  resume(): Promise<void>;
}

export interface SaleActions {
  loadCatalogue(): Promise<void>;
  /** Loads the catalogue again (it changed): the basket keeps the prices its lines were added at. */
  refreshCatalogue(): Promise<void>;
  /** The cashier accepts the catalogue's current prices for the basket. */
  useNewPrices(): void;
  add(productId: string): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
  scan(code: string): void;
  setNote(note: string | null): void;
  setTerminal(terminalId: string): void;
  setPhase(phase: SellPhase): void;
  setTenderMethod(method: TenderMethod): void;

  payCash(amountGiven: number): Promise<void>;
  recordManualCard(amount: number, reference: string): Promise<void>;
  backToBasket(): Promise<void>;
  abandon(): Promise<void>;
  newSale(): void;
  /**
   * The next customer, from a completed sale: at once, or, while a call is still out (the card
   * call's answer after its sale already completed, a receipt being sent), as soon as it is back
   * without a problem to show.
   */
  askNextSale(): void;
}

export type SaleState = SaleFields & SaleActions & CardPaymentActions & SaleEventActions & CounterActions;

/** What the parts of the sale store share. */
export interface SaleKit {
  api: TillApi;
  clock: Clock;
  get(): SaleState;
  set(partial: Partial<SaleFields>): void;
  /** Runs one call with the busy flag and cashier-worded errors. */
  run(work: () => Promise<void>): Promise<void>;
  /** Shows a sale the services sent back; a completed one moves to the completion panel. */
  showSale(sale: SaleView): void;
  payments: RecentPayments;
}
