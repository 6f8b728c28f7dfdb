// The people of this till and their PINs: the rules for adding, changing and removing someone,
// and the PIN checks for signing in and approving. Every PIN is a salted scrypt hash
// (storage/manager-pin.ts) and every check is one counted try of the till-wide wrong-try limit.
// Every change is journaled on the audit trail in its own transaction: a PIN only as "set" or
// "changed", a new role as the "rights" area's entry.
import type { StaffRole, StaffStamp } from '../../../shared/contract/staff';
import { TillError } from '../../../shared/contract/errors';
import type { PinHashRecord } from '../../../shared/settings';
import type { AuditLog } from '../audit/journal';
import type { Clock } from '../common/clock';
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPin,
  pinFormatError,
  pinMatches,
  PinTries,
  weakerThan,
  type PinTryResult,
  type ScryptParams,
} from '../storage/manager-pin';
import type { StaffRecord, StaffStore } from './store';

export type PinCheck<T> = ({ ok: true } & T) | Exclude<PinTryResult, { ok: true }>;

export interface StaffDirectoryOptions {
  store: StaffStore;
  clock: Pick<Clock, 'now'>;
  /** Tests use a cheaper cost; real use keeps the default. */
  scryptParams?: ScryptParams;
  audit: AuditLog;
}

/** Who made a change: the manager serving or approving; absent = the till itself. */
type By = StaffStamp | null;

