// Catalogue, sales and card payments as the till UI sees them. Prices and totals are always
// computed on the services' side from the catalogue: the UI sends product ids and counts.
import { z } from 'zod';
import { method, noInput } from './define';
import { staffStampSchema } from './staff';
import { wordsSchema } from './errors';

const id = z.string().min(1).max(80);
const minor = z.number().int();
const positiveMinor = z.number().int().min(1).max(99_999_999);

/** A discount the cashier asks for: a percentage (basis points, 1000 = 10 %) or an amount off. */
export const discountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), basisPoints: z.number().int().min(1).max(10_000) }).strict(),
  z.object({ kind: z.literal('amount'), minor: positiveMinor }).strict(),
]);
export type DiscountInput = z.infer<typeof discountSchema>;

/** Why a price was changed at the counter (kept with the sale). */
export const counterReasonSchema = z
  .string()
  .trim()
  .min(1, 'Say why, in a few words.')
  .max(120, 'Keep the reason to 120 characters.');

export const basketLineInputSchema = z
  .object({
    productId: id,
    quantity: z.number().int().min(1).max(9_999),
    /** The price the basket shows; when the catalogue's differs, the sale does not start (price_changed). */
    unitPrice: z.number().int().min(0).optional(),
    /** Off the whole line; above the shop's limit it needs a supervisor (docs/selling.md). */
    discount: discountSchema.optional(),
    /** A price set at the counter instead of the catalogue's, with the reason; needs a supervisor. */
    priceOverride: z
      .object({ unitPrice: z.number().int().min(0).max(99_999_999), reason: counterReasonSchema })
      .strict()
      .optional(),
  })
  .strict();
export type BasketLineInput = z.infer<typeof basketLineInputSchema>;

