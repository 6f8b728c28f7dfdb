// Settings in a till: the secret store chosen at start, the handlers, the keychain's state probed again while it fails, and every
// saved change followed by the till's parts and announced to the screens.
import type { Settings } from '../../../shared/settings';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { chooseSecretStore, type SecretStore } from '../storage/secret-store';
import { keychainStoreFor } from '../storage/secret-store-keychain';
import { settingsHandlers, settingsView, type SettingsHandlerDeps } from '../settings/handlers';
import type { EventBus } from './events';

type KeychainState = Awaited<ReturnType<SettingsHandlerDeps['keychainStatus']>>;

export interface SettingsForTill extends Omit<SettingsHandlerDeps, 'keychainStatus'> {
  /** The keychain as probed at start (a probe writes a test entry: repeated only while it fails). */
  keychain: KeychainState;
  events: EventBus;
  /** A saved change: the till's connections follow it before the screens hear of it. */
  follow: (next: Settings, previous: Settings) => void;
  logger: Pick<Logger, 'error'>;
}

/** The first secret store that works (the OS keychain unless others are given), and the keychain's state. */
export async function openSecrets(
  dataDir: string,
  clock: Clock,
  logger: Pick<Logger, 'warn'>,
  stores?: SecretStore[],
) {
  const secrets = await chooseSecretStore(stores ?? [keychainStoreFor(dataDir, { clock })]);
  // Probed once (it writes a test entry); probed again only while it is failing.
  const keychain = await secrets.availability();
  // Staff see the worded reason; the system's own message is for whoever mends the computer.
  if (!keychain.ok && keychain.detail) logger.warn(`keychain unavailable: ${keychain.detail}`);
  return { secrets, keychain };
}

export function settingsForTill(d: SettingsForTill) {
  let keychain = d.keychain;
  const deps: SettingsHandlerDeps = {
    ...d,
    keychainStatus: async () => {
      if (!keychain.ok) keychain = await d.secrets.availability();
      return keychain;
    },
  };
  const announce = () => {
    settingsView(deps)
      .then((view) => d.events.emit('settings.changed', view))
      .catch((error: unknown) => d.logger.error('settings view', error));
  };
  const stopWatching = d.settings.onChange((next, previous) => {
    d.follow(next, previous);
    announce();
  });
  return { handlers: settingsHandlers(deps), announce, close: stopWatching };
}
