// Keyboard-first selling (docs/selling.md): the search field is always ready (any letter or digit
// typed outside a field lands in it), and a few keys do the rest, shown on the buttons they press:
//   F2 card for the whole amount · F3 cash · F4 exact cash · F6 park the basket
//   Esc: back to the basket (nothing taken yet), or after a sale: no receipt, next customer
//   Enter after a sale: print the receipt (when the shop asks after payment)
// The barcode scanner's listener runs first (capture phase) and takes its own Enter.
import { useEffect } from 'react';
import { useSale } from '../../state/sale';

export const SEARCH_FIELD_ID = 'sell-search';

export const SELL_KEYS = {
  card: 'F2',
  cash: 'F3',
  exactCash: 'F4',
  park: 'F6',
} as const;

/** Puts the cursor in the search field (after a tap on a tile, or a key typed elsewhere). */
export function focusSearch(): void {
  document.getElementById(SEARCH_FIELD_ID)?.focus();
}

function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** What a key does on the Sell screen now; true when it did something. */
export function handleSellKey(
  event: Pick<KeyboardEvent, 'key' | 'target'>,
  askReceipt: () => boolean,
): boolean {
  const store = useSale.getState();
  const { phase, lines, sale, busy, payment } = store;
  if (store.counterNeeded || store.managerNeeded) return false;
  // Esc after a sale is taken even in its first instant, while the card call's answer or the
  // receipt is still on its way: the next sale starts as soon as that is back.
  if (event.key === 'Escape' && phase === 'completed') {
    store.askNextSale();
    return true;
  }
  const running = payment !== null && phase === 'payment';
  if (busy || running) return false;
  const canPay = (phase === 'basket' || phase === 'tender') && (lines.length > 0 || sale !== null);
  switch (event.key) {
    case SELL_KEYS.card:
      if (canPay) void store.payByCard();
      return canPay;
    case SELL_KEYS.cash:
      if (canPay) void store.payCashNow();
      return canPay;
    case SELL_KEYS.exactCash:
      if (canPay) void store.payExactCash();
      return canPay;
    case SELL_KEYS.park:
      if (phase === 'basket' && lines.length > 0) void store.park('');
      return phase === 'basket' && lines.length > 0;
    case 'Escape':
      if (phase === 'tender' && sale && sale.paid === 0) {
        void store.backToBasket();
        return true;
      }
      return false;
    case 'Enter':
      if (phase === 'completed' && askReceipt() && !store.receiptMessage && !inField(event.target)) {
        void store.printReceipt();
        return true;
      }
      return false;
    default:
      return false;
  }
}

export function useSellKeys(askReceipt: () => boolean): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (handleSellKey(event, askReceipt)) {
        event.preventDefault();
        return;
      }
      // A letter or digit typed outside any field starts (or goes on with) a search.
      const { phase } = useSale.getState();
      if (event.key.length === 1 && phase === 'basket' && !inField(event.target)) focusSearch();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [askReceipt]);
}
