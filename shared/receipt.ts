// The receipt-line model of the pay-at-counter API, used for every receipt the till prints
// (card slips and the shop's own sale receipt alike), so all of them print one way.
import { z } from 'zod';

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
