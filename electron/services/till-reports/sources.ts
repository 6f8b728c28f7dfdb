// What the till reports read, and from where: every fact comes through another area's exported
// surface (wired in app/create-till.ts), never its tables. Periods are (since, until] in ISO time.
import type { ShiftView, StaffStamp } from '../../../shared/contract';
import type { EndedSale } from '../sales/sales-ledger';
import type { ItemsGivenBack } from '../sales/refunds';
import type { CashMovement } from '../shifts/store';

export type { EndedSale } from '../sales/sales-ledger';
export type { ItemsGivenBack } from '../sales/refunds';

/** A card payment from the payments journal, as the reports need it. */
export interface CardPaymentFact {
  id: string;
  terminalId: string;
  type: 'SALE' | 'REFUND' | 'DUPLICATE';
  amount: number | null;
  currency: string | null;
  /** Approved, or decided so by a person (payments' isPaidPayment). */
  paid: boolean;
  createdAt: string;
  saleId: string | null;
  /** A REFUND that carried the card part of an itemised refund (its lines are in itemisedRefunds). */
  itemised: boolean;
  /** Who started it (a refund: who gave the money back); null before staff were set up. */
  by: StaffStamp | null;
}

/** Cash handed back to a customer by a refund (the refunds' own record). */
export interface CashRefundFact {
  /** The refund it was handed back by (a journal row's contribution finds its cash by this). */
  refundId?: string;
  amount: number;
  at: string;
  receiptNumber: string | null;
  by: StaffStamp | null;
}

/** The drawer opened without a sale. */
export interface NoSaleFact {
  at: string;
  by: StaffStamp | null;
  reason: string;
}

export interface DaySources {
  sales(since: string, until: string): EndedSale[];
  cardPayments(since: string, until: string): CardPaymentFact[];
  /** The card machine a payment ran on (for a card tender whose payment began before the period). */
  paymentTerminal(paymentId: string): string | null;
  /**
   * A card machine's name: the shop's, else the English fallback, and whether the shop named it
   * (`namedTerminal` in shared/terminal-names.ts).
   */
  terminalName(terminalId: string): TerminalNaming;
  /** Each product's category (archived products too). */
  categories(): ReadonlyMap<string, string>;
  cashRefunds(since: string, until: string): CashRefundFact[];
  /** Itemised refunds completed in the period, with their lines and VAT rates. */
  itemisedRefunds(since: string, until: string): ItemsGivenBack[];
  /** Null while the till cannot record No-sales. */
  noSales(since: string, until: string): NoSaleFact[] | null;
  cashMovements(since: string, until: string): CashMovement[];
  shiftsClosed(since: string, until: string): ShiftView[];
}

export interface TerminalNaming {
  name: string;
  named: boolean;
}

/** Everything one report is computed from. */
export interface DayFacts {
  currency: string;
  sales: EndedSale[];
  cardPayments: CardPaymentFact[];
  cashRefunds: CashRefundFact[];
  itemisedRefunds: ItemsGivenBack[];
  noSales: NoSaleFact[] | null;
  cashMovements: CashMovement[];
  shifts: ShiftView[];
  terminalOf: (paymentId: string) => string | null;
  terminalName: (terminalId: string) => TerminalNaming;
  categories: ReadonlyMap<string, string>;
}

export function gatherFacts(sources: DaySources, currency: string, since: string, until: string): DayFacts {
  const cardPayments = sources.cardPayments(since, until);
  const terminals = new Map(cardPayments.map((p) => [p.id, p.terminalId]));
  const names = new Map<string, TerminalNaming>();
  return {
    currency,
    sales: sources.sales(since, until),
    cardPayments,
    cashRefunds: sources.cashRefunds(since, until),
    itemisedRefunds: sources.itemisedRefunds(since, until),
    noSales: sources.noSales(since, until),
    cashMovements: sources.cashMovements(since, until),
    shifts: sources.shiftsClosed(since, until),
    terminalOf: (paymentId) => terminals.get(paymentId) ?? sources.paymentTerminal(paymentId),
    terminalName: (terminalId) => {
      const name = names.get(terminalId) ?? sources.terminalName(terminalId);
      names.set(terminalId, name);
      return name;
    },
    categories: sources.categories(),
  };
}
