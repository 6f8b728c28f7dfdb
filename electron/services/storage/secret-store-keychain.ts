import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { systemClock, type Clock } from '../common/clock';
import { loadKeychainBackend, type KeychainBackend } from './keychain-backends';
import type { SettingsFs } from './settings-files';
import {
  DEFAULT_KEYCHAIN_SERVICE,
  SecretSavedDates,
  checkSecretValue,
  parseSecretAccount,
  secretAccount,
  type SavedSecret,
  type SecretKey,
  type SecretProfile,
  type SecretStore,
  type SecretStoreAvailability,
} from './secret-store';

export interface KeychainSecretStoreOptions {
  /** A loaded backend, or omitted to load @napi-rs/keyring on first use. */
  backend?: KeychainBackend;
  /** The keychain's service name; "Paydesk" unless a test passes its own. */
  service?: string;
  /** The non-secret "saved at" file, e.g. <userData>/secrets-saved.json. */
  savedDatesFile: string;
  fs?: SettingsFs;
  /** Dates each saved secret; default the system clock. */
  clock?: Pick<Clock, 'now'>;
  /** Longest value kept in one keychain entry; tests lower it to exercise splitting. */
  partLength?: number;
}

/**
 * Windows Credential Manager holds at most 2560 bytes per entry (1280 UTF-16 characters), less
 * than an OAuth token bundle, so longer values are split over numbered entries ("…#1", "…#2")
 * and the main entry holds only "paydesk-parts/v1:<count>".
 */
export const KEYCHAIN_PART_LENGTH = 1000;
const PARTS_MARKER = 'paydesk-parts/v1:';

function partCount(head: string | null): number | null {
  if (head === null || !head.startsWith(PARTS_MARKER)) return null;
  const count = Number(head.slice(PARTS_MARKER.length));
  return Number.isInteger(count) && count > 0 && count <= 1000 ? count : null;
}

function partAccount(account: string, index: number): string {
  return `${account}#${index}`;
}

/**
 * The probe entry availability() writes, reads back and deletes: one of its own per check, so
 * Paydesk programs checking at the same moment (the till and its command line) never remove or
 * overwrite each other's.
 */
const PROBE_ACCOUNT_PREFIX = 'paydesk-probe-';

/**
 * The keychain's failure in staff words. The library's own message (D-Bus, Secret Service,
 * Credential Manager codes) goes to the log through `detail`, never to the screen.
 */
export const KEYCHAIN_UNUSABLE =
  'The computer’s keychain did not answer. Sign in to this computer’s desktop (which unlocks the keychain), then restart Paydesk. If it keeps happening, ask whoever looks after this computer.';
const NO_KEYCHAIN_MODULE =
  'This copy of Paydesk cannot reach the computer’s keychain. Ask whoever installed it to reinstall Paydesk.';

