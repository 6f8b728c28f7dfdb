import { ERROR_CODES, type ErrorCode } from '../../../shared/contract/errors';
import type { ServiceName } from '../../../shared/contract/system';

/** How each service is called in front of the shop owner. */
export const SERVICE_LABELS: Record<ServiceName, string> = {
  payAtCounter: 'The card service',
  distribution: 'The supplier service',
  merchant: 'The merchant service',
};

function waitWording(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined || retryAfterMs <= 0) return 'Try again in a minute.';
  const seconds = Math.ceil(retryAfterMs / 1000);
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const WORDING: Partial<Record<ErrorCode, (service: string, retryAfterMs?: number) => string>> = {
  bad_credentials: (service) =>
    service === SERVICE_LABELS.distribution
      ? 'The API key was not accepted.'
      : 'The username or password was not accepted.',
  unreachable: (service) => `${service} can't be reached: check the internet connection.`,
  timeout: (service) => `${service} took too long to answer. Check the connection and try again.`,
  certificate: () => "The service's security certificate isn't trusted, so Paydesk did not connect.",
  not_found: (service) => `${service} was reached, but not at that address: check the address in Settings.`,
  rate_limited: (service, retryAfterMs) =>
    `${service} is receiving too many requests. ${waitWording(retryAfterMs)}`,
  service_error: (service) => `${service} had a problem of its own. Try again later.`,
  malformed_response: (service) =>
    `${service} answered with something Paydesk doesn't understand: check the address in Settings.`,
  not_configured: (service) =>
    `${service} isn't set up yet: enter its address and sign-in details in Settings.`,
  storage: () => "Paydesk couldn't read or save its settings or passwords on this computer.",
  not_allowed: () => 'That was refused: the account may not have permission for it.',
};

/** A TillError, or its plain shape as it crosses the contract ({ code, message, retryAfterMs? }). */
function knownError(error: unknown): { code: ErrorCode; retryAfterMs?: number } | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = (ERROR_CODES as readonly unknown[]).includes(error.code) ? (error.code as ErrorCode) : null;
  if (!code) return null;
  const retry =
    'retryAfterMs' in error && typeof error.retryAfterMs === 'number' ? error.retryAfterMs : undefined;
  return { code, retryAfterMs: retry };
}

/**
 * A short sentence for the shop owner about a failed connection test. Known TillError codes (or error shapes) get
 * fixed wording (never the raw technical message, which may name URLs or server internals);
 * anything else gets a general sentence.
 */
export function describeConnectionError(error: unknown, service?: ServiceName): string {
  const label = service ? SERVICE_LABELS[service] : 'The service';
  const known = knownError(error);
  if (known) {
    const word = WORDING[known.code];
    if (word) return word(label, known.retryAfterMs);
  }
  return `${label} could not be checked because of an unexpected problem. Try again, and if it keeps happening, restart Paydesk.`;
}
