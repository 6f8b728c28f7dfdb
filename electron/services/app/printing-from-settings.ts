// The printing service for the printers the settings name, rebuilt when they change. The
// spool's queue lives in the database, so a rebuild loses nothing. Rebuilds are chained and
// every caller waits for the current one: a receipt queued during a change lands on the new
// spool, and two spools never run at once.
import type { PrinterStatus } from '../../../shared/contract';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import {
  createPrintingService,
  type PrinterConfig,
  type PrintingService,
  type SpoolEvent,
  type SpoolTiming,
} from '../printing/index';
import type { Db } from '../storage/database';
import type { Settings, SettingsStore } from '../storage/settings';
import { summarisePrinter } from './status';

export interface PrintingFromSettingsOptions {
  db: Db;
  settings: SettingsStore;
  clock?: Clock;
  timing?: Partial<SpoolTiming>;
  logger: Logger;
  /** Every job and printer change of the current spool. */
  onEvent: (event: SpoolEvent) => void;
  /** The receipt printer in one word, after every change. */
  onSummary: (summary: PrinterStatus) => void;
}

export interface PrintingFromSettings {
  /** The current printing service, once any rebuild under way has finished. */
  current(): Promise<PrintingService>;
  close(): Promise<void>;
}

function printerConfigs(settings: Settings): PrinterConfig[] {
  return settings.printers.map((p) => ({
    id: p.id,
    name: p.name,
    transport: p.transport,
    ...(p.address !== null && { address: p.address }),
    ...(p.devicePath !== null && { devicePath: p.devicePath }),
    ...(p.usbVendorId !== null && { usbVendorId: p.usbVendorId }),
    ...(p.usbProductId !== null && { usbProductId: p.usbProductId }),
    paperWidth: p.paperWidth,
    codePage: p.codePage,
    profile: p.profile,
    drawer: p.drawer,
  }));
}

const printerChoice = (s: Settings) => JSON.stringify([s.printers, s.receiptPrinterId]);

export function printingFromSettings(o: PrintingFromSettingsOptions): PrintingFromSettings {
  const logged = (what: string) => (error: unknown) => o.logger.error(what, error);
  let ready: Promise<PrintingService>;
  // A refresh started by a job's last event may finish after close(): it must not read the
  // closed database.
  let closed = false;
  const refreshSummary = async () => {
    const printing = await ready;
    if (closed) return;
    const statuses = await printing.status();
    o.onSummary(summarisePrinter(o.settings.load().receiptPrinterId, statuses));
  };

  const build = (): PrintingService => {
    const current = o.settings.load();
    const printing = createPrintingService({
      db: o.db,
      printers: printerConfigs(current),
      // Read at each ticket: a change of language reaches the next banner without a rebuild.
      locale: () => o.settings.load().shop.locale,
      ...(current.receiptPrinterId && { defaultPrinterId: current.receiptPrinterId }),
      ...(o.clock && { clock: o.clock }),
      ...(o.timing && { timing: o.timing }),
    });
    // No need to stop listening to an old spool: its close ends its events.
    printing.onChange((event) => {
      o.onEvent(event);
      refreshSummary().catch(logged('printer status'));
    });
    return printing;
  };

  ready = Promise.resolve(build());
  refreshSummary().catch(logged('printer status'));

  const stopWatchingSettings = o.settings.onChange((next, previous) => {
    if (printerChoice(next) === printerChoice(previous)) return;
    // A rebuild that failed (settings that cannot work) left no service: the next change of
    // printers builds one again instead of staying failed until a restart.
    ready = ready.then(
      async (old) => {
        await old.close().catch(logged('closing the old print spool'));
        return build();
      },
      () => build(),
    );
    ready.then(() => refreshSummary()).catch(logged('printer status'));
  });

  return {
    current: () => ready,
    async close() {
      closed = true;
      stopWatchingSettings();
      // After a failed rebuild there is no service left to close (the old one already was).
      const printing = await ready.catch(() => null);
      await printing?.close();
    },
  };
}