function technical(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The till's keychain store for a data folder: its "saved at" dates beside the till's data, under
 * `service` ("Paydesk" unless the till was given a name of its own).
 */
export function keychainStoreFor(
  dataDir: string,
  options: Pick<KeychainSecretStoreOptions, 'service' | 'clock'> = {},
): KeychainSecretStore {
  return new KeychainSecretStore({ ...options, savedDatesFile: join(dataDir, 'secret-dates.json') });
}

/** Secrets in the OS keychain, one entry per profile and key under the service name. */
export class KeychainSecretStore implements SecretStore {
  private backendPromise: Promise<KeychainBackend> | null;
  private readonly service: string;
  private readonly dates: SecretSavedDates;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly partLength: number;

  constructor(options: KeychainSecretStoreOptions) {
    this.partLength = options.partLength ?? KEYCHAIN_PART_LENGTH;
    this.backendPromise = options.backend ? Promise.resolve(options.backend) : null;
    this.service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.dates = new SecretSavedDates(options.savedDatesFile, options.fs);
    this.clock = options.clock ?? systemClock;
  }

  private backend(): Promise<KeychainBackend> {
    this.backendPromise ??= loadKeychainBackend().then((loaded) => {
      if (loaded.backend) return loaded.backend;
      throw new TillError('not_configured', NO_KEYCHAIN_MODULE, { cause: new Error(loaded.reason) });
    });
    return this.backendPromise;
  }

  /** Runs a keychain call, turning its failures into TillError('storage') with a plain message. */
  private async call<T>(action: (backend: KeychainBackend) => Promise<T>): Promise<T> {
    const backend = await this.backend();
    try {
      return await action(backend);
    } catch (error) {
      if (error instanceof TillError) throw error;
      throw new TillError('storage', KEYCHAIN_UNUSABLE, { cause: error });
    }
  }

  async get(key: SecretKey, profile: SecretProfile): Promise<string | null> {
    const account = secretAccount(key, profile);
    return this.call(async (b) => {
      const head = await b.getPassword(this.service, account);
      const parts = partCount(head);
      if (parts === null) return head;
      const pieces: string[] = [];
      for (let i = 1; i <= parts; i++) {
        const piece = await b.getPassword(this.service, partAccount(account, i));
        if (piece === null)
          throw new TillError(
            'storage',
            'A saved value is incomplete in the system keychain: enter it again.',
          );
        pieces.push(piece);
      }
      return pieces.join('');
    });
  }

  async set(key: SecretKey, profile: SecretProfile, value: string): Promise<void> {
    const account = secretAccount(key, profile);
    const secret = checkSecretValue(value);
    await this.call(async (b) => {
      const oldParts = partCount(await b.getPassword(this.service, account)) ?? 0;
      let newParts = 0;
      if (secret.length <= this.partLength && !secret.startsWith(PARTS_MARKER)) {
        await b.setPassword(this.service, account, secret);
      } else {
        // Parts first, then the entry that points at them.
        for (let start = 0; start < secret.length; start += this.partLength) {
          newParts += 1;
          await b.setPassword(
            this.service,
            partAccount(account, newParts),
            secret.slice(start, start + this.partLength),
          );
        }
        await b.setPassword(this.service, account, `${PARTS_MARKER}${newParts}`);
      }
      for (let i = newParts + 1; i <= oldParts; i++)
        await b.deletePassword(this.service, partAccount(account, i));
    });
    this.dates.set(account, new Date(this.clock.now()).toISOString());
  }

  async delete(key: SecretKey, profile: SecretProfile): Promise<boolean> {
    const account = secretAccount(key, profile);
    const existed = await this.call(async (b) => {
      const parts = partCount(await b.getPassword(this.service, account)) ?? 0;
      for (let i = 1; i <= parts; i++) await b.deletePassword(this.service, partAccount(account, i));
      return b.deletePassword(this.service, account);
    });
    this.dates.set(account, null);
    return existed;
  }

  async savedAt(key: SecretKey, profile: SecretProfile): Promise<string | null> {
    return this.dates.get(secretAccount(key, profile));
  }

  async list(): Promise<SavedSecret[]> {
    const saved: SavedSecret[] = [];
    for (const [account, savedAt] of Object.entries(this.dates.all())) {
      const parsed = parseSecretAccount(account);
      if (parsed) saved.push({ ...parsed, savedAt });
    }
    return saved;
  }

  /** Really writes, reads back and deletes a throw-away entry: a keychain that only answers reads is no use. */
  async availability(): Promise<SecretStoreAvailability> {
    let backend: KeychainBackend;
    try {
      backend = await this.backend();
    } catch (error) {
      const cause = error instanceof TillError ? error.cause : error;
      return {
        ok: false,
        reason: error instanceof TillError ? error.message : KEYCHAIN_UNUSABLE,
        detail: technical(cause ?? error),
      };
    }
    const probe = randomBytes(8).toString('hex');
    try {
      const account = `${PROBE_ACCOUNT_PREFIX}${probe}`;
      await backend.setPassword(this.service, account, probe);
      const readBack = await backend.getPassword(this.service, account);
      await backend.deletePassword(this.service, account);
      if (readBack !== probe)
        return { ok: false, reason: 'The system keychain did not give back what was saved.' };
      return { ok: true, backend: backend.name };
    } catch (error) {
      return { ok: false, reason: KEYCHAIN_UNUSABLE, detail: technical(error) };
    }
  }
}
