// The shop server in a till (issue 30, docs/shop-server.md): the journal up through the outbox,
// shop-wide catalogue and staff down, and the shop's X and Z, wired to the till's own areas. A till
// without a shop server builds it too: nothing connects until one is set in Settings.
import type { AuditLog } from '../audit/journal';
import type { ProductCatalogue } from '../catalogue/store';
import type { ManagerGate } from '../manager-gate';
import { createShopServer, type ShopServerDeps } from '../shop-server/service';
import { shopReportsForTill, type ShopReportsForTill } from '../shop-server/shop-report-handlers';
import type { StaffDirectory } from '../staff/directory';
import { lastChangeSeq } from '../storage/journal-changes';
import type { ContributionOptions } from '../till-reports/journal-contributions';
import type { EventBus } from './events';
import { journalSources } from './journal-sources';
import { SHOP_DATA_EVENTS, shopDataOf } from './shop-data-areas';

export interface ShopServerForTill
  extends
    Pick<ShopServerDeps, 'db' | 'settings' | 'secrets' | 'clock' | 'logger' | 'onStatus'>,
    Pick<ShopReportsForTill, 'currency' | 'printReceipt'> {
  events: EventBus;
  catalogue: ProductCatalogue;
  staff: StaffDirectory;
  manager: ManagerGate;
  audit: AuditLog;
  /** Each journal row's share of a report (till-reports), carried up for the shop's reports. */
  contributions: ContributionOptions;
  /** Staff changed from the server: the sign-in screen follows. */
  staffChanged: () => void;
}

export function shopServerForTill(d: ShopServerForTill) {
  const shopServer = createShopServer({
    db: d.db,
    settings: d.settings,
    secrets: d.secrets,
    clock: d.clock,
    logger: d.logger,
    journal: journalSources(d.db, d.contributions),
    lastLocalSeq: () => lastChangeSeq(d.db),
    onStatus: d.onStatus,
    shopData: shopDataOf({ ...d, staffChanged: d.staffChanged }),
  });
  // Whatever the till writes is either a contract call or announced as an event: both wake the outbox.
  const stopNudging = d.events.subscribe((event) => {
    shopServer.nudge();
    if (SHOP_DATA_EVENTS.has(event)) shopServer.shopDataEdited();
  });
  return {
    shopServer,
    handlers: {
      ...shopServer.handlers,
      // The shop's X and Z over all tills, from the shop server's sums of the journal's rows.
      ...shopReportsForTill({ ...d, gate: d.manager }),
    },
    async close() {
      stopNudging();
      await shopServer.close();
    },
  };
}
