import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { TillError } from '../../../shared/contract/errors';
import { systemClock, type Clock } from '../common/clock';
import type { PinHashRecord, PinLockout, SettingsStore } from './settings';

/**
 * The manager PIN guards settings, refunds, Z reports and overrides. It is kept only as a slow,
 * salted scrypt hash in the settings (never sent to the renderer), and wrong tries are limited:
 * after FREE_TRIES wrong tries in a row the PIN locks for 30 s, and each further wrong try locks
 * it for twice as long, up to 15 min. The lockout is saved in the settings, so restarting the
 * till does not reset it.
 */

export interface ScryptParams {
  /** CPU/memory cost N (a power of two). */
  cost: number;
  blockSize: number;
  parallelization: number;
  keyLength: number;
}

/** OWASP's scrypt recommendation (N=2^17, r=8, p=1): 128 MiB and roughly half a second per try. */
export const DEFAULT_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({
  cost: 2 ** 17,
  blockSize: 8,
  parallelization: 1,
  keyLength: 32,
});

export const PIN_POLICY = Object.freeze({
  minDigits: 4,
  maxDigits: 8,
  freeTries: 3,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
});

export type PinVerifyResult =
  | { ok: true }
  | { ok: false; reason: 'not_set' }
  /** retryAfterMs > 0 when this wrong try has locked the PIN. */
  | { ok: false; reason: 'wrong'; triesLeft: number; retryAfterMs: number }
  | { ok: false; reason: 'locked'; retryAfterMs: number };

/** The refusal of an unacceptable new PIN, worded, or null when it is acceptable. */
export function pinFormatError(pin: string): TillError | null {
  const { minDigits, maxDigits } = PIN_POLICY;
  if (!/^\d+$/.test(pin) || pin.length < minDigits || pin.length > maxDigits)
    return new TillError('invalid_input', `The PIN must be ${minDigits} to ${maxDigits} digits.`, {
      words: { key: 'pin.digits', params: { min: minDigits, max: maxDigits } },
    });
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - digits[i]!));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0]!))
    return new TillError('invalid_input', 'That PIN is too easy to guess (repeated or consecutive digits).', {
      words: { key: 'pin.tooEasy' },
    });
  return null;
}

/** Why a new PIN is refused, or null when it is acceptable. */
export function pinFormatProblem(pin: string): string | null {
  return pinFormatError(pin)?.message ?? null;
}

/** How long a wrong try locks the PIN, given the wrong tries in a row including it. */
export function lockDurationMs(failedAttempts: number): number {
  const { freeTries, firstLockMs, maxLockMs } = PIN_POLICY;
  if (failedAttempts < freeTries) return 0;
  const doublings = Math.min(failedAttempts - freeTries, 30);
  return Math.min(firstLockMs * 2 ** doublings, maxLockMs);
}

