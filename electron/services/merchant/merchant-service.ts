// The till's merchant tools: which endpoint (the stand-in in sandbox mode, the address from the
// settings when live), the session on it, the state staff see, and the rule that a tool which
// changes something runs only after staff confirmed it. The sign-in page opens in the system
// browser when the entry point can open one (Electron), otherwise the UI opens it in a new tab.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { MerchantStatus, MerchantTool, MerchantToolResult } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import { CredentialVault, KeychainUnusable, keychainSlots } from './credentials';
import type { ConnectOutcome, MerchantSession } from './mcp-session';
import type { RetryAfterPolicy } from './retry-after-fetch';
import { readAccount, toMerchantTool, toToolResult } from './tool-views';

/**
 * The MCP SDK's side (sessions, the wording of its errors): loaded when merchant tools are first
 * used, not at start, where it would cost about a third of the till's start and 14 MiB.
 */
let sdkSide: Promise<[typeof import('./mcp-session'), typeof import('./wording')]> | null = null;
const loadSdkSide = () => (sdkSide ??= Promise.all([import('./mcp-session'), import('./wording')]));

export interface MerchantServiceDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  /** The stand-in's MCP address in sandbox mode (started on first use); null when there is none. */
  sandbox: () => Promise<{ mcpUrl: string } | null>;
  clock: Clock;
  log: Logger;
  version: string;
  /** Opens a page in the system browser (Electron's shell.openExternal); absent in the browser host. */
  openExternal?: (url: string) => Promise<void>;
  onChange: (status: MerchantStatus) => void;
  fetch?: typeof fetch;
  retryAfter?: Partial<RetryAfterPolicy>;
}

type State = Pick<
  MerchantStatus,
  'state' | 'account' | 'authorizationUrl' | 'openedInBrowser' | 'message' | 'retryAfterMs'
>;

const SIGNED_OUT: State = {
  state: 'signed_out',
  account: null,
  authorizationUrl: null,
  openedInBrowser: false,
  message: null,
  retryAfterMs: null,
};

interface SessionEntry {
  key: string;
  session: MerchantSession;
  /** Whether the kept sign-in was tried already (or Disconnect made that pointless). */
  resumed: boolean;
  /** The resume under way: status queries meanwhile wait for its outcome. */
  resuming: Promise<void> | null;
}

export class MerchantService {
  private session: SessionEntry | null = null;
  /** Counts disconnects, so a sign-in finishing after one does not show "connected" again. */
  private signOuts = 0;
  /** The Disconnect under way, if any: a status asked meanwhile waits for it. */
  private signingOut: Promise<void> | null = null;
  private current: State = SIGNED_OUT;
  private tools: Tool[] | null = null;
  private readonly vault: CredentialVault;

  constructor(private readonly deps: MerchantServiceDeps) {
    this.vault = new CredentialVault(keychainSlots(deps.secrets), () => this.mode());
  }

  status(): MerchantStatus {
    return { ...this.current, mode: this.mode() };
  }

  /** The status, after quietly resuming a sign-in kept from an earlier run (never opens a page). */
  async resumedStatus(): Promise<MerchantStatus> {
    const signOutsBefore = this.signOuts;
    const entry = await this.entry();
    // A Disconnect under way decides: the answer is "signed out", and there is nothing to resume.
    await this.signingOut?.catch(() => undefined);
    if (!entry.resumed && this.current.state === 'signed_out' && this.signOuts === signOutsBefore) {
      entry.resumed = true;
      entry.resuming = this.resume(entry.session, signOutsBefore).finally(() => (entry.resuming = null));
    }
    await entry.resuming;
    return this.status();
  }

  /** Tries the kept sign-in; one that cannot even be read (the keychain) says so where Connect is. */
  private async resume(session: MerchantSession, signOutsBefore: number): Promise<void> {
    try {
      if (!(await session.signIn())) return;
    } catch (error) {
      this.deps.log.warn(
        'merchant tools: not resumed',
        error instanceof KeychainUnusable ? error.cause : error,
      );
      if (this.signOuts === signOutsBefore) await this.failed(error);
      return;
    }
    const outcome = await session.connect().catch(() => null);
    if (outcome?.kind === 'connected') await this.connected(session, signOutsBefore);
    else if (outcome) await session.cancelSignIn();
  }

