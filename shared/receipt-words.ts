// The words the shop's slips print (sale and refund receipts, till X/Z reports, supplies orders),
// in the shop's language (shared/format.ts SHOP_LOCALES). The services build the slips, so these
// live here, not in the screens' catalogues; the preview shows the same lines. Only what paper
// needs: short labels, no sentences; only characters CP858 and CP1252 both print (no curly
// quotes; the slip tests in tests/unit/printing and till-reports check).
import type { CashMovementReason } from './contract/shifts';
import { shopLocaleOr, type ShopLocale } from './format';
import type { OrderStage } from './supplies';

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
  /** Heading of a receipt printed again from the history. */
  copy: string;
  /** The printer's framed banners (shared/receipt-layout.ts): a reprint, a resend that may be twice. */
  banners: BannerWords;
  reprinted: (when: string, by: string | null) => string;
  refundSlip: RefundSlipWords;
  tillReport: TillReportWords;
  supplyOrder: SupplyOrderWords;
}

export interface BannerWords {
  /** Tops every ticket printed again on purpose (a reprint). */
  duplicate: string;
  /**
   * Tops every ticket sent again after the link dropped once the whole receipt was sent: it may
   * already have printed. One framed line each; each fits 58 mm paper (28 characters).
   */
  copy: readonly [string, string];
}

export interface RefundSlipWords {
  title: string;
  forReceipt: (receiptNumber: string) => string;
  total: string;
  toCard: (lastDigits: string | null) => string;
  cashGivenBack: string;
  reason: (reason: string) => string;
  refundedBy: (name: string, approvedBy: string | null) => string;
}

export interface TillReportWords {
  reprint: string;
  /** The Z number as staff see it (zNumberText): "12", or "2-12" on till 2 of a shop. */
  zTitle: (number: string) => string;
  xTitle: string;
  /** The shop's reports over all its tills (shop server): their titles and the rows by till. */
  shopZTitle: (number: string) => string;
  shopXTitle: string;
  byTill: string;
  till: (number: number, name: string) => string;
  /** When the period starts; null before the first Z. */
  from: (when: string | null) => string;
  to: (when: string) => string;
  runBy: (name: string) => string;
  takings: string;
  sales: string;
  refunds: string;
  netTakings: string;
  byTender: string;
  vat: string;
  noRateKept: string;
  rateGross: (rate: string) => string;
  rateVat: (rate: string) => string;
  rateNet: (rate: string) => string;
  refundsWithoutItems: string;
  /** Under a category's or cashier's row: what refunds gave back, and what is left. */
  rowRefunded: string;
  rowAfterRefunds: string;
  byCategory: string;
  byCashier: string;
  byHour: string;
  other: string;
  discounts: string;
  priceOverrides: string;
  voids: string;
  /** null: the till could not record them then. */
  noSales: (count: number | null) => string;
  cashInAndOut: string;
  cashIn: (reason: string) => string;
  cashOut: (reason: string) => string;
  movementReasons: Record<CashMovementReason, string>;
  shift: (number: number, countedBy: string | null) => string;
  float: string;
  expected: string;
  counted: string;
  difference: string;
  manualCard: string;
  unknownCardMachine: string;
  /** A card machine the shop has not named, by the last digits of its id. */
  unnamedCardMachine: (lastDigits: string) => string;
  noCategory: string;
  nobody: string;
}

