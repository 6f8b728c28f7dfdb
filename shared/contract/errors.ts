import { z } from 'zod';

/** Every error that crosses the contract has a code the UI can word, and a plain message. */
export const ERROR_CODES = [
  'invalid_input',
  'unknown_method',
  'not_allowed',
  'bad_credentials',
  'not_found',
  'terminal_busy',
  'rejected',
  'rate_limited',
  'service_error',
  'timeout',
  'unreachable',
  'certificate',
  'malformed_response',
  'not_configured',
  'conflict',
  /** A basket's price is no longer the catalogue's: the cashier accepts the new one or removes it. */
  'price_changed',
  'storage',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

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

export const tillErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterMs: z.number().int().nonnegative().optional(),
  words: wordsSchema.optional(),
});
export type TillErrorShape = z.infer<typeof tillErrorSchema>;

export class TillError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterMs?: number;
  /** The message's key and parameters for the screens' catalogues; `message` is its English. */
  readonly words?: Words;
  constructor(
    code: ErrorCode,
    message: string,
    options: { retryAfterMs?: number; cause?: unknown; words?: Words } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'TillError';
    this.code = code;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.words !== undefined) this.words = options.words;
  }
  toShape(): TillErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.retryAfterMs !== undefined && { retryAfterMs: this.retryAfterMs }),
      ...(this.words !== undefined && { words: this.words }),
    };
  }
}

type PlainParam = Exclude<WordParam, NestedWord>;
const isPlain = (value: WordParam): value is PlainParam => typeof value !== 'object' || 'minor' in value;

/**
 * A failure inside another sentence ("Nothing was ordered. {{problem}}"): by its own key (with its
 * plain parameters: words nest one deep) when it has one, else its English message.
 */
export function errorWord(error: unknown): NestedWord | string {
  if (!(error instanceof TillError)) return error instanceof Error ? error.message : String(error);
  if (!error.words) return error.message;
  const params: Record<string, PlainParam> = {};
  for (const [name, value] of Object.entries(error.words.params ?? {}))
    if (isPlain(value)) params[name] = value;
  return {
    key: error.words.key,
    english: error.message,
    ...(Object.keys(params).length > 0 && { params }),
  };
}

/** The envelope every method call answers with, over IPC and WebSocket alike. */
export const replySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: tillErrorSchema }),
]);
export type Reply = z.infer<typeof replySchema>;
