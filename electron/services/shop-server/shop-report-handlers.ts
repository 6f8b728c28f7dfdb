// The shop report contract methods (shopReports.*), and the shop reports service built for the
// composition root over the till's settings, keychain, catalogue, staff gate and printer.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { GuardedAction, StaffStamp } from '../../../shared/contract';
import type { ProductCatalogue } from '../catalogue/store';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { receiptSettingsFrom } from '../sales/receipt-settings';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import { printSettingsOf } from '../till-reports/shop-day';
import { ShopReports, type ShopReportsDeps } from './shop-reports';

export function shopReportsHandlers(reports: ShopReports): HandlersOf<'shopReports'> {
  return {
    'shopReports.x': () => reports.x(),
    'shopReports.z': () => reports.z(),
    'shopReports.list': ({ limit }) => reports.list(limit),
    'shopReports.get': ({ zNumber }) => reports.get(zNumber),
    'shopReports.print': ({ zNumber }) => reports.printReport(zNumber),
    'shopReports.exportCsv': ({ zNumber }) => reports.exportCsv(zNumber),
  };
}

export interface ShopReportsForTill {
  settings: SettingsStore;
  secrets: Pick<SecretStore, 'get'>;
  currency: string;
  catalogue: Pick<ProductCatalogue, 'admin'>;
  clock: Clock;
  gate: { serving(): StaffStamp | null; require(action: GuardedAction): StaffStamp | null };
  printReceipt: ShopReportsDeps['printReceipt'];
  logger: Logger;
}

/** The shop reports' handlers for a till. */
export function shopReportsForTill(d: ShopReportsForTill): HandlersOf<'shopReports'> {
  return shopReportsHandlers(
    new ShopReports({
      settings: () => d.settings.load().shopServer,
      password: async () => {
        try {
          return await d.secrets.get('shopServer.password', 'live');
        } catch (error) {
          d.logger.warn('shop reports: the password could not be read from the keychain', error);
          return null;
        }
      },
      currency: d.currency,
      // The tills' contributions sum products by SKU (journal-contributions.ts).
      categories: () => new Map(d.catalogue.admin().products.map((p) => [p.sku, p.category])),
      clock: d.clock,
      serving: () => d.gate.serving(),
      requireZ: () => d.gate.require('z-report'),
      printReceipt: d.printReceipt,
      printSettings: () => printSettingsOf(receiptSettingsFrom(d.settings.load())),
      logger: d.logger,
    }),
  );
}
