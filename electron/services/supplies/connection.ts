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

export interface DistributionConnectionOptions {
  clock: Clock;
  log: Logger;
  limits?: Partial<OutboundLimits>;
  retry?: Partial<ReadRetryPolicy>;
  fetch?: typeof fetch;
}

export class DistributionConnection {
  private cached: { key: string; client: DistributionClient } | null = null;
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
      this.cached = { key, client: this.make(baseUrl, apiKey, section.orderMethod) };
    return this.cached.client;
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
