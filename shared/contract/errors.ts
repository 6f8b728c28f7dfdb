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

export const tillErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterMs: z.number().int().nonnegative().optional(),
});
export type TillErrorShape = z.infer<typeof tillErrorSchema>;

export class TillError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterMs?: number;
  constructor(code: ErrorCode, message: string, options: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'TillError';
    this.code = code;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
  toShape(): TillErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.retryAfterMs !== undefined && { retryAfterMs: this.retryAfterMs }),
    };
  }
}

/** The envelope every method call answers with, over IPC and WebSocket alike. */
export const replySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: tillErrorSchema }),
]);
export type Reply = z.infer<typeof replySchema>;