export interface SupplyOrderWords {
  title: string;
  order: (reference: string) => string;
  placed: (when: string) => string;
  status: (status: string) => string;
  stages: Record<OrderStage, string>;
  /** A status the spec does not list, as the supplier sent it (already cleaned). */
  supplierSays: (status: string) => string;
  noStatus: string;
  productGone: string;
  deliverTo: string;
  notes: (notes: string) => string;
  tracking: (carrier: string, trackingId: string) => string;
  printed: (when: string) => string;
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
    copy: 'COPY',
    banners: { duplicate: 'DUPLICATE', copy: ['COPY', 'may already have printed'] },
    reprinted: (when, by) => `Reprinted ${when}${by ? ` by ${by}` : ''}: not a new sale`,
    refundSlip: {
      title: 'REFUND',
      forReceipt: (receiptNumber) => `For receipt ${receiptNumber}`,
      total: 'REFUND TOTAL',
      toCard: (lastDigits) => (lastDigits ? `To card ****${lastDigits}` : 'To card'),
      cashGivenBack: 'Cash given back',
      reason: (reason) => `Reason: ${reason}`,
      refundedBy: (name, approvedBy) =>
        `Refunded by ${name}${approvedBy ? `, approved by ${approvedBy}` : ''}`,
    },
    tillReport: {
      reprint: 'REPRINT',
      zTitle: (number) => `Z REPORT ${number}`.trim(),
      xTitle: 'X REPORT (day so far)',
      shopZTitle: (number) => `SHOP Z REPORT ${number}`.trim(),
      shopXTitle: 'SHOP X REPORT (so far)',
      byTill: 'By till',
      till: (number, name) => `Till ${number} ${name}`,
      from: (when) => (when ? `From ${when}` : 'From the first sale'),
      to: (when) => `To   ${when}`,
      runBy: (name) => `Run by ${name}`,
      takings: 'Takings',
      sales: 'Sales',
      refunds: 'Refunds',
      netTakings: 'Net takings',
      byTender: 'By tender',
      vat: 'VAT',
      noRateKept: 'No rate kept',
      rateGross: (rate) => `${rate} gross`,
      rateVat: (rate) => `${rate} VAT`,
      rateNet: (rate) => `${rate} net`,
      refundsWithoutItems: 'Card refunds, no items',
      rowRefunded: '  Refunded',
      rowAfterRefunds: '  After refunds',
      byCategory: 'By category',
      byCashier: 'By cashier',
      byHour: 'By hour',
      other: 'Other',
      discounts: 'Discounts',
      priceOverrides: 'Price overrides',
      voids: 'Voids',
      noSales: (count) => `No-sales: ${count ?? 'not recorded'}`,
      cashInAndOut: 'Cash in and out',
      cashIn: (reason) => `In: ${reason}`,
      cashOut: (reason) => `Out: ${reason}`,
      movementReasons: {
        paid_out: 'Paid out',
        bank_drop: 'Bank drop',
        float_top_up: 'Float top-up',
        other: 'Other',
      },
      shift: (number, countedBy) => `Shift ${number}${countedBy ? ` counted by ${countedBy}` : ''}`,
      float: 'Float',
      expected: 'Expected',
      counted: 'Counted',
      difference: 'Difference',
      manualCard: 'Card keyed in by hand',
      unknownCardMachine: 'Card machine not known',
      unnamedCardMachine: (digits) => `Card machine ending ${digits}`,
      noCategory: 'No category',
      nobody: 'Nobody signed in',
    },
    supplyOrder: {
      title: 'SUPPLIES ORDER',
      order: (reference) => `Order ${reference}`,
      placed: (when) => `Placed ${when}`,
      status: (status) => `Status: ${status}`,
      stages: {
        received: 'Received by the supplier',
        pending: 'Being prepared',
        'partially shipped': 'Part of it is on its way',
        shipped: 'On its way',
        invoiced: 'Delivered and invoiced',
      },
      supplierSays: (status) => `The supplier says "${status}"`,
      noStatus: 'The supplier gave no status',
      productGone: 'Product no longer listed',
      deliverTo: 'Deliver to',
      notes: (notes) => `Notes: ${notes}`,
      tracking: (carrier, trackingId) => `${carrier} tracking ${trackingId}`,
      printed: (when) => `Printed ${when}`,
    },
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
    copy: 'KOPIE',
    banners: { duplicate: 'DUPLIKAT', copy: ['KOPIE', 'vielleicht schon gedruckt'] },
    reprinted: (when, by) => `Nachdruck ${when}${by ? ` von ${by}` : ''}: kein neuer Verkauf`,
    refundSlip: {
      title: 'ERSTATTUNG',
      forReceipt: (receiptNumber) => `Zu Beleg ${receiptNumber}`,
      total: 'ERSTATTUNG GESAMT',
      toCard: (lastDigits) => (lastDigits ? `Auf Karte ****${lastDigits}` : 'Auf Karte'),
      cashGivenBack: 'Bar zurückgegeben',
      reason: (reason) => `Grund: ${reason}`,
      refundedBy: (name, approvedBy) =>
        `Erstattet von ${name}${approvedBy ? `, genehmigt von ${approvedBy}` : ''}`,
    },
    tillReport: {
      reprint: 'NACHDRUCK',
      zTitle: (number) => `Z-BERICHT ${number}`.trim(),
      xTitle: 'X-BERICHT (Tag bisher)',
      shopZTitle: (number) => `FILIAL-Z-BERICHT ${number}`.trim(),
      shopXTitle: 'FILIAL-X-BERICHT (bisher)',
      byTill: 'Nach Kasse',
      till: (number, name) => `Kasse ${number} ${name}`,
      from: (when) => (when ? `Von ${when}` : 'Ab dem ersten Verkauf'),
      to: (when) => `Bis ${when}`,
      runBy: (name) => `Erstellt von ${name}`,
      takings: 'Umsatz',
      sales: 'Verkäufe',
      refunds: 'Erstattungen',
      netTakings: 'Umsatz nach Erstattungen',
      byTender: 'Nach Zahlungsart',
      vat: 'MwSt.',
      noRateKept: 'Ohne Steuersatz',
      rateGross: (rate) => `${rate} brutto`,
      rateVat: (rate) => `${rate} MwSt.`,
      rateNet: (rate) => `${rate} netto`,
      refundsWithoutItems: 'Kartenerstattungen ohne Artikel',
      rowRefunded: '  Erstattet',
      rowAfterRefunds: '  Nach Erstattungen',
      byCategory: 'Nach Warengruppe',
      byCashier: 'Nach Kassierer',
      byHour: 'Nach Stunde',
      other: 'Sonstiges',
      discounts: 'Rabatte',
      priceOverrides: 'Preisänderungen',
      voids: 'Stornos',
      noSales: (count) => `Lade ohne Verkauf: ${count ?? 'nicht erfasst'}`,
      cashInAndOut: 'Einlagen und Entnahmen',
      cashIn: (reason) => `Einlage: ${reason}`,
      cashOut: (reason) => `Entnahme: ${reason}`,
      movementReasons: {
        paid_out: 'Auszahlung',
        bank_drop: 'Bankeinzahlung',
        float_top_up: 'Wechselgeld aufgefüllt',
        other: 'Sonstiges',
      },
      shift: (number, countedBy) => `Schicht ${number}${countedBy ? `, gezählt von ${countedBy}` : ''}`,
      float: 'Wechselgeld',
      expected: 'Soll',
      counted: 'Gezählt',
      difference: 'Differenz',
      manualCard: 'Karte von Hand eingegeben',
      unknownCardMachine: 'Kartenterminal unbekannt',
      unnamedCardMachine: (digits) => `Kartenterminal mit Endung ${digits}`,
      noCategory: 'Ohne Warengruppe',
      nobody: 'Niemand angemeldet',
    },
    supplyOrder: {
      title: 'BESTELLUNG VERBRAUCHSMATERIAL',
      order: (reference) => `Bestellung ${reference}`,
      placed: (when) => `Aufgegeben ${when}`,
      status: (status) => `Status: ${status}`,
      stages: {
        received: 'Beim Lieferanten eingegangen',
        pending: 'In Vorbereitung',
        'partially shipped': 'Teilweise unterwegs',
        shipped: 'Unterwegs',
        invoiced: 'Geliefert und berechnet',
      },
      supplierSays: (status) => `Der Lieferant meldet "${status}"`,
      noStatus: 'Keine Angabe des Lieferanten',
      productGone: 'Artikel nicht mehr lieferbar',
      deliverTo: 'Lieferadresse',
      notes: (notes) => `Hinweise: ${notes}`,
      tracking: (carrier, trackingId) => `${carrier} Sendung ${trackingId}`,
      printed: (when) => `Gedruckt ${when}`,
    },
  },
};

/** The receipt's words for a locale; an unknown one prints English. */
export function receiptWords(locale: string | undefined): ReceiptWords {
  return WORDS[shopLocaleOr(locale)];
}
