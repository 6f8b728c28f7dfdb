// The composition root: builds each area and wires them together, nothing else. Used as-is by
// Electron main and by the browser host, so both run exactly the same code.
import { join } from 'node:path';
import type { AppInfo, ServiceName } from '../../../shared/contract';
import { createDispatcher, type Dispatch, type Handlers } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
import { catalogueHandlers } from '../catalogue/handlers';
import { CATALOGUE_MIGRATIONS, ProductCatalogue } from '../catalogue/store';
import { systemClock, type Clock } from '../common/clock';
import { createLogger, type Logger } from '../common/logger';
import { ConnectionMonitor } from '../connections/monitor';
import { PayAtCounterConnection } from '../connections/pay-at-counter-connection';
import { ManagerGate, type GuardedAction } from '../manager-gate';
import { isRunningPayment, JOURNAL_MIGRATIONS, refundedAmount } from '../payments/journal';
import { createPaymentService, type PollingPolicy } from '../payments/transaction-runner';
import { printingHandlers, toJobView } from '../printing/handlers';
import { SPOOL_MIGRATIONS, type PrintingService, type SpoolTiming } from '../printing/index';
import { reportsHandlers } from '../reports/handlers';
import { Checkout } from '../sales/checkout';
import { salesHandlers } from '../sales/handlers';
import { receiptSettingsFrom } from '../sales/receipt-settings';
import { receiptNumberOf, SALES_MIGRATIONS, SalesLedger } from '../sales/sales-ledger';
import { settingsHandlers, settingsView, type SettingsHandlerDeps } from '../settings/handlers';
import { StorageHealth } from '../storage/storage-health';
import { DistributionConnection } from '../supplies/connection';
import { suppliesHandlers } from '../supplies/handlers';
import { SUPPLIES_MIGRATIONS } from '../supplies/order-attempts';
import { checkpointPeriodically, closeDatabase, openDatabase } from '../storage/database';
import { probeDataDir, secureDataDir } from '../storage/data-dir';
import { SaleNumberMark } from '../storage/sale-number-mark';
import { checkStorageAtStart } from '../storage/start-checks';
import { KeychainSecretStore } from '../storage/secret-store-keychain';
import { chooseSecretStore, type SecretStore } from '../storage/secret-store';
import { JsonFileSettingsStore, type SettingsStore } from '../storage/settings';
import { terminalHandlers } from '../terminals/handlers';
import { EventBus } from './events';
import { appHandlers } from './handlers';
import { printingFromSettings } from './printing-from-settings';
import { lazyStandIns, type StandIns } from './stand-ins';
import { StatusBoard } from './status';

export interface TillOptions<S extends StandIns = StandIns> {
  dataDir: string;
  host: AppInfo['host'];
  version: string;
  kiosk?: boolean;
  logger?: Logger;
  /** Starts the stand-in services (electron/sandbox); called once, when sandbox mode first needs them. */
  standIns: () => Promise<S>;
  /** Electron main passes an electron-store backed store; the browser host uses a JSON file. */
  settingsStore?: SettingsStore;
  /** Secret stores to try in order; the OS keychain by default. */
  secretStores?: SecretStore[];
  paymentPolling?: Partial<PollingPolicy>;
  printTiming?: Partial<SpoolTiming>;
  /** Cheaper PIN hashing for tests only. */
  pinScryptCost?: number;
  /** Time for every area (PIN lockout, polling, print retries, checks); tests move it instead of waiting. */
  clock?: Clock;
  /** Ends the till (Electron: app.quit); a kiosk till quits only this way, with the manager PIN. */
  quit?: () => void;
}

export interface Till<S extends StandIns = StandIns> {
  dispatch: Dispatch;
  events: EventBus;
  info: AppInfo;
  /** The stand-in services, started on first use. */
  sandbox(): Promise<S>;
  settings: SettingsStore;
  close(): Promise<void>;
}

const CONNECTION_CHECK_MS = 15_000;
/** The supplier is asked less often: its product list is a larger read than the terminal list. */
const SUPPLIER_CHECK_MS = 60_000;
const SANDBOX_SERVICES: ServiceName[] = ['payAtCounter'];
const SHOP_CURRENCY = 'GBP';

