import { z } from 'zod';
import { TillError } from '../../../shared/contract/errors';
import { systemClock, type Clock } from '../common/clock';
import { readTextIfExists, realFs, writeFileAtomic, type SettingsFs } from './settings-files';
import {
  checkSecretValue,
  parseSecretAccount,
  secretAccount,
  type SavedSecret,
  type SecretKey,
  type SecretProfile,
  type SecretStore,
  type SecretStoreAvailability,
} from './secret-store';

/**
 * OS-provided encryption, as Electron main gets it from safeStorage:
 *   isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
 *   backendName: () => process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform,
 *   encrypt: (text) => safeStorage.encryptString(text),
 *   decrypt: (buf) => safeStorage.decryptString(buf),
 */
export interface EncryptionBackend {
  isEncryptionAvailable(): boolean;
  backendName(): string;
  encrypt(text: string): Buffer;
  decrypt(buf: Buffer): string;
}

/**
 * Backend names that do not really protect anything: on Linux without a keyring Electron's
 * safeStorage falls back to "basic_text", a fixed key built into Chromium.
 */
export const UNSAFE_ENCRYPTION_BACKENDS: readonly string[] = ['basic_text', 'unknown', ''];

const fileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ ciphertext: z.string(), savedAt: z.string() })),
});
type SecretsFile = z.infer<typeof fileSchema>;

/**
 * A last guard against an "encryption" that hands the text back. Substring checks only for
 * longer secrets: a short one could appear inside real ciphertext by chance.
 */
function looksUnencrypted(ciphertext: Buffer, secret: string): boolean {
  const plain = Buffer.from(secret, 'utf8');
  if (ciphertext.length === 0 || ciphertext.equals(plain)) return true;
  return plain.length >= 8 && ciphertext.includes(plain);
}

export interface EncryptedFileSecretStoreOptions {
  /** e.g. <userData>/secrets.enc.json: holds ciphertext and dates only. */
  file: string;
  encryption: EncryptionBackend;
  fs?: SettingsFs;
  /** Dates each saved secret; default the system clock. */
  clock?: Pick<Clock, 'now'>;
}

/** The fallback when there is no OS keychain: a JSON file of OS-encrypted ciphertext. */
export class EncryptedFileSecretStore implements SecretStore {
  private readonly file: string;
  private readonly encryption: EncryptionBackend;
  private readonly fs: SettingsFs;
  private readonly clock: Pick<Clock, 'now'>;

  constructor(options: EncryptedFileSecretStoreOptions) {
    this.file = options.file;
    this.encryption = options.encryption;
    this.fs = options.fs ?? realFs;
    this.clock = options.clock ?? systemClock;
  }

  async availability(): Promise<SecretStoreAvailability> {
    const reason = this.refusal();
    return reason
      ? { ok: false, reason }
      : { ok: true, backend: `encrypted file (${this.encryption.backendName()})` };
  }

  private refusal(): string | null {
    let available: boolean;
    let name: string;
    try {
      available = this.encryption.isEncryptionAvailable();
      name = this.encryption.backendName();
    } catch {
      return 'The operating system cannot encrypt passwords here.';
    }
    if (!available) return 'The operating system cannot encrypt passwords here.';
    if (UNSAFE_ENCRYPTION_BACKENDS.includes(name))
      return `The operating system offers no real encryption here (${name || 'none'}), only a built-in key.`;
    return null;
  }

  private ensureUsable(): void {
    const reason = this.refusal();
    if (reason) throw new TillError('not_configured', `Passwords can't be saved on this computer: ${reason}`);
  }

  private read(): SecretsFile {
    const text = readTextIfExists(this.file, this.fs);
    if (text === null) return { version: 1, entries: {} };
    let parsed: ReturnType<typeof fileSchema.safeParse>;
    try {
      parsed = fileSchema.safeParse(JSON.parse(text));
    } catch {
      throw new TillError('storage', 'The saved passwords file is damaged: enter the credentials again.');
    }
    if (!parsed.success)
      throw new TillError('storage', 'The saved passwords file is damaged: enter the credentials again.');
    return parsed.data;
  }

  private write(data: SecretsFile): void {
    writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, this.fs);
  }

  async get(key: SecretKey, profile: SecretProfile): Promise<string | null> {
    this.ensureUsable();
    const entry = this.read().entries[secretAccount(key, profile)];
    if (!entry) return null;
    try {
      return this.encryption.decrypt(Buffer.from(entry.ciphertext, 'base64'));
    } catch (error) {
      throw new TillError(
        'storage',
        'A saved password could not be decrypted (saved under another user account or computer?): enter it again.',
        { cause: error },
      );
    }
  }

  async set(key: SecretKey, profile: SecretProfile, value: string): Promise<void> {
    this.ensureUsable();
    const account = secretAccount(key, profile);
    const secret = checkSecretValue(value);
    const ciphertext = this.encryption.encrypt(secret);
    if (!Buffer.isBuffer(ciphertext) || looksUnencrypted(ciphertext, secret))
      throw new TillError(
        'not_configured',
        "Passwords can't be saved on this computer: encryption did not work.",
      );
    const data = this.read();
    data.entries[account] = {
      ciphertext: ciphertext.toString('base64'),
      savedAt: new Date(this.clock.now()).toISOString(),
    };
    this.write(data);
  }

  async delete(key: SecretKey, profile: SecretProfile): Promise<boolean> {
    const account = secretAccount(key, profile);
    const data = this.read();
    if (!(account in data.entries)) return false;
    delete data.entries[account];
    this.write(data);
    return true;
  }

  async savedAt(key: SecretKey, profile: SecretProfile): Promise<string | null> {
    return this.read().entries[secretAccount(key, profile)]?.savedAt ?? null;
  }

  async list(): Promise<SavedSecret[]> {
    const saved: SavedSecret[] = [];
    for (const [account, entry] of Object.entries(this.read().entries)) {
      const parsed = parseSecretAccount(account);
      if (parsed) saved.push({ ...parsed, savedAt: entry.savedAt });
    }
    return saved;
  }
}
