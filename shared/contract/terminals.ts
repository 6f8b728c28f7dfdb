import { z } from 'zod';
import { method } from './define';

/** Status and currency stay strings: an undocumented value is shown, not rejected. */
export const terminalSchema = z.object({
  terminalId: z.string(),
  /** What staff call it: the shop's name for it, else "Card machine ending 0001". */
  name: z.string(),
  /** Whether the shop has named it; screens word an unnamed one in their own language. */
  named: z.boolean(),
  currency: z.string(),
  status: z.string(),
  lastActivity: z.string().nullable(),
  deviceAddress: z.string().nullable(),
});
export type Terminal = z.infer<typeof terminalSchema>;

export const terminalFilterSchema = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'currency is a three-letter code such as GBP')
      .optional(),
    status: z.enum(['AVAILABLE', 'BUSY']).optional(),
  })
  .strict();

export const terminalMethods = {
  'terminals.list': method(
    'Card terminals on the pay-at-counter service.',
    terminalFilterSchema,
    z.array(terminalSchema),
  ),
  'terminals.get': method(
    'One card terminal.',
    z.object({ terminalId: z.string().min(1).max(64) }).strict(),
    terminalSchema,
  ),
} as const;
