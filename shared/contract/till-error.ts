// A failed call as the screens see it, and the envelope every call answers with. Free of zod on
// purpose: the screens load this at start, and the contract's schemas only where the answers are
// made (shared/contract/dispatch.ts).
import { isRecord } from '../is-record';
import type { NestedWord, WordParam, Words } from './errors';

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

export interface TillErrorShape {
  code: string;
  message: string;
  retryAfterMs?: number;
  words?: Words;
}

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

/**
 * What staff read when an answer is not the contract's: the till found its own answer wrong (and
 * logged it), or the screens could not read what came back.
 */
export const GARBLED_ANSWER = {
  code: 'malformed_response',
  message:
    'The till’s screen and its services did not understand each other. Try again; if it keeps happening, restart Paydesk.',
  words: { key: 'bridge.garbled' },
} as const satisfies TillErrorShape;

/** The envelope every method call answers with, over IPC and WebSocket alike. */
export type Reply = { ok: true; value: unknown } | { ok: false; error: TillErrorShape };

function isErrorShape(value: unknown): value is TillErrorShape {
  if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return false;
  const { retryAfterMs, words } = value;
  if (retryAfterMs !== undefined && !(Number.isInteger(retryAfterMs) && (retryAfterMs as number) >= 0))
    return false;
  return (
    words === undefined ||
    (isRecord(words) &&
      typeof words.key === 'string' &&
      (words.params === undefined || isRecord(words.params)))
  );
}

/**
 * A reply as received, if it is one: an answer (`ok` and its value, which the till checked against
 * the method's output before sending it) or an error with a code and a message. Null otherwise.
 */
export function readReply(raw: unknown): Reply | null {
  if (!isRecord(raw)) return null;
  if (raw.ok === true) return { ok: true, value: raw.value };
  if (raw.ok === false && isErrorShape(raw.error)) return { ok: false, error: raw.error };
  return null;
}
