// Every subscription to the services' events, in one place. The App follows them from mount
// to unmount, so a store hears its events whichever screen is showing; a store only handles
// what concerns it (e.g. the sale store ignores updates for payments it is not following).
import type { TillApi } from '../../../shared/contract';
import { browserClock, type Clock, type TimerHandle } from './clock';
import { REFRESH_DEBOUNCE_MS, type PrintingStore } from './printing';
import type { SaleStore } from './sale';
import type { SettingsStore } from './settings';
import type { ShellStore } from './shell';
import type { SuppliesStore } from './supplies';
import type { MerchantStore } from './merchant';
import type { HistoryStore } from './history';
import type { BackupStore } from './backup';

export interface FollowedStores {
  shell: ShellStore;
  sale: SaleStore;
  printing: PrintingStore;
  settings: SettingsStore;
  /** Optional: stores tests leave out hear nothing. */
  supplies?: SuppliesStore;
  merchant?: MerchantStore;
  history?: HistoryStore;
  backup?: BackupStore;
}

/** The link to the services coming and going (the browser's WebSocket); Electron's IPC has none. */
export interface ConnectionEvents {
  on(listener: (connected: boolean) => void): () => void;
}

/** Subscribes the stores to the services' events; returns the function that stops them all. */
export function followTillEvents(
  api: TillApi,
  stores: FollowedStores,
  options: { connection?: ConnectionEvents; clock?: Clock } = {},
): () => void {
  const clock = options.clock ?? browserClock;
  let printingRefresh: TimerHandle | null = null;

  const stops = [
    api.on('status.changed', (status) => stores.shell.getState().setStatus(status)),
    api.on('payments.updated', (view) => stores.sale.getState().applyPayment(view)),
    api.on('sales.updated', (view) => stores.sale.getState().applySale(view)),
    api.on('catalogue.changed', () => void stores.sale.getState().refreshCatalogue()),
    api.on('settings.changed', (view) => stores.settings.getState().apply(view)),
    api.on('supplies.changed', ({ orderId }) => stores.supplies?.getState().changed(orderId)),
    api.on('merchant.changed', (status) => stores.merchant?.getState().changed(status)),
    api.on('history.refundUpdated', (view) => stores.history?.getState().refundUpdated(view)),
    api.on('backup.changed', (status) => stores.backup?.getState().changed(status)),
    api.on('printing.changed', () => {
      // Only the Printer screen shows the queue: refresh it while it shows, once per burst.
      if (printingRefresh || stores.shell.getState().screen !== 'printer') return;
      printingRefresh = clock.setTimer(() => {
        printingRefresh = null;
        void stores.printing.getState().load();
      }, REFRESH_DEBOUNCE_MS);
    }),
  ];
  if (options.connection)
    stops.push(
      options.connection.on((connected) => {
        const shell = stores.shell.getState();
        shell.setLinked(connected);
        if (connected) void shell.refresh();
      }),
    );

  return () => {
    for (const stop of stops) stop();
    printingRefresh?.cancel();
    printingRefresh = null;
  };
}