export async function createTill<S extends StandIns>(options: TillOptions<S>): Promise<Till<S>> {
  const logger = options.logger ?? createLogger('till');
  const logged = (what: string) => (error: unknown) => logger.error(what, error);
  const clock = options.clock ?? systemClock;
  const events = new EventBus();

  // The data folder (0700, its files 0600), then settings and secrets.
  secureDataDir(options.dataDir);
  const settings =
    options.settingsStore ??
    new JsonFileSettingsStore({ file: join(options.dataDir, 'settings.json'), clock });
  for (const problem of settings.problems()) logger.warn(`settings: ${problem.message}`);
  const secrets = await chooseSecretStore(
    options.secretStores ?? [
      new KeychainSecretStore({ savedDatesFile: join(options.dataDir, 'secret-dates.json'), clock }),
    ],
  );
  // Probed once (it writes a test entry); probed again only while it is failing.
  let keychain = await secrets.availability();
  const manager = new ManagerGate(settings, {
    ...(options.pinScryptCost && { scryptCost: options.pinScryptCost }),
    clock,
  });

  const standIns = lazyStandIns(options.standIns);
  const inSandbox = () => SANDBOX_SERVICES.some((s) => settings.load()[s].mode === 'sandbox');
  if (inSandbox()) await standIns.get();

  // Storage: one database (every area's migrations applied here, once) and one record of
  // whether the till can save.
  const storageHealth = new StorageHealth({ probe: () => probeDataDir(options.dataDir) });
  const db = openDatabase(
    join(options.dataDir, 'paydesk.sqlite'),
    [
      ...JOURNAL_MIGRATIONS,
      ...SPOOL_MIGRATIONS,
      ...CATALOGUE_MIGRATIONS,
      ...SALES_MIGRATIONS,
      ...SUPPLIES_MIGRATIONS,
    ],
    clock,
  );
  const stopCheckpoints = checkpointPeriodically(db, clock, (error) => {
    logger.warn('database checkpoint failed', error);
    storageHealth.reportFailure(error);
  });

  // Catalogue: the demo products go in only on a first run in sandbox mode.
  const catalogue = new ProductCatalogue(db, SHOP_CURRENCY);
  if (inSandbox() && catalogue.isEmpty()) catalogue.seed((await standIns.get()).demoCatalogue ?? []);

  // Connections and the status bar.
  const payAtCounter = new PayAtCounterConnection(
    settings,
    secrets,
    async () => (await standIns.get()).payAtCounter,
  );
  const distribution = new DistributionConnection(
    settings,
    secrets,
    async () => (await standIns.get()).distribution,
    { clock, log: logger },
  );
  const monitor = new ConnectionMonitor(
    [
      { service: 'payAtCounter', mode: payAtCounter.mode() },
      { service: 'distribution', mode: distribution.mode() },
    ],
    clock,
  );
  const trackCard = <T>(work: Promise<T>) => monitor.track('payAtCounter', work);
  const trackSupplier = <T>(work: Promise<T>) => monitor.track('distribution', work);
  const checkSupplier = () => trackSupplier(distribution.client().then((c) => c.listProducts()));
  const board = new StatusBoard(monitor, storageHealth, (status) => events.emit('status.changed', status));
  monitor.startPeriodicCheck(
    'payAtCounter',
    async () => trackCard((await payAtCounter.client()).listTerminals()),
    CONNECTION_CHECK_MS,
  );
  monitor.startPeriodicCheck('distribution', checkSupplier, SUPPLIER_CHECK_MS);

  // Card payments.
  const payments = createPaymentService({
    client: payAtCounter.api(),
    db,
    clock,
    storageHealth,
    ...(options.paymentPolling && { polling: options.paymentPolling }),
  });
  const cardPaymentRunning = () => payments.journal.unfinished().some((p) => isRunningPayment(p.state));

  // Printing.
  const printing = printingFromSettings({
    db,
    settings,
    clock,
    ...(options.printTiming && { timing: options.printTiming }),
    logger,
    onEvent: (event) =>
      events.emit('printing.changed', { job: event.type === 'job' ? toJobView(event.job) : null }),
    onSummary: (summary) => board.setPrinter(summary),
  });
  const printReceipt: PrintingService['printReceipt'] = async (...args) =>
    (await printing.current()).printReceipt(...args);

  // Sales.
  const saleNumbers = SaleNumberMark.inDataDir(options.dataDir, undefined, () => clock.now());
  const ledger = new SalesLedger(db, clock, saleNumbers, (saleId) =>
    refundedAmount(payments.paymentsLinkedTo({ saleId })),
  );
  checkStorageAtStart({
    db,
    dataDir: options.dataDir,
    mark: saleNumbers,
    highestSaleNumber: () => ledger.highestNumber(),
    receiptNumber: receiptNumberOf,
    storageHealth,
    logger,
  });
  const checkout = new Checkout({
    catalogue,
    ledger,
    payments,
    printing: { printReceipt },
    terminalCurrency: async (terminalId) =>
      (await trackCard((await payAtCounter.client()).getTerminal(terminalId))).currency,
    receiptSettings: () => receiptSettingsFrom(settings.load()),
    cardRecord: (paymentId) => payments.journal.get(paymentId)?.record ?? null,
    paymentsFor: (link) => payments.paymentsLinkedTo(link),
    onPayment: (view) => events.emit('payments.updated', view),
    onSale: (view) => events.emit('sales.updated', view),
    logger,
    storage: storageHealth,
  });

  // Settings changes reach the card service connection and the UI (printing watches its own).
  const settingsDeps: SettingsHandlerDeps = {
    settings,
    secrets,
    manager,
    testConnection: async (service, liveBaseUrl) => {
      if (service === 'distribution') {
        // A live address about to be saved is not the till's connection yet: not tracked.
        if (liveBaseUrl !== undefined) await distribution.liveClientFor(liveBaseUrl).listProducts();
        else await checkSupplier();
        return;
      }
      if (service !== 'payAtCounter') {
        throw new TillError('not_configured', 'This service’s client arrives in a later version of Paydesk.');
      }
      // A live address about to be saved is not the till's connection yet: not tracked.
      if (liveBaseUrl !== undefined) await payAtCounter.liveClientFor(liveBaseUrl).listTerminals();
      else await trackCard((await payAtCounter.client()).listTerminals());
    },
    cardPaymentRunning,
    onSecretsChanged: () => {
      payAtCounter.forgetCredentials();
      distribution.forgetKey();
    },
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
      next.distribution.mode !== previous.distribution.mode ||
      next.distribution.liveBaseUrl !== previous.distribution.liveBaseUrl
    ) {
      monitor.setMode('distribution', next.distribution.mode);
      void checkSupplier().catch(() => undefined);
    }
    settingsView(settingsDeps)
      .then((view) => events.emit('settings.changed', view))
      .catch(logged('settings view'));
  });

  const info: AppInfo = {
    version: options.version,
    host: options.host,
    sandbox: inSandbox(),
    kiosk: options.kiosk ?? false,
  };
  const requireManager = (action: GuardedAction) => manager.require(action);
  const handlers: Handlers = {
    ...appHandlers({
      info: () => ({ ...info, sandbox: inSandbox() }),
      status: () => board.status(),
      quitRules: { requireManager, cardPaymentRunning, quit: options.quit, clock },
    }),
    ...terminalHandlers(async () => payAtCounter.client(), trackCard),
    ...catalogueHandlers(catalogue),
    ...salesHandlers({ ledger, checkout, payments, requireManager }),
    ...settingsHandlers(settingsDeps),
    ...printingHandlers(
      () => printing.current(),
      (id) => settings.load().printers.find((p) => p.id === id)?.name || id,
    ),
    ...reportsHandlers({ payments, requireManager, printReceipt, track: trackCard, logger }),
    ...suppliesHandlers({
      db,
      connection: distribution,
      settings,
      clock,
      log: logger,
      currency: SHOP_CURRENCY,
      printReceipt,
      onChange: (orderId) => events.emit('supplies.changed', { orderId }),
      track: trackSupplier,
    }),
  };

  // Pick up whatever an earlier run left unfinished, before the UI can start anything new.
  const resumed = await payments.resumeAll();
  if (resumed.length > 0) logger.info(`resumed ${resumed.length} unfinished card payment(s)`);
  try {
    checkout.reconcileOpenSales();
  } catch (error) {
    // Damaged sales records: the till starts, says so and refuses to sell, rather than not starting.
    if (!storageHealth.reportFailure(error)) throw error;
    logger.error('open sales could not be checked at start', error);
  }

  // A storage error reaches staff worded (full disk, read-only, damaged), never as "internal".
  const dispatch = createDispatcher(handlers, (method, error) => {
    logger.error(`method ${method} failed`, error);
    return storageHealth.wordFailure(error);
  });
  return {
    dispatch,
    events,
    info,
    sandbox: () => standIns.get(),
    settings,
    async close() {
      monitor.stop();
      checkout.close();
      await payments.close();
      await printing.close();
      stopCheckpoints();
      closeDatabase(db, logged('final database checkpoint'));
      await standIns.close();
    },
  };
}
