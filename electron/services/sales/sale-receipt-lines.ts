// A sale as its receipt prints it: items with their own discounts and price changes, the basket
// discount, the tenders, and VAT per rate on what each line finally cost (after its share of the
// basket discount), so the VAT summary stays right after discounts.
import type { AppliedDiscount, SaleView } from '../../../shared/contract';
import type { ReceiptLine } from '../../../shared/receipt';
import { paperFormat } from '../../../shared/format';
import { receiptWords } from '../../../shared/receipt-words';
import type { CardTransaction } from '../payments/pay-at-counter-client';
import { buildSaleReceipt, type Tender } from '../printing/sale-receipt';
import type { ReceiptSettings } from './checkout';

/** "Discount 10%" or "Discount £1.50" ("Rabatt 10 %", "Rabatt 1,50 €" in de-DE). */
export function discountLabel(discount: AppliedDiscount, currency: string, locale = 'en-GB'): string {
  const paper = paperFormat(locale);
  const what =
    discount.kind === 'percent' ? paper.percent(discount.value) : paper.money(discount.value, currency);
  return receiptWords(locale).discount(what);
}

export function saleReceiptLines(
  sale: SaleView,
  settings: ReceiptSettings,
  cardRecord: (paymentId: string) => CardTransaction | null,
): ReceiptLine[] {
  const locale = settings.locale ?? 'en-GB';
  const words = receiptWords(locale);
  const tenders: Tender[] = sale.tenders.map((t) => {
    if (t.kind === 'cash') return { kind: 'cash', amount: t.amount, given: t.given ?? t.amount };
    if (t.kind === 'manual_card')
      return { kind: 'other', amount: t.amount, label: words.manualCard(t.reference ?? '') };
    const card = t.paymentId ? cardRecord(t.paymentId) : null;
    const pan = card?.primaryAccountNumber ?? '';
    return {
      kind: 'card',
      amount: t.amount,
      ...(card?.applicationLabel && { cardLabel: card.applicationLabel }),
      ...(pan && { lastDigits: pan.slice(-4) }),
      ...(card?.authCode && { authCode: card.authCode }),
    };
  });
  return buildSaleReceipt({
    ...settings,
    receiptNumber: sale.receiptNumber,
    issuedAt: new Date(sale.completedAt ?? sale.createdAt),
    currency: sale.currency,
    items: sale.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      // Before the basket discount's share: the basket discount prints once, below the subtotal.
      lineTotal: l.lineTotal + l.basketShare,
      vatRate: l.vatRate,
      vatGross: l.lineTotal,
      ...(l.discount && {
        discount: { label: discountLabel(l.discount, sale.currency, locale), amount: l.discount.amount },
      }),
      ...(l.priceOverride && {
        note: words.priceChangedFrom(paperFormat(locale).money(l.priceOverride.listPrice, sale.currency)),
      }),
    })),
    ...(sale.discount && {
      adjustments: [
        { label: discountLabel(sale.discount, sale.currency, locale), amount: -sale.discount.amount },
      ],
    }),
    tenders,
    ...(sale.servedBy && { cashier: sale.servedBy.name }),
  });
}
