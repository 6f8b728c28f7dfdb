// Sales history and itemised refunds: find a past sale, open it, reprint its receipt marked COPY,
// and give back chosen lines to the card it was paid with, in cash, or split between them.
import { z } from 'zod';
import { method } from './define';
import { saleViewSchema } from './sales';
import { staffStampSchema } from './staff';

const id = z.string().min(1).max(80);
const minor = z.number().int();

/** A receipt number as printed ("S000123", or "2-000123" on till 2 of a shop) or just its digits ("123"). */
export const receiptNumberInputSchema = z
  .string()
  .trim()
  .regex(/^(?:[Ss]|\d{1,3}-)?\d{1,9}$/, 'Type the receipt number as printed, e.g. S000123.');

export const historySearchSchema = z
  .object({
    receiptNumber: receiptNumberInputSchema.optional(),
    /** Sales started at or after this instant (ISO); the screen turns the shop's dates into instants. */
    from: z.string().datetime({ offset: true }).optional(),
    /** Sales started before this instant (ISO). */
    to: z.string().datetime({ offset: true }).optional(),
    /** The sale's total, exactly, in minor units. */
    amount: z.number().int().min(0).max(99_999_999).optional(),
    /** Who served it (a staff id). */
    cashierId: z.string().min(1).max(64).optional(),
    /** The last four digits of the card, as the card machine's record shows them. */
    cardLastDigits: z
      .string()
      .regex(/^\d{4}$/, 'Type the last four digits of the card.')
      .optional(),
    /** Paging: the `next` of the page before (sales are listed newest first). */
    after: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).max(100).default(25),
  })
  .strict();
export type HistorySearch = z.input<typeof historySearchSchema>;

/** The till of the shop a sale was made on, when it is another till's (a shop server is on). */
export const saleTillSchema = z.object({
  number: z.number().int().min(1).max(999),
  name: z.string().max(80),
});

export const saleSummarySchema = z.object({
  saleId: z.string(),
  receiptNumber: z.string(),
  currency: z.string(),
  total: minor,
  /** Everything given back on it so far, card and cash. */
  refunded: minor,
  tenderKinds: z.array(z.enum(['card', 'cash', 'manual_card'])),
  servedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Another till's sale, found on the shop server: the till it was made on. */
  till: saleTillSchema.optional(),
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;

export const historyPageSchema = z.object({
  sales: z.array(saleSummarySchema),
  /** Pass as `after` for the next page; null on the last page. */
  next: z.number().int().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/**
 * One refund of chosen lines. card_pending: the card part is on the card machine (its lines are
 * held for it, so they cannot be refunded twice); completed: every part was given back; failed:
 * the card part did not go through, so nothing was given back and the lines are free again.
 */
export const refundViewSchema = z.object({
  refundId: z.string(),
  saleId: z.string(),
  receiptNumber: z.string(),
  state: z.enum(['card_pending', 'completed', 'failed']),
  currency: z.string(),
  /** What the picked lines were paid: card + cash. */
  total: minor,
  cardAmount: minor,
  cashAmount: minor,
  /** The card refund on the card machine, linked to the sale's card payment. */
  cardPaymentId: z.string().nullable(),
  originalPaymentId: z.string().nullable(),
  reason: z.string(),
  lines: z.array(
    z.object({ lineIndex: z.number().int(), name: z.string(), quantity: z.number().int(), amount: minor }),
  ),
  /** Who gave it, and who approved it at the counter. */
  by: staffStampSchema.nullable(),
  /** What happened, in the cashier's words (why it failed, what to do next). */
  message: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

export const saleRecordSchema = z.object({
  sale: saleViewSchema,
  lines: z.array(
    z.object({
      lineIndex: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      /** What the customer paid for the whole line (after any discount). */
      paid: minor,
      refundedQuantity: z.number().int(),
      /** Sold and not yet refunded (or held by a refund whose card part is still running). */
      refundableQuantity: z.number().int(),
    }),
  ),
  vat: z.array(z.object({ basisPoints: z.number().int(), gross: minor, vat: minor, net: minor })),
  cards: z.array(
    z.object({
      paymentId: z.string(),
      terminalId: z.string(),
      amount: minor,
      cardLabel: z.string().nullable(),
      lastDigits: z.string().nullable(),
      /** What may still go back to this card (refunds running or undecided count as given). */
      refundableLeft: minor,
    }),
  ),
  refunds: z.array(refundViewSchema),
  refundedTotal: minor,
  /** Another till's sale, found on the shop server: the till it was made on. */
  till: saleTillSchema.optional(),
});
export type SaleRecord = z.infer<typeof saleRecordSchema>;

export const refundInputSchema = z
  .object({
    saleId: id,
    lines: z
      .array(
        z.object({
          lineIndex: z.number().int().min(0).max(999),
          quantity: z.number().int().min(1).max(9_999),
        }),
      )
      .min(1)
      .max(1_000),
    /** The part that goes back to the card; the rest is given in cash. */
    cardAmount: z.number().int().min(0).max(99_999_999),
    /** Which card payment of the sale, and on which card machine; needed when cardAmount > 0. */
    card: z.object({ paymentId: id, terminalId: id }).strict().optional(),
    reason: z.string().trim().min(1, 'Say why it is refunded.').max(200),
  })
  .strict();
export type RefundInput = z.output<typeof refundInputSchema>;

export const historyMethods = {
  'history.search': method(
    'Completed sales, newest first, by receipt number, dates, amount, cashier or card’s last digits.',
    historySearchSchema,
    historyPageSchema,
  ),
  'history.sale': method(
    'One past sale: lines with what is still refundable, VAT, cards, refunds.',
    z.object({ saleId: id }).strict(),
    saleRecordSchema,
  ),
  'history.reprint': method(
    'Prints the sale’s receipt again, marked COPY.',
    z.object({ saleId: id }).strict(),
    z.object({ ok: z.literal(true) }),
  ),
  'history.refund': method(
    'Refunds chosen lines of a past sale to its card, in cash, or split; needs a supervisor or manager.',
    refundInputSchema,
    refundViewSchema,
  ),
} as const;

export const historyEvents = {
  /** A refund moved on (its card part finished or failed). */
  'history.refundUpdated': refundViewSchema,
} as const;
