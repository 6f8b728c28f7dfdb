// The signature check: the card machine asks, the cashier has 80 seconds from the moment the
// till first saw SIGNATURE_VERIFICATION, then the machine decides on its own.
import type { SeenNotification } from './journal';

export const SIGNATURE_DECISION_MS = 80_000;

/** Any of these after SIGNATURE_VERIFICATION means the machine no longer waits for an answer. */
const SIGNATURE_CLOSED = [
  'SIGNATURE_VERIFICATION_COMPLETED',
  'SIGNATURE_VERIFICATION_COULD_NOT_BE_COMPLETED',
  'SIGNATURE_VERIFICATION_TIMEOUT',
  'TRANSACTION_FINISHED',
];

/** The cashier's deadline while the machine waits for a signature decision, else null. */
export function signatureDeadline(seen: readonly SeenNotification[]): number | null {
  const asked = seen.find((n) => n.code === 'SIGNATURE_VERIFICATION');
  if (!asked || seen.some((n) => SIGNATURE_CLOSED.includes(n.code))) return null;
  return asked.seenAt + SIGNATURE_DECISION_MS;
}
