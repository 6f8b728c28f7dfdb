// What the till needs from the stand-ins of the outside services in sandbox mode. The entry
// points (Electron main, the browser host, tests, the benchmark) start them and pass a starter
// in; services never import electron/sandbox.
import type { ProductSeed } from '../catalogue/store';
import type { PayAtCounterEndpoint } from '../connections/pay-at-counter-connection';
import type { DistributionEndpoint } from '../supplies/connection';

export interface StandIns {
  payAtCounter: PayAtCounterEndpoint;
  /** The supplier (product distribution API) and the key it takes. */
  distribution: DistributionEndpoint;
  /** The merchant tool endpoint (MCP); the till's settings default to it in sandbox mode. */
  merchant?: { mcpUrl: string };
  /** Products for an empty catalogue on the first run in sandbox mode. */
  demoCatalogue?: readonly ProductSeed[];
  close(): Promise<void>;
}

export interface LazyStandIns<S extends StandIns> {
  /** Starts the stand-ins on first use; every later call gets the same ones. */
  get(): Promise<S>;
  /** Closes them if they were started. */
  close(): Promise<void>;
}

export function lazyStandIns<S extends StandIns>(start: () => Promise<S>): LazyStandIns<S> {
  let starting: Promise<S> | null = null;
  return {
    get: () => (starting ??= start()),
    async close() {
      if (starting) await (await starting).close();
    },
  };
}
