// One connection to a merchant tool endpoint, on the official MCP SDK (v2 line): connect, the
// sign-in round trip through the loopback listener, the tool list and tool calls. Shared by the
// till (handlers.ts) and the command-line entry (cli.ts). Tokens are refreshed before they
// expire, a 401 runs discovery again (the SDK's auth, with nothing cached), and a 429 waits for
// Retry-After on the injected clock (retry-after-fetch.ts).
import {
  auth,
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/client';
import { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { CredentialVault, KeptSignIn } from './credentials';
import { LoopbackRedirect } from './loopback-redirect';
import { TillOAuthProvider, type ProviderOptions } from './oauth-provider';
import { retryAfterFetch, type RetryAfterPolicy } from './retry-after-fetch';
import { SIGNED_OUT_WORDS, wordMerchantError } from './wording';

export interface MerchantSessionOptions {
  mcpUrl: string;
  vault: CredentialVault;
  clock: Clock;
  log: Logger;
  fetch?: typeof fetch;
  retryAfter?: Partial<RetryAfterPolicy>;
  /** How long a sign-in page may stay open before the till stops waiting. */
  signInTimeoutMs?: number;
  /** Refresh this long before the access token's expiry. */
  refreshEarlyMs?: number;
  version?: string;
  clientName?: string;
  preRegistered?: ProviderOptions['preRegistered'];
  clientMetadataUrl?: string;
}

export type ConnectOutcome =
  | { kind: 'connected' }
  /** The user must sign in at `authorizationUrl`; `finished` settles when the browser comes back. */
  | { kind: 'sign_in'; authorizationUrl: string; finished: Promise<void> };

/** The endpoint wants a new sign-in (`beginSignIn`) before this call can run. */
export class SignInNeeded extends TillError {
  constructor() {
    super('bad_credentials', SIGNED_OUT_WORDS);
  }
}

/**
 * The SDK's RFC 8414 issuer check is made by the provider instead (`checkMetadataIssuer`), which
 * also admits a 2025-03-26 endpoint's metadata from the endpoint's own origin.
 */
const ISSUER_CHECKED_BY_PROVIDER = { skipIssuerMetadataValidation: true } as const;

const DEFAULT_SIGN_IN_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_REFRESH_EARLY_MS = 30_000;

export class MerchantSession {
  private readonly provider: TillOAuthProvider;
  private readonly fetch: typeof fetch;
  private client: Client | null = null;
  private redirect: LoopbackRedirect | null = null;

  constructor(private readonly options: MerchantSessionOptions) {
    this.provider = new TillOAuthProvider({
      resource: options.mcpUrl,
      vault: options.vault,
      clock: options.clock,
      ...(options.clientName && { clientName: options.clientName }),
      ...(options.preRegistered && { preRegistered: options.preRegistered }),
      ...(options.clientMetadataUrl && { clientMetadataUrl: options.clientMetadataUrl }),
    });
    this.fetch = retryAfterFetch(options.fetch ?? fetch, {
      clock: options.clock,
      log: options.log,
      ...(options.retryAfter && { policy: options.retryAfter }),
    });
  }

  get mcpUrl(): string {
    return this.options.mcpUrl;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** The sign-in kept for this endpoint's issuer, or null. */
  async signIn(): Promise<KeptSignIn | null> {
    const issuer = this.provider.issuer ?? (await this.options.vault.issuerFor(this.options.mcpUrl));
    return issuer ? this.options.vault.signIn(issuer) : null;
  }

  /** Connects with the kept sign-in (refreshed if it expired), or starts a sign-in. */
  async connect(): Promise<ConnectOutcome> {
    await this.cancelSignIn();
    // Open before anything is registered, so a first registration names a real redirect address.
    const redirect = await this.openRedirect();
    try {
      await this.refreshIfExpired();
      await this.open();
      await this.closeRedirect(redirect);
      return { kind: 'connected' };
    } catch (error) {
      if (error instanceof UnauthorizedError && this.provider.pendingAuthorization) return this.beginSignIn();
      await this.closeRedirect(redirect);
      throw wordMerchantError(error, this.options.log);
    }
  }

  /**
   * Starts a sign-in in the browser after the endpoint asked for one (no sign-in kept, expired and
   * not refreshable, revoked, or a wider scope needed): a fresh authorisation request, with the
   * scope the endpoint asked for, that comes back to a loopback listener.
   */
  async beginSignIn(): Promise<Extract<ConnectOutcome, { kind: 'sign_in' }>> {
    const asked = this.provider.pendingAuthorization;
    const scope = asked ? (new URL(asked.url).searchParams.get('scope') ?? undefined) : undefined;
    const redirect = this.redirect ?? (await this.openRedirect());
    this.provider.pendingAuthorization = null;
    try {
      await auth(this.provider, {
        serverUrl: this.options.mcpUrl,
        ...(scope && { scope }),
        forceReauthorization: true,
        fetchFn: this.fetch,
        ...ISSUER_CHECKED_BY_PROVIDER,
      });
    } catch (error) {
      await this.closeRedirect(redirect);
      throw wordMerchantError(error, this.options.log);
    }
    const pending = this.provider.pendingAuthorization as { url: string; state: string } | null;
    if (!pending) {
      await this.closeRedirect(redirect);
      throw new TillError(
        'service_error',
        'The dashboard did not offer a sign-in page. Try again in a few minutes.',
      );
    }
    this.provider.followSignIn(pending.state);
    redirect.expect(
      pending.state,
      this.options.clock,
      this.options.signInTimeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS,
    );
    const finished = redirect.answer
      .then(async ({ code, iss }) => {
        this.provider.exchangeCodeOf(pending.state);
        await this.finishSignIn(code, iss);
        await this.open();
      })
      .catch((failure: unknown) => {
        throw wordMerchantError(failure, this.options.log);
      })
      .finally(() => {
        this.provider.endSignIn(pending.state);
        return this.closeRedirect(redirect);
      });
    finished.catch(() => undefined); // the caller may stop listening; the outcome is in the status
    return { kind: 'sign_in', authorizationUrl: pending.url, finished };
  }

  async cancelSignIn(): Promise<void> {
    const redirect = this.redirect;
    if (!redirect) return;
    redirect.cancel(new TillError('conflict', 'The sign-in was stopped.'));
    await this.closeRedirect(redirect);
  }

  async listTools(): Promise<Tool[]> {
    return this.use(async (client) => {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    });
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.use((client) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>);
  }

  /** Forgets the tokens kept for this endpoint's issuer (the registration stays for next time). */
  async signOut(): Promise<void> {
    await this.cancelSignIn();
    await this.disconnect();
    const issuer = this.provider.issuer ?? (await this.options.vault.issuerFor(this.options.mcpUrl));
    if (issuer) await this.options.vault.forgetTokens(issuer);
  }

  async disconnect(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.cancelSignIn();
    await this.disconnect();
  }

  private async use<T>(work: (client: Client) => Promise<T>): Promise<T> {
    if (!this.client)
      throw new TillError('not_configured', 'Connect to the merchant tools first (Merchant tools, Connect).');
    try {
      await this.refreshIfExpired();
      return await work(this.client);
    } catch (error) {
      if (error instanceof UnauthorizedError && this.provider.pendingAuthorization) throw new SignInNeeded();
      throw wordMerchantError(error, this.options.log);
    }
  }

  /** Refreshes an access token at (or just before) its expiry, instead of waiting for a 401. */
  private async refreshIfExpired(): Promise<void> {
    const kept = await this.signIn();
    if (!kept?.tokens.refresh_token || kept.expiresAt === null) return;
    const early = this.options.refreshEarlyMs ?? DEFAULT_REFRESH_EARLY_MS;
    if (kept.expiresAt - early > this.options.clock.now()) return;
    this.options.log.info('merchant tools: access token expired; refreshing');
    const outcome = await auth(this.provider, {
      serverUrl: this.options.mcpUrl,
      fetchFn: this.fetch,
      ...ISSUER_CHECKED_BY_PROVIDER,
    });
    if (outcome !== 'AUTHORIZED') throw new UnauthorizedError('the refresh token was not accepted');
  }

  private async finishSignIn(code: string, iss: string | undefined): Promise<void> {
    const outcome = await auth(this.provider, {
      serverUrl: this.options.mcpUrl,
      authorizationCode: code,
      ...(iss !== undefined && { iss }),
      fetchFn: this.fetch,
      ...ISSUER_CHECKED_BY_PROVIDER,
    });
    if (outcome !== 'AUTHORIZED') throw new UnauthorizedError('the sign-in was not completed');
  }

  private async open(): Promise<void> {
    await this.disconnect();
    const transport = new StreamableHTTPClientTransport(new URL(this.options.mcpUrl), {
      authProvider: this.provider,
      fetch: this.fetch,
      ...ISSUER_CHECKED_BY_PROVIDER,
    });
    const client = new Client({ name: 'paydesk-till', version: this.options.version ?? '0' });
    await client.connect(transport);
    this.client = client;
  }

  private async openRedirect(): Promise<LoopbackRedirect> {
    const redirect = await LoopbackRedirect.open(this.options.log);
    this.redirect = redirect;
    this.provider.loopbackUrl = redirect.url;
    this.provider.pendingAuthorization = null;
    return redirect;
  }

  private async closeRedirect(redirect: LoopbackRedirect): Promise<void> {
    if (this.redirect === redirect) {
      this.redirect = null;
      this.provider.loopbackUrl = null;
    }
    await redirect.close();
  }
}
