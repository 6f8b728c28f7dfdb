// Builds the till's services and joins them to the contract. Used as-is by Electron main and
// by the browser host, so both run exactly the same code.
import { join } from 'node:path';
import { createDispatcher, type Dispatch, type Handlers } from '../../shared/contract/dispatch';
import type { AppInfo, TillStatus } from '../../shared/contract';
import { startSandboxServices, type SandboxServices } from '../sandbox/index';
import { ConnectionMonitor } from './connection-monitor';
import { EventBus } from './events';
import { createLogger, type Logger } from './logger';
import { terminalHandlers } from './handlers/terminals';
import { PayAtCounterClient } from './payments/pay-at-counter-client';

export interface TillOptions {
  dataDir: string;
  host: AppInfo['host'];
  version: string;
  kiosk?: boolean;
  logger?: Logger;
  /** Pace of the embedded sandbox card machine; tests speed it up. */
  sandboxSpeed?: number;
}

export interface Till {
  dispatch: Dispatch;
  events: EventBus;
  info: AppInfo;
  sandbox: SandboxServices | null;
  close(): Promise<void>;
}

const CONNECTION_CHECK_MS = 15_000;

export async function createTill(options: TillOptions): Promise<Till> {
  const logger = options.logger ?? createLogger('till');
  const events = new EventBus();
  const sandbox = await startSandboxServices({ speed: options.sandboxSpeed ?? 1 });
  const databaseFile = join(options.dataDir, 'paydesk.sqlite');
  logger.info(`data directory ${options.dataDir} (database ${databaseFile})`);

  const payAtCounter = new PayAtCounterClient({
    baseUrl: sandbox.payAtCounter.baseUrl,
    credentials: async () => ({ username: sandbox.payAtCounter.username, password: sandbox.payAtCounter.password }),
  });

  const monitor = new ConnectionMonitor([{ service: 'payAtCounter', mode: 'sandbox' }]);
  const status = (): TillStatus => ({
    connections: monitor.list(),
    printer: { state: 'preview', detail: 'Receipts show on screen', queued: 0 },
  });
  monitor.onChange(() => events.emit('status.changed', status()));
  monitor.startPeriodicCheck(() => monitor.track('payAtCounter', payAtCounter.listTerminals()), CONNECTION_CHECK_MS);

  const info: AppInfo = { version: options.version, host: options.host, sandbox: true, kiosk: options.kiosk ?? false };
  const handlers: Handlers = {
    'app.info': () => info,
    'status.get': () => status(),
    ...terminalHandlers(
      () => payAtCounter,
      (work) => monitor.track('payAtCounter', work),
    ),
  };

  const dispatch = createDispatcher(handlers, (method, error) => logger.error(`method ${method} failed`, error));
  return {
    dispatch,
    events,
    info,
    sandbox,
    async close() {
      monitor.stop();
      await sandbox.close();
    },
  };
}
