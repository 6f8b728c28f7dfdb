// The shop server's words for staff: the English from shared/shop-server-words.ts with the key the
// screens translate it by, and what a PostgreSQL or network failure means for the till. The
// server's own message stays in the log.
import type { Words } from '../../../shared/contract/errors';
import { fillShopServerWords, type ShopServerWordKey } from '../../../shared/shop-server-words';

export interface ShopServerWords {
  message: string;
  words: Words;
}

export function shopServerWords(
  key: ShopServerWordKey,
  params?: Record<string, string | number>,
): ShopServerWords {
  return {
    message: fillShopServerWords(key, params),
    words: { key: `shopServer.${key}`, ...(params && { params }) },
  };
}

/**
 * Why the till is not connected, as staff read it, and whether it is only away (`offline`: the
 * till keeps trying soon) or refuses this till until a person acts (`refused`: tried again slowly).
 */
export class ShopServerProblem extends Error {
  readonly said: ShopServerWords;
  constructor(
    readonly key: ShopServerWordKey,
    readonly kind: 'offline' | 'refused',
    params?: Record<string, string | number>,
    options?: { cause?: unknown },
  ) {
    const said = shopServerWords(key, params);
    super(said.message, options);
    this.name = 'ShopServerProblem';
    this.said = said;
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const CERTIFICATE_CODES =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT_ALTNAME_INVALID/;

/** The server says it has no TLS (pg's words for an 'N' to the TLS request). */
export function isNoTls(error: unknown): boolean {
  return error instanceof Error && /does not support SSL/i.test(error.message);
}

/** What a failure to connect or to send means for the till. */
export function problemOf(error: unknown): ShopServerProblem {
  if (error instanceof ShopServerProblem) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '28P01' || code === '28000')
    return new ShopServerProblem('badLogin', 'refused', undefined, { cause: error });
  if (code === '3D000') return new ShopServerProblem('noDatabase', 'refused', undefined, { cause: error });
  if (isNoTls(error)) return new ShopServerProblem('noTls', 'refused', undefined, { cause: error });
  if (typeof code === 'string' && CERTIFICATE_CODES.test(code))
    return new ShopServerProblem('certificate', 'refused', undefined, { cause: error });
  if (
    (typeof code === 'string' &&
      (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) ||
    /Connection terminated|timeout|timed out|socket|ECONN|closed/i.test(message)
  )
    return new ShopServerProblem('unreachable', 'offline', undefined, { cause: error });
  return new ShopServerProblem('failed', 'offline', undefined, { cause: error });
}
