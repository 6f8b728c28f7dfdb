// The Settings screen's state: the settings view from the services (never a secret, only the
// dates secrets were saved), and the manager's unlocked window. Every change goes to the
// services; the view here is only ever replaced by what they send back.
import { create } from 'zustand';
import type { MethodInput, MethodOutput, SettingsView, TillApi } from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { browserClock, type Clock } from './clock';
import { wordsText } from '../i18n/words';

export type SecretKey = MethodInput<'secrets.save'>['key'];
export type SecretProfile = MethodInput<'secrets.save'>['profile'];
export type ServiceName = MethodInput<'settings.testConnection'>['service'];

/** What a failed unlock said, and until when tries are refused (epoch ms), for the countdown. */
export interface UnlockRefusal {
  message: string;
  reason: 'wrong' | 'locked' | 'not_set';
  lockedUntil: number | null;
}

export interface SettingsState {
  view: SettingsView | null;
  loadError: unknown;
  refusal: UnlockRefusal | null;
  load(): Promise<void>;
  apply(view: SettingsView): void;
  /** Sends a change; the server's error is thrown (and nothing changes) when it refuses. */
  update(patch: Record<string, unknown>): Promise<void>;
  saveSecret(key: SecretKey, profile: SecretProfile, value: string): Promise<void>;
  forgetSecret(key: SecretKey, profile: SecretProfile): Promise<void>;
  testConnection(service: ServiceName): Promise<{ ok: boolean; message: string }>;
  /** Signs in to the saved shop server as this till; the answer in words (by key, for the catalogue). */
  testShopServer(): Promise<MethodOutput<'shopServer.testConnection'>>;
  unlock(pin: string): Promise<boolean>;
  lock(): Promise<void>;
  setPin(newPin: string, currentPin?: string): Promise<void>;
}

export function createSettingsStore(api: TillApi, clock: Clock = browserClock) {
  return create<SettingsState>((set, get) => ({
    view: null,
    loadError: null,
    refusal: null,
    async load() {
      try {
        get().apply(await api.invoke('settings.get', {}));
        set({ loadError: null });
      } catch (error) {
        set({ loadError: error });
      }
    },
    apply: (view) => set({ view }),
    async update(patch) {
      get().apply(await api.invoke('settings.update', { patch }));
    },
    async saveSecret(key, profile, value) {
      get().apply(await api.invoke('secrets.save', { key, profile, value }));
    },
    async forgetSecret(key, profile) {
      get().apply(await api.invoke('secrets.forget', { key, profile }));
    },
    testConnection: (service) => api.invoke('settings.testConnection', { service }),
    testShopServer: () => api.invoke('shopServer.testConnection', {}),
    async unlock(pin) {
      const result = await api.invoke('manager.unlock', { pin });
      if (result.ok) {
        set({ refusal: null });
        await get().load();
        return true;
      }
      set({
        refusal: {
          message: wordsText(result.words, result.message),
          reason: result.reason,
          lockedUntil: result.retryAfterMs > 0 ? clock.now() + result.retryAfterMs : null,
        },
      });
      return false;
    },
    async lock() {
      await api.invoke('manager.lock', {});
      await get().load();
    },
    async setPin(newPin, currentPin) {
      get().apply(
        await api.invoke('manager.setPin', {
          newPin,
          ...(currentPin !== undefined && { currentPin }),
        }),
      );
    },
  }));
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

export const useSettings = createSettingsStore(till ?? disconnectedTill);

/** The date a secret was saved, or null when it is not saved. */
export function secretSavedAt(
  view: SettingsView | null,
  key: SecretKey,
  profile: SecretProfile,
): string | null {
  return view?.secrets.find((s) => s.key === key && s.profile === profile)?.savedAt ?? null;
}

/** Whether the manager's unlocked window is open at `now`. */
export function isUnlocked(view: SettingsView | null, now: number): boolean {
  const until = view?.manager.unlockedUntil;
  return until ? new Date(until).getTime() > now : false;
}
