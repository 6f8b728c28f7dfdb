// An order confirmation as receipt lines, so it prints (and previews) like any receipt, in the
// shop's language, money format and time zone.
import type { SupplyOrder } from '../../../shared/contract/supplies';
import { paperFormat } from '../../../shared/format';
import type { Currency } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import { COLUMNS, type PaperWidth } from '../../../shared/receipt-layout';
import { receiptWords, type SupplyOrderWords } from '../../../shared/receipt-words';
import { countryName, ORDER_STAGES, unlistedStatusShown } from '../../../shared/supplies';
import { amountRow } from '../printing/sale-receipt';

export interface ConfirmationInput {
  order: SupplyOrder;
  shopName: string;
  currency: Currency;
  paperWidth: PaperWidth;
  printedAt: Date;
  /** The shop's locale; en-GB when absent. */
  locale?: string;
  /** IANA zone for the printed times; the machine's when absent. */
  timeZone?: string;
}

/** The status in the slip's language: a listed stage by its words, anything else quoted. */
function statusWords(order: SupplyOrder, words: SupplyOrderWords): string {
  const stage = order.stage === null ? undefined : ORDER_STAGES[order.stage];
  if (stage) return words.stages[stage];
  const shown = unlistedStatusShown(order.status);
  return shown ? words.supplierSays(shown) : words.noStatus;
}

export function buildOrderConfirmation({
  order,
  shopName,
  currency,
  paperWidth,
  printedAt,
  locale,
  timeZone,
}: ConfirmationInput): ReceiptLine[] {
  const columns = COLUMNS[paperWidth];
  const paper = paperFormat(locale, timeZone);
  const all = receiptWords(locale);
  const words = all.supplyOrder;
  const money = (minor: number) => paper.money(minor, currency);
  const lines: ReceiptLine[] = [
    text(shopName, 'BOLD'),
    text(words.title, 'BOLD', 'DOUBLE_HEIGHT'),
    line('DOUBLE_LINE_SEPARATOR'),
    text(words.order(order.referenceNumber || String(order.id))),
  ];
  if (order.placedAt) lines.push(text(words.placed(paper.dateTime(order.placedAt))));
  lines.push(text(words.status(statusWords(order, words))), line('LINE_SEPARATOR'));
  for (const item of order.lines) {
    const label = `${item.quantity} x ${item.name ?? words.productGone}`;
    if (item.price === null) lines.push(text(label));
    else lines.push(...amountRow(label, money(item.price * item.quantity), columns).map((v) => text(v)));
  }
  lines.push(line('LINE_SEPARATOR'));
  if (order.totalPrice !== null) {
    lines.push(...amountRow(all.total, money(order.totalPrice), columns).map((v) => text(v, 'BOLD')));
    lines.push(line('LINE_SEPARATOR'));
  }
  const a = order.address;
  lines.push(text(words.deliverTo, 'BOLD'));
  for (const part of [
    `${a.firstName} ${a.lastName}`.trim(),
    a.companyName,
    a.lineOne,
    a.lineTwo,
    a.city,
    a.postalCode,
    a.country ? countryName(a.country, locale) : '',
    a.phoneNumber && all.phone(a.phoneNumber),
  ]) {
    if (part) lines.push(text(part));
  }
  if (a.notes) lines.push(text(words.notes(a.notes)));
  for (const shipment of order.shipments)
    lines.push(text(words.tracking(shipment.carrier, shipment.trackingId)));
  lines.push(line('LINE_SEPARATOR'), text(words.printed(paper.dateTime(printedAt))), line('TICKET_FEED'));
  return lines;
}