function deriveKey(pin: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const memoryNeeded = 128 * params.cost * params.blockSize * params.parallelization;
  return new Promise((resolve, reject) =>
    scrypt(
      pin,
      salt,
      params.keyLength,
      {
        N: params.cost,
        r: params.blockSize,
        p: params.parallelization,
        maxmem: memoryNeeded * 2 + 32 * 1024 * 1024,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPin(pin: string, params: ScryptParams, setAt: Date): Promise<PinHashRecord> {
  const salt = randomBytes(16);
  const key = await deriveKey(pin, salt, params);
  return {
    algorithm: 'scrypt',
    ...params,
    salt: salt.toString('base64'),
    hash: key.toString('base64'),
    setAt: setAt.toISOString(),
  };
}

/** Constant-time comparison against the stored hash, using the parameters stored with it. */
export async function pinMatches(pin: string, record: PinHashRecord): Promise<boolean> {
  const expected = Buffer.from(record.hash, 'base64');
  const actual = await deriveKey(pin, Buffer.from(record.salt, 'base64'), record);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Where a run of wrong tries is kept, so a restart does not reset it. */
export interface LockoutStore {
  load(): PinLockout;
  save(lockout: PinLockout): void;
}

export type PinTryResult = Exclude<PinVerifyResult, { reason: 'not_set' }>;

/**
 * The wrong-try limit every PIN shares: after PIN_POLICY.freeTries wrong tries in a row the next
 * try waits lockDurationMs (30 s, doubling, up to 15 min). Tries run one after another, so
 * parallel guesses cannot slip past the counter.
 */
export class PinTries {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: LockoutStore,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  /** Milliseconds until a try is accepted again; 0 when not locked. */
  lockedForMs(): number {
    const { lockedUntil } = this.store.load();
    if (lockedUntil === null) return 0;
    const remaining = lockedUntil - this.clock.now();
    // Capped so a clock set backwards cannot stretch a lock beyond the longest one.
    return remaining > 0 ? Math.min(remaining, PIN_POLICY.maxLockMs) : 0;
  }

  /** Runs `task` after every earlier try has finished. */
  serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * One counted try, to be called inside serialized(): refused while locked; counted before the
   * slow `check`, so ending the app mid-try cannot give a free guess; cleared by a match.
   */
  async tryNow(check: () => Promise<boolean>): Promise<PinTryResult> {
    const locked = this.lockedForMs();
    if (locked > 0) return { ok: false, reason: 'locked', retryAfterMs: locked };
    const failedAttempts = this.store.load().failedAttempts + 1;
    this.store.save({ failedAttempts, lockedUntil: null });
    if (await check()) {
      this.store.save({ failedAttempts: 0, lockedUntil: null });
      return { ok: true };
    }
    const lockMs = lockDurationMs(failedAttempts);
    if (lockMs > 0) this.store.save({ failedAttempts, lockedUntil: this.clock.now() + lockMs });
    return {
      ok: false,
      reason: 'wrong',
      triesLeft: Math.max(0, PIN_POLICY.freeTries - failedAttempts),
      retryAfterMs: lockMs,
    };
  }
}

/** Whether a stored hash is weaker than the parameters in use now (rehashed on the next right PIN). */
export function weakerThan(record: PinHashRecord, params: ScryptParams): boolean {
  return (
    record.cost < params.cost || record.blockSize < params.blockSize || record.keyLength < params.keyLength
  );
}

export interface ManagerPinOptions {
  settings: SettingsStore;
  /**
   * Only read, never waited on: a lock ends when the clock passes it. Default the system
   * clock; tests move a manual one instead of waiting out a lock.
   */
  clock?: Pick<Clock, 'now'>;
  /** Tests may use a cheaper cost; real use keeps the default. */
  scryptParams?: ScryptParams;
}

/**
 * The single manager PIN of the first Paydesk versions, kept in the settings. Staff PINs
 * (services/staff) replaced it: a till that had one moves it to a staff member "Manager" at
 * start-up. Its hashing and wrong-try limit are the ones every staff PIN uses.
 */
export class ManagerPin {
  private readonly settings: SettingsStore;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly params: ScryptParams;
  private readonly tries: PinTries;

  constructor(options: ManagerPinOptions) {
    this.settings = options.settings;
    this.clock = options.clock ?? systemClock;
    this.params = options.scryptParams ?? DEFAULT_SCRYPT_PARAMS;
    this.tries = new PinTries(
      {
        load: () => this.settings.load().managerPin.lockout,
        save: (lockout) => this.settings.update((s) => ({ ...s, managerPin: { ...s.managerPin, lockout } })),
      },
      this.clock,
    );
  }

  isSet(): boolean {
    return this.settings.load().managerPin.hash !== null;
  }

  /** Milliseconds until a try is accepted again; 0 when not locked. */
  lockedForMs(): number {
    return this.tries.lockedForMs();
  }

  verify(pin: string): Promise<PinVerifyResult> {
    return this.tries.serialized(() => this.verifyNow(pin));
  }

  /**
   * Sets or changes the PIN. Changing needs the current PIN, which counts as a try like verify().
   * Throws TillError('invalid_input') for an unacceptable new PIN and TillError('not_allowed')
   * for a missing, wrong or locked current PIN.
   */
  setPin(newPin: string, currentPin?: string): Promise<void> {
    return this.tries.serialized(async () => {
      const problem = pinFormatError(newPin);
      if (problem) throw problem;
      if (this.isSet()) {
        if (currentPin === undefined)
          throw new TillError('not_allowed', 'Enter the current manager PIN to change it.');
        const check = await this.verifyNow(currentPin);
        if (!check.ok) {
          const retryAfterMs =
            'retryAfterMs' in check && check.retryAfterMs > 0 ? check.retryAfterMs : undefined;
          throw new TillError(
            'not_allowed',
            check.reason === 'locked'
              ? 'The manager PIN is locked for now.'
              : 'The current manager PIN is wrong.',
            { retryAfterMs },
          );
        }
      }
      const record = await hashPin(newPin, this.params, new Date(this.clock.now()));
      this.settings.update((s) => ({
        ...s,
        managerPin: { hash: record, lockout: { failedAttempts: 0, lockedUntil: null } },
      }));
    });
  }

  private async verifyNow(pin: string): Promise<PinVerifyResult> {
    const record = this.settings.load().managerPin.hash;
    if (record === null) return { ok: false, reason: 'not_set' };
    const result = await this.tries.tryNow(async () => typeof pin === 'string' && pinMatches(pin, record));
    if (result.ok && weakerThan(record, this.params)) {
      const upgraded = await hashPin(pin, this.params, new Date(this.clock.now()));
      this.settings.update((s) => ({ ...s, managerPin: { ...s.managerPin, hash: upgraded } }));
    }
    return result;
  }
}
