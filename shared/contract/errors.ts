// The words the services send with an error or a result, by key, for the screens' catalogues.
// TillError and the reply's envelope are in till-error.ts, which the screens load without zod.
import { z } from 'zod';

export * from './till-error';

/** A money figure in words' parameters: the screens write it in the shop's locale. */
export const wordMoneySchema = z.object({ minor: z.number().int(), currency: z.string().max(8) });
// `-` too: guarded actions name their keys (`staff.askApprover.no-sale`, `…z-report`).
const wordKeySchema = z.string().regex(/^[a-z][A-Za-z0-9_.-]{0,119}$/);
/**
 * A word inside words (a card machine's notification, a result, a refusal inside a sentence), with
 * its English fallback and its own parameters (plain ones: words nest one deep).
 */
export const nestedWordSchema = z.object({
  key: wordKeySchema,
  english: z.string().max(10_000),
  params: z.record(z.string(), z.union([z.string().max(10_000), z.number(), wordMoneySchema])).optional(),
});
export type NestedWord = z.infer<typeof nestedWordSchema>;
export const wordParamSchema = z.union([
  z.string().max(10_000),
  z.number(),
  wordMoneySchema,
  nestedWordSchema,
]);
export type WordParam = z.infer<typeof wordParamSchema>;

/**
 * Staff words by key, for the screens' message catalogues (renderer/src/i18n, under
 * `services.<key>`), sent alongside the English text, which stays the fallback and the log's words.
 */
export const wordsSchema = z.object({
  key: wordKeySchema,
  params: z.record(z.string(), wordParamSchema).optional(),
});
export type Words = z.infer<typeof wordsSchema>;
