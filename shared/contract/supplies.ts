// Supplies as the till UI sees them: the supplier's catalogue, orders and their progress, and
// placing an order, which either places exactly one order or says plainly why not (never twice).
import { z } from 'zod';
import { ADDRESS_FIELDS, ADDRESS_MAX_LENGTH, type AddressField } from '../supplies';
import { method, noInput } from './define';
import { wordsSchema } from './errors';

const minor = z.number().int();
const productId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const orderId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const supplyProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The supplier's stock word as sent (`inStock`, `outOfStock`, or something new). */
  inventory: z.string(),
  inStock: z.boolean(),
  /** The shop's price, in minor units. */
  price: minor,
});
export type SupplyProduct = z.infer<typeof supplyProductSchema>;

const addressShape = Object.fromEntries(
  ADDRESS_FIELDS.map((field) => [
    field,
    z
      .string()
      .max(ADDRESS_MAX_LENGTH[field] * 4)
      .default(''),
  ]),
) as Record<AddressField, z.ZodDefault<z.ZodString>>;
/** Every field present (empty when not given); checked by `addressProblems` before sending. */
export const deliveryAddressSchema = z.object(addressShape);

export const orderLineInputSchema = z
  .object({ productId, quantity: z.number().int().min(1).max(9999) })
  .strict();

export const supplyOrderLineSchema = z.object({
  productId: z.number().int(),
  /** From the supplier's catalogue; null when the product is no longer listed. */
  name: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price charged, when the supplier said. */
  price: minor.nullable(),
});

export const shipmentSchema = z.object({ trackingId: z.string(), carrier: z.string() });

export const supplyOrderSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  /** The status as the supplier sent it. */
  status: z.string(),
  /** Staff words for it (an unknown status is quoted, never dropped). */
  statusWords: z.string(),
  /** Step on the timeline (received 0 … invoiced 4); null for a status the spec does not list. */
  stage: z.number().int().nullable(),
  lines: z.array(supplyOrderLineSchema),
  address: deliveryAddressSchema,
  shipments: z.array(shipmentSchema),
  /** Minor units: the supplier's total, or the sum of the line prices; null when unknown. */
  totalPrice: minor.nullable(),
  /** When this till placed it (ISO); null for orders placed elsewhere. */
  placedAt: z.string().nullable(),
});
export type SupplyOrder = z.infer<typeof supplyOrderSchema>;

/** An order whose creation answer never arrived: it may or may not exist at the supplier. */
export const orderAttemptSchema = z.object({
  attemptId: z.string(),
  createdAt: z.string(),
  lines: z.array(z.object({ productId: z.number().int(), quantity: z.number().int() })),
  /**
   * Which supplier it went to, seen from the one in use now: `current` (looked for there by
   * Check again), `sandbox` (the stand-in, not in use now) or `other` (a live address no longer
   * set). Only its own supplier can say whether it was placed.
   */
  sentTo: z.enum(['current', 'sandbox', 'other']),
  message: z.string(),
  /** The same by key for the screens' catalogues (`services.supplyOrder.inDoubt.*`). */
  words: wordsSchema.optional(),
});
export type OrderAttempt = z.infer<typeof orderAttemptSchema>;

/** Every result says what happened in English (`message`, the log's words) and by key (`words`). */
const said = { message: z.string(), words: wordsSchema.optional() };

export const placeOrderResultSchema = z.discriminatedUnion('outcome', [
  /** Exactly one order exists for this request. */
  z.object({ outcome: z.literal('placed'), order: supplyOrderSchema, ...said }),
  /** The same lines to the same address were ordered a short while ago: ask before ordering again. */
  z.object({
    outcome: z.literal('needs_confirmation'),
    similar: z.object({ orderId: z.number().int(), referenceNumber: z.string(), placedAt: z.string() }),
    ...said,
  }),
  /** The supplier refused it as it stands: nothing was ordered; `problems` say what to fix. */
  z.object({
    outcome: z.literal('refused'),
    ...said,
    problems: z.array(z.object({ field: z.string(), message: z.string(), words: wordsSchema.optional() })),
  }),
  /** Nothing was ordered (sign-in, maintenance, too many requests…); it can be tried again. */
  z.object({
    outcome: z.literal('not_placed'),
    ...said,
    retryAfterMs: z.number().int().nonnegative().optional(),
  }),
  /** The answer was lost and the order could not be found or ruled out yet: check before retrying. */
  z.object({ outcome: z.literal('in_doubt'), attempt: orderAttemptSchema, ...said }),
]);
export type PlaceOrderResult = z.infer<typeof placeOrderResultSchema>;