const hasManagerAlready = () =>
  new TillError('conflict', 'This till already has a manager.', { words: { key: 'people.hasManager' } });

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export class StaffDirectory {
  readonly store: StaffStore;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly params: ScryptParams;
  private readonly tries: PinTries;
  private readonly audit: AuditLog;

  constructor(options: StaffDirectoryOptions) {
    this.store = options.store;
    this.audit = options.audit;
    this.clock = options.clock;
    this.params = options.scryptParams ?? DEFAULT_SCRYPT_PARAMS;
    this.tries = new PinTries(this.store.lockout, this.clock);
  }

  active(): StaffRecord[] {
    return this.store.list(true);
  }

  hasManager(): boolean {
    return this.active().some((p) => p.role === 'manager');
  }

  lockedForMs(): number {
    return this.tries.lockedForMs();
  }

  /** Adds someone; their PIN must be acceptable and not anyone else's on this till. */
  add(person: { name: string; role: StaffRole; pin: string }, by: By = null): Promise<StaffRecord> {
    return this.tries.serialized(async () => {
      this.checkName(person.name, null);
      const pinHash = await this.newPinHash(person.pin, null);
      return this.store.transaction(() => {
        const added = this.store.insert({ name: person.name.trim(), role: person.role, pinHash });
        this.journalAdded(added, by);
        return added;
      });
    });
  }

  /** Only while no manager exists; the check and the write are one step. They journal it themselves. */
  addFirstManager(name: string, pin: string): Promise<StaffRecord> {
    return this.tries.serialized(async () => {
      if (this.hasManager()) throw hasManagerAlready();
      this.checkName(name, null);
      const pinHash = await this.newPinHash(pin, null);
      return this.store.transaction(() => {
        if (this.hasManager()) throw hasManagerAlready();
        const added = this.store.insert({ name: name.trim(), role: 'manager', pinHash });
        this.journalAdded(added, { id: added.id, name: added.name });
        return added;
      });
    });
  }

  update(
    id: string,
    change: { name?: string; role?: StaffRole; pin?: string },
    by: By = null,
  ): Promise<StaffRecord> {
    return this.tries.serialized(async () => {
      const person = this.activePerson(id);
      if (change.name !== undefined) this.checkName(change.name, id);
      if (change.role !== undefined && change.role !== 'manager') this.keepAManager(person, 'role');
      const pinHash = change.pin === undefined ? undefined : await this.newPinHash(change.pin, id);
      return this.store.transaction(() => {
        const before = this.activePerson(id);
        const after = this.store.update(id, {
          ...(change.name !== undefined && { name: change.name.trim() }),
          ...(change.role !== undefined && { role: change.role }),
          ...(pinHash && { pinHash }),
        });
        this.journalChanged(before, after, pinHash !== undefined, by);
        return after;
      });
    });
  }

  remove(id: string, by: By = null): StaffRecord {
    return this.store.transaction(() => {
      const person = this.activePerson(id);
      this.keepAManager(person, 'remove');
      const removed = this.store.remove(id);
      this.audit.record({
        by,
        area: 'staff',
        action: 'person-removed',
        subject: person.name,
        before: { name: person.name, role: person.role },
      });
      return removed;
    });
  }

  /** Idle minutes before the till signs the person serving out (0 = never). */
  setIdleSignOutMinutes(minutes: number, by: By = null): void {
    this.store.transaction(() => {
      const before = this.store.idleSignOutMinutes();
      this.store.setIdleSignOutMinutes(minutes);
      if (before === minutes) return;
      this.audit.record({
        by,
        area: 'settings',
        action: 'settings-changed',
        subject: '',
        before: { idleSignOutMinutes: before },
        after: { idleSignOutMinutes: minutes },
      });
    });
  }

  /** Sign-in: one counted try of `pin` against the person picked. */
  checkPerson(id: string, pin: string): Promise<PinCheck<{ person: StaffRecord }>> {
    return this.tries.serialized(async () => {
      const person = this.activePerson(id);
      const result = await this.tries.tryNow(() => pinMatches(pin, person.pinHash));
      if (!result.ok) return result;
      await this.upgradeHash(person, pin);
      return { ok: true, person };
    });
  }

  /** Approval at the counter: one counted try of `pin` against everyone with one of `roles`. */
  findByPin(pin: string, roles: readonly StaffRole[]): Promise<PinCheck<{ person: StaffRecord }>> {
    return this.tries.serialized(async () => {
      const match: { person: StaffRecord | null } = { person: null };
      const result = await this.tries.tryNow(async () => {
        const candidates = this.active().filter((p) => roles.includes(p.role));
        match.person = await this.matchAmong(candidates, pin);
        return match.person !== null;
      });
      if (!result.ok) return result;
      const person = match.person!;
      await this.upgradeHash(person, pin);
      return { ok: true, person };
    });
  }

  /** A till from before staff existed: its manager PIN hash becomes the staff member "Manager". */
  importManagerPin(pinHash: PinHashRecord | null): StaffRecord | null {
    if (this.store.managerPinImported()) return null;
    return this.store.transaction(() => {
      this.store.markManagerPinImported();
      if (pinHash === null || this.store.count() > 0) return null;
      const added = this.store.insert({ name: 'Manager', role: 'manager', pinHash });
      this.journalAdded(added, null);
      return added;
    });
  }

  private journalAdded(person: StaffRecord, by: By): void {
    this.audit.record({
      by,
      area: 'staff',
      action: 'person-added',
      subject: person.name,
      after: { name: person.name, role: person.role, pin: 'set' },
    });
  }

  /** A new role is the "rights" area's entry; a new name or PIN the "staff" area's. */
  private journalChanged(before: StaffRecord, after: StaffRecord, pinChanged: boolean, by: By): void {
    if (before.role !== after.role) {
      this.audit.record({
        by,
        area: 'rights',
        action: 'role-changed',
        subject: after.name,
        before: { role: before.role },
        after: { role: after.role },
      });
    }
    if (before.name === after.name && !pinChanged) return;
    this.audit.record({
      by,
      area: 'staff',
      action: 'person-changed',
      subject: after.name,
      before: before.name === after.name ? null : { name: before.name },
      after: {
        ...(before.name !== after.name && { name: after.name }),
        ...(pinChanged && { pin: 'changed' }),
      },
    });
  }

  private activePerson(id: string): StaffRecord {
    const person = this.store.get(id);
    if (!person || !person.active)
      throw new TillError('not_found', 'That person is not on this till’s staff.', {
        words: { key: 'people.notOnStaff' },
      });
    return person;
  }

  private checkName(name: string, exceptId: string | null): void {
    if (this.active().some((p) => p.id !== exceptId && sameName(p.name, name))) {
      throw new TillError(
        'conflict',
        `Someone called ${name.trim()} is already on the staff: add a surname or initial so people can tell them apart.`,
        { words: { key: 'people.sameName', params: { name: name.trim() } } },
      );
    }
  }

  private keepAManager(person: StaffRecord, change: 'role' | 'remove'): void {
    if (person.role !== 'manager') return;
    if (this.active().some((p) => p.id !== person.id && p.role === 'manager')) return;
    const what = change === 'role' ? 'be given another role' : 'be removed';
    throw new TillError(
      'conflict',
      `${person.name} is the only manager, so cannot ${what}: add another manager first.`,
      { words: { key: `people.onlyManager.${change}`, params: { name: person.name } } },
    );
  }

  /**
   * Signing in and approving go by PIN, so two people may not share one. Checking means trying
   * the new PIN against every other person's hash (salted, so there is no faster way).
   */
  private async newPinHash(pin: string, exceptId: string | null): Promise<PinHashRecord> {
    const problem = pinFormatError(pin);
    if (problem) throw problem;
    const others = this.active().filter((p) => p.id !== exceptId);
    if (await this.matchAmong(others, pin)) {
      throw new TillError('conflict', 'Someone else on this till already uses that PIN: choose another.', {
        words: { key: 'people.pinTaken' },
      });
    }
    return hashPin(pin, this.params, new Date(this.clock.now()));
  }

  /** One at a time: each check takes scrypt's memory (128 MiB at the default cost). */
  private async matchAmong(people: StaffRecord[], pin: string): Promise<StaffRecord | null> {
    for (const person of people) if (await pinMatches(pin, person.pinHash)) return person;
    return null;
  }

  private async upgradeHash(person: StaffRecord, pin: string): Promise<void> {
    if (!weakerThan(person.pinHash, this.params)) return;
    this.store.update(person.id, { pinHash: await hashPin(pin, this.params, new Date(this.clock.now())) });
  }
}
