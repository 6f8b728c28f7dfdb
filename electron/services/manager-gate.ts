// The manager PIN as a till-wide gate: a right PIN unlocks guarded actions (settings, refunds,
// Z reports, overrides) for a few minutes on this till. Until a PIN is set, nothing is guarded
// and the Settings screen asks for one.
import { TillError } from '../../shared/contract/errors';
import type { Clock } from './common/clock';
import { DEFAULT_SCRYPT_PARAMS, ManagerElevation, ManagerPin } from './storage/manager-pin';
import type { SettingsStore } from './storage/settings';

export type GuardedAction = 'settings' | 'refund' | 'z-report' | 'override';

const ACTION_WORDS: Record<GuardedAction, string> = {
  settings: 'Changing settings',
  refund: 'A refund',
  'z-report': 'A Z report',
  override: 'This override',
};

export interface ManagerGateOptions {
  /** Cheaper PIN hashing, for tests only. */
  scryptCost?: number;
  /** Times the wrong-try lock and the unlock; default the system clock. */
  clock?: Clock;
}

export class ManagerGate {
  readonly pin: ManagerPin;
  private readonly elevation: ManagerElevation;
  private current: { token: string; expiresAt: number } | null = null;

  constructor(settings: SettingsStore, options: ManagerGateOptions = {}) {
    const { clock, scryptCost } = options;
    this.pin = new ManagerPin({
      settings,
      ...(clock && { clock }),
      ...(scryptCost && {
        scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: scryptCost },
      }),
    });
    this.elevation = new ManagerElevation({ ...(clock && { clock }) });
  }

  async unlock(pin: string) {
    const result = await this.pin.verify(pin);
    if (result.ok) {
      this.current = this.elevation.grant();
      return { ok: true as const, unlockedUntil: new Date(this.current.expiresAt).toISOString() };
    }
    if (result.reason === 'not_set') {
      return {
        ok: false as const,
        reason: 'not_set' as const,
        message: 'No manager PIN is set yet.',
        retryAfterMs: 0,
      };
    }
    if (result.reason === 'locked') {
      const seconds = Math.ceil(result.retryAfterMs / 1000);
      return {
        ok: false as const,
        reason: 'locked' as const,
        message: `Too many wrong PINs. Try again in ${seconds} s.`,
        retryAfterMs: result.retryAfterMs,
      };
    }
    const message =
      result.retryAfterMs > 0
        ? `Wrong PIN. Too many wrong tries: wait ${Math.ceil(result.retryAfterMs / 1000)} s.`
        : `Wrong PIN. ${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left before a wait.`;
    return { ok: false as const, reason: 'wrong' as const, message, retryAfterMs: result.retryAfterMs };
  }

  lock(): void {
    this.elevation.revokeAll();
    this.current = null;
  }

  unlockedUntil(): string | null {
    if (!this.current || !this.elevation.isValid(this.current.token)) return null;
    return new Date(this.current.expiresAt).toISOString();
  }

  /** Throws unless no PIN is set or a manager unlocked the till recently. */
  require(action: GuardedAction): void {
    if (!this.pin.isSet()) return;
    if (this.current && this.elevation.isValid(this.current.token)) return;
    throw new TillError('not_allowed', `${ACTION_WORDS[action]} needs the manager PIN.`);
  }

  async setPin(newPin: string, currentPin?: string): Promise<void> {
    if (this.pin.isSet()) this.require('settings');
    await this.pin.setPin(newPin, currentPin);
  }
}
