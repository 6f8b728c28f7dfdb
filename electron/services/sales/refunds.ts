// Itemised refunds from a past sale: the cashier picks lines and quantities, and the money goes
// back to the card the sale was paid with (through the till's one card refund path), in cash from
// the drawer, or split. A refund is written before any money moves; its lines are held while the
// card part runs, so two refunds can never give back the same unit. Cash given back is a cash
// movement out of the drawer when the refund completes (cashGivenBack), which the cash-up counts.
import { randomUUID } from 'node:crypto';
import type { RefundInput, RefundView, SaleView, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatMoney } from '../../../shared/money';
import type { ReceiptLine } from '../../../shared/receipt';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { isOpenPayment, isPaidPayment, refundableLeft, type MoneyFacts } from '../payments/journal';
import type { Db } from '../storage/database';
import { linePaidAmounts, refundWorth } from '../../../shared/refund-money';
import type { ReceiptSettings } from './checkout';
import {
  FAILED_WORDS,
  RefundRecords,
  type CashGivenBack,
  type ItemsGivenBack,
  type LineRefunded,
  type RefundRow,
} from './refund-records';
import { refundReceiptLines } from './refund-receipt';

export {
  REFUND_MIGRATIONS,
  type CashGivenBack,
  type ItemsGivenBack,
  type LineRefunded,
} from './refund-records';

/** A card payment as the refund rules read it (a view from the payments area). */
export type CardFacts = MoneyFacts & { saleId: string | null };

/** A refund as the shop server is asked to allow it (issue 30, across tills). */
export interface RefundClaim {
  refundId: string;
  sale: SaleView;
  lines: readonly { lineIndex: number; quantity: number; amount: number }[];
  total: number;
  cardAmount: number;
  /** The sale's card payment the card part stands for. */
  originalPaymentId: string | null;
}

/**
 * Refunds that the shop server must allow first, so the shop's tills together never give back more
 * than was paid (shop-server/across-tills.ts). A till without a shop server has none.
 */
export interface RefundGate {
  /** Another till's sale: its card part goes back on this till's own card machine, unlinked. */
  isOtherTill(saleId: string): boolean;
  /**
   * Before anyone approves: can this sale be refunded here now? A worded TillError when not; true
   * when it must be claimed first, false when it is this till's alone (no shop server, or its own
   * sale not yet sent up while the shop server is away).
   */
  check(sale: SaleView): boolean;
  /** Before any money moves: claims it on the shop server (or allows it here); worded when not. */
  claim(claim: RefundClaim): Promise<void>;
  /** After: the money went back (done) or did not (released). Never throws. */
  settle(refundId: string, outcome: 'done' | 'released'): void;
}

export interface SaleRefundsOptions {
  db: Db;
  clock: Clock;
  sale: (saleId: string) => SaleView;
  /** The till's one card refund path (Checkout.refund): checks, locks and starts the REFUND. */
  startCardRefund: (input: {
    terminalId: string;
    amount: number;
    originalPaymentId: string;
    /** Another till's card payment (not in this till's journal): the refund is not linked to it. */
    unlinked?: true;
    staff: StaffStamp | null;
  }) => Promise<{ paymentId: string }>;
  payment: (paymentId: string) => CardFacts | null;
  refundsAgainst: (originalPaymentId: string) => readonly MoneyFacts[];
  /** Calls back with a payment's id whenever it moves on; returns the unsubscribe. */
  onPaymentChange: (listener: (paymentId: string) => void) => () => void;
  cardLastDigits: (paymentId: string) => string | null;
  printReceipt: (
    receiptId: string,
    lines: ReceiptLine[],
    options: { kickDrawer: boolean },
  ) => Promise<unknown>;
  receiptSettings: () => ReceiptSettings;
  onRefund: (view: RefundView) => void;
  logger: Logger;
  /** A sale number as its receipt shows it; "S000123" by default. */
  receiptNumber?: (number: number) => string;
  /** With a shop server: the refunds it must allow first. */
  gate?: RefundGate;
}

export class SaleRefunds {
  private readonly unsubscribe: () => void;
  private readonly records: RefundRecords;

  constructor(private readonly o: SaleRefundsOptions) {
    this.records = new RefundRecords(o.db, o.sale, o.receiptNumber);
    this.unsubscribe = o.onPaymentChange((paymentId) => {
      const row = this.records.pendingFor(paymentId);
      if (row) this.settle(row);
    });
  }

  private get db(): Db {
    return this.o.db;
  }

  close(): void {
    this.unsubscribe();
  }

