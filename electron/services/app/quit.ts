// When the till may end: only with the manager's approval, never while a card payment runs,
// and only where the host can end it (a browser tab is closed by the cashier instead).
import { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';

export interface QuitRules {
  requireManager: (action: 'quit') => void;
  cardPaymentRunning: () => boolean;
  /** Ends the till (Electron: app.quit); absent in the browser host. */
  quit: (() => void) | undefined;
  clock: Clock;
}

/** The answer goes back to the UI before the till ends. */
const QUIT_AFTER_MS = 50;

export function quitTill(rules: QuitRules): { ok: true } {
  rules.requireManager('quit');
  if (rules.cardPaymentRunning()) {
    throw new TillError('conflict', 'A card payment is still running: finish or resolve it before quitting.');
  }
  if (!rules.quit) throw new TillError('not_allowed', 'Close the browser tab to leave the till.');
  rules.clock.setTimer(rules.quit, QUIT_AFTER_MS);
  return { ok: true };
}
