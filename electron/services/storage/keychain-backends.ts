/**
 * Native bindings to the OS keychain (Windows Credential Manager, macOS Keychain, the
 * freedesktop Secret Service on Linux). Each is loaded lazily, so code and tests that never
 * touch the keychain never load a native addon.
 *
 * @napi-rs/keyring (maintained, N-API, prebuilt per platform as npm packages, no install
 * script). keytar, the archived binding it replaced, is gone: it compiled from source where no
 * prebuild fitted, and its absence broke the build of a fresh install (docs/decisions.md).
 */

export interface KeychainBackend {
  readonly name: string;
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  /** True when there was something to delete. */
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** A keychain that does not answer within this time is treated as unavailable, not waited for. */
export const KEYCHAIN_TIMEOUT_MS = 15_000;

export async function loadNapiKeyringBackend(): Promise<KeychainBackend> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  // On Linux, pin the Secret Service: keyring's default falls back to the kernel keyring,
  // which forgets everything at logout or reboot, and a till must keep its credentials.
  const entry = (service: string, account: string) =>
    new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
  return {
    name: process.platform === 'linux' ? '@napi-rs/keyring (Secret Service)' : '@napi-rs/keyring',
    getPassword: (service, account) =>
      entry(service, account).getPassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS)),
    setPassword: (service, account, password) =>
      entry(service, account).setPassword(password, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS)),
    deletePassword: (service, account) =>
      entry(service, account).deleteCredential(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS)),
  };
}

/**
 * The keychain binding, or null with the reason it did not load (a missing or broken platform
 * package). Loading says nothing about whether a keychain is running:
 * KeychainSecretStore.availability() checks that.
 */
export async function loadKeychainBackend(): Promise<
  { backend: KeychainBackend } | { backend: null; reason: string }
> {
  try {
    return { backend: await loadNapiKeyringBackend() };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { backend: null, reason: `no keychain module could be loaded (@napi-rs/keyring: ${why})` };
  }
}