  async connect(): Promise<MerchantStatus> {
    const signOutsBefore = this.signOuts;
    const { session } = await this.entry();
    let outcome: ConnectOutcome;
    try {
      outcome = await session.connect();
    } catch (error) {
      return this.failed(error);
    }
    if (outcome.kind === 'connected') return this.connected(session, signOutsBefore);
    return this.signingIn(session, outcome);
  }

  /** Stops a sign-in page still open; one that already finished stays connected (Disconnect ends it). */
  async cancelSignIn(): Promise<MerchantStatus> {
    if (this.current.state !== 'signing_in') return this.status();
    await this.session?.session.cancelSignIn();
    return this.set(SIGNED_OUT);
  }

  async disconnect(): Promise<MerchantStatus> {
    this.signOuts += 1;
    const signingOut = this.forgetSignIn();
    this.signingOut = signingOut;
    try {
      await signingOut;
    } finally {
      if (this.signingOut === signingOut) this.signingOut = null;
    }
    this.tools = null;
    return this.set(SIGNED_OUT);
  }

  /**
   * Ends the session on the endpoint the settings name now and forgets its kept sign-in, even
   * when nothing has used that session yet (a Disconnect right after a restart); the session is
   * then marked resumed, so no later status query brings the sign-in back.
   */
  private async forgetSignIn(): Promise<void> {
    const entry = await this.entry().catch(() => this.session);
    if (!entry) return;
    entry.resumed = true;
    await entry.session.signOut();
  }

  async listTools(): Promise<MerchantTool[]> {
    const tools = await this.use((s) => s.listTools());
    this.tools = tools;
    return tools.map(toMerchantTool);
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    confirmed: boolean,
  ): Promise<MerchantToolResult> {
    const tool = (this.tools ?? (await this.use((s) => s.listTools()))).find((t) => t.name === name);
    if (!tool)
      throw new TillError('not_found', 'The merchant tools no longer offer that. Reload the list of tools.');
    if (toMerchantTool(tool).writes && !confirmed)
      throw new TillError(
        'not_allowed',
        'This tool changes the merchant account. Check what it will change and confirm first.',
      );
    const result: CallToolResult = await this.use((s) => s.callTool(name, args));
    this.deps.log.info(`merchant tool ${name} ran${result.isError ? ' and reported a problem' : ''}`);
    return toToolResult(result);
  }

