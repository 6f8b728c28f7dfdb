// The merchant sign-in kept between runs: tokens and the dynamic client registration, each
// keyed by the authorisation server's issuer (a token or registration from one issuer is never
// offered to another). The till keeps them in the OS keychain (SecretStore); the command-line
// entry keeps them in memory only.
import { z } from 'zod';
import { TillError } from '../../../shared/contract/errors';
import type { SecretProfile, SecretStore } from '../storage/secret-store';

/**
 * The keychain, where the sign-in is kept, could not be used: said where staff press Connect, with
 * the keychain's own words (why, and often what to do) when it gave some.
 */
export class KeychainUnusable extends TillError {
  constructor(cause: unknown) {
    const why = cause instanceof TillError ? ` ${cause.message}` : '';
    super(
      'storage',
      `Merchant tools keep the dashboard sign-in in this computer’s keychain, and the keychain can’t be used.${why} Ask whoever looks after this computer to get it working, then press Connect again.`,
      { cause },
    );
  }
}
/** What the vault needs of a secret store: the till passes its SecretStore, the CLI a Map. */
export type SecretSlots = Pick<SecretStore, 'get' | 'set' | 'delete'>;

const tokensSchema = z
  .object({
    access_token: z.string(),
    token_type: z.string(),
    refresh_token: z.string().optional(),
    expires_in: z.number().optional(),
    scope: z.string().optional(),
    issuer: z.string().optional(),
  })
  .passthrough();
export type KeptTokens = z.infer<typeof tokensSchema>;

const clientSchema = z.object({ client_id: z.string(), issuer: z.string().optional() }).passthrough();
export type KeptClient = z.infer<typeof clientSchema>;

const tokenFileSchema = z.object({
  version: z.literal(1),
  byIssuer: z.record(
    z.string(),
    z.object({
      tokens: tokensSchema,
      /** Epoch ms the access token stops working (from `expires_in`), or null when unknown. */
      expiresAt: z.number().nullable(),
      /** Who signed in, and the account's currency, when the dashboard said. */
      account: z
        .object({
          name: z.string(),
          detail: z.string().nullable(),
          currency: z.string().nullable().default(null),
        })
        .nullable()
        .default(null),
    }),
  ),
  /** Which issuer each MCP address signed in with last (the SDK's bearer read has no issuer). */
  byResource: z.record(z.string(), z.string()),
});
type TokenFile = z.infer<typeof tokenFileSchema>;

const clientFileSchema = z.object({ version: z.literal(1), byIssuer: z.record(z.string(), clientSchema) });
type ClientFile = z.infer<typeof clientFileSchema>;

export interface KeptSignIn {
  issuer: string;
  tokens: KeptTokens;
  expiresAt: number | null;
  account: { name: string; detail: string | null; currency: string | null } | null;
}

// Factories, not shared constants: callers change the file they read before writing it back, and
// a shared empty object would keep those changes (forgotten tokens came back from it).
const emptyTokens = (): TokenFile => ({ version: 1, byIssuer: {}, byResource: {} });
const emptyClients = (): ClientFile => ({ version: 1, byIssuer: {} });

function parse<T>(text: string | null, schema: z.ZodType<T>, empty: () => T): T {
  if (text === null) return empty();
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : empty();
  } catch {
    return empty(); // a damaged entry means "signed out", never a crash
  }
}

export class CredentialVault {
  constructor(
    private readonly slots: SecretSlots,
    private readonly profile: () => SecretProfile,
  ) {}

  private async tokenFile(): Promise<TokenFile> {
    return parse(await this.slots.get('merchant.oauthTokens', this.profile()), tokenFileSchema, emptyTokens);
  }

  private async writeTokenFile(file: TokenFile): Promise<void> {
    if (Object.keys(file.byIssuer).length === 0)
      await this.slots.delete('merchant.oauthTokens', this.profile());
    else await this.slots.set('merchant.oauthTokens', this.profile(), JSON.stringify(file));
  }

  private async clientFile(): Promise<ClientFile> {
    return parse(
      await this.slots.get('merchant.clientRegistration', this.profile()),
      clientFileSchema,
      emptyClients,
    );
  }

  /** The issuer an MCP address last signed in with, or null. */
  async issuerFor(resource: string): Promise<string | null> {
    return (await this.tokenFile()).byResource[resource] ?? null;
  }

  async signIn(issuer: string): Promise<KeptSignIn | null> {
    const entry = (await this.tokenFile()).byIssuer[issuer];
    return entry ? { issuer, ...entry } : null;
  }

  async saveTokens(resource: string, issuer: string, tokens: KeptTokens, now: number): Promise<void> {
    const file = await this.tokenFile();
    const before = file.byIssuer[issuer];
    file.byIssuer[issuer] = {
      tokens,
      expiresAt: tokens.expires_in !== undefined ? now + tokens.expires_in * 1000 : null,
      account: before?.account ?? null,
    };
    file.byResource[resource] = issuer;
    await this.writeTokenFile(file);
  }

  async saveAccount(issuer: string, account: KeptSignIn['account']): Promise<void> {
    const file = await this.tokenFile();
    const entry = file.byIssuer[issuer];
    if (!entry) return;
    entry.account = account;
    await this.writeTokenFile(file);
  }

  async forgetTokens(issuer: string): Promise<void> {
    const file = await this.tokenFile();
    if (!file.byIssuer[issuer]) return;
    delete file.byIssuer[issuer];
    await this.writeTokenFile(file);
  }

  async client(issuer: string): Promise<KeptClient | undefined> {
    return (await this.clientFile()).byIssuer[issuer];
  }

  async saveClient(issuer: string, client: KeptClient): Promise<void> {
    const file = await this.clientFile();
    file.byIssuer[issuer] = client;
    await this.slots.set('merchant.clientRegistration', this.profile(), JSON.stringify(file));
  }

  async forgetClient(issuer: string): Promise<void> {
    const file = await this.clientFile();
    if (!file.byIssuer[issuer]) return;
    delete file.byIssuer[issuer];
    if (Object.keys(file.byIssuer).length === 0)
      await this.slots.delete('merchant.clientRegistration', this.profile());
    else await this.slots.set('merchant.clientRegistration', this.profile(), JSON.stringify(file));
  }
}

/** The till's keychain as the vault's slots: any failure of it becomes `KeychainUnusable`, worded. */
export function keychainSlots(store: SecretSlots): SecretSlots {
  const worded =
    <A extends unknown[], R>(use: (...args: A) => Promise<R>) =>
    (...args: A) =>
      use(...args).catch((error: unknown) => {
        throw new KeychainUnusable(error);
      });
  return {
    get: worded((key, profile) => store.get(key, profile)),
    set: worded((key, profile, value) => store.set(key, profile, value)),
    delete: worded((key, profile) => store.delete(key, profile)),
  };
}

/** Secret slots in memory, for the command-line entry (nothing outlives the process). */
export function memorySlots(): SecretSlots {
  const values = new Map<string, string>();
  return {
    get: async (key, profile) => values.get(`${profile}/${key}`) ?? null,
    set: async (key, profile, value) => void values.set(`${profile}/${key}`, value),
    delete: async (key, profile) => values.delete(`${profile}/${key}`),
  };
}
