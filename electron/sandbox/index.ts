// The embedded default: every stand-in service on its own loopback port, started together,
// and the demo catalogue a till seeds on its first run in sandbox mode. Entry points start
// this and hand it to the till (TillOptions.standIns); the till's services never import it.
import { randomBytes } from 'node:crypto';
import { seedCatalogue, type SeedProduct } from './catalogue-seed';
import { startDistributionSandbox, type DistributionSandbox } from './distribution/server';
import { SANDBOX_SIGN_IN, startMerchantSandbox, type MerchantSandbox } from './merchant/server';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
  type SandboxClock,
} from './pay-at-counter/server';

export interface SandboxServices {
  payAtCounter: PayAtCounterSandbox;
  /** The supplier (product distribution API). */
  distribution: DistributionSandbox;
  /** The merchant tool endpoint (MCP) with its authorisation server and dashboard sign-in. */
  merchant: MerchantSandbox;
  /** Products for an empty catalogue in sandbox mode. */
  demoCatalogue: SeedProduct[];
  close(): Promise<void>;
}

export interface SandboxServicesOptions {
  /** First port to try; each service takes the next one. 0 = any free ports. */
  basePort?: number;
  /** Pace of the sandbox card machine (1 = real time). */
  speed?: number;
  /** The card machine's clock; real time by default (tests pass the till's manual clock). */
  clock?: SandboxClock;
  /** Fixed credentials (the sandbox CLI prints them); random per launch by default. */
  payAtCounterUsername?: string;
  payAtCounterPassword?: string;
  /** Fixed supplier API key; random per launch by default. */
  distributionApiKey?: string;
  /** Size of the demo catalogue (the benchmark uses 10,000); the café's own products by default. */
  catalogueSize?: number;
}

export async function startSandboxServices(options: SandboxServicesOptions = {}): Promise<SandboxServices> {
  const port = (offset: number) => (options.basePort ? options.basePort + offset : 0);
  // Each on its own port, so they start together (a till in sandbox mode waits for them); if one
  // cannot start, those that did are closed again.
  const started = await Promise.allSettled([
    startPayAtCounterSandbox({
      port: port(0),
      speed: options.speed ?? 1,
      ...(options.clock && { clock: options.clock }),
      username: options.payAtCounterUsername ?? 'sandbox',
      password: options.payAtCounterPassword ?? `sandbox-${randomBytes(9).toString('base64url')}`,
    }),
    startDistributionSandbox({
      port: port(1),
      speed: options.speed ?? 1,
      ...(options.clock && { clock: options.clock }),
      apiKey: options.distributionApiKey ?? `sandbox-${randomBytes(12).toString('base64url')}`,
    }),
    // Two ports: the endpoint, then its (third-party) authorisation server.
    startMerchantSandbox({
      port: port(2),
      authPort: port(3),
      ...(options.clock && { clock: options.clock }),
    }),
  ] as const);
  const [payAtCounter, distribution, merchant] = started;
  if (
    payAtCounter.status === 'rejected' ||
    distribution.status === 'rejected' ||
    merchant.status === 'rejected'
  ) {
    await Promise.allSettled(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : null)));
    throw started.find((s) => s.status === 'rejected')!.reason;
  }
  return {
    payAtCounter: payAtCounter.value,
    distribution: distribution.value,
    merchant: merchant.value,
    demoCatalogue: seedCatalogue(options.catalogueSize),
    async close() {
      await Promise.all([payAtCounter.value.close(), distribution.value.close(), merchant.value.close()]);
    },
  };
}

/** What `npm run sandbox` prints: every base URL and credential the stand-ins serve. */
export function describeSandbox(services: SandboxServices) {
  return {
    payAtCounter: {
      baseUrl: services.payAtCounter.baseUrl,
      apiRoot: `${services.payAtCounter.baseUrl}/api/v1/pay-at-counter`,
      username: services.payAtCounter.username,
      password: services.payAtCounter.password,
    },
    distribution: { baseUrl: services.distribution.baseUrl, apiKey: services.distribution.apiKey },
    merchant: { mcpUrl: services.merchant.mcpUrl, ...SANDBOX_SIGN_IN },
  };
}
