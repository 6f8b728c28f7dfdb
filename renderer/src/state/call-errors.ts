// Cashier words for a failed contract call, shared by every store and screen.
import { TillError } from '../../../shared/contract/till-error';
import { i18n } from '../i18n';
import { errorText } from '../i18n/words';

/** Cashier words for a failed call: the codes the Sell screen can act on get their own. */
export function describeCallError(error: unknown): string {
  if (error instanceof TillError && error.code === 'terminal_busy') return i18n.t('errors.terminalBusy');
  if (isCardServiceDown(error)) return i18n.t('errors.cardServiceDown');
  return errorText(error);
}

/** The call never got an answer from the card service: offer cash or a manual card entry. */
export function isCardServiceDown(error: unknown): boolean {
  return error instanceof TillError && (error.code === 'unreachable' || error.code === 'timeout');
}
