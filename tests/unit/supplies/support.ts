// The stand-in supplier on loopback with a manual clock, and clients of it, for the supplies tests.
import {
  startDistributionSandbox,
  type DistributionSandbox,
  type DistributionSandboxOptions,
} from '../../../electron/sandbox/distribution/server';
import {
  DistributionClient,
  type DistributionClientOptions,
} from '../../../electron/services/supplies/distribution-client';
import type { DeliveryAddress } from '../../../shared/supplies';
import { ManualClock } from '../../support/manual-clock';

export const QUIET_LOG = { info: () => {}, warn: () => {}, error: () => {} };

export const GOOD_ADDRESS: DeliveryAddress = {
  firstName: 'Ada',
  lastName: 'Baker',
  companyName: 'Corner Café',
  phoneNumber: '020 7946 0000',
  lineOne: '12 High Street',
  lineTwo: '',
  city: 'London',
  postalCode: 'SW1A 1AA',
  country: 'GB',
  notes: '',
};

export interface Supplier {
  sandbox: DistributionSandbox;
  clock: ManualClock;
  client(options?: Partial<DistributionClientOptions>): DistributionClient;
  close(): Promise<void>;
}

export async function startSupplier(options: DistributionSandboxOptions = {}): Promise<Supplier> {
  const clock = new ManualClock(Date.now());
  const sandbox = await startDistributionSandbox({ clock, ...options });
  return {
    sandbox,
    clock,
    client: (more = {}) =>
      new DistributionClient({
        baseUrl: sandbox.baseUrl,
        apiKey: async () => sandbox.apiKey,
        clock,
        log: QUIET_LOG,
        ...more,
      }),
    close: () => sandbox.close(),
  };
}

/** A product of the stand-in in the given stock state. */
export function productIn(sandbox: DistributionSandbox, inventory: 'inStock' | 'outOfStock') {
  const product = sandbox.products.find((p) => p.inventory === inventory);
  if (!product) throw new Error(`the stand-in has no ${inventory} product`);
  return product;
}

/** Resolves `work` while moving the clock on in steps (the client's back-off sleeps on it). */
export async function withTimeMoving<T>(clock: ManualClock, work: Promise<T>, stepMs = 250): Promise<T> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  for (let i = 0; i < 2000 && !done; i++) {
    await clock.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (!done) throw new Error('the request did not finish within 2,000 clock steps');
  return settled;
}
