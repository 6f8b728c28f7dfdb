// The settings that are the shop's, as one shop-wide row (docs/shop-server.md, "Shop-wide data"):
// the shop's name, address, phone, VAT number and rate, receipt footer, language and formats,
// currency and time zone (`shop`), and the discount limit (`counter`). They say what the shop is and
// what its receipts and rules are, the same whichever till a customer stands at. Everything else is
// the till's own: its printers and receipt printer, whether it prints or asks after a sale (it
// depends on the printer at hand), the card machine and supplier connections and their keys, the
// shop server's settings themselves, backups, kiosk and start-on-login, the manager PIN record.
// A row from the server is applied through the settings store's own update (validated as a
// manager's save is) and goes on the audit trail as a save does. A till without a shop server never
// calls any of this.
import { z } from 'zod';
import { counterSchema, shopSchema, type Settings } from '../../../shared/settings';
import type { AuditLog } from '../audit/journal';
import type { ShopDataArea } from '../shop-server/shop-data-source';
import type { SettingsStore } from '../storage/settings';
import { settingsEntries } from './audit-entries';

/** The one row's key: the shop has one set of settings. */
export const SHOP_SETTINGS_KEY = 'shop';

const shopSettingsBodySchema = z
  .object({
    shop: shopSchema.strict(),
    counter: counterSchema.pick({ discountLimitBasisPoints: true }).strict(),
  })
  .strict();
export type ShopSettingsBody = z.infer<typeof shopSettingsBodySchema>;

/** The shop's part of a till's settings: only what is named here, nothing else ever. */
export function shopSettingsOf(settings: Settings): ShopSettingsBody {
  const s = settings.shop;
  return {
    shop: {
      name: s.name,
      addressLines: s.addressLines,
      phone: s.phone,
      vatNumber: s.vatNumber,
      vatRateBasisPoints: s.vatRateBasisPoints,
      receiptFooter: s.receiptFooter,
      locale: s.locale,
      currency: s.currency,
      timeZone: s.timeZone,
    },
    counter: { discountLimitBasisPoints: settings.counter.discountLimitBasisPoints },
  };
}

export function settingsShopData(store: SettingsStore, audit: AuditLog): ShopDataArea {
  return {
    kind: 'shop-settings',
    rows: () => new Map([[SHOP_SETTINGS_KEY, shopSettingsOf(store.load())]]),
    apply(changes) {
      const refused: { key: string; reason: string }[] = [];
      for (const change of changes) {
        const body = shopSettingsBodySchema.safeParse(change.body);
        if (change.key !== SHOP_SETTINGS_KEY || !body.success) {
          // Removed, or not the shop's settings: the till keeps its own.
          refused.push({
            key: change.key,
            reason: body.success
              ? 'not the shop’s settings'
              : (body.error.issues[0]?.message ?? 'no settings'),
          });
          continue;
        }
        const previous = store.load();
        let next: Settings;
        try {
          next = store.update(body.data);
        } catch (error) {
          refused.push({ key: change.key, reason: error instanceof Error ? error.message : 'not saved' });
          continue;
        }
        // As a manager's save is: only the fields that changed; by no one on this till.
        for (const entry of settingsEntries(previous, next, null)) audit.record(entry);
      }
      return { refused };
    },
    // The store tells its listeners (the till's parts and the screens: `settings.changed`).
    announce: () => undefined,
    describe(body) {
      const { shop, counter } = body as ShopSettingsBody;
      return {
        name: shop.name,
        fields: [
          { field: 'name', value: shop.name },
          { field: 'addressLines', value: shop.addressLines.join(', ') },
          { field: 'phone', value: shop.phone },
          { field: 'vatNumber', value: shop.vatNumber },
          { field: 'vatRate', value: shop.vatRateBasisPoints },
          { field: 'receiptFooter', value: shop.receiptFooter },
          { field: 'locale', value: shop.locale },
          { field: 'currency', value: shop.currency },
          { field: 'timeZone', value: shop.timeZone },
          { field: 'discountLimit', value: counter.discountLimitBasisPoints },
        ],
      };
    },
  };
}
