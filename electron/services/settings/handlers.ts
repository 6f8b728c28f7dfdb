// The settings area's side of the contract: settings, secrets and the manager PIN, with the
// rules that refuse an unsafe change before anything is saved.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ServiceName, SettingsView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { ManagerGate } from '../manager-gate';
import type { SecretStore } from '../storage/secret-store';
import { describeConnectionError } from '../storage/settings-messages';
import { publicSettings, rendererSettingsPatch, type SettingsStore } from '../storage/settings';

export interface SettingsHandlerDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  manager: ManagerGate;
  /** A real call to the service with the saved address and credentials. */
  testConnection: (service: ServiceName) => Promise<void>;
  /** Whether a card payment is running (the card service must not change under it). */
  cardPaymentRunning: () => boolean;
  /** Secrets changed: drop anything remembered from the keychain. */
  onSecretsChanged: () => void;
  /** The keychain's state, probed at start-up and again after a failure. */
  keychainStatus: () => Promise<{ ok: true; backend: string } | { ok: false; reason: string }>;
}

const SERVICES: ServiceName[] = ['payAtCounter', 'distribution', 'merchant'];

/** Refuses changes that would be unsafe now, before anything is validated or saved. */
function checkSettingsPatch(patch: Record<string, unknown>, deps: SettingsHandlerDeps): void {
  const sections = SERVICES.map((s) => [s, patch[s]] as const).filter(
    ([, v]) => typeof v === 'object' && v !== null,
  );
  const touches = (service: ServiceName, field: string) =>
    sections.some(([s, v]) => s === service && field in (v as Record<string, unknown>));
  if (
    (touches('payAtCounter', 'mode') || touches('payAtCounter', 'liveBaseUrl')) &&
    deps.cardPaymentRunning()
  ) {
    throw new TillError(
      'conflict',
      'A card payment is running: change the card service after it has finished.',
    );
  }
  const goesLive = sections.some(([, v]) => (v as Record<string, unknown>).mode === 'live');
  if (goesLive && !deps.manager.pin.isSet()) {
    throw new TillError('not_allowed', 'Set a manager PIN before switching a service to live.');
  }
}

export async function settingsView(deps: SettingsHandlerDeps): Promise<SettingsView> {
  const [secrets, keychain] = await Promise.all([deps.secrets.list().catch(() => []), deps.keychainStatus()]);
  return {
    settings: publicSettings(deps.settings.load()),
    problems: deps.settings.problems().map((p) => ({ message: p.message, keptAt: p.keptAt, at: p.at })),
    secrets: secrets.map((s) => ({ key: s.key, profile: s.profile, savedAt: s.savedAt })),
    keychain: keychain.ok ? { ok: true, detail: keychain.backend } : { ok: false, detail: keychain.reason },
    manager: { pinSet: deps.manager.pin.isSet(), unlockedUntil: deps.manager.unlockedUntil() },
  };
}

export function settingsHandlers(deps: SettingsHandlerDeps): HandlersOf<'settings' | 'secrets' | 'manager'> {
  const view = () => settingsView(deps);
  return {
    'settings.get': view,
    'settings.update': async ({ patch }) => {
      deps.manager.require('settings');
      checkSettingsPatch(patch, deps);
      deps.settings.update(rendererSettingsPatch(patch));
      return view();
    },
    'secrets.save': async ({ key, profile, value }) => {
      deps.manager.require('settings');
      try {
        await deps.secrets.set(key, profile, value);
      } finally {
        deps.onSecretsChanged();
      }
      return view();
    },
    'secrets.forget': async ({ key, profile }) => {
      deps.manager.require('settings');
      try {
        await deps.secrets.delete(key, profile);
      } finally {
        deps.onSecretsChanged();
      }
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
