import type { Handlers } from '../../../shared/contract/dispatch';
import type { ServiceName, SettingsView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { ManagerGate } from '../manager-gate';
import type { SecretStore } from '../storage/secret-store';
import { describeConnectionError } from '../storage/settings-messages';
import { publicSettings, rendererSettingsPatch, type SettingsStore } from '../storage/settings';

type SettingsHandlerNames =
  | 'settings.get'
  | 'settings.update'
  | 'secrets.save'
  | 'secrets.forget'
  | 'settings.testConnection'
  | 'manager.unlock'
  | 'manager.lock'
  | 'manager.setPin';

export interface SettingsHandlerDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  manager: ManagerGate;
  /** A real call to the service with the saved address and credentials. */
  testConnection: (service: ServiceName) => Promise<void>;
}

export async function settingsView(deps: SettingsHandlerDeps): Promise<SettingsView> {
  const [secrets, keychain] = await Promise.all([
    deps.secrets.list().catch(() => []),
    deps.secrets.availability(),
  ]);
  return {
    settings: publicSettings(deps.settings.load()),
    problems: deps.settings.problems().map((p) => ({ message: p.message, keptAt: p.keptAt, at: p.at })),
    secrets: secrets.map((s) => ({ key: s.key, profile: s.profile, savedAt: s.savedAt })),
    keychain: keychain.ok ? { ok: true, detail: keychain.backend } : { ok: false, detail: keychain.reason },
    manager: { pinSet: deps.manager.pin.isSet(), unlockedUntil: deps.manager.unlockedUntil() },
  };
}

export function settingsHandlers(deps: SettingsHandlerDeps): Pick<Handlers, SettingsHandlerNames> {
  const view = () => settingsView(deps);
  return {
    'settings.get': view,
    'settings.update': async ({ patch }) => {
      deps.manager.require('settings');
      deps.settings.update(rendererSettingsPatch(patch));
      return view();
    },
    'secrets.save': async ({ key, profile, value }) => {
      deps.manager.require('settings');
      await deps.secrets.set(key, profile, value);
      return view();
    },
    'secrets.forget': async ({ key, profile }) => {
      deps.manager.require('settings');
      await deps.secrets.delete(key, profile);
      return view();
    },
    'settings.testConnection': async ({ service }) => {
      try {
        await deps.testConnection(service);
        return { ok: true, message: 'Connected: the address and sign-in details work.' };
      } catch (error) {
        if (error instanceof TillError && error.code === 'not_allowed') throw error;
        return { ok: false, message: describeConnectionError(error, service) };
      }
    },
    'manager.unlock': ({ pin }) => deps.manager.unlock(pin),
    'manager.lock': () => {
      deps.manager.lock();
      return { ok: true as const };
    },
    'manager.setPin': async ({ newPin, currentPin }) => {
      await deps.manager.setPin(newPin, currentPin);
      return view();
    },
  };
}
