// Builds the till's services and joins them to the contract. Used as-is by Electron main and
// by the browser host, so both run exactly the same code.
import { join } from 'node:path';
import { createDispatcher, type Dispatch, type Handlers } from '../../shared/contract/dispatch';
import type { AppInfo, ServiceName, TillStatus } from '../../shared/contract';
import { TillError } from '../../shared/contract/errors';
import { seedCatalogue } from '../sandbox/catalogue-seed';
import { startSandboxServices, type SandboxServices } from '../sandbox/index';
import { ConnectionMonitor } from './connection-monitor';
import { PayAtCounterConnection } from './connections';
import { EventBus } from './events';
import { createLogger, type Logger } from './logger';
import { ManagerGate } from './manager-gate';
import { printingHandlers, toJobView } from './handlers/printing';
import { reportsHandlers } from './handlers/reports';
import { salesHandlers } from './handlers/sales';
import { settingsHandlers, settingsView } from './handlers/settings';
import { terminalHandlers } from './handlers/terminals';
import { JOURNAL_MIGRATIONS, PaymentJournal } from './payments/journal';
import { createPaymentService, type PollingPolicy } from './payments/transaction-runner';
import { createPrintingService, type PrinterConfig, type PrintingService } from './printing/index';
import { SPOOL_MIGRATIONS, type SpoolTiming } from './printing/spool';
import { CATALOGUE_MIGRATIONS, ProductCatalogue } from './sales/catalogue';
import { Checkout } from './sales/checkout';
import { SALES_MIGRATIONS, SalesLedger } from './sales/sales-ledger';
import { openDatabase } from './storage/database';
import { KeychainSecretStore } from './storage/secret-store-keychain';
import { chooseSecretStore, type SecretStore } from './storage/secret-store';
import { JsonFileSettingsStore, type Settings, type SettingsStore } from './storage/settings';

export interface TillOptions {
  dataDir: string;
  host: AppInfo['host'];
  version: string;
  kiosk?: boolean;
  logger?: Logger;
  /** Pace of the embedded sandbox card machine; tests speed it up. */
  sandboxSpeed?: number;
  /** Size of the sandbox catalogue seeded into an empty database (the benchmark uses 10,000). */
  catalogueSeedSize?: number;
  /** Electron main passes an electron-store backed store; the browser host uses a JSON file. */
  settingsStore?: SettingsStore;
  /** Secret stores to try in order; the OS keychain by default. */
  secretStores?: SecretStore[];
  paymentPolling?: Partial<PollingPolicy>;
  printTiming?: Partial<SpoolTiming>;
  /** Cheaper PIN hashing for tests only. */
  pinScryptCost?: number;
  /** The clock of the manager PIN lockout (epoch ms); tests move it instead of waiting. */
  now?: () => number;
  /** Ends the till (Electron: app.quit); a kiosk till quits only this way, with the manager PIN. */
  quit?: () => void;
}

export interface Till {
  dispatch: Dispatch;
  events: EventBus;
  info: AppInfo;
  /** Started on first use when a service is in sandbox mode. */
  sandbox(): Promise<SandboxServices>;
  settings: SettingsStore;
  close(): Promise<void>;
}

const CONNECTION_CHECK_MS = 15_000;
const SANDBOX_SERVICES: ServiceName[] = ['payAtCounter'];

