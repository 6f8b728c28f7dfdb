// The shop's details and the receipt printer's paper, as the sale receipt needs them, read from
// the settings for every receipt so a change shows on the next one.
import type { Settings } from '../storage/settings';
import type { ReceiptSettings } from './checkout';

export function receiptSettingsFrom(settings: Settings): ReceiptSettings {
  const { shop, printers, receiptPrinterId } = settings;
  const printer = printers.find((p) => p.id === receiptPrinterId);
  return {
    shop: {
      name: shop.name,
      addressLines: shop.addressLines,
      ...(shop.vatNumber && { vatNumber: shop.vatNumber }),
      ...(shop.phone && { phone: shop.phone }),
    },
    ...(shop.vatRateBasisPoints !== null && { vatRateBasisPoints: shop.vatRateBasisPoints }),
    ...(shop.receiptFooter && { footerLines: shop.receiptFooter.split('\n') }),
    paperWidth: printer?.paperWidth ?? 80,
    locale: shop.locale,
    // The shop's clocks on every slip (the machine's only until the first start has written it).
    ...(shop.timeZone && { timeZone: shop.timeZone }),
  };
}
