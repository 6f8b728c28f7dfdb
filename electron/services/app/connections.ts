// The till's outside services as the composition root builds them: the card service, the
// supplier and the merchant tools, each connection's periodic check, the status bar that shows
// them, the "Test connection" of Settings, and what a change of their settings restarts.
import type { ServiceName } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { Settings } from '../../../shared/settings';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { ConnectionMonitor } from '../connections/monitor';
import { PayAtCounterConnection } from '../connections/pay-at-counter-connection';
import { merchantConnection } from '../merchant/connection-view';
import { MerchantService } from '../merchant/merchant-service';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import type { StorageHealth } from '../storage/storage-health';
import { DistributionConnection } from '../supplies/connection';
import type { EventBus } from './events';
import type { LazyStandIns, StandIns } from './stand-ins';
import { StatusBoard } from './status';

const CONNECTION_CHECK_MS = 15_000;
/** The supplier is asked less often: its product list is a larger read than the terminal list. */
const SUPPLIER_CHECK_MS = 60_000;

export interface ConnectionsDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  standIns: LazyStandIns<StandIns>;
  clock: Clock;
  logger: Logger;
  events: Pick<EventBus, 'emit'>;
  storageHealth: StorageHealth;
  version: string;
  openExternal?: (url: string) => Promise<void>;
}

export function createConnections(d: ConnectionsDeps) {
  const { settings, secrets, standIns, clock, logger, events } = d;
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
  // A card machine the service calls unknown or offline shows in the top bar until it answers.
  payAtCounter.onTerminalAnswer(({ terminalId, answered }) =>
    monitor.terminalAnswered('payAtCounter', terminalId, answered),
  );
  const trackCard = <T>(work: Promise<T>) => monitor.track('payAtCounter', work);
  const trackSupplier = <T>(work: Promise<T>) => monitor.track('distribution', work);
  const checkSupplier = () => trackSupplier(distribution.client().then((c) => c.listProducts()));
  const board = new StatusBoard(monitor, d.storageHealth, (status) => events.emit('status.changed', status));
  monitor.startPeriodicCheck(
    'payAtCounter',
    async () => trackCard((await payAtCounter.client()).listTerminals()),
    CONNECTION_CHECK_MS,
  );
  monitor.startPeriodicCheck('distribution', checkSupplier, SUPPLIER_CHECK_MS);

  // Merchant tools: the stand-in's endpoint in sandbox mode, the settings' address when live.
  const merchant = new MerchantService({
    settings,
    secrets,
    sandbox: async () => (await standIns.get()).merchant ?? null,
    clock,
    log: logger,
    version: d.version,
    ...(d.openExternal && { openExternal: d.openExternal }),
    onChange: (status) => {
      events.emit('merchant.changed', status);
      board.setConnection(merchantConnection(status, clock.now()));
    },
  });
  board.setConnection(merchantConnection(merchant.status(), clock.now()));
  // A live sign-in kept from the last run is resumed quietly, so the status bar and the screen
  // agree. In sandbox mode there is nothing to resume (the stand-in is new each run), and resuming
  // would start the stand-ins before anyone asked for them.
  if (merchant.status().mode === 'live') {
    void merchant
      .resumedStatus()
      .catch((error: unknown) => logger.warn('merchant tools: not resumed', error));
  }

  /** Settings' "Test connection": the till's own connection, or a live address about to be saved. */
  async function testConnection(service: ServiceName, liveBaseUrl?: string): Promise<void> {
    if (service === 'distribution') {
      // A live address about to be saved is not the till's connection yet: not tracked.
      if (liveBaseUrl !== undefined) await distribution.liveClientFor(liveBaseUrl).listProducts();
      else await checkSupplier();
      return;
    }
    if (service === 'merchant') return merchant.probe(liveBaseUrl ?? (await merchant.endpoint()));
    if (service !== 'payAtCounter') {
      throw new TillError('not_configured', 'This service’s client arrives in a later version of Paydesk.');
    }
    // A live address about to be saved is not the till's connection yet: not tracked.
    if (liveBaseUrl !== undefined) await payAtCounter.liveClientFor(liveBaseUrl).listTerminals();
    else await trackCard((await payAtCounter.client()).listTerminals());
  }

  /** A service switched between sandbox and live, or to another address: checked again at once. */
  function followSettings(next: Settings, previous: Settings): void {
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
  }

  return {
    payAtCounter,
    distribution,
    monitor,
    board,
    merchant,
    trackCard,
    trackSupplier,
    testConnection,
    followSettings,
  };
}
