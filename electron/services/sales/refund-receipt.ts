// The refund receipt: what went back, on which sale's receipt, to the card and in cash, why, and
// who gave it. Laid out like the sale receipt (same amount rows, same paper widths).
import type { RefundView } from '../../../shared/contract';
import { formatMoneyPlain } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS } from '../../../shared/receipt-layout';
import { amountRow } from '../printing/sale-receipt';
import type { ReceiptSettings } from './checkout';

export function refundReceiptLines(
  refund: RefundView,
  settings: ReceiptSettings,
  cardLastDigits: string | null,
  printedAt: Date,
): ReceiptLine[] {
  const columns = COLUMNS[settings.paperWidth];
  const money = (minor: number) => formatMoneyPlain(minor, refund.currency);
  const rows = (label: string, minor: number, ...format: ('BOLD' | 'DOUBLE_HEIGHT')[]) =>
    amountRow(label, money(minor), columns).map((value) => text(value, ...format));
  const who = refund.by
    ? `Refunded by ${refund.by.name}${refund.by.approvedBy ? `, approved by ${refund.by.approvedBy.name}` : ''}`
    : null;
  return [
    text(settings.shop.name, 'BOLD', 'DOUBLE_HEIGHT'),
    ...settings.shop.addressLines.map((address) => text(address)),
    line('DOUBLE_LINE_SEPARATOR'),
    text('REFUND', 'BOLD', 'DOUBLE_HEIGHT'),
    text(printedAt.toISOString().slice(0, 16).replace('T', ' ')),
    text(`For receipt ${refund.receiptNumber}`),
    line('LINE_SEPARATOR'),
    ...refund.lines.flatMap((l) => rows(l.quantity === 1 ? l.name : `${l.quantity} x ${l.name}`, l.amount)),
    line('LINE_SEPARATOR'),
    ...rows('REFUND TOTAL', refund.total, 'BOLD'),
    ...(refund.cardAmount > 0
      ? rows(cardLastDigits ? `To card ****${cardLastDigits}` : 'To card', refund.cardAmount)
      : []),
    ...(refund.cashAmount > 0 ? rows('Cash given back', refund.cashAmount) : []),
    line('LINE_SEPARATOR'),
    text(`Reason: ${refund.reason}`),
    ...(who ? [text(who)] : []),
    line('TICKET_FEED'),
  ];
}