  /** For the settings' live check: does a merchant tool endpoint answer at this address? */
  async probe(mcpUrl: string): Promise<void> {
    const send = this.deps.fetch ?? fetch;
    let response: Response;
    try {
      response = await send(mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw await this.word(error);
    }
    await response.body?.cancel();
    const challenge = response.headers.get('www-authenticate') ?? '';
    if (response.status === 401 && /resource_metadata=/i.test(challenge)) return;
    throw new TillError(
      'not_configured',
      'That address does not answer as merchant tools (no sign-in is offered there).',
    );
  }

  async close(): Promise<void> {
    await this.session?.session.close();
  }

  private mode(): 'sandbox' | 'live' {
    return this.deps.settings.load().merchant.mode;
  }

  /** The MCP address the settings name now: the stand-in's in sandbox mode, the live one otherwise. */
  async endpoint(): Promise<string> {
    const section = this.deps.settings.load().merchant;
    if (section.mode === 'live') {
      if (!section.liveBaseUrl)
        throw new TillError(
          'not_configured',
          'No merchant tools address is set. A manager can set it in Settings.',
        );
      return section.liveBaseUrl;
    }
    const sandbox = await this.deps.sandbox();
    if (!sandbox) throw new TillError('not_configured', 'The sandbox has no merchant tools in this version.');
    return sandbox.mcpUrl;
  }

  /** The session for the endpoint the settings name now (a change of mode or address starts anew). */
  private async entry() {
    const mcpUrl = await this.endpoint();
    const [{ MerchantSession }] = await loadSdkSide();
    const section = this.deps.settings.load().merchant;
    const key = `${section.mode} ${mcpUrl}`;
    if (this.session?.key === key) return this.session;
    // Replaced before anything is awaited, so calls arriving together share one new session.
    const previous = this.session;
    this.tools = null;
    this.current = SIGNED_OUT;
    const { clock, log, version, fetch, retryAfter } = this.deps;
    const options = { mcpUrl, vault: this.vault, clock, log, version };
    const entry: SessionEntry = {
      key,
      resumed: false,
      resuming: null,
      session: new MerchantSession({
        ...options,
        ...(fetch && { fetch }),
        ...(retryAfter && { retryAfter }),
      }),
    };
    this.session = entry;
    await previous?.session.close();
    return entry;
  }

  private async use<T>(work: (session: MerchantSession) => Promise<T>): Promise<T> {
    const { session } = await this.entry();
    if (!session.connected) await this.resumedStatus();
    try {
      const value = await work(session);
      if (this.current.state === 'problem')
        this.set({ ...this.current, state: 'connected', message: null, retryAfterMs: null });
      return value;
    } catch (error) {
      const worded = await this.word(error);
      if (error instanceof (await loadSdkSide())[0].SignInNeeded) {
        await session.disconnect();
        this.set({ ...SIGNED_OUT, message: worded.message });
      } else if (worded.code === 'unreachable' || worded.code === 'service_error')
        this.set({ ...this.current, state: 'problem', message: worded.message });
      throw worded;
    }
  }

  /**
   * A Disconnect since `signOutsBefore` (taken when the connecting started: a resume or a connect
   * can be slow) wins: staff asked to be signed out.
   */
  private async connected(session: MerchantSession, signOutsBefore = this.signOuts): Promise<MerchantStatus> {
    const kept = await session.signIn();
    let account = kept?.account ?? null;
    try {
      this.tools = await session.listTools();
      account = (await readAccount(session, this.tools)) ?? account;
      if (kept && account && this.signOuts === signOutsBefore)
        await this.vault.saveAccount(kept.issuer, account);
    } catch (error) {
      this.deps.log.warn('merchant tools: connected, but the account could not be read', error);
    }
    if (this.signOuts !== signOutsBefore) {
      // Whatever this connecting kept (tokens refreshed or saved on the way) goes again, unless
      // staff have already started connecting anew.
      if (this.current.state === 'signed_out') await session.signOut();
      return this.status();
    }
    return this.set({ ...SIGNED_OUT, state: 'connected', account });
  }

  private async signingIn(
    session: MerchantSession,
    outcome: Extract<ConnectOutcome, { kind: 'sign_in' }>,
  ): Promise<MerchantStatus> {
    const url = outcome.authorizationUrl;
    this.set({ ...SIGNED_OUT, state: 'signing_in', authorizationUrl: url });
    outcome.finished.then(
      () => void this.connected(session),
      async (error: unknown) => {
        const worded = await this.word(error);
        // A sign-in stopped on purpose is not a failure to report.
        if (this.current.state === 'signing_in')
          this.set({ ...SIGNED_OUT, message: worded.code === 'conflict' ? null : worded.message });
      },
    );
    if (!this.deps.openExternal) return this.status();
    const opened = await this.deps.openExternal(url).then(
      () => true,
      (error: unknown) => {
        this.deps.log.warn('merchant sign-in: the system browser did not open', error);
        return false;
      },
    );
    if (this.current.state !== 'signing_in' || this.current.authorizationUrl !== url) return this.status();
    return this.set({ ...this.current, openedInBrowser: opened });
  }

  private async word(error: unknown) {
    return (await loadSdkSide())[1].wordMerchantError(error, this.deps.log);
  }

  private async failed(error: unknown): Promise<MerchantStatus> {
    const worded = await this.word(error);
    return this.set({ ...SIGNED_OUT, message: worded.message, retryAfterMs: worded.retryAfterMs ?? null });
  }

  private set(next: State): MerchantStatus {
    this.current = next;
    const status = this.status();
    this.deps.onChange(status);
    return status;
  }
}
