// The stand-in supplier on loopback with a manual clock, clients of it, and the supplies service
// built on it as the till builds it, for the supplies tests.
import assert from 'node:assert/strict';
import {
  startDistributionSandbox,
  type DistributionSandbox,
  type DistributionSandboxOptions,
} from '../../../electron/sandbox/distribution/server';
import {
  DistributionClient,
  type DistributionClientOptions,
} from '../../../electron/services/supplies/distribution-client';
import {
  DistributionConnection,
  supplierIdentity,
  type CurrentSupplier,
  type DistributionEndpoint,
} from '../../../electron/services/supplies/connection';
import { suppliesHandlers, type SuppliesDeps } from '../../../electron/services/supplies/handlers';
import { SUPPLIES_MIGRATIONS } from '../../../electron/services/supplies/order-attempts';
import { applyMigrations, openDatabase, type Db } from '../../../electron/services/storage/database';
import type { SecretStore } from '../../../electron/services/storage/secret-store';
import {
  defaultSettings,
  type Settings,
  type SettingsStore,
} from '../../../electron/services/storage/settings';
import type { PlaceOrderResult } from '../../../shared/contract';
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
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
  /** This stand-in as the supplier in use, in sandbox mode (what `OrderOnce` asks for). */
  current(options?: Partial<DistributionClientOptions>): CurrentSupplier;
  close(): Promise<void>;
}

export async function startSupplier(
  options: DistributionSandboxOptions = {},
  clock = new ManualClock(Date.now()),
): Promise<Supplier> {
  const sandbox = await startDistributionSandbox({ clock, ...options });
  const client = (more: Partial<DistributionClientOptions> = {}) =>
    new DistributionClient({
      baseUrl: sandbox.baseUrl,
      apiKey: async () => sandbox.apiKey,
      clock,
      log: QUIET_LOG,
      ...more,
    });
  return {
    sandbox,
    clock,
    client,
    current: (more = {}) => ({
      supplier: supplierIdentity('sandbox', sandbox.baseUrl),
      client: client(more),
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
  // A failure is the caller's to see when this returns, not an unhandled rejection meanwhile.
  settled.catch(() => undefined);
  for (let i = 0; i < 2000 && !done; i++) {
    await clock.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (!done) throw new Error('the request did not finish within 2,000 clock steps');
  return settled;
}

/** Awaits `work`, which must fail with a TillError, and returns that error (its cause included). */
export async function tillFailure(work: Promise<unknown>): Promise<TillError> {
  const error = await work.then(
    () => assert.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TillError, String(error));
  return error;
}

/** The placing's result, which must have the given outcome. */
export function expectOutcome<O extends PlaceOrderResult['outcome']>(
  result: PlaceOrderResult,
  outcome: O,
): Extract<PlaceOrderResult, { outcome: O }> {
  assert.equal(result.outcome, outcome, JSON.stringify(result));
  return result as Extract<PlaceOrderResult, { outcome: O }>;
}

/** A settings store over plain settings a test changes in place (only `load` is read here). */
export function settingsHolding(settings: Settings): SettingsStore {
  return { load: () => settings } as unknown as SettingsStore;
}

/** A keychain holding the given secrets (`<profile>/<key>` → value); counts reads; `locked` refuses them. */
export interface TestKeychain extends SecretStore {
  reads: number;
  locked: boolean;
}

export function keychainHolding(secrets: Record<string, string> = {}): TestKeychain {
  const keychain = {
    reads: 0,
    locked: false,
    get: async (key: string, profile: string) => {
      keychain.reads += 1;
      if (keychain.locked) throw new Error('the keychain is locked');
      return secrets[`${profile}/${key}`] ?? null;
    },
  };
  return keychain as unknown as TestKeychain;
}

/**
 * The real fetch, watched: each request is listed as "METHOD /path"; `rewrite` may change a
 * successful answer's JSON before the client reads it (a supplier that answers differently from
 * the stand-in), and `afterAnswer` runs once an answer (or its loss) is back.
 */
export interface WatchedFetch {
  fetch: typeof fetch;
  sent: string[];
  rewrite: ((request: string, json: unknown) => unknown) | null;
  afterAnswer: ((request: string) => void) | null;
}

export function watchedFetch(): WatchedFetch {
  const watched: WatchedFetch = {
    sent: [],
    rewrite: null,
    afterAnswer: null,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const request = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
      watched.sent.push(request);
      try {
        const answer = await fetch(input, init);
        if (!answer.ok || !watched.rewrite) return answer;
        const json = watched.rewrite(request, await answer.json());
        const headers = new Headers(answer.headers);
        headers.delete('content-length');
        return new Response(JSON.stringify(json), { status: answer.status, headers });
      } finally {
        watched.afterAnswer?.(request);
      }
    }) as typeof fetch,
  };
  return watched;
}

export interface SuppliesOptions {
  track?: SuppliesDeps['track'];
  repeatWindowMs?: number;
  fetch?: typeof fetch;
  shop?: Partial<Settings['shop']>;
  /** The till's (and the stand-in's) clock; a new one by default. */
  clock?: ManualClock;
  /** The keychain's secrets (`<profile>/<key>` → value), e.g. a live supplier's key. */
  secrets?: Record<string, string>;
  /** A database already open (its supplies steps are applied to it); a new one by default. */
  db?: Db;
}

/** The supplies service as the till builds it, on its own database, over the stand-in supplier. */
export interface SuppliesService {
  supplier: Supplier;
  handlers: HandlersOf<'supplies'>;
  settings: Settings;
  /** Where the stand-in answers as the connection sees it: change it to restart it elsewhere. */
  sandboxEndpoint: DistributionEndpoint;
  db: Db;
  printed: { id: string; lines: ReceiptLine[] }[];
  changes: (number | null)[];
  close(): Promise<void>;
}

export async function startSupplies(options: SuppliesOptions = {}): Promise<SuppliesService> {
  const supplier = await startSupplier({ rateLimit: { limit: 1000, windowMs: 60_000 } }, options.clock);
  const settings = defaultSettings();
  Object.assign(settings.shop, options.shop);
  const store = settingsHolding(settings);
  const endpoint = { baseUrl: supplier.sandbox.baseUrl, apiKey: supplier.sandbox.apiKey };
  const keychain = keychainHolding(options.secrets);
  const connection = new DistributionConnection(store, keychain, async () => endpoint, {
    clock: supplier.clock,
    log: QUIET_LOG,
    ...(options.fetch && { fetch: options.fetch }),
  });
  const db = options.db ?? openDatabase(':memory:', [], supplier.clock);
  applyMigrations(db, SUPPLIES_MIGRATIONS, supplier.clock);
  const printed: SuppliesService['printed'] = [];
  const changes: SuppliesService['changes'] = [];
  const handlers = suppliesHandlers({
    db,
    connection,
    settings: store,
    clock: supplier.clock,
    log: QUIET_LOG,
    currency: 'GBP',
    printReceipt: async (id, lines) => {
      printed.push({ id, lines });
      return undefined as never;
    },
    onChange: (orderId) => changes.push(orderId),
    ...(options.track && { track: options.track }),
    ...(options.repeatWindowMs !== undefined && { repeatWindowMs: options.repeatWindowMs }),
  });
  return {
    supplier,
    handlers,
    settings,
    sandboxEndpoint: endpoint,
    db,
    printed,
    changes,
    close: async () => {
      db.close();
      await supplier.close();
    },
  };
}
