// The product distribution API's records as they arrive on the wire, validated. Lenient where
// the spec is vague (a status or stock word it does not list is kept, an absent list is empty),
// strict where money or identity is concerned (integer ids, prices and quantities).
import { z } from 'zod';

const int = z.number().int();

export const wireProductSchema = z.object({
  id: int,
  sku: z.string(),
  name: z.string(),
  inventory: z.string(),
  price: int,
});
export type WireProduct = z.infer<typeof wireProductSchema>;

const wireLineSchema = z.object({ productId: int, quantity: int, price: int.optional() });

export const wireOrderSchema = z.object({
  id: int,
  referenceNumber: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  status: z.string(),
  lines: z
    .array(wireLineSchema)
    .nullish()
    .transform((v) => v ?? []),
  address: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => v ?? {}),
  shipments: z
    .array(
      z.object({
        trackingId: z.string(),
        carrier: z
          .string()
          .nullish()
          .transform((v) => v ?? ''),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  totalPrice: int.optional(),
});
export type WireOrder = z.infer<typeof wireOrderSchema>;

export interface CreationRequest {
  address: Record<string, string>;
  lines: { productId: number; quantity: number }[];
}
