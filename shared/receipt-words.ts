// The words a sale receipt prints, in the shop's language (shared/format.ts SHOP_LOCALES). The
// services build receipts, so these live here, not in the screens' catalogues; the preview shows
// the same lines. Only what paper needs: short labels, no sentences.
import { shopLocaleOr, type ShopLocale } from './format';

export interface ReceiptWords {
  phone: (phone: string) => string;
  vatNumber: (number: string) => string;
  receipt: (number: string) => string;
  servedBy: (name: string) => string;
  each: (price: string) => string;
  subtotal: string;
  total: string;
  card: string;
  authCode: (code: string) => string;
  cash: string;
  changeDue: string;
  vatSummary: string;
  vatAt: (rate: string) => string;
  net: string;
  gross: string;
  totalVat: string;
  discount: (what: string) => string;
  manualCard: (reference: string) => string;
  priceChangedFrom: (price: string) => string;
}

const WORDS: Record<ShopLocale, ReceiptWords> = {
  'en-GB': {
    phone: (phone) => `Tel ${phone}`,
    vatNumber: (number) => `VAT No. ${number}`,
    receipt: (number) => `Receipt ${number}`,
    servedBy: (name) => `Served by ${name}`,
    each: (price) => `@ ${price}`,
    subtotal: 'Subtotal',
    total: 'TOTAL',
    card: 'Card',
    authCode: (code) => `Auth code ${code}`,
    cash: 'Cash',
    changeDue: 'Change due',
    vatSummary: 'VAT summary',
    vatAt: (rate) => `VAT ${rate}`,
    net: 'Net',
    gross: 'Gross',
    totalVat: 'Total VAT',
    discount: (what) => `Discount ${what}`,
    manualCard: (reference) => `Card (ref ${reference})`,
    priceChangedFrom: (price) => `Price changed from ${price}`,
  },
  'de-DE': {
    phone: (phone) => `Tel. ${phone}`,
    vatNumber: (number) => `USt-IdNr. ${number}`,
    receipt: (number) => `Beleg ${number}`,
    servedBy: (name) => `Es bediente Sie ${name}`,
    each: (price) => `je ${price}`,
    subtotal: 'Zwischensumme',
    total: 'SUMME',
    card: 'Karte',
    authCode: (code) => `Autorisierung ${code}`,
    cash: 'Bar',
    changeDue: 'Rückgeld',
    vatSummary: 'MwSt.-Übersicht',
    vatAt: (rate) => `MwSt. ${rate}`,
    net: 'Netto',
    gross: 'Brutto',
    totalVat: 'MwSt. gesamt',
    discount: (what) => `Rabatt ${what}`,
    manualCard: (reference) => `Karte (Ref. ${reference})`,
    priceChangedFrom: (price) => `Preis geändert, vorher ${price}`,
  },
};

/** The receipt's words for a locale; an unknown one prints English. */
export function receiptWords(locale: string | undefined): ReceiptWords {
  return WORDS[shopLocaleOr(locale)];
}
