// The composition root: builds each area and wires them together, nothing else. Used as-is by
// Electron main and by the browser host, so both run exactly the same code.
import { join } from 'node:path';
import type { AppInfo, ServiceName } from '../../../shared/contract';
import { createDispatcher, type Dispatch, type Handlers } from '../../../shared/contract/dispatch';
import { auditHandlers } from '../audit/handlers';
import { AuditJournal } from '../audit/journal';
import { seedJournaled } from '../catalogue/audit-entries';
import { catalogueHandlers } from '../catalogue/handlers';
import { ProductCatalogue } from '../catalogue/store';
import { markStart } from '../../common/start-timings';
import { systemClock, type Clock } from '../common/clock';
import { createLogger, type Logger } from '../common/logger';
import { ManagerGate, type GuardedAction } from '../manager-gate';
import { merchantHandlers } from '../merchant/handlers';
import { StaffDirectory } from '../staff/directory';
import { staffHandlers } from '../staff/handlers';
import { StaffStore } from '../staff/store';
import { DEFAULT_SCRYPT_PARAMS } from '../storage/manager-pin';
import { isRunningPayment, refundedAmount } from '../payments/journal';
import { createPaymentService, type PollingPolicy } from '../payments/transaction-runner';
import { printingHandlers, toJobView } from '../printing/handlers';
import { type PrintingService, type SpoolTiming } from '../printing/index';
import { reportsHandlers } from '../reports/handlers';
import { ReportRunLog } from '../reports/run-log';
import { reconciliationHandlers } from '../reconciliation/handlers';
import { ReconciliationService } from '../reconciliation/service';
import { ReconciliationStore } from '../reconciliation/store';
import { Checkout } from '../sales/checkout';
import { salesHandlers } from '../sales/handlers';
import { counterHandlers } from '../sales/counter-handlers';
import { NoSales } from '../sales/no-sale';
import { ParkedSales } from '../sales/parked';
import { createSalesHistory, historyHandlers } from '../sales/history-handlers';
import { receiptSettingsFrom } from '../sales/receipt-settings';
import { SalesLedger } from '../sales/sales-ledger';
import { numberedTill } from '../../../shared/settings';
import { adoptMachineTimeZone, shopToday } from '../settings/time-zone';
import { StorageHealth } from '../storage/storage-health';
import { suppliesHandlers } from '../supplies/handlers';
import { checkpointPeriodically, closeDatabase, DATABASE_FILE, openDatabase } from '../storage/database';
import * as backup from '../backup/for-till';
import { TILL_MIGRATIONS } from './migrations';
import { probeDataDir, secureDataDir } from '../storage/data-dir';
import { SaleNumberMark } from '../storage/sale-number-mark';
import { checkStorageAtStart } from '../storage/start-checks';
import type { SecretStore } from '../storage/secret-store';
import { JsonFileSettingsStore, type SettingsStore } from '../storage/settings';
import { terminalHandlers } from '../terminals/handlers';
import { createShopDay } from '../till-reports/shop-day';
import { EventBus } from './events';
import { appHandlers } from './handlers';
import { createConnections } from './connections';
import { printingFromSettings } from './printing-from-settings';
import { lazyStandIns, type StandIns } from './stand-ins';
import { acrossTillsOn } from '../shop-server/service';
import { shopServerForTill } from './shop-server-for-till';
import { openSecrets, settingsForTill } from './settings-for-till';
import { resumeAtStart } from './resume-at-start';

export interface TillOptions<S extends StandIns = StandIns> extends backup.TillOptionsPart {
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
  /**
   * The computer's time zone, which the first start gives the shop; read from Intl when absent.
   * Tests name it: inside a worker thread (the mutation runner's) the process's zone cannot change.
   */
  computerTimeZone?: string;
  /** Ends the till (Electron: app.quit); a kiosk till quits only this way, with the manager PIN. */
  quit?: () => void;
  /** Opens a page in the system browser (Electron: shell.openExternal); the browser host has none. */
  openExternal?: (url: string) => Promise<void>;
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

const SANDBOX_SERVICES: ServiceName[] = ['payAtCounter'];

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
  adoptMachineTimeZone(settings, logger, options.computerTimeZone);
  // The shop's currency is read once: the catalogue's prices are in it (a change applies at restart).
  const SHOP_CURRENCY = settings.load().shop.currency;
  const { secrets, keychain } = await openSecrets(options.dataDir, clock, logger, options.secretStores);

  const standIns = lazyStandIns(options.standIns);
  const inSandbox = () => SANDBOX_SERVICES.some((s) => settings.load()[s].mode === 'sandbox');
  if (inSandbox()) await standIns.get();

