// Cashier words for a failed contract call, shared by every store and screen.
import { TillError } from '../../../shared/contract';

/** Cashier words for a failed call: the codes the Sell screen can act on get their own. */
export function describeCallError(error: unknown): string {
  if (error instanceof TillError) {
    if (error.code === 'terminal_busy') return 'That card machine is busy with another payment.';
    if (isCardServiceDown(error))
      return 'The card service cannot be reached. Take cash, or take the card on the card machine on its own.';
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** The call never got an answer from the card service: offer cash or a manual card entry. */
export function isCardServiceDown(error: unknown): boolean {
  return error instanceof TillError && (error.code === 'unreachable' || error.code === 'timeout');
}
