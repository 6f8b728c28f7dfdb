// The settings area's side of the contract: settings, secrets and the manager PIN, with the
// rules that refuse an unsafe change before anything is saved.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ServiceName, SettingsView, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { AuditLog } from '../audit/journal';
import type { ManagerGate } from '../manager-gate';
import { settingsEntries } from './audit-entries';
import type { SecretKey, SecretStore } from '../storage/secret-store';
import { describeConnectionError, SERVICE_LABELS } from '../storage/settings-messages';
import {
  liveBaseUrlProblem,
  publicSettings,
  rendererSettingsPatch,
  type Settings,
  type SettingsStore,
} from '../storage/settings';

export interface SettingsHandlerDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  manager: ManagerGate;
  /**
   * A real call to the service: the saved address and sign-in, or, given `liveBaseUrl`, that live
   * address with the live sign-in from the keychain (checked before the till switches to it).
   */
  testConnection: (service: ServiceName, liveBaseUrl?: string) => Promise<void>;
  /** Whether a card payment is running (the card service must not change under it). */
  cardPaymentRunning: () => boolean;
  /** Secrets changed: drop anything remembered from the keychain. */
  onSecretsChanged: () => void;
  /** The keychain's state, probed at start-up and again after a failure. */
  keychainStatus: () => Promise<{ ok: true; backend: string } | { ok: false; reason: string }>;
  /** Every saved change goes on the audit trail right after the save (secrets only as saved or removed). */
  audit: AuditLog;
}

const SERVICES: ServiceName[] = ['payAtCounter', 'distribution', 'merchant'];

/** The live sign-in each service needs in the keychain; null when Paydesk cannot sign in to it yet. */
const LIVE_SIGN_IN: Record<ServiceName, { keys: SecretKey[]; words: string } | null> = {
  payAtCounter: {
    keys: ['payAtCounter.username', 'payAtCounter.password'],
    words: 'the live username and password',
  },
  distribution: { keys: ['distribution.apiKey'], words: 'the live API key' },
  // Signed in with OAuth on the Merchant tools screen: nothing to save first, only the address check.
  merchant: { keys: [], words: 'nothing' },
};

/** A service this patch takes to Live, or to a new live address while Live. */
interface LiveSwitch {
  service: ServiceName;
  liveBaseUrl: string;
  wasLive: boolean;
}

function liveSwitches(patch: Record<string, unknown>, current: Settings): LiveSwitch[] {
  const switches: LiveSwitch[] = [];
  for (const service of SERVICES) {
    const section = patch[service];
    if (typeof section !== 'object' || section === null) continue;
    const before = current[service];
    const change = section as Record<string, unknown>;
    const mode = 'mode' in change ? change.mode : before.mode;
    const liveBaseUrl = 'liveBaseUrl' in change ? change.liveBaseUrl : before.liveBaseUrl;
    if (mode !== 'live') continue;
    const wasLive = before.mode === 'live';
    if (wasLive && liveBaseUrl === before.liveBaseUrl) continue;
    // A missing or unusable address is refused, in its own words, by the settings validation.
    if (typeof liveBaseUrl !== 'string' || liveBaseUrlProblem(liveBaseUrl)) continue;
    switches.push({ service, liveBaseUrl, wasLive });
  }
  return switches;
}

/**
 * Live moves real money and stock: a service goes live only once its sign-in is saved in the
 * keychain and a real call to the new address with it succeeds. Refused in words that say what
 * to do next.
 */
