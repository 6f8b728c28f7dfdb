// Which supplier the till talks to right now: the stand-in the entry point started (sandbox
// mode), or the live address from the settings with the API key from the keychain. Read on
// every request, so switching mode, address, creation method or key takes effect at once.
import { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';
import type { OutboundLimits } from '../common/bounded-fetch';
import type { Logger } from '../common/logger';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import { DistributionClient, type ReadRetryPolicy } from './distribution-client';

/** Where a product distribution API answers, and the key it takes. */
export interface DistributionEndpoint {
  baseUrl: string;
  apiKey: string;
}

/**
 * Which supplier an order went to: the mode and the base address, written one way however the
 * address was typed (scheme and host in lower case, no default port, no trailing slash), so
 * `https://Api.example.com/` and `https://api.example.com` are one supplier. Two suppliers may
 * number their orders alike (the stand-in and a live one both start at 5001): an order id means
 * something only beside the supplier it came from.
 */
export function supplierIdentity(mode: 'sandbox' | 'live', baseUrl: string): string {
  let address = baseUrl.trim();
  try {
    const url = new URL(address);
    address = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    // Not a web address: the client refuses it before anything is sent; kept as typed.
  }
  return `${mode} ${address}`;
}

/** The sandbox stand-in's side of an identity (`supplierIdentity('sandbox', …)`). */
export function isSandboxSupplier(supplier: string): boolean {
  return supplier.startsWith('sandbox ');
}

/** The supplier the till uses now and a client of it, read together so they always agree. */
export interface CurrentSupplier {
  supplier: string;
  client: DistributionClient;
}

export interface DistributionConnectionOptions {
  clock: Clock;
  log: Logger;
  limits?: Partial<OutboundLimits>;
  retry?: Partial<ReadRetryPolicy>;
  fetch?: typeof fetch;
}

export class DistributionConnection {
  private cached: { key: string; current: CurrentSupplier } | null = null;
  private closing = false;
  /** The live key read once from the keychain; forgotten when secrets change. */
  private liveKey: Promise<string | null> | null = null;

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    /** The sandbox stand-in, started on first use. */
    private readonly sandbox: () => Promise<DistributionEndpoint>,
    private readonly options: DistributionConnectionOptions,
  ) {}

  mode(): 'sandbox' | 'live' {
    return this.settings.load().distribution.mode;
  }

  orderMethod(): 'POST' | 'PUT' {
    return this.settings.load().distribution.orderMethod;
  }

  async client(): Promise<DistributionClient> {
    return (await this.current()).client;
  }

  async current(): Promise<CurrentSupplier> {
    const section = this.settings.load().distribution;
    let baseUrl: string;
    let apiKey: () => Promise<string | null>;
    if (section.mode === 'live') {
      if (!section.liveBaseUrl)
        throw new TillError('not_configured', 'No live supplier address is set.', {
          words: { key: 'supplier.noLiveAddress' },
        });
      baseUrl = section.liveBaseUrl;
      apiKey = () => (this.liveKey ??= this.readLiveKey());
    } else {
      const sandbox = await this.sandbox();
      baseUrl = sandbox.baseUrl;
      apiKey = async () => sandbox.apiKey;
    }
    const key = `${section.mode} ${baseUrl} ${section.orderMethod}`;
    if (this.cached?.key !== key)
      this.cached = {
        key,
        current: {
          supplier: supplierIdentity(section.mode, baseUrl),
          client: this.make(baseUrl, apiKey, section.orderMethod),
        },
      };
    return this.cached.current;
  }

  /** A client for a live address not saved yet, with the live key read afresh (the Live check). */
  liveClientFor(baseUrl: string): DistributionClient {
    return this.make(baseUrl, () => this.readLiveKey(), this.orderMethod());
  }

  forgetKey(): void {
    this.liveKey = null;
  }

  /** The till is closing: reads in flight end at their next failure instead of trying again. */
  close(): void {
    this.closing = true;
  }

  private make(baseUrl: string, apiKey: () => Promise<string | null>, orderMethod: 'POST' | 'PUT') {
    const { clock, log, limits, retry, fetch } = this.options;
    return new DistributionClient({
      baseUrl,
      apiKey,
      orderMethod,
      clock,
      log,
      ...(limits && { limits }),
      ...(retry && { retry }),
      ...(fetch && { fetch }),
      isClosed: () => this.closing,
    });
  }

  private async readLiveKey(): Promise<string | null> {
    try {
      return await this.secrets.get('distribution.apiKey', 'live');
    } catch (error) {
      this.liveKey = null; // a locked keychain is asked again next time
      throw error;
    }
  }
}
