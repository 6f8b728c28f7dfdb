// The counter around a sale: parked sales (park, list, resume; kept in the database), No-sale
// (open the drawer with a reason, journaled with who), and the receipt after payment (print one
// now, or reprint the last). Discounts and price overrides travel with `sales.open`.
import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';
import { basketLineInputSchema, counterReasonSchema, discountSchema } from './sales';
import { staffStampSchema } from './staff';

const id = z.string().min(1).max(80);

export const parkedSaleSchema = z.object({
  parkedId: z.string(),
  /** The basket as it was: products, counts, the prices shown, discounts and price changes. */
  lines: z.array(basketLineInputSchema),
  discount: discountSchema.nullable(),
  /** A word to find it again by ("man in the blue coat"); may be empty. */
  note: z.string(),
  itemCount: z.number().int(),
  /** The basket's total when parked, worked out by the services (minor units). */
  total: z.number().int(),
  currency: z.string(),
  parkedBy: staffStampSchema.nullable(),
  parkedAt: z.string(),
});
export type ParkedSaleView = z.infer<typeof parkedSaleSchema>;

export const noSaleSchema = z.object({
  noSaleId: z.number().int(),
  reason: z.string(),
  by: staffStampSchema.nullable(),
  at: z.string(),
  /** opened: the kick went to the receipt printer; no_drawer: none is set up; failed: it could not be sent. */
  drawer: z.enum(['opened', 'no_drawer', 'failed']),
  /** What happened, in the cashier's words. */
  message: z.string(),
  /** The same by key for the screens' catalogues. */
  words: wordsSchema.optional(),
});
export type NoSaleView = z.infer<typeof noSaleSchema>;

export const receiptChoiceSchema = z.object({
  /** printed: queued for the printer now; copy: it had printed before, this one is marked a copy. */
  outcome: z.enum(['printed', 'copy', 'already_printing']),
  receiptNumber: z.string(),
  message: z.string(),
  /** The same by key for the screens' catalogues. */
  words: wordsSchema.optional(),
});
export type ReceiptChoiceView = z.infer<typeof receiptChoiceSchema>;

export const counterMethods = {
  'counter.park': method(
    'Parks the basket to serve someone else; an opened sale with no money taken is set aside too. Refused when money was taken.',
    z
      .object({
        lines: z.array(basketLineInputSchema).min(1).max(1_000),
        discount: discountSchema.optional(),
        note: z.string().trim().max(60).default(''),
        /** The sale already opened for this basket, if any. */
        saleId: id.optional(),
      })
      .strict(),
    parkedSaleSchema,
  ),
  'counter.parked': method('Parked sales, oldest first.', noInput, z.array(parkedSaleSchema)),
  'counter.resume': method(
    'Takes a parked sale back into the basket (it is no longer parked).',
    z.object({ parkedId: id }).strict(),
    parkedSaleSchema,
  ),
  'counter.noSale': method(
    'Opens the cash drawer without a sale, with a reason; journaled with who. Needs a supervisor or manager.',
    z.object({ reason: counterReasonSchema }).strict(),
    noSaleSchema,
  ),
  'counter.noSales': method(
    'No-sales, newest first.',
    z.object({ limit: z.number().int().min(1).max(200) }).strict(),
    z.array(noSaleSchema),
  ),
  'counter.printReceipt': method(
    'Prints a completed sale’s receipt (the customer chose one after paying); again, it is marked a copy.',
    z.object({ saleId: id }).strict(),
    receiptChoiceSchema,
  ),
  'counter.reprintLast': method(
    'Prints the receipt of the last completed sale again, marked a copy.',
    noInput,
    receiptChoiceSchema,
  ),
} as const;