function printerConfigs(settings: Settings): PrinterConfig[] {
  return settings.printers.map((p) => ({
    id: p.id,
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

export async function createTill(options: TillOptions): Promise<Till> {
  const logger = options.logger ?? createLogger('till');
  const events = new EventBus();
  const settings =
    options.settingsStore ?? new JsonFileSettingsStore({ file: join(options.dataDir, 'settings.json') });
  for (const problem of settings.problems()) logger.warn(`settings: ${problem.message}`);
  const secrets = await chooseSecretStore(
    options.secretStores ?? [
      new KeychainSecretStore({ savedDatesFile: join(options.dataDir, 'secret-dates.json') }),
    ],
  );

  // Probed once (it writes a test entry); probed again only while it is failing.
  let keychain = await secrets.availability();

  let sandboxStarting: Promise<SandboxServices> | null = null;
  const sandbox = () => (sandboxStarting ??= startSandboxServices({ speed: options.sandboxSpeed ?? 1 }));
  const inSandbox = () => SANDBOX_SERVICES.some((s) => settings.load()[s].mode === 'sandbox');
  if (inSandbox()) await sandbox();

  const db = openDatabase(join(options.dataDir, 'paydesk.sqlite'), [
    ...JOURNAL_MIGRATIONS,
    ...SPOOL_MIGRATIONS,
    ...CATALOGUE_MIGRATIONS,
    ...SALES_MIGRATIONS,
  ]);
  const shopCurrency = 'GBP';
  const catalogue = new ProductCatalogue(db, shopCurrency);
  if (catalogue.isEmpty()) catalogue.seed(seedCatalogue(options.catalogueSeedSize));
  const ledger = new SalesLedger(db);
  const journal = new PaymentJournal(db);

  const payAtCounter = new PayAtCounterConnection(settings, secrets, sandbox);
  const monitor = new ConnectionMonitor([{ service: 'payAtCounter', mode: payAtCounter.mode() }]);
  const trackCard = <T>(work: Promise<T>) => monitor.track('payAtCounter', work);

  const payments = createPaymentService({
    client: payAtCounter.api(),
    db,
    ...(options.paymentPolling && { polling: options.paymentPolling }),
  });

  // Printing is rebuilt when the printers change; the spool's queue lives in the database.
  // Rebuilds are chained, and every caller waits for the current one, so a receipt queued
  // during a change lands on the new spool and two spools never run at once.
  let printingReady: Promise<PrintingService>;
  let stopPrintingEvents = () => {};
  const logged = (what: string) => (error: unknown) => logger.error(what, error);
  const printerSummary = {
    state: 'preview' as TillStatus['printer']['state'],
    detail: 'Receipts show on screen',
    queued: 0,
  };
  const buildPrinting = (): PrintingService => {
    const current = settings.load();
    const printing = createPrintingService({
      db,
      printers: printerConfigs(current),
      ...(current.receiptPrinterId && { defaultPrinterId: current.receiptPrinterId }),
      ...(options.printTiming && { timing: options.printTiming }),
    });
    stopPrintingEvents = printing.onChange((event) => {
      events.emit('printing.changed', { job: event.type === 'job' ? toJobView(event.job) : null });
      refreshPrinterSummary().catch(logged('printer status'));
    });
    return printing;
  };
  const refreshPrinterSummary = async () => {
    const current = settings.load();
    const id = current.receiptPrinterId;
    const statuses = await (await printingReady).status();
    const mine = statuses.find((s) => s.printerId === id);
    const queued = statuses.reduce((n, s) => n + s.pending, 0);
    const next: TillStatus['printer'] = !id
      ? { state: 'not_configured', detail: 'No receipt printer is chosen', queued }
      : !mine || mine.kind === 'preview'
        ? { state: 'preview', detail: 'Receipts show on screen', queued }
        : {
            state: ['ready', 'paper_near_end', 'unknown', 'not_checked'].includes(mine.condition)
              ? mine.pending > 0
                ? 'printing'
                : 'ready'
              : ['offline', 'unreachable'].includes(mine.condition)
                ? 'offline'
                : 'held',
            detail: mine.detail,
            queued,
          };
    if (JSON.stringify(next) !== JSON.stringify(printerSummary)) {
      Object.assign(printerSummary, next);
      events.emit('status.changed', status());
    }
  };
  printingReady = Promise.resolve(buildPrinting());
  refreshPrinterSummary().catch(logged('printer status'));

  const status = (): TillStatus => ({ connections: monitor.list(), printer: { ...printerSummary } });
  monitor.onChange(() => events.emit('status.changed', status()));
  monitor.startPeriodicCheck(
    async () => trackCard((await payAtCounter.client()).listTerminals()),
    CONNECTION_CHECK_MS,
  );

  const checkout = new Checkout({
    catalogue,
    ledger,
    payments,
    printing: { printReceipt: async (...args) => (await printingReady).printReceipt(...args) },
    terminalCurrency: async (terminalId) =>
      (await trackCard((await payAtCounter.client()).getTerminal(terminalId))).currency,
    receiptSettings: () => {
      const { shop, printers, receiptPrinterId } = settings.load();
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
      };
    },
    cardRecord: (paymentId) => journal.get(paymentId)?.record ?? null,
    paymentsFor: (link) => {
      const [column, value] =
        'saleId' in link ? ['sale_id', link.saleId] : ['original_payment_id', link.originalPaymentId];
      const ids = db.prepare(`SELECT id FROM card_payments WHERE ${column} = ?`).all(value) as {
        id: string;
      }[];
      return ids.flatMap(({ id }) => payments.getPayment(id) ?? []);
    },
    onPayment: (view) => events.emit('payments.updated', view),
    onSale: (view) => events.emit('sales.updated', view),
    logger,
  });

  const manager = new ManagerGate(settings, {
    ...(options.pinScryptCost && { scryptCost: options.pinScryptCost }),
  });
  const settingsDeps = {
    settings,
    secrets,
    manager,
    testConnection: async (service: ServiceName) => {
      if (service !== 'payAtCounter') {
        throw new TillError('not_configured', 'This service’s client arrives in a later version of Paydesk.');
      }
      await trackCard((await payAtCounter.client()).listTerminals());
    },
    cardPaymentRunning: () => activePayments().length > 0,
    onSecretsChanged: () => payAtCounter.forgetCredentials(),
    keychainStatus: async () => {
      if (!keychain.ok) keychain = await secrets.availability();
      return keychain;
    },
  };
  settings.onChange((next, previous) => {
    if (
      next.payAtCounter.mode !== previous.payAtCounter.mode ||
      next.payAtCounter.liveBaseUrl !== previous.payAtCounter.liveBaseUrl
    ) {
      monitor.setMode('payAtCounter', next.payAtCounter.mode);
      void trackCard(payAtCounter.client().then((c) => c.listTerminals())).catch(() => undefined);
    }
    if (
      JSON.stringify([next.printers, next.receiptPrinterId]) !==
      JSON.stringify([previous.printers, previous.receiptPrinterId])
    ) {
      printingReady = printingReady.then(async (old) => {
        stopPrintingEvents();
        await old.close().catch(logged('closing the old print spool'));
        return buildPrinting();
      });
      printingReady.then(() => refreshPrinterSummary()).catch(logged('printer status'));
    }
    settingsView(settingsDeps)
      .then((view) => events.emit('settings.changed', view))
      .catch(logged('settings view'));
  });

  const activePayments = () =>
    (
      db
        .prepare("SELECT id FROM card_payments WHERE state IN ('intent','starting','started','pending')")
        .all() as {
        id: string;
      }[]
    ).map((r) => r.id);

  const info: AppInfo = {
    version: options.version,
    host: options.host,
    sandbox: inSandbox(),
    kiosk: options.kiosk ?? false,
  };
  const handlers: Handlers = {
    'app.info': () => ({ ...info, sandbox: inSandbox() }),
    'status.get': () => status(),
    'app.quit': () => {
      manager.require('override');
      if (activePayments().length > 0) {
        throw new TillError(
          'conflict',
          'A card payment is still running: finish or resolve it before quitting.',
        );
      }
      if (!options.quit) throw new TillError('not_allowed', 'Close the browser tab to leave the till.');
      setTimeout(options.quit, 50);
      return { ok: true as const };
    },
    ...terminalHandlers(async () => payAtCounter.client(), trackCard),
    ...salesHandlers({
      catalogue,
      ledger,
      checkout,
      payments,
      requireManager: (action) => manager.require(action),
    }),
    ...settingsHandlers(settingsDeps),
    ...printingHandlers(
      () => printingReady,
      (id) => settings.load().printers.find((p) => p.id === id)?.name || id,
    ),
    ...reportsHandlers({
      payments,
      requireManager: (action) => manager.require(action),
      printReceipt: async (receiptId, lines) => (await printingReady).printReceipt(receiptId, lines),
      track: trackCard,
      logger,
    }),
  };

  // Pick up whatever an earlier run left unfinished, before the UI can start anything new.
  const resumed = await payments.resumeAll();
  if (resumed.length > 0) logger.info(`resumed ${resumed.length} unfinished card payment(s)`);
  checkout.reconcileOpenSales();

  const dispatch = createDispatcher(handlers, (method, error) =>
    logger.error(`method ${method} failed`, error),
  );
  return {
    dispatch,
    events,
    info,
    sandbox,
    settings,
    async close() {
      monitor.stop();
      checkout.close();
      await payments.close();
      const printing = await printingReady;
      stopPrintingEvents();
      await printing.close();
      db.close();
      if (sandboxStarting) await (await sandboxStarting).close();
    },
  };
}
