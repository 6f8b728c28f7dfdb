// Which pay-at-counter service the till talks to right now: the stand-in the entry point
// started (sandbox mode), or the live address from the settings with credentials from the
// keychain. Read fresh on every request, so switching mode or replacing a password takes
// effect at once.
import { TillError } from '../../../shared/contract/errors';
import { Emitter, type Disposable } from '../../../shared/emitter';
import { PayAtCounterClient, type PayAtCounterCredentials } from '../payments/pay-at-counter-client';
import type { CardServiceApi } from '../payments/transaction-runner';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';

/** Where a pay-at-counter service answers, and the Basic credentials it takes. */
export interface PayAtCounterEndpoint {
  baseUrl: string;
  username: string;
  password: string;
}

/** Calls whose 404 means the card machine itself is unknown or offline (not a lost transaction). */
const ASKS_THE_MACHINE: ReadonlySet<string> = new Set([
  'getTerminal',
  'startTransaction',
  'startDuplicate',
  'startReport',
]);

export class PayAtCounterConnection {
  private cached: { key: string; client: PayAtCounterClient } | null = null;
  private readonly terminalAnswers = new Emitter<{ terminalId: string; answered: boolean }>();
  /** Live credentials read once from the keychain, not on every poll; forgotten when they change. */
  private liveCredentials: Promise<PayAtCounterCredentials | null> | null = null;

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    /** The sandbox stand-in, started on first use. */
    private readonly sandbox: () => Promise<PayAtCounterEndpoint>,
    private readonly fetchImpl?: typeof fetch,
  ) {}

  mode(): 'sandbox' | 'live' {
    return this.settings.load().payAtCounter.mode;
  }

  async client(): Promise<PayAtCounterClient> {
    const section = this.settings.load().payAtCounter;
    let baseUrl: string;
    let credentials: () => Promise<PayAtCounterCredentials | null>;
    if (section.mode === 'live') {
      if (!section.liveBaseUrl) throw new TillError('not_configured', 'No live card service address is set.');
      baseUrl = section.liveBaseUrl;
      credentials = () => (this.liveCredentials ??= this.readLiveCredentials());
    } else {
      const sandbox = await this.sandbox();
      baseUrl = sandbox.baseUrl;
      credentials = async () => ({ username: sandbox.username, password: sandbox.password });
    }
    const key = `${section.mode} ${baseUrl}`;
    if (this.cached?.key !== key) {
      this.cached = {
        key,
        client: new PayAtCounterClient({
          baseUrl,
          credentials,
          ...(this.fetchImpl && { fetch: this.fetchImpl }),
        }),
      };
    }
    return this.cached.client;
  }

  /** A client for a live address not saved yet, with the live sign-in read afresh from the keychain. */
  liveClientFor(baseUrl: string): PayAtCounterClient {
    return new PayAtCounterClient({
      baseUrl,
      credentials: () => this.readLiveCredentials(),
      ...(this.fetchImpl && { fetch: this.fetchImpl }),
    });
  }

  forgetCredentials(): void {
    this.liveCredentials = null;
  }

  private async readLiveCredentials(): Promise<PayAtCounterCredentials | null> {
    try {
      const [username, password] = await Promise.all([
        this.secrets.get('payAtCounter.username', 'live'),
        this.secrets.get('payAtCounter.password', 'live'),
      ]);
      return username && password ? { username, password } : null;
    } catch (error) {
      this.liveCredentials = null; // a locked or missing keychain is asked again next time
      throw error;
    }
  }

  /**
   * Each answer of a card machine to a start or a look-up: `answered` false when the service says
   * it does not know it or it is offline (404), so the top bar can name it.
   */
  onTerminalAnswer(listener: (answer: { terminalId: string; answered: boolean }) => void): Disposable {
    return this.terminalAnswers.on(listener);
  }

  /** The card-service calls the transaction runner makes, always on the current connection. */
  api(): CardServiceApi {
    const call =
      <K extends keyof CardServiceApi>(name: K) =>
      async (...args: Parameters<CardServiceApi[K]>) => {
        const client = await this.client();
        const work = (client[name] as (...a: unknown[]) => unknown)(...args);
        if (!ASKS_THE_MACHINE.has(name)) return work;
        const terminalId = String(args[0]);
        try {
          const value = await work;
          this.terminalAnswers.fire({ terminalId, answered: true });
          return value;
        } catch (error) {
          if (error instanceof TillError && error.code === 'not_found')
            this.terminalAnswers.fire({ terminalId, answered: false });
          throw error;
        }
      };
    return {
      getTerminal: call('getTerminal'),
      startTransaction: call('startTransaction'),
      startDuplicate: call('startDuplicate'),
      getTransaction: call('getTransaction'),
      cancelTransaction: call('cancelTransaction'),
      answerSignature: call('answerSignature'),
      startReport: call('startReport'),
      getReport: call('getReport'),
    } as CardServiceApi;
  }
}