  // Storage: one database (every area's migrations applied here, once); whether the till can save.
  const storageHealth = new StorageHealth({ probe: () => probeDataDir(options.dataDir) });
  const db = openDatabase(join(options.dataDir, DATABASE_FILE), TILL_MIGRATIONS, clock);
  markStart('database ready');
  // Every change to staff, rights, catalogue, prices, VAT and settings is journaled here.
  const audit = new AuditJournal(db, clock);
  // Staff and their rights; a manager PIN from before staff existed becomes the staff member "Manager".
  const staff = new StaffDirectory({
    store: new StaffStore(db, clock),
    clock,
    audit,
    ...(options.pinScryptCost && { scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: options.pinScryptCost } }),
  });
  staff.importManagerPin(settings.load().managerPin.hash);
  let onStaffChange = () => {};
  const manager = new ManagerGate({ directory: staff, clock, onChange: () => onStaffChange() });

  const stopCheckpoints = checkpointPeriodically(db, clock, (error) => {
    logger.warn('database checkpoint failed', error);
    storageHealth.reportFailure(error);
  });

  // Catalogue: the demo products go in only on a first run in sandbox mode.
  const catalogue = new ProductCatalogue(db, SHOP_CURRENCY);
  if (inSandbox() && catalogue.isEmpty())
    seedJournaled(catalogue, (await standIns.get()).demoCatalogue ?? [], audit);

  // Connections (card service, supplier, merchant tools) and the status bar.
  const { payAtCounter, distribution, monitor, board, merchant, trackCard, trackSupplier, ...connections } =
    createConnections({
      settings,
      secrets,
      standIns,
      clock,
      logger,
      events,
      storageHealth,
      version: options.version,
      ...(options.openExternal && { openExternal: options.openExternal }),
    });

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
  // With a shop server set, receipts and Z reports carry this till's number ("2-000123").
  const tillNumber = () => numberedTill(settings.load());
  const ledger = new SalesLedger(
    db,
    clock,
    saleNumbers,
    (saleId) => refundedAmount(payments.paymentsLinkedTo({ saleId })),
    tillNumber,
  );
  const backupStore = new backup.BackupStore(db);
  const startCheck = checkStorageAtStart({
    db,
    dataDir: options.dataDir,
    mark: saleNumbers,
    highestSaleNumber: () => ledger.highestNumber(),
    receiptNumber: (number) => ledger.receiptNumber(number),
    storageHealth,
    logger,
    acceptedThrough: () => backupStore.acceptedThrough(),
  });
  const checkout = new Checkout({
    catalogue,
    ledger,
    payments,
    printing: { printReceipt, openDrawer: async (id) => (await printing.current()).openDrawer(id) },
    terminalCurrency: async (terminalId) =>
      (await trackCard((await payAtCounter.client()).getTerminal(terminalId))).currency,
    receiptSettings: () => receiptSettingsFrom(settings.load()),
    cardRecord: (paymentId) => payments.journal.get(paymentId)?.record ?? null,
    paymentsFor: (link) => payments.paymentsLinkedTo(link),
    onPayment: (view) => events.emit('payments.updated', view),
    onSale: (view) => events.emit('sales.updated', view),
    logger,
    storage: storageHealth,
    counterSettings: () => settings.load().counter,
  });
  // Across tills (issue 30): other tills' sales in History; refunds of sent sales claimed on the shop server.
  const acrossTills = acrossTillsOn({ db, settings, clock, logger, shopServer: () => shop.shopServer });
  // Sales history and itemised refunds (card refunds go through the checkout's refund path).
  const salesHistory = createSalesHistory({
    db,
    clock,
    ledger,
    checkout,
    payments,
    printReceipt,
    receiptSettings: () => receiptSettingsFrom(settings.load()),
    onRefund: (view) => events.emit('history.refundUpdated', view),
    logger,
    receiptNumber: (number) => ledger.receiptNumber(number),
    acrossTills,
  });
  const parked = new ParkedSales(db, clock);
  const noSales = new NoSales({ db, clock, openDrawer: () => printing.current(), logger });
  // The shop's day: shifts and cash-up, the till's X and Z reports.
  const shopDay = createShopDay({
    db,
    dataDir: options.dataDir,
    clock,
    currency: SHOP_CURRENCY,
    logger,
    serving: () => manager.serving(),
    require: (action) => manager.require(action),
    ledger,
    journal: payments.journal,
    catalogue,
    terminalNames: () => settings.load().payAtCounter.terminalNames,
    refunds: salesHistory.refunds,
    noSales: (since, until) => noSales.between(since, until),
    printReceipt,
    receiptSettings: () => receiptSettingsFrom(settings.load()),
    audit,
    tillNumber,
  });

  // Backups: the folder, the nightly schedule, restore, and missing sales waiting for a manager.
  const backups = backup.serviceForTill(
    {
      options,
      db,
      clock,
      settings,
      secrets,
      storageHealth,
      logger,
      startCheck,
      saleNumbers,
      ledger,
      records: { staff, parked, shifts: shopDay.shifts },
    },
    { events, board, gate: manager, store: backupStore, audit, migrations: TILL_MIGRATIONS },
  );

  // The shop server: the journal goes up, shop-wide data comes down (nothing while none is set).
  const shop = shopServerForTill({
    db,
    settings,
    secrets,
    clock,
    logger,
    onStatus: (status) => board.setShopServer(status),
    events,
    catalogue,
    staff,
    manager,
    audit,
    contributions: shopDay.contributions,
    staffChanged: () => onStaffChange(),
    currency: SHOP_CURRENCY,
    printReceipt,
  });

  // Settings changes reach the card service connection and the UI (printing watches its own).
  const settingsPart = settingsForTill({
    settings,
    secrets,
    manager,
    testConnection: connections.testConnection,
    cardPaymentRunning,
    onSecretsChanged: () => {
      payAtCounter.forgetCredentials();
      distribution.forgetKey();
      shop.shopServer.secretsChanged();
    },
    keychain,
    audit,
    events,
    follow: (next, previous) => {
      connections.followSettings(next, previous);
      shop.shopServer.followSettings(next, previous);
    },
    logger,
  });

  // Who is serving (or may do what) changed: the sign-in screen and the Settings lock follow.
  onStaffChange = () => {
    events.emit('staff.changed', manager.view());
    settingsPart.announce();
  };

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
    ...terminalHandlers(
      async () => payAtCounter.client(),
      trackCard,
      () => settings.load().payAtCounter.terminalNames,
      () => monitor.offlineTerminals('payAtCounter'),
    ),
    ...catalogueHandlers({
      catalogue,
      requireBackOffice: () => manager.require('back-office'),
      supplierProduct: async (id) => trackSupplier((await distribution.client()).getProduct(id)),
      onChange: (version) => events.emit('catalogue.changed', { version }),
      today: () => shopToday(settings, clock),
      audit,
    }),
    ...salesHandlers({
      ledger,
      checkout,
      payments,
      requireManager,
      serving: () => manager.serving(),
      // Every guarded action of one sale is checked before any approval is used up.
      authorise: (actions) => {
        for (const action of actions) if (!manager.allows(action)) manager.require(action);
        return Object.fromEntries(actions.map((action) => [action, manager.require(action)]));
      },
    }),
    ...counterHandlers({
      ledger,
      checkout,
      catalogue,
      parked,
      noSales,
      printing: () => printing.current(),
      serving: () => manager.serving(),
      requireNoSale: () => manager.require('no-sale'),
    }),
    ...historyHandlers({
      ...salesHistory,
      requireRefund: () => manager.require('refund'),
      serving: () => manager.serving(),
      acrossTills,
      isOwnSale: (saleId) => ledger.has(saleId),
    }),
    ...shopDay.handlers,
    ...settingsPart.handlers,
    ...merchantHandlers(merchant),
    ...staffHandlers(manager, () => onStaffChange()),
    ...printingHandlers(
      () => printing.current(),
      // Blank when unnamed: the screens then say its kind, never its id.
      (id) => settings.load().printers.find((p) => p.id === id)?.name ?? '',
    ),
    ...reportsHandlers({
      payments,
      requireManager,
      serving: () => manager.serving(),
      runLog: new ReportRunLog(db, clock),
      printReceipt,
      track: trackCard,
      logger,
    }),
    ...reconciliationHandlers(
      new ReconciliationService({
        store: new ReconciliationStore(db, clock),
        terminals: async () =>
          (await trackCard((await payAtCounter.client()).listTerminals())).map((t) => ({
            terminalId: t.terminal_id,
            currency: t.currency,
          })),
        runReport: (terminalId, type) => trackCard(payments.runReport(terminalId, type)),
        readTransaction: async (terminalId, transactionId) =>
          trackCard((await payAtCounter.client()).getTransaction(terminalId, transactionId)),
        journal: payments.journal,
        ledger,
        runLog: new ReportRunLog(db, clock),
        requireManager: () => manager.require('reconcile'),
        clock,
        logger,
        audit,
      }),
    ),
    ...auditHandlers({
      journal: audit,
      requireManager: () => manager.require('back-office'),
      clock,
      staff: () => staff.store.list(),
      timeZone: () => settings.load().shop.timeZone ?? undefined,
    }),
    ...backup.handlers(backups),
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
    ...shop.handlers,
  };

  const close = async () => {
    // The settings store can outlive this till (a restart in the same process builds a new one).
    settingsPart.close();
    backups.close();
    manager.close();
    monitor.stop();
    distribution.close();
    checkout.close();
    salesHistory.refunds.close();
    await shop.close();
    await merchant.close();
    await payments.close();
    await printing.close();
    stopCheckpoints();
    closeDatabase(db, logged('final database checkpoint'));
    await standIns.close();
  };

  try {
    // Pick up whatever an earlier run left unfinished, before the UI can start anything new.
    await resumeAtStart({ payments, checkout, refunds: salesHistory.refunds, storageHealth, logger });
  } catch (error) {
    // A start that fails leaves nothing running: no timers, no open database, no stand-ins.
    await close().catch((closing: unknown) => logger.error('closing after a failed start', closing));
    throw error;
  }

  // A storage error reaches staff worded (full disk, read-only, damaged), never as "internal".
  const dispatchCall = createDispatcher(handlers, (method, error) => {
    logger.error(`method ${method} failed`, error);
    return storageHealth.wordFailure(error);
  });
  const dispatch: Dispatch = async (name, input) => {
    try {
      return await dispatchCall(name, input);
    } finally {
      shop.shopServer.nudge();
    }
  };
  return {
    dispatch,
    events,
    info,
    sandbox: () => standIns.get(),
    settings,
    close,
  };
}
