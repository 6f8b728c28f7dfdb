// What placing and checking an order came to, in staff words: the English (the log's words and
// the fallback) with the key the screens look up under `services.supplyOrder.*`, so a German till
// reads them in German (renderer/src/i18n/*/services-supplies.ts holds the same English).
import { errorWord, type TillError, type Words } from '../../../shared/contract/errors';
import type { OrderAttempt } from '../../../shared/contract/supplies';

/** A message and its key: what every result of the order-once rule carries. */
export interface Said {
  message: string;
  words: Words;
}

const said = (message: string, key: string, params?: Words['params']): Said => ({
  message,
  words: { key: `supplyOrder.${key}`, ...(params && { params }) },
});

const IN_DOUBT: Record<OrderAttempt['sentTo'], string> = {
  current:
    'The supplier’s answer to an order was lost, so it may or may not have been placed. The till will not send it again by itself: press “Check again” in a moment.',
  sandbox:
    'An order to the sandbox supplier lost its answer, so it may or may not have been placed. Switch Supplies back to Sandbox in Settings to check it.',
  other:
    'An order to a supplier address no longer set in Settings lost its answer, so it may or may not have been placed. Set that address again to check it, or ask that supplier before ordering the same again.',
};

const PLACE_AGAIN = 'You can place it again.';

export const orderWords = {
  noRecord: () => said('The till has no record of that order attempt.', 'noRecord'),
  addressFirst: () => said('The delivery address needs a look before ordering.', 'addressFirst'),
  repeat: (minutes: number) =>
    said(
      `The same items to the same address were ordered ${minutes} minute${minutes === 1 ? '' : 's'} ago. Order them again?`,
      'repeat',
      { count: minutes },
    ),
  placed: () => said('The order is placed with the supplier.', 'placed'),
  refused: () =>
    said(
      'The supplier did not accept the order, so nothing was ordered. Fix what is marked, then place it again.',
      'refused',
    ),
  notPlaced: (error: TillError) =>
    said(`Nothing was ordered. ${error.message}`, 'notPlaced', { problem: errorWord(error) }),
  sandboxRestarted: () =>
    said(
      `That order was a trial with the sandbox supplier, which has restarted since, so nothing was ordered. ${PLACE_AGAIN}`,
      'sandboxRestarted',
    ),
  notAtSupplier: () =>
    said(
      `The supplier has no record of the order whose answer was lost, so nothing was ordered. ${PLACE_AGAIN}`,
      'notAtSupplier',
    ),
  found: () =>
    said(
      'The supplier’s answer was lost, but the order was found at the supplier: it is placed, once.',
      'found',
    ),
  wasNotPlaced: () => said(`That order was not placed. ${PLACE_AGAIN}`, 'wasNotPlaced'),
  isPlaced: () => said('The order is placed.', 'isPlaced'),
  /** An order whose answer was lost, by where it went (only that supplier can say). */
  inDoubt: (sentTo: OrderAttempt['sentTo']) => said(IN_DOUBT[sentTo], `inDoubt.${sentTo}`),
  /** Check again could not ask the supplier: the order stays in doubt, and why. */
  stillUnreachable: (error: TillError) =>
    said(
      `The supplier still can't be reached, so the till can't tell yet whether that order was placed. It will not send it again by itself. ${error.message}`,
      'stillUnreachable',
      { problem: errorWord(error) },
    ),
};
