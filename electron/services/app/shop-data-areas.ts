// Every area's part of the shop-wide data the shop server shares between tills, in one list:
// adding an area is one line here (its `<area>/shop-data.ts`). The order is the order a first
// join applies them in: VAT rates before the products that use them.
import { catalogueShopData } from '../catalogue/shop-data';
import type { ProductCatalogue } from '../catalogue/store';
import type { ShopDataArea } from '../shop-server/shop-data-source';
import { staffShopData } from '../staff/shop-data';
import { settingsShopData } from '../settings/shop-data';
import type { SettingsStore } from '../storage/settings';
import { OrderAttempts } from '../supplies/order-attempts';
import { suppliesShopData } from '../supplies/shop-data';
import type { Clock } from '../common/clock';
import type { StaffStore } from '../staff/store';
import type { Db } from '../storage/database';
import type { AuditLog } from '../audit/journal';
import type { ManagerGate } from '../manager-gate';
import type { ShopDataDeps } from '../shop-server/shop-data-service';
import type { StaffDirectory } from '../staff/directory';
import type { EventBus } from './events';

export function shopDataAreas(d: {
  db: Db;
  catalogue: ProductCatalogue;
  staff: StaffStore;
  clock: Pick<Clock, 'now'>;
  /** The till's settings: the shop's part of them is shared, applied through the store's update. */
  settings: SettingsStore;
  audit: AuditLog;
  /** The catalogue changed from the server: the Sell screen reloads. */
  catalogueChanged: () => void;
  /** Staff changed from the server: the sign-in screen follows. */
  staffChanged: () => void;
  /** The usual supplies order changed from the server: the Supplies screen reloads it. */
  suppliesChanged: () => void;
}): ShopDataArea[] {
  return [
    ...catalogueShopData(d.db, d.catalogue, d.catalogueChanged),
    staffShopData(d.db, d.staff, d.staffChanged),
    suppliesShopData(new OrderAttempts(d.db, () => d.clock.now()), d.suppliesChanged),
    settingsShopData(d.settings, d.audit),
  ];
}

/** The events that say a manager may have edited shop-wide data on this till. */
export const SHOP_DATA_EVENTS: ReadonlySet<string> = new Set([
  'catalogue.changed',
  'staff.changed',
  'supplies.changed',
  'settings.changed',
]);

/** What the shop server's service needs for the shop-wide data, from the till's parts. */
export function shopDataOf(d: {
  db: Db;
  clock: Clock;
  settings: SettingsStore;
  catalogue: ProductCatalogue;
  staff: StaffDirectory;
  manager: ManagerGate;
  audit: AuditLog;
  events: EventBus;
  staffChanged: () => void;
}): Pick<ShopDataDeps, 'areas' | 'requireBackOffice' | 'audit'> {
  return {
    areas: shopDataAreas({
      db: d.db,
      catalogue: d.catalogue,
      staff: d.staff.store,
      clock: d.clock,
      settings: d.settings,
      audit: d.audit,
      catalogueChanged: () => d.events.emit('catalogue.changed', { version: d.catalogue.version }),
      staffChanged: d.staffChanged,
      suppliesChanged: () => d.events.emit('supplies.changed', { orderId: null }),
    }),
    requireBackOffice: () => d.manager.require('back-office'),
    audit: d.audit,
  };
}
