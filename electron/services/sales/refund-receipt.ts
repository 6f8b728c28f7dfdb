// The refund receipt: what went back, on which sale's receipt, to the card and in cash, why, and
// who gave it. Laid out like the sale receipt (same amount rows, same paper widths), in the shop's
// language, money format and time zone.
import type { RefundView } from '../../../shared/contract';
import { paperFormat } from '../../../shared/format';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS } from '../../../shared/receipt-layout';
import { receiptWords } from '../../../shared/receipt-words';
import { amountRow } from '../printing/sale-receipt';
import type { ReceiptSettings } from './checkout';

export function refundReceiptLines(
  refund: RefundView,
  settings: ReceiptSettings,
  cardLastDigits: string | null,
  printedAt: Date,
): ReceiptLine[] {
  const columns = COLUMNS[settings.paperWidth];
  const paper = paperFormat(settings.locale, settings.timeZone);
  const words = receiptWords(settings.locale);
  const slip = words.refundSlip;
  const rows = (label: string, minor: number, ...format: ('BOLD' | 'DOUBLE_HEIGHT')[]) =>
    amountRow(label, paper.money(minor, refund.currency), columns).map((value) => text(value, ...format));
  return [
    text(settings.shop.name, 'BOLD', 'DOUBLE_HEIGHT'),
    ...settings.shop.addressLines.map((address) => text(address)),
    line('DOUBLE_LINE_SEPARATOR'),
    text(slip.title, 'BOLD', 'DOUBLE_HEIGHT'),
    text(paper.dateTime(printedAt)),
    text(slip.forReceipt(refund.receiptNumber)),
    line('LINE_SEPARATOR'),
    ...refund.lines.flatMap((l) => rows(l.quantity === 1 ? l.name : `${l.quantity} x ${l.name}`, l.amount)),
    line('LINE_SEPARATOR'),
    ...rows(slip.total, refund.total, 'BOLD'),
    ...(refund.cardAmount > 0 ? rows(slip.toCard(cardLastDigits), refund.cardAmount) : []),
    ...(refund.cashAmount > 0 ? rows(slip.cashGivenBack, refund.cashAmount) : []),
    line('LINE_SEPARATOR'),
    text(slip.reason(refund.reason)),
    ...(refund.by ? [text(slip.refundedBy(refund.by.name, refund.by.approvedBy?.name ?? null))] : []),
    line('TICKET_FEED'),
  ];
}
