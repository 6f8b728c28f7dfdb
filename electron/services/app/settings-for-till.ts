// Settings in a till: the handlers, the keychain's state probed again while it fails, and every
// saved change followed by the till's parts and announced to the screens.
import type { Settings } from '../../../shared/settings';
import type { Logger } from '../common/logger';
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
