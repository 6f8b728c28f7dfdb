// An order confirmation as receipt lines, so it prints (and previews) like any receipt.
import type { SupplyOrder } from '../../../shared/contract/supplies';
import { formatMoneyPlain, type Currency } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS, type PaperWidth } from '../../../shared/receipt-layout';
import { countryName } from '../../../shared/supplies';
import { amountRow } from '../printing/sale-receipt';

export interface ConfirmationInput {
  order: SupplyOrder;
  shopName: string;
  currency: Currency;
  paperWidth: PaperWidth;
  printedAt: Date;
}

export function buildOrderConfirmation({
  order,
  shopName,
  currency,
  paperWidth,
  printedAt,
}: ConfirmationInput): ReceiptLine[] {
  const columns = COLUMNS[paperWidth];
  const money = (minor: number) => formatMoneyPlain(minor, currency);
  const lines: ReceiptLine[] = [
    text(shopName, 'BOLD'),
    text('SUPPLIES ORDER', 'BOLD', 'DOUBLE_HEIGHT'),
    line('DOUBLE_LINE_SEPARATOR'),
    text(`Order ${order.referenceNumber || order.id}`),
  ];
  if (order.placedAt) lines.push(text(`Placed ${new Date(order.placedAt).toLocaleString('en-GB')}`));
  lines.push(text(`Status: ${order.statusWords}`), line('LINE_SEPARATOR'));
  for (const item of order.lines) {
    const label = `${item.quantity} x ${item.name ?? 'Product no longer listed'}`;
    if (item.price === null) lines.push(text(label));
    else lines.push(...amountRow(label, money(item.price * item.quantity), columns).map((v) => text(v)));
  }
  lines.push(line('LINE_SEPARATOR'));
  if (order.totalPrice !== null) {
    lines.push(...amountRow('TOTAL', money(order.totalPrice), columns).map((v) => text(v, 'BOLD')));
    lines.push(line('LINE_SEPARATOR'));
  }
  const a = order.address;
  lines.push(text('Deliver to', 'BOLD'));
  for (const part of [
    `${a.firstName} ${a.lastName}`.trim(),
    a.companyName,
    a.lineOne,
    a.lineTwo,
    a.city,
    a.postalCode,
    a.country ? countryName(a.country) : '',
    a.phoneNumber && `Tel ${a.phoneNumber}`,
  ]) {
    if (part) lines.push(text(part));
  }
  if (a.notes) lines.push(text(`Notes: ${a.notes}`));
  for (const shipment of order.shipments)
    lines.push(text(`${shipment.carrier} tracking ${shipment.trackingId}`));
  lines.push(
    line('LINE_SEPARATOR'),
    text(`Printed ${printedAt.toLocaleString('en-GB')}`),
    line('TICKET_FEED'),
  );
  return lines;
}