/** A discount as the sale keeps it: what was asked, what it took off, and who gave it. */
export const appliedDiscountSchema = z.object({
  kind: z.enum(['percent', 'amount']),
  /** Basis points for a percentage, minor units for an amount. */
  value: z.number().int(),
  /** Minor units it took off. */
  amount: minor,
  by: staffStampSchema.nullable(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

export const notificationViewSchema = z.object({ code: z.string(), words: z.string() });

/**
 * An approval that did not match what the till asked for, both sides as they were (minor units;
 * null where the card machine gave nothing). reason: undocumented_result, type, currency,
 * negative_amount, missing_amount, amount, total or over_refundable.
 */
export const approvalMismatchSchema = z.object({
  reason: z.string(),
  asked: z.object({
    type: z.string(),
    amount: minor.nullable(),
    currency: z.string().nullable(),
    /** Refunds against a card sale: what was left to refund on it. */
    refundableLeft: minor.nullable(),
  }),
  answered: z.object({
    type: z.string().nullable(),
    result: z.string().nullable(),
    currency: z.string().nullable(),
    base: minor.nullable(),
    cashback: minor.nullable(),
    gratuity: minor.nullable(),
    total: minor.nullable(),
  }),
});
export type ApprovalMismatchView = z.infer<typeof approvalMismatchSchema>;

/**
 * One card payment (sale or refund) as the cashier follows it.
 * state: starting → in_progress → (signature) → finished; or unknown (the start's answer was
 * lost: check the card machine), failed_to_start (nothing reached the card machine), or
 * needs_manager (the card machine's approval does not match what the till asked for, or its
 * result is undocumented: not paid until a manager resolves it).
 */
export const paymentViewSchema = z.object({
  paymentId: z.string(),
  saleId: z.string().nullable(),
  type: z.string(),
  terminalId: z.string(),
  amount: minor,
  currency: z.string(),
  state: z.enum([
    'starting',
    'in_progress',
    'signature',
    'finished',
    'unknown',
    'failed_to_start',
    'needs_manager',
  ]),
  /** The card service's transaction_result once finished; kept as-is even if undocumented. */
  result: z.string().nullable(),
  successful: z.boolean(),
  notifications: z.array(notificationViewSchema),
  canCancel: z.boolean(),
  /** The card machine refused the cancel: the cashier must cancel it on the machine. */
  cancelRefused: z.boolean(),
  signatureDeadline: z.string().nullable(),
  amountTotal: minor.nullable(),
  amountGratuity: minor.nullable(),
  amountCashback: minor.nullable(),
  /** Set when the approval did not match the request (kept after a manager resolves it). */
  mismatch: approvalMismatchSchema.nullable(),
  /** What the cashier should read or do now, in plain words. */
  message: z.string(),
  /** The same by key for the screens' catalogues (shared/contract/errors.ts `wordsSchema`). */
  words: wordsSchema.optional(),
  /**
   * Why its outcome is not known (state unknown): its reads kept failing, the service stopped
   * knowing it, the start's answer was lost, the till stopped while starting it. In plain words,
   * and by key (absent for a reason kept before reasons had keys). Absent when no reason was kept.
   */
  unknownReason: z.object({ message: z.string(), words: wordsSchema.optional() }).optional(),
  /** Who started it (and who approved it, for a refund); null before staff were set up. */
  staff: staffStampSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const tenderViewSchema = z.object({
  kind: z.enum(['card', 'cash', 'manual_card']),
  amount: minor,
  /** Cash handed over (change = given − amount); null for cards. */
  given: minor.nullable(),
  paymentId: z.string().nullable(),
  reference: z.string().nullable(),
  /** Manual card entries are flagged for reconciliation against the terminal's totals. */
  needsReconciliation: z.boolean(),
  /** Who took it (a card tender: who started the card payment); null before staff were set up. */
  by: staffStampSchema.nullable().default(null),
});

export const saleLineViewSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: minor,
  lineTotal: minor,
  /** The VAT rate it was sold at, basis points; null for lines sold before rates were kept. */
  vatRate: z.number().int().nullable(),
  /** The line's own discount (lineTotal is after it and after the line's basket share). */
  discount: appliedDiscountSchema.nullable().default(null),
  /** The line's share of the basket discount, minor units (docs/selling.md: largest remainder). */
  basketShare: minor.default(0),
  /** A price changed at the counter: the catalogue's price, the reason and who changed it. */
  priceOverride: z
    .object({ listPrice: minor, reason: z.string(), by: staffStampSchema.nullable() })
    .nullable()
    .default(null),
});

export const saleViewSchema = z.object({
  saleId: z.string(),
  receiptNumber: z.string(),
  state: z.enum(['open', 'completed', 'abandoned']),
  currency: z.string(),
  lines: z.array(saleLineViewSchema),
  total: minor,
  /** Every tender taken, card parts refunded later included (see `refunded`). */
  paid: minor,
  due: minor,
  /** Cash change given back, when cash covered more than was due. */
  change: minor,
  /** Given back by card refunds against this sale's card payments: paid − refunded is still held. */
  refunded: minor,
  tenders: z.array(tenderViewSchema),
  /** Who opened the sale; null before staff were set up. */
  servedBy: staffStampSchema.nullable().default(null),
  /** The discount on the whole basket, shared across the lines (each line's basketShare). */
  discount: appliedDiscountSchema.nullable().default(null),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type SaleView = z.infer<typeof saleViewSchema>;

export const salesMethods = {
  'sales.open': method(
    'Starts a sale from basket lines; prices come from the catalogue, discounts are worked out here.',
    z
      .object({
        lines: z.array(basketLineInputSchema).min(1).max(1_000),
        /** Off the whole basket, after line discounts. */
        discount: discountSchema.optional(),
      })
      .strict(),
    saleViewSchema,
  ),
  'sales.get': method('One sale.', z.object({ saleId: id }).strict(), saleViewSchema),
  'sales.recent': method(
    'Recent sales, newest first.',
    z.object({ limit: z.number().int().min(1).max(200) }).strict(),
    z.array(saleViewSchema),
  ),
  'sales.payCard': method(
    'Takes (part of) a sale by card on a terminal. One payment at a time per terminal.',
    z.object({ saleId: id, terminalId: id, amount: positiveMinor }).strict(),
    paymentViewSchema,
  ),
  'sales.payCash': method(
    'Takes cash; change is given when more than the amount due is handed over. Opens the drawer.',
    z.object({ saleId: id, amountGiven: positiveMinor }).strict(),
    saleViewSchema,
  ),
  'sales.recordManualCard': method(
    'Records a card payment taken on the card machine on its own (service unreachable); flagged for reconciliation.',
    z.object({ saleId: id, amount: positiveMinor, reference: z.string().trim().min(1).max(40) }).strict(),
    saleViewSchema,
  ),
  'sales.abandon': method(
    'Abandons an open sale that has no successful card payment.',
    z.object({ saleId: id }).strict(),
    saleViewSchema,
  ),
  'payments.get': method('One card payment.', z.object({ paymentId: id }).strict(), paymentViewSchema),
  'payments.active': method(
    'Card payments not yet finished (to resume after a reload).',
    noInput,
    z.array(paymentViewSchema),
  ),
  'payments.recent': method(
    'Recent card payments, newest first.',
    z.object({ limit: z.number().int().min(1).max(200) }).strict(),
    z.array(paymentViewSchema),
  ),
  'payments.cancel': method(
    'Asks the card machine to cancel.',
    z.object({ paymentId: id }).strict(),
    paymentViewSchema,
  ),
  'payments.answerSignature': method(
    'The cashier accepted or declined the customer’s signature.',
    z.object({ paymentId: id, accepted: z.boolean() }).strict(),
    paymentViewSchema,
  ),
  'payments.resolveUnknown': method(
    'After checking the card machine, the cashier says whether an unknown payment went through.',
    z.object({ paymentId: id, outcome: z.enum(['paid', 'not_paid']) }).strict(),
    paymentViewSchema,
  ),
  'payments.resolveMismatch': method(
    'A manager, after checking the card machine, settles an approval that did not match the request; the note is journaled.',
    z
      .object({
        paymentId: id,
        outcome: z.enum(['paid', 'not_paid']),
        note: z.string().trim().min(1).max(200),
      })
      .strict(),
    paymentViewSchema,
  ),
  'payments.refund': method(
    'Refunds by card: against a past card payment (whole or part) or a standalone amount.',
    z.object({ terminalId: id, amount: positiveMinor, originalPaymentId: id.optional() }).strict(),
    paymentViewSchema,
  ),
  'payments.duplicate': method(
    'Asks the terminal to reprint the receipt of its last transaction.',
    z.object({ terminalId: id }).strict(),
    z.object({ ok: z.literal(true) }),
  ),
} as const;

export const salesEvents = {
  'payments.updated': paymentViewSchema,
  'sales.updated': saleViewSchema,
} as const;
