// A barcode scanner is a keyboard: it types the code very fast and ends with Enter. A global
// listener tells it from a person by the gaps between keys, and keeps the scan out of any
// focused input (it strips what already landed there). A fast run the shop's catalogue does not
// know, typed into a field, is left to that field's Enter: it may be the tail of a code typed by
// hand, or of a scan slowed by a busy machine, and the field sees all that was typed.
import { useEffect, useRef } from 'react';

/** Scanners send a key every few ms; people rarely type two keys under ~35 ms apart. */
export const SCAN_MAX_GAP_MS = 35;
export const SCAN_MIN_LENGTH = 4;

function isTextInput(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && ['text', 'search', 'number', 'tel', ''].includes(target.type);
}

/** Sets an input's value the way typing would, so React's onChange sees it. */
function replaceInputValue(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface BarcodeScanner {
  /** Whether the code names a product. */
  knows(code: string): boolean;
  /** Acts on a scan (adds the product, or says the code is unknown). */
  scan(code: string): void;
}

export function useBarcodeScanner(scanner: BarcodeScanner): void {
  const handler = useRef(scanner);
  handler.current = scanner;

  useEffect(() => {
    let buffer = '';
    let lastAt = 0;
    let target: EventTarget | null = null;

    const onKeyDown = (event: KeyboardEvent) => {
      // A PIN is never a barcode, however fast it is typed.
      if (event.target instanceof HTMLInputElement && event.target.type === 'password') {
        buffer = '';
        return;
      }
      // When the key came (the event's own time, set as it arrived), not when this runs: on a busy
      // counter PC a scan's keys wait behind the render each of them starts, and handled one by
      // one they look as slow as a person's though the scanner sent them milliseconds apart.
      const now = event.timeStamp;
      const gap = now - lastAt;
      if (event.key === 'Enter') {
        const code = buffer;
        const fast = gap <= SCAN_MAX_GAP_MS;
        buffer = '';
        lastAt = 0;
        if (!fast || code.length < SCAN_MIN_LENGTH) return;
        // The keys may have landed in the search field the Sell screen focuses on the first one.
        const landed = isTextInput(target) ? target : document.activeElement;
        const typedInField = isTextInput(landed) && landed.value.endsWith(code);
        if (typedInField && !handler.current.knows(code)) return;
        event.preventDefault();
        event.stopPropagation();
        if (typedInField) replaceInputValue(landed, landed.value.slice(0, landed.value.length - code.length));
        handler.current.scan(code);
        return;
      }
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) {
        buffer = '';
        return;
      }
      if (buffer === '' || gap > SCAN_MAX_GAP_MS) {
        buffer = event.key;
        target = event.target;
      } else {
        buffer += event.key;
      }
      lastAt = now;
    };
    // Capture phase: the scanner is seen before any control acts on the Enter.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