async function checkLiveSignIn(target: LiveSwitch, deps: SettingsHandlerDeps): Promise<void> {
  const label = SERVICE_LABELS[target.service];
  const refuse = (why: string): never => {
    const what = target.wasLive ? `${label}'s new live address was not saved` : `${label} stays on Sandbox`;
    throw new TillError('not_allowed', `${what}: ${why}`);
  };
  const needs = LIVE_SIGN_IN[target.service];
  if (!needs) return refuse('signing in to it from Paydesk comes in a later version.');
  const keychain = await deps.keychainStatus();
  if (!keychain.ok) {
    return refuse(
      `its sign-in must be kept in this computer's keychain, which can't be used (${keychain.reason.replace(/\.$/, '')}). Set up the keychain, save the sign-in, then switch to Live.`,
    );
  }
  const saved = await deps.secrets
    .list()
    .catch(() => refuse("the keychain could not be read. Unlock this computer's keychain, then try again."));
  const missing = needs.keys.filter((key) => !saved.some((s) => s.key === key && s.profile === 'live'));
  if (missing.length > 0) return refuse(`save ${needs.words} under Live sign-in first, then save again.`);
  try {
    await deps.testConnection(target.service, target.liveBaseUrl);
  } catch (error) {
    // With the address and sign-in both present, "not configured" means no client exists yet.
    if (error instanceof TillError && error.code === 'not_configured') {
      refuse("this version of Paydesk can't connect to it yet.");
    }
    refuse(
      `the connection test did not pass. ${describeConnectionError(error, target.service)} Check the address and sign-in, then save again.`,
    );
  }
}

/** Refuses forgetting the sign-in of a service that is live on it. */
function checkForget(key: SecretKey, profile: string, current: Settings): void {
  if (profile !== 'live') return;
  const service = SERVICES.find((s) => LIVE_SIGN_IN[s]?.keys.includes(key));
  if (service && current[service].mode === 'live') {
    throw new TillError(
      'not_allowed',
      `${SERVICE_LABELS[service]} is on Live and signs in with this. Switch it to Sandbox first, then forget it.`,
    );
  }
}

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
  if (goesLive && !deps.manager.hasManager()) {
    throw new TillError(
      'not_allowed',
      'Set a manager PIN (the first manager) before switching a service to live.',
    );
  }
}

export async function settingsView(deps: SettingsHandlerDeps): Promise<SettingsView> {
  const [secrets, keychain] = await Promise.all([deps.secrets.list().catch(() => []), deps.keychainStatus()]);
  return {
    settings: publicSettings(deps.settings.load()),
    problems: deps.settings.problems().map((p) => ({ message: p.message, keptAt: p.keptAt, at: p.at })),
    secrets: secrets.map((s) => ({ key: s.key, profile: s.profile, savedAt: s.savedAt })),
    keychain: keychain.ok ? { ok: true, detail: keychain.backend } : { ok: false, detail: keychain.reason },
    manager: { pinSet: deps.manager.hasManager(), unlockedUntil: deps.manager.unlockedUntil() },
  };
}

export function settingsHandlers(deps: SettingsHandlerDeps): HandlersOf<'settings' | 'secrets' | 'manager'> {
  const view = () => settingsView(deps);
  /** A secret on the audit trail: which one, and that it was saved or removed; never its value. */
  const journalSecret = (by: StaffStamp | null, key: SecretKey, profile: string, done: 'saved' | 'removed') =>
    deps.audit.record({
      by,
      area: 'settings',
      action: done === 'saved' ? 'secret-saved' : 'secret-removed',
      subject: profile,
      after: { [key]: done },
    });
  return {
    'settings.get': view,
    'settings.update': async ({ patch }) => {
      const by = deps.manager.require('settings');
      checkSettingsPatch(patch, deps);
      const switches = liveSwitches(patch, deps.settings.load());
      for (const target of switches) await checkLiveSignIn(target, deps);
      // The connection test took time: what it checked must still hold now.
      if (switches.length > 0) checkSettingsPatch(patch, deps);
      const previous = deps.settings.load();
      const next = deps.settings.update(rendererSettingsPatch(patch));
      for (const entry of settingsEntries(previous, next, by)) deps.audit.record(entry);
      return view();
    },
    'secrets.save': async ({ key, profile, value }) => {
      const by = deps.manager.require('settings');
      try {
        await deps.secrets.set(key, profile, value);
      } finally {
        deps.onSecretsChanged();
      }
      journalSecret(by, key, profile, 'saved');
      return view();
    },
    'secrets.forget': async ({ key, profile }) => {
      const by = deps.manager.require('settings');
      checkForget(key, profile, deps.settings.load());
      let removed: boolean;
      try {
        removed = await deps.secrets.delete(key, profile);
      } finally {
        deps.onSecretsChanged();
      }
      // Forgetting what was never saved changes nothing.
      if (removed) journalSecret(by, key, profile, 'removed');
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
    'manager.unlock': ({ pin, action, staffId }) => deps.manager.unlock(pin, action, staffId),
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
