import { z } from 'zod';
import { TillError } from '../../../shared/contract/errors';
import { readTextIfExists, realFs, writeFileAtomic, type SettingsFs } from './settings-files';

/**
 * Credentials (passwords, API keys, OAuth tokens) are kept only in a SecretStore: the OS
 * keychain when there is one, otherwise a file of ciphertext encrypted by the OS (Electron's
 * safeStorage). They never go into the settings, the logs or the renderer. Beside each secret
 * the store keeps a non-secret "saved at" time, so the UI can say "saved 2026-11-22" without
 * reading the secret.
 */

export {
  SECRET_KEYS,
  SECRET_PROFILES,
  secretKeySchema,
  secretProfileSchema,
} from '../../../shared/contract/settings';
import { secretKeySchema, secretProfileSchema } from '../../../shared/contract/settings';
export type SecretKey = z.infer<typeof secretKeySchema>;

/**
 * Each secret exists once per profile, so sandbox and live credentials for the same service can
 * sit side by side; a service uses the profile named by its mode in the settings.
 */
export type SecretProfile = z.infer<typeof secretProfileSchema>;

/** The default keychain service name; tests pass their own and delete what they wrote. */
export const DEFAULT_KEYCHAIN_SERVICE = 'Paydesk';

/** Longest secret accepted (OAuth token bundles are a few KiB). */
export const MAX_SECRET_LENGTH = 16 * 1024;

/** `reason` is for staff; `detail`, when given, is the system's own message, for the log only. */
export type SecretStoreAvailability =
  { ok: true; backend: string } | { ok: false; reason: string; detail?: string };

export interface SavedSecret {
  key: SecretKey;
  profile: SecretProfile;
  /** ISO time it was last saved. */
  savedAt: string;
}

export interface SecretStore {
  /** The secret, or null when none is saved. */
  get(key: SecretKey, profile: SecretProfile): Promise<string | null>;
  /** Saves or replaces the secret and records when. */
  set(key: SecretKey, profile: SecretProfile, value: string): Promise<void>;
  /** Forgets the secret; true when there was one. */
  delete(key: SecretKey, profile: SecretProfile): Promise<boolean>;
  /** When the secret was saved (ISO), read without touching the secret itself; null if never. */
  savedAt(key: SecretKey, profile: SecretProfile): Promise<string | null>;
  /** Every saved secret's key, profile and date: what the settings screen shows as "saved". */
  list(): Promise<SavedSecret[]>;
  /** Whether this store can work on this computer, and if not, why in plain words. */
  availability(): Promise<SecretStoreAvailability>;
}

/** The account name under which a secret sits in the keychain, e.g. "live/payAtCounter.password". */
export function secretAccount(key: SecretKey, profile: SecretProfile): string {
  return `${secretProfileSchema.parse(profile)}/${secretKeySchema.parse(key)}`;
}

export function parseSecretAccount(account: string): { key: SecretKey; profile: SecretProfile } | null {
  const [profile, key, ...rest] = account.split('/');
  const p = secretProfileSchema.safeParse(profile);
  const k = secretKeySchema.safeParse(key);
  return p.success && k.success && rest.length === 0 ? { key: k.data, profile: p.data } : null;
}

/** Checks a value before it is stored; the message never includes the value. */
export function checkSecretValue(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new TillError('invalid_input', 'Nothing to save: the value is empty.');
  if (value.length > MAX_SECRET_LENGTH)
    throw new TillError(
      'invalid_input',
      `That value is too long to save (over ${MAX_SECRET_LENGTH} characters).`,
    );
  return value;
}

// ---------------------------------------------------------------------------------------------
// Saved-at dates: a small JSON file beside the settings, holding no secret.
// ---------------------------------------------------------------------------------------------

const savedDatesFileSchema = z.object({ version: z.literal(1), saved: z.record(z.string(), z.string()) });

/**
 * "account → saved at" for secrets kept in the keychain. A damaged file is treated as empty
 * (dates only, nothing secret is lost) and rewritten on the next save.
 */
export class SecretSavedDates {
  constructor(
    private readonly file: string,
    private readonly fs: SettingsFs = realFs,
  ) {}

  all(): Record<string, string> {
    let text: string | null;
    try {
      text = readTextIfExists(this.file, this.fs);
    } catch {
      return {};
    }
    if (text === null) return {};
    try {
      const parsed = savedDatesFileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.saved : {};
    } catch {
      return {};
    }
  }

  get(account: string): string | null {
    return this.all()[account] ?? null;
  }

  set(account: string, savedAt: string | null): void {
    const saved = this.all();
    if (savedAt === null) delete saved[account];
    else saved[account] = savedAt;
    writeFileAtomic(this.file, `${JSON.stringify({ version: 1, saved }, null, 2)}\n`, this.fs);
  }
}

// ---------------------------------------------------------------------------------------------
// Choosing a store
// ---------------------------------------------------------------------------------------------

/** Used when no candidate works: every call is refused with the reasons, in plain words. */
export class UnavailableSecretStore implements SecretStore {
  constructor(
    private readonly reason: string,
    /** The systems' own messages, for the log only. */
    private readonly detail?: string,
  ) {}

  private refuse(): never {
    throw new TillError('not_configured', `Passwords can't be saved on this computer: ${this.reason}`);
  }

  async get(_key: SecretKey, _profile: SecretProfile): Promise<string | null> {
    this.refuse();
  }
  async set(_key: SecretKey, _profile: SecretProfile, _value: string): Promise<void> {
    this.refuse();
  }
  async delete(_key: SecretKey, _profile: SecretProfile): Promise<boolean> {
    this.refuse();
  }
  async savedAt(_key: SecretKey, _profile: SecretProfile): Promise<string | null> {
    return null;
  }
  async list(): Promise<SavedSecret[]> {
    return [];
  }
  async availability(): Promise<SecretStoreAvailability> {
    return { ok: false, reason: this.reason, ...(this.detail && { detail: this.detail }) };
  }
}

/**
 * The first candidate that reports itself available (typically: OS keychain, then the
 * safeStorage-encrypted file); otherwise a store that refuses, saying why each one can't work.
 */
export async function chooseSecretStore(candidates: readonly SecretStore[]): Promise<SecretStore> {
  const reasons: string[] = [];
  const details: string[] = [];
  for (const candidate of candidates) {
    const availability = await candidate.availability();
    if (availability.ok) return candidate;
    if (!reasons.includes(availability.reason)) reasons.push(availability.reason);
    if (availability.detail) details.push(availability.detail);
  }
  return new UnavailableSecretStore(
    reasons.length ? reasons.join(' ') : 'no secure storage is set up.',
    details.join('; ') || undefined,
  );
}
