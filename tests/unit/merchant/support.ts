// A till's merchant tools (MerchantService) against the merchant stand-in, both on one manual
// clock, with real HTTP between them: settings in a JSON file, secrets in an encrypted file
// standing in for the keychain, every log line and every request URL kept for the test to read.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SANDBOX_USERS,
  startMerchantSandbox,
  type MerchantSandbox,
  type MerchantSandboxOptions,
} from '../../../electron/sandbox/merchant/server';
import type { Logger } from '../../../electron/services/common/logger';
import { MerchantService } from '../../../electron/services/merchant/merchant-service';
import type { RetryAfterPolicy } from '../../../electron/services/merchant/retry-after-fetch';
import type { SecretKey, SecretStore } from '../../../electron/services/storage/secret-store';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import type { MerchantStatus } from '../../../shared/contract';
import { aesBackend } from '../../support/encryption';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { ManualClock } from '../../support/manual-clock';

export interface MerchantRig {
  sandbox: MerchantSandbox;
  clock: ManualClock;
  service: MerchantService;
  secrets: EncryptedFileSecretStore;
  settings: JsonFileSettingsStore;
  settingsFile: string;
  logs: string[];
  /** "METHOD url" of every request the till sent, in order. */
  requests: string[];
  /** Every status the till's services reported, in order. */
  reported: MerchantStatus[];
  /**
   * When set, each request the till sends first waits for what this returns (a test holds one
   * request to act while it is on its way); undefined lets the request go at once.
   */
  hold: ((request: { method: string; url: string; body: string }) => Promise<void> | undefined) | undefined;
  /** The same for the till's keychain: each read, write or removal first waits for what this returns. */
  holdSecret:
    ((use: { action: 'get' | 'set' | 'delete'; key: SecretKey }) => Promise<void> | undefined) | undefined;
  /** Resolves when the till reports this state (fails after `timeoutMs` saying what it waited for). */
  waitForState(state: MerchantStatus['state'], timeoutMs?: number): Promise<MerchantStatus>;
  /** Another till service on the same settings and keychain (as after a restart). */
  restart(): MerchantService;
  close(): Promise<void>;
}

export async function startMerchantRig(
  options: { standIn?: Omit<MerchantSandboxOptions, 'clock'>; retryAfter?: Partial<RetryAfterPolicy> } = {},
): Promise<MerchantRig> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-merchant-'));
  const clock = new ManualClock();
  const sandbox = await startMerchantSandbox({ ...options.standIn, clock });
  const settingsFile = join(dir, 'settings.json');
  const settings = new JsonFileSettingsStore({ file: settingsFile, clock });
  const secrets = new EncryptedFileSecretStore({
    file: join(dir, 'secrets.enc.json'),
    encryption: aesBackend('test-aes-gcm'),
    clock,
  });
  const logs: string[] = [];
  const requests: string[] = [];
  const log: Logger = {
    info: (m) => logs.push(m),
    warn: (m, e) => logs.push(`${m} ${e instanceof Error ? e.message : String(e ?? '')}`),
    error: (m, e) => logs.push(`${m} ${e instanceof Error ? e.message : String(e ?? '')}`),
  };
  const reported: MerchantStatus[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    requests.push(`${method} ${url}`);
    await rig.hold?.({ method, url, body: init?.body == null ? '' : String(init.body) });
    return fetch(input, init);
  };
  const keychain: SecretStore = {
    async get(key, profile) {
      await rig.holdSecret?.({ action: 'get', key });
      return secrets.get(key, profile);
    },
    async set(key, profile, value) {
      await rig.holdSecret?.({ action: 'set', key });
      return secrets.set(key, profile, value);
    },
    async delete(key, profile) {
      await rig.holdSecret?.({ action: 'delete', key });
      return secrets.delete(key, profile);
    },
    savedAt: (key, profile) => secrets.savedAt(key, profile),
    list: () => secrets.list(),
    availability: () => secrets.availability(),
  };
  const listeners = new Set<(status: MerchantStatus) => void>();
  const make = () =>
    new MerchantService({
      settings,
      secrets: keychain,
      sandbox: async () => ({ mcpUrl: sandbox.mcpUrl }),
      clock,
      log,
      version: 'test',
      fetch: recordingFetch,
      onChange: (status) => {
        reported.push(status);
        listeners.forEach((l) => l(status));
      },
      ...(options.retryAfter && { retryAfter: options.retryAfter }),
    });
  const services = [make()];
  const rig: MerchantRig = {
    sandbox,
    clock,
    service: services[0]!,
    secrets,
    settings,
    settingsFile,
    logs,
    requests,
    reported,
    hold: undefined,
    holdSecret: undefined,
    waitForState(state, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`waited ${timeoutMs} ms for the merchant tools to report "${state}"`));
        }, timeoutMs);
        const listener = (status: MerchantStatus) => {
          if (status.state !== state) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(status);
        };
        listeners.add(listener);
      });
    },
    restart() {
      const next = make();
      services.push(next);
      return next;
    },
    async close() {
      for (const service of services) await service.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return rig;
}

/** The settings file as saved on disk (empty when never written). */
export function settingsText(rig: MerchantRig): string {
  try {
    return readFileSync(rig.settingsFile, 'utf8');
  } catch {
    return '';
  }
}

/**
 * A hook for `rig.hold` or `rig.holdSecret` that holds the first use `matches` picks until
 * `release()`; `held` resolves once it is held. Later uses go at once.
 */
export function holdFirst<T>(matches: (use: T) => boolean) {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (reached = resolve));
  let done = false;
  const hook = (use: T): Promise<void> | undefined => {
    if (done || !matches(use)) return undefined;
    done = true;
    reached();
    return gate;
  };
  return { hook, held, release };
}

/** Who the stand-in's owner is signed in as, as the till shows it. */
export const HARBOUR = {
  name: 'Harbour Café Ltd',
  detail: 'Hana Okafor, owner@harbour-cafe.example',
  currency: 'GBP',
};

/** Connects `service` and signs in as the stand-in's owner through the dashboard page. */
export async function signInAsOwner(rig: MerchantRig, service: MerchantService): Promise<MerchantStatus> {
  const started = await service.connect();
  assert.equal(started.state, 'signing_in');
  const connected = rig.waitForState('connected');
  await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
  return connected;
}
