// The till's side of the MCP SDK's OAuth: what the SDK asks an OAuthClientProvider for, kept in
// the credential vault by issuer. The SDK runs discovery, registration, PKCE S256, the `resource`
// parameter, the `iss` check and refresh; this class supplies the redirect address, a fresh
// `state` per sign-in (checked by the loopback listener, since the SDK does not), and storage.
// Each sign-in page keeps its own PKCE verifier, found by the page's state: the SDK may start a
// second authorisation in the background (its event stream meeting the same 401), and that must
// not replace the verifier of the page the user is completing.
import { createHash, randomBytes } from 'node:crypto';
import {
  IssuerMismatchError,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { Clock } from '../common/clock';
import type { CredentialVault, KeptClient } from './credentials';
import { CALLBACK_PATH } from './loopback-redirect';

/** Redirect address registered when no listener is open (RFC 8252: the port may vary per request). */
const LOOPBACK_WITHOUT_PORT = `http://127.0.0.1${CALLBACK_PATH}`;
/** Sign-in pages that keep their verifier: the one followed, and any the SDK started beside it. */
const OPEN_PAGES_KEPT = 4;

export interface ProviderOptions {
  /** The MCP endpoint the tokens are for. */
  resource: string;
  vault: CredentialVault;
  clock: Clock;
  clientName?: string;
  /** A client registered out of band (servers without dynamic registration). */
  preRegistered?: { client_id: string; client_secret?: string };
  /** An https client-ID metadata document, for servers that take one instead of registration. */
  clientMetadataUrl?: string;
}

export class TillOAuthProvider implements OAuthClientProvider {
  /** The listener's address while a sign-in can come back; set by the session. */
  loopbackUrl: string | null = null;
  /** The authorisation page the SDK asked to send the user to, and the state it carries. */
  pendingAuthorization: { url: string; state: string } | null = null;
  /** The issuer last seen for this endpoint (the SDK's per-request token read names none). */
  issuer: string | null = null;
  readonly clientMetadataUrl?: string;
  /** Verifiers saved whose page has not been named yet (the SDK saves, then redirects). */
  private unnamedVerifiers: string[] = [];
  /** Each sign-in page's verifier, by the page's state (the newest few; older ones are stale). */
  private readonly verifiers = new Map<string, string>();
  /** Pages the session sent someone to and still listens for (others were started by the SDK). */
  private readonly followed = new Set<string>();
  /** The page whose code is being exchanged, named by the session when the browser comes back. */
  private exchanging: string | null = null;
  /** Kept only across one sign-in's round trip, so every later 401 runs discovery afresh. */
  private discovery: OAuthDiscoveryState | undefined;

  constructor(private readonly options: ProviderOptions) {
    if (options.clientMetadataUrl) this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.loopbackUrl ?? LOOPBACK_WITHOUT_PORT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'Paydesk till',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    };
  }

  state(): string {
    return randomBytes(24).toString('base64url');
  }

  async clientInformation(
    ctx?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    if (this.options.preRegistered) return { ...this.options.preRegistered };
    const issuer = ctx?.issuer ?? this.issuer;
    if (!issuer) return undefined;
    this.issuer = issuer;
    return (await this.options.vault.client(issuer)) as StoredOAuthClientInformation | undefined;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext) {
    const issuer = ctx?.issuer ?? info.issuer ?? this.issuer;
    if (!issuer || this.options.preRegistered) return;
    await this.options.vault.saveClient(issuer, info as KeptClient);
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const issuer = ctx?.issuer ?? this.issuer ?? (await this.options.vault.issuerFor(this.options.resource));
    if (!issuer) return undefined;
    this.issuer = issuer;
    return (await this.options.vault.signIn(issuer))?.tokens as StoredOAuthTokens | undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? tokens.issuer ?? this.issuer;
    if (!issuer) throw new Error('tokens arrived without an issuer');
    this.issuer = issuer;
    await this.options.vault.saveTokens(this.options.resource, issuer, tokens, this.options.clock.now());
    // A refresh landing while a sign-in page is followed (a resume still running when staff started
    // a new sign-in) leaves the discovery for that page's code exchange (the SDK checks the issuer
    // it recorded there).
    if (this.followed.size === 0) this.discovery = undefined;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    // The session decides how the page opens (system browser, a new tab, or followed by the CLI).
    const state = authorizationUrl.searchParams.get('state') ?? '';
    const challenge = authorizationUrl.searchParams.get('code_challenge');
    const verifier = this.unnamedVerifiers.find((v) => pkceChallenge(v) === challenge);
    if (verifier !== undefined) {
      this.unnamedVerifiers = this.unnamedVerifiers.filter((v) => v !== verifier);
      this.verifiers.set(state, verifier);
      if (this.verifiers.size > OPEN_PAGES_KEPT) this.verifiers.delete(this.verifiers.keys().next().value!);
    }
    this.pendingAuthorization = { url: authorizationUrl.href, state };
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.unnamedVerifiers = [...this.unnamedVerifiers.slice(1 - OPEN_PAGES_KEPT), codeVerifier];
  }

  /** The session sends someone to the page with this state and listens for its answer. */
  followSignIn(state: string): void {
    this.followed.add(state);
  }

  /** The browser came back to the page with this state: its code exchange uses that page's verifier. */
  exchangeCodeOf(state: string): void {
    this.exchanging = state;
  }

  /** The session stopped listening for this page (signed in, failed, stopped or timed out). */
  endSignIn(state: string): void {
    this.verifiers.delete(state);
    this.followed.delete(state);
    if (this.followed.size === 0) this.discovery = undefined;
  }

  codeVerifier(): string {
    const verifier = this.exchanging === null ? undefined : this.verifiers.get(this.exchanging);
    if (verifier === undefined) throw new Error('no sign-in is in progress');
    return verifier;
  }

  /** Every discovery the SDK makes passes here before anything is sent to the server it found. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    checkMetadataIssuer(state, this.options.resource);
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const issuer = this.issuer;
    if ((scope === 'all' || scope === 'tokens') && issuer) await this.options.vault.forgetTokens(issuer);
    if ((scope === 'all' || scope === 'client') && issuer) await this.options.vault.forgetClient(issuer);
    if (scope === 'all' || scope === 'verifier') this.forgetSignIns();
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  private forgetSignIns(): void {
    this.unnamedVerifiers = [];
    this.verifiers.clear();
    this.exchanging = null;
  }
}

/**
 * RFC 8414 §3.3: authorisation-server metadata names the issuer it was fetched for, so a server
 * cannot pass itself off as another. The session turns the SDK's own check off
 * (`skipIssuerMetadataValidation`) and makes it here instead, because the SDK's also refuses a
 * 2025-03-26 endpoint: one that publishes no protected-resource metadata is its own
 * authorisation server, with its metadata at its origin's root, and that metadata may name an
 * issuer with a path (`https://shop.example/oauth`). Such metadata is taken from the MCP
 * endpoint's own origin only, naming an issuer on that origin; any other must match exactly.
 */
export function checkMetadataIssuer(state: OAuthDiscoveryState, resource: string): void {
  const issuer = state.authorizationServerMetadata?.issuer;
  if (issuer === undefined) return; // no metadata: the SDK falls back to /authorize and /token there
  const expected = state.authorizationServerUrl;
  if (issuer === expected || (expected.endsWith('/') && issuer === expected.slice(0, -1))) return;
  const origin = new URL(resource).origin;
  const ownRoot = new URL(expected).href === `${origin}/`;
  if (!state.resourceMetadata && ownRoot && URL.canParse(issuer) && new URL(issuer).origin === origin) return;
  throw new IssuerMismatchError('metadata', expected, issuer);
}

/** RFC 7636 S256: how the page's code_challenge names the verifier it was made from. */
function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