/**
 * Whether the supplier answered the orders read. When it did not, the till's own records still
 * come: the orders in doubt, and the orders as last read (`ordersReadAt`) or, with none read
 * since the till started, this till's orders as it placed them (`ordersReadAt` null).
 */
export const supplierReachSchema = z.discriminatedUnion('reachable', [
  z.object({ reachable: z.literal(true) }),
  z.object({
    reachable: z.literal(false),
    /** Why, in staff words (the read's refusal), and by key. */
    message: z.string(),
    words: wordsSchema.optional(),
    ordersReadAt: z.string().nullable(),
  }),
]);
export type SupplierReach = z.infer<typeof supplierReachSchema>;

export const reorderItemSchema = z.object({
  productId,
  name: z.string().max(200),
  usualQuantity: z.number().int().min(1).max(9999),
});
export type ReorderItem = z.infer<typeof reorderItemSchema>;

export const suppliesMethods = {
  'supplies.products': method(
    'The supplier’s catalogue with stock and the shop’s prices.',
    noInput,
    z.object({ products: z.array(supplyProductSchema), currency: z.string() }),
  ),
  'supplies.product': method(
    'One product of the supplier.',
    z.object({ productId }).strict(),
    supplyProductSchema,
  ),
  'supplies.orders': method(
    'Orders at the supplier, newest first, and any order whose answer was lost and is not settled; with the supplier unreachable, the till’s own records of them.',
    noInput,
    z.object({
      orders: z.array(supplyOrderSchema),
      inDoubt: z.array(orderAttemptSchema),
      supplier: supplierReachSchema,
      currency: z.string(),
    }),
  ),
  'supplies.order': method(
    'One order with its status and shipments.',
    z.object({ orderId }).strict(),
    supplyOrderSchema,
  ),
  'supplies.placeOrder': method(
    'Places one order (never sent twice; a repeat of a recent order needs `confirmRepeat`).',
    z
      .object({
        lines: z.array(orderLineInputSchema).min(1).max(100),
        address: deliveryAddressSchema,
        confirmRepeat: z.boolean().default(false),
      })
      .strict(),
    placeOrderResultSchema,
  ),
  'supplies.checkAttempt': method(
    'Looks for an order whose answer was lost among the supplier’s orders.',
    z.object({ attemptId: z.string().min(1).max(100) }).strict(),
    placeOrderResultSchema,
  ),
  'supplies.deliveryAddress': method(
    'The address the last order went to, or one made from the shop’s details.',
    noInput,
    deliveryAddressSchema,
  ),
  'supplies.reorderList': method(
    'The shop’s usual order: products and the quantities it usually orders.',
    noInput,
    z.object({ items: z.array(reorderItemSchema) }),
  ),
  'supplies.saveReorderList': method(
    'Replaces the shop’s usual order.',
    z.object({ items: z.array(reorderItemSchema).max(100) }).strict(),
    z.object({ items: z.array(reorderItemSchema) }),
  ),
  'supplies.printOrder': method(
    'Prints an order confirmation on the receipt printer.',
    z.object({ orderId }).strict(),
    z.object({ ok: z.literal(true) }),
  ),
} as const;

export const suppliesEvents = {
  /** An order was placed, found or moved on; the order concerned when there is one. */
  'supplies.changed': z.object({ orderId: z.number().int().nullable() }),
} as const;