  /**
   * Refunds the chosen lines. `authorise` asks the rights gate who gives it (and who approved it),
   * once the refund is known to be possible, so a refused input never spends a counter approval.
   * The card part, if any, starts on the card machine; the rest is cash from the drawer.
   */
  async refund(input: RefundInput, authorise: () => StaffStamp | null): Promise<RefundView> {
    const sale = this.o.sale(input.saleId);
    if (sale.state !== 'completed') {
      throw new TillError('conflict', 'Only a completed sale can be refunded from its receipt.', {
        words: { key: 'refund.notCompleted' },
      });
    }
    const picked = this.price(sale, input.lines);
    const total = picked.reduce((sum, l) => sum + l.amount, 0);
    if (total <= 0)
      throw new TillError(
        'invalid_input',
        'Those lines were paid nothing, so there is nothing to give back.',
        {
          words: { key: 'refund.nothingPaid' },
        },
      );
    if (input.cardAmount > total) {
      throw new TillError(
        'invalid_input',
        `The card part cannot be more than the refund, ${formatMoney(total, sale.currency)}.`,
        {
          words: {
            key: 'refund.cardOverTotal',
            params: { total: { minor: total, currency: sale.currency } },
          },
        },
      );
    }
    if (input.cardAmount > 0) this.checkCardPart(sale, input);
    const gate = this.o.gate;
    const claimFirst = gate?.check(sale) ?? false;
    const by = authorise();
    const id = randomUUID();
    const card = input.cardAmount > 0 ? input.card! : null;
    // Only with a shop server: without one nothing here waits, as on a single till.
    if (gate && claimFirst)
      await gate.claim({
        refundId: id,
        sale,
        lines: picked,
        total,
        cardAmount: input.cardAmount,
        originalPaymentId: card?.paymentId ?? null,
      });
    const write = this.db.transaction(() => {
      // Priced again inside the transaction: a refund written meanwhile holds its units.
      const again = this.price(sale, input.lines);
      this.db
        .prepare(
          `INSERT INTO sale_refunds (id, sale_id, state, currency, total, card_amount, cash_amount,
             original_payment_id, terminal_id, reason, done_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          sale.saleId,
          // A cash-only refund completes within this same transaction.
          'card_pending',
          sale.currency,
          total,
          input.cardAmount,
          total - input.cardAmount,
          card?.paymentId ?? null,
          card?.terminalId ?? null,
          input.reason,
          by ? JSON.stringify(by) : null,
          this.stamp(),
        );
      const line = this.db.prepare(
        'INSERT INTO sale_refund_lines (refund_id, line_index, quantity, amount) VALUES (?, ?, ?, ?)',
      );
      for (const l of again) line.run(id, l.lineIndex, l.quantity, l.amount);
      if (!card) this.complete(this.row(id));
    });
    try {
      write();
    } catch (error) {
      gate?.settle(id, 'released');
      throw error;
    }
    if (!card) return this.finished(id);
    try {
      const started = await this.o.startCardRefund({
        terminalId: card.terminalId,
        amount: input.cardAmount,
        originalPaymentId: card.paymentId,
        ...(gate?.isOtherTill(sale.saleId) && { unlinked: true as const }),
        staff: by,
      });
      this.db.prepare('UPDATE sale_refunds SET card_payment_id = ? WHERE id = ?').run(started.paymentId, id);
      this.settle(this.row(id));
    } catch (error) {
      // Nothing reached the card machine (or it was refused before): the lines are free again.
      this.fail(this.row(id), error instanceof TillError ? error.message : FAILED_WORDS);
      throw error;
    }
    return this.view(this.row(id));
  }

  /** Every refund of a sale, oldest first. */
  forSale(saleId: string): RefundView[] {
    return this.records.forSale(saleId);
  }

  /** What each line of a sale has given back, failed refunds left out. */
  refundedByLine(saleId: string): Map<number, LineRefunded> {
    return this.records.refundedByLine(saleId);
  }

  /** Given back on each of these sales (refunds completed or under way), for history's list. */
  refundedTotals(saleIds: readonly string[]): Map<string, number> {
    return this.records.refundedTotals(saleIds);
  }

  /** Cash handed back by refunds completed in (since, until]: what left the drawer (the cash-up). */
  cashGivenBack(since: string, until: string): CashGivenBack[] {
    return this.records.cashGivenBack(since, until);
  }

  /** Refunds completed in (since, until] with their lines and VAT rates (the till reports). */
  completedWithItems(since: string, until: string): ItemsGivenBack[] {
    return this.records.completedWithItems(since, until);
  }

  /** Of these card payments, those that carried the card part of an itemised refund. */
  itemisedCardPayments(paymentIds: readonly string[]): Set<string> {
    return this.records.itemisedCardPayments(paymentIds);
  }

  /**
   * At start-up, after card payments resumed: a refund whose card part finished while the till
   * was down is completed or failed now. One that never learnt its card payment's id either
   * adopts the REFUND the journal holds for it or, with none, never reached the card machine.
   */
  reconcilePending(): void {
    for (const row of this.records.pending()) {
      if (row.card_payment_id === null) {
        const claimed = this.records.claimedCardPayments();
        const orphan = this.o
          .refundsAgainst(row.original_payment_id ?? '')
          .find((p) => p.type === 'REFUND' && p.amount === row.card_amount && !claimed.has(p.id));
        if (!orphan) {
          this.fail(row, FAILED_WORDS);
          continue;
        }
        this.db.prepare('UPDATE sale_refunds SET card_payment_id = ? WHERE id = ?').run(orphan.id, row.id);
      }
      this.settle(this.row(row.id));
    }
  }

  /** Prices the picked lines; refuses more than was sold and not yet refunded. */
  private price(sale: SaleView, picks: RefundInput['lines']) {
    const paid = linePaidAmounts(
      sale.lines.map((l) => l.lineTotal),
      sale.total,
    );
    const refunded = this.refundedByLine(sale.saleId);
    const seen = new Set<number>();
    return picks.map(({ lineIndex, quantity }) => {
      const line = sale.lines[lineIndex];
      if (!line || seen.has(lineIndex)) {
        throw new TillError('invalid_input', 'Pick each line of the receipt once.', {
          words: { key: 'refund.lineTwice' },
        });
      }
      seen.add(lineIndex);
      const already = refunded.get(lineIndex)?.quantity ?? 0;
      const left = line.quantity - already;
      if (quantity > left) {
        throw new TillError(
          'invalid_input',
          left === 0
            ? `${line.name} has already been refunded in full.`
            : `Only ${left} of ${line.name} can still be refunded.`,
          {
            words:
              left === 0
                ? { key: 'refund.fullyRefunded', params: { name: line.name } }
                : { key: 'refund.onlyLeft', params: { left, name: line.name } },
          },
        );
      }
      return { lineIndex, quantity, amount: refundWorth(paid[lineIndex]!, line.quantity, already, quantity) };
    });
  }

  private checkCardPart(sale: SaleView, input: RefundInput): void {
    const card = input.card;
    if (!card)
      throw new TillError('invalid_input', 'Choose the card payment and card machine for the card part.', {
        words: { key: 'refund.chooseCard' },
      });
    const tender = sale.tenders.find((t) => t.kind === 'card' && t.paymentId === card.paymentId);
    if (!tender) {
      throw new TillError(
        'invalid_input',
        'That card payment is not on this sale: choose one from its receipt.',
        { words: { key: 'refund.notThisSale' } },
      );
    }
    const original = this.o.payment(card.paymentId);
    // Another till's card payment is not in this till's journal: the shop server caps its part.
    const left = this.o.gate?.isOtherTill(sale.saleId)
      ? tender.amount
      : original
        ? refundableLeft(original, this.o.refundsAgainst(card.paymentId))
        : 0;
    if (input.cardAmount > left) {
      throw new TillError(
        'invalid_input',
        left > 0
          ? `At most ${formatMoney(left, sale.currency)} can still go back to that card: give the rest in cash.`
          : 'Nothing more can go back to that card: give it in cash.',
        {
          words:
            left > 0
              ? { key: 'refund.cardLeft', params: { left: { minor: left, currency: sale.currency } } }
              : { key: 'refund.cardNothingLeft' },
        },
      );
    }
  }

  /** Moves a card_pending refund on from its card payment's state. */
  private settle(row: RefundRow): void {
    if (row.state !== 'card_pending' || row.card_payment_id === null) return;
    const payment = this.o.payment(row.card_payment_id);
    if (!payment || isOpenPayment(payment)) return;
    if (isPaidPayment(payment)) {
      if (this.db.transaction(() => this.complete(row))()) this.finished(row.id);
    } else {
      this.fail(row, FAILED_WORDS);
    }
  }

  /**
   * Inside a transaction: the refund is done. Its cash part leaves the drawer now (completed_at is
   * when, for the cash-up). True the first time.
   */
  private complete(row: RefundRow): boolean {
    const done = this.db
      .prepare(
        "UPDATE sale_refunds SET state = 'completed', completed_at = ? WHERE id = ? AND state = 'card_pending'",
      )
      .run(this.stamp(), row.id);
    return done.changes === 1;
  }

  /** After completing: the refund receipt prints (the drawer opens for cash) and the screens hear. */
  private finished(id: string): RefundView {
    this.o.gate?.settle(id, 'done');
    const view = this.view(this.row(id));
    const settings = this.o.receiptSettings();
    const lastDigits = view.originalPaymentId ? this.o.cardLastDigits(view.originalPaymentId) : null;
    this.o
      .printReceipt(
        `refund:${id}`,
        refundReceiptLines(view, settings, lastDigits, new Date(this.o.clock.now())),
        {
          kickDrawer: view.cashAmount > 0,
        },
      )
      .catch((error: unknown) => this.o.logger.error(`could not queue refund receipt ${id}`, error));
    this.o.onRefund(view);
    return view;
  }

  private fail(row: RefundRow, problem: string): void {
    const failed = this.db
      .prepare(
        "UPDATE sale_refunds SET state = 'failed', problem = ? WHERE id = ? AND state = 'card_pending'",
      )
      .run(problem, row.id);
    if (failed.changes === 1) this.o.gate?.settle(row.id, 'released');
    this.o.onRefund(this.view(this.row(row.id)));
  }

  private row(id: string): RefundRow {
    return this.records.row(id);
  }

  private stamp(): string {
    return new Date(this.o.clock.now()).toISOString();
  }

  private view(row: RefundRow): RefundView {
    return this.records.view(row);
  }
}
