// The receipt-line model of the pay-at-counter API, used for every receipt the till prints
// (card slips and the shop's own sale receipt alike), so all of them print one way.
import { z } from 'zod';
import { REPLACEMENT_CHARACTER } from './code-pages';

export const RECEIPT_LINE_TYPES = [
  'TEXT',
  'CARRIAGE_RETURN',
  'LINE_SEPARATOR',
  'DOUBLE_LINE_SEPARATOR',
  'TICKET_FEED',
  'VOID_BOX',
  'DECLINE_BOX',
] as const;
export type KnownReceiptLineType = (typeof RECEIPT_LINE_TYPES)[number];

export const RECEIPT_FORMATS = ['BOLD', 'DOUBLE_HEIGHT', 'DOUBLE_WIDTH'] as const;
export type KnownReceiptFormat = (typeof RECEIPT_FORMATS)[number];

/**
 * Types and formats are kept as plain strings: a value the document does not list is kept
 * (and printed as text) rather than rejected, so a new line type never loses a receipt.
 */
export const receiptLineSchema = z.object({
  type: z.string(),
  format: z.array(z.string()).default([]),
  value: z.string().default(''),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptCopiesSchema = z.object({
  MERCHANT: z.array(receiptLineSchema).default([]),
  CUSTOMER: z.array(receiptLineSchema).default([]),
});
export type ReceiptCopies = z.infer<typeof receiptCopiesSchema>;

export function isKnownLineType(type: string): type is KnownReceiptLineType {
  return (RECEIPT_LINE_TYPES as readonly string[]).includes(type);
}

export function text(value: string, ...format: KnownReceiptFormat[]): ReceiptLine {
  return { type: 'TEXT', format, value };
}

export function line(type: KnownReceiptLineType, value = ''): ReceiptLine {
  return { type, format: [], value };
}

/** Every control character (C0, DEL, C1) but the line feed. */
const CONTROL_CHARACTERS = /(?!\n)\p{Cc}/gu;

/**
 * Slip text from outside the till (the card machine's) with no raw control character left: a
 * line break (LF, or CR LF) stays one, a tab becomes a space, and every other control character
 * (NUL, BEL, ESC, GS, DEL, C1…) becomes '?', the mark the printer shows for what it cannot
 * print. Done once, where the slip is taken in, so the screens, the preview and the printer are
 * never handed one; the layout still prints only what the code page has.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(/\r\n/g, '\n').replace(/\t/g, ' ').replace(CONTROL_CHARACTERS, REPLACEMENT_CHARACTER);
}

/** Receipt lines whose text has no raw control character (see withoutControlCharacters). */
export function withoutControlCharactersIn(lines: readonly ReceiptLine[]): ReceiptLine[] {
  return lines.map((l) => ({ ...l, value: withoutControlCharacters(l.value) }));
}
