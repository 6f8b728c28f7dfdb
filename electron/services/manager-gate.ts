// The till's rights, by role: every guarded action asks `require(action)`, every other till action
// `serving()`. Both answer with who is doing it (for the journal) or refuse with a worded
// not_allowed. The person serving has a role (staff/rights.ts); when it is not enough, a
// supervisor or manager approves at the counter with their own PIN: one action, once. A manager's
// PIN opens Settings and the back office for a few minutes. Until a manager exists, guarded
// actions ask for one to be created (only Settings stay open on a till with no staff at all, so a
// new till can be set up).
import { TillError, type Words } from '../../shared/contract/errors';
import type { GuardedAction, StaffPerson, StaffSessionView, StaffStamp } from '../../shared/contract/staff';
import type { Clock } from './common/clock';
import type { PinCheck, StaffDirectory } from './staff/directory';
import { ACTION_WORDS, approverRoles, isManagerArea, mayDo, whoMay } from './staff/rights';
import { StaffSession } from './staff/session';

export type { GuardedAction } from '../../shared/contract/staff';

/** How long a counter approval waits for the action it approves. */
export const APPROVAL_TTL_MS = 2 * 60_000;
/** How long a manager's PIN keeps Settings and the back office open. */
export const MANAGER_WINDOW_MS = 5 * 60_000;

export interface ManagerGateOptions {
  directory: StaffDirectory;
  clock: Clock;
  /** Who is serving, or what they may do, changed. */
  onChange?: () => void;
}

type Grant = { by: StaffPerson; expiresAt: number };

export type UnlockResult =
  | { ok: true; unlockedUntil: string; approvedBy?: string }
  | {
      ok: false;
      reason: 'wrong' | 'locked' | 'not_set';
      message: string;
      /** The same by key (`services.staff.*`), so the screens say it in the till's language. */
      words: Words;
      retryAfterMs: number;
    };

const stampOf = (person: StaffPerson, approver?: StaffPerson): StaffStamp => ({
  id: person.id,
  name: person.name,
  ...(approver && { approvedBy: { id: approver.id, name: approver.name } }),
});

/**
 * Whose PIN it had to be: the approver tapped ("for Sam"), or, at the counter, anyone who may
 * approve the action (": it must be the PIN of a supervisor or manager"); nobody in particular else.
 */
export type WhosePin = { name: string } | { action: GuardedAction } | null;

/** A refused PIN in words: what was wrong, and how many tries are left or how long to wait. */
export function pinRefusal(
  result: Exclude<PinCheck<object>, { ok: true }>,
  whose: WhosePin = null,
): UnlockResult {
  const seconds = Math.ceil(result.retryAfterMs / 1000);
  if (result.reason === 'locked') {
    return {
      ok: false,
      reason: 'locked',
      message: `Too many wrong PINs. Try again in ${seconds} s.`,
      words: { key: 'staff.pinLocked', params: { seconds } },
      retryAfterMs: result.retryAfterMs,
    };
  }
  const waiting = result.retryAfterMs > 0;
  const next = waiting
    ? `Too many wrong tries: wait ${seconds} s.`
    : `${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left before a wait.`;
  const params: Record<string, number | string> = waiting ? { seconds } : { count: result.triesLeft };
  if (whose && 'name' in whose) params['name'] = whose.name;
  const [said, key] =
    whose === null
      ? ['', 'staff.wrongPin']
      : 'name' in whose
        ? [` for ${whose.name}`, 'staff.wrongPinFor']
        : [
            `: it must be the PIN of ${whoMay(whose.action)}`,
            `staff.wrongPinOf.${approverGroup(whose.action)}`,
          ];
  return {
    ok: false,
    reason: 'wrong',
    message: `Wrong PIN${said}. ${next}`,
    words: { key: `${key}.${waiting ? 'wait' : 'tries'}`, params },
    retryAfterMs: result.retryAfterMs,
  };
}

/** Who may approve, as a catalogue key: a supervisor (or manager), or a manager alone. */
function approverGroup(action?: GuardedAction): 'supervisor' | 'manager' {
  return approverRoles(action).includes('supervisor') ? 'supervisor' : 'manager';
}

/** The person tapped may not approve this: said before any PIN is checked (roles are no secret). */
function notAnApprover(person: StaffPerson, action?: GuardedAction): UnlockResult {
  const what = action ? ACTION_WORDS[action] : 'Opening Settings and the back office';
  return {
    ok: false,
    reason: 'wrong',
    message: `${person.name} is a ${person.role}: ${what.charAt(0).toLowerCase()}${what.slice(1)} needs ${whoMay(action)}. Tap the name of one of them.`,
    words: {
      key: `staff.notApprover.${action ?? 'managerArea'}`,
      params: { name: person.name, role: { key: `staff.role.${person.role}`, english: person.role } },
    },
    retryAfterMs: 0,
  };
}

export class ManagerGate {
  readonly directory: StaffDirectory;
  readonly session: StaffSession;
  private readonly clock: Clock;
  private readonly onChange: () => void;
  private readonly approvals = new Map<GuardedAction, Grant>();
  private window: Grant | null = null;

  constructor(options: ManagerGateOptions) {
    this.directory = options.directory;
    this.clock = options.clock;
    this.onChange = options.onChange ?? (() => {});
    this.session = new StaffSession(
      this.clock,
      () => this.directory.store.idleSignOutMinutes(),
      () => {
        // A new person (or nobody) at the till: what was approved for the last one ends.
        this.approvals.clear();
        this.window = null;
        this.onChange();
      },
    );
  }

  hasManager(): boolean {
    return this.directory.hasManager();
  }

  /** Who is serving, without refusing; null when nobody is. */
  onDuty(): StaffStamp | null {
    const who = this.session.who();
    return who && stampOf(who);
  }

  /**
   * For every till action: who does it. Null on a till with no staff set up yet (it sells
   * without a sign-in until someone is added); refused when staff exist and nobody is signed in.
   */
  serving(): StaffStamp | null {
    const who = this.session.who();
    if (who) {
      this.session.touch();
      return stampOf(who);
    }
    if (this.directory.active().length === 0) return null;
    throw new TillError(
      'not_allowed',
      'Nobody is signed in on this till: tap your name and enter your PIN.',
      {
        words: { key: 'staff.nobodySignedIn' },
      },
    );
  }

  /** For guarded actions: who does it and who approved it, or a worded refusal. */
  require(action: GuardedAction): StaffStamp | null {
    if (!this.directory.hasManager()) {
      if (action === 'settings' && this.directory.active().length === 0) return null;
      throw new TillError(
        'not_allowed',
        `${ACTION_WORDS[action]} needs a manager, and this till has none yet: create the first manager with their own PIN.`,
        { words: { key: `staff.noManagerYet.${action}` } },
      );
    }
    const window = this.liveGrant(this.window);
    if (isManagerArea(action) && window) {
      const who = this.session.who();
      return who ? stampOf(who, who.id === window.by.id ? undefined : window.by) : stampOf(window.by);
    }
    const who = this.session.who();
    if (who && mayDo(who.role, action)) return this.serving();
    const approval = this.liveGrant(this.approvals.get(action));
    if (who && approval) {
      this.approvals.delete(action);
      this.session.touch();
      return stampOf(who, approval.by);
    }
    if (!who) return this.serving()!; // throws: nobody is signed in
    throw new TillError(
      'not_allowed',
      `${ACTION_WORDS[action]} needs ${whoMay(action)}: ask one to approve it with their own PIN.`,
      { words: { key: `staff.askApprover.${action}` } },
    );
  }

  /**
   * Whether `require(action)` would let the person serving go ahead now, without using up an
   * approval: a call needing several guarded actions asks this for each before requiring any, so
   * one approval is never spent on a call another refusal then stops.
   */
  allows(action: GuardedAction): boolean {
    const who = this.session.who();
    if (!this.directory.hasManager() || !who) return false;
    if (mayDo(who.role, action)) return true;
    if (isManagerArea(action) && this.liveGrant(this.window)) return true;
    return this.liveGrant(this.approvals.get(action)) !== null;
  }

  /**
   * A supervisor or manager approves with their own PIN: with `action`, that action once (within
   * APPROVAL_TTL_MS); without, a manager opens Settings and the back office for MANAGER_WINDOW_MS.
   * With `staffId` (the approver tapped their name) only that person's PIN is checked: one scrypt,
   * however many people may approve. Without it every eligible person's PIN is tried in turn.
   */
  async unlock(pin: string, action?: GuardedAction, staffId?: string): Promise<UnlockResult> {
    if (!this.directory.hasManager()) {
      return {
        ok: false,
        reason: 'not_set',
        message: 'No manager is set up on this till yet.',
        words: { key: 'staff.noManager' },
        retryAfterMs: 0,
      };
    }
    const oneShot = action !== undefined && !isManagerArea(action);
    const roles = approverRoles(action);
    if (staffId !== undefined) {
      const picked = this.directory.active().find((p) => p.id === staffId);
      if (picked && !roles.includes(picked.role)) return notAnApprover(picked, action);
    }
    const result =
      staffId === undefined
        ? await this.directory.findByPin(pin, roles)
        : await this.directory.checkPerson(staffId, pin);
    if (!result.ok) return pinRefusal(result, this.whosePin(staffId, oneShot ? action : undefined));
    // Their role may have changed while the PIN was checked.
    if (!roles.includes(result.person.role)) return notAnApprover(result.person, action);
    const grant = {
      by: result.person,
      expiresAt: this.clock.now() + (oneShot ? APPROVAL_TTL_MS : MANAGER_WINDOW_MS),
    };
    if (oneShot) this.approvals.set(action, grant);
    else this.window = grant;
    this.onChange();
    return {
      ok: true,
      unlockedUntil: new Date(grant.expiresAt).toISOString(),
      approvedBy: result.person.name,
    };
  }

  /** Ends the manager's window and every approval; a manager serving signs out. */
  lock(): void {
    this.approvals.clear();
    this.window = null;
    if (this.session.who()?.role === 'manager') this.session.signOut();
    this.onChange();
  }

  /**
   * A person's role was lowered or they were removed: what they approved that `stillAllowed` no
   * longer covers (their new role's rights; nothing once removed) ends at once, and the screens
   * are told. Their manager's window needs both Settings and the back office. A new name or PIN
   * keeps everything.
   */
  revokeGrantsBy(personId: string, stillAllowed: (action: GuardedAction) => boolean): void {
    let ended = false;
    for (const [action, grant] of this.approvals) {
      if (grant.by.id !== personId || stillAllowed(action)) continue;
      this.approvals.delete(action);
      ended = true;
    }
    if (this.window?.by.id === personId && !(stillAllowed('settings') && stillAllowed('back-office'))) {
      this.window = null;
      ended = true;
    }
    if (ended) this.onChange();
  }

  /**
   * Until when Settings are open without asking: the manager window, or, for a manager serving,
   * their idle sign-out (a day ahead when the till never signs out).
   */
  unlockedUntil(): string | null {
    const window = this.liveGrant(this.window);
    const who = this.session.who();
    const until =
      who?.role === 'manager'
        ? Math.min(this.session.idleExpiry(), this.clock.now() + 24 * 60 * 60_000)
        : window?.expiresAt;
    return until === undefined ? null : new Date(until).toISOString();
  }

  async signIn(staffId: string, pin: string): Promise<{ ok: true } | Exclude<UnlockResult, { ok: true }>> {
    const result = await this.directory.checkPerson(staffId, pin);
    if (!result.ok) return pinRefusal(result);
    this.session.signIn(result.person);
    return { ok: true };
  }

  async createFirstManager(name: string, pin: string): Promise<void> {
    const person = await this.directory.addFirstManager(name, pin);
    this.session.signIn(person);
  }

  /**
   * The Settings screen's manager PIN: with no manager yet it creates the first one, "Manager",
   * signed in; otherwise the manager serving (or whose PIN opened Settings) changes their own PIN.
   */
  async setPin(newPin: string, currentPin?: string): Promise<void> {
    if (!this.directory.hasManager()) return this.createFirstManager('Manager', newPin);
    const who = this.session.who();
    const manager = who?.role === 'manager' ? who : this.liveGrant(this.window)?.by;
    if (!manager)
      throw new TillError('not_allowed', 'Changing the manager PIN needs a manager.', {
        words: { key: 'staff.pinChangeNeedsManager' },
      });
    if (currentPin === undefined)
      throw new TillError('not_allowed', 'Enter your current PIN to change it.', {
        words: { key: 'staff.enterCurrentPin' },
      });
    const check = await this.directory.checkPerson(manager.id, currentPin);
    if (!check.ok) {
      throw new TillError(
        'not_allowed',
        check.reason === 'locked' ? 'PINs are locked for now.' : 'The current PIN is wrong.',
        {
          ...(check.retryAfterMs > 0 && { retryAfterMs: check.retryAfterMs }),
          words: { key: check.reason === 'locked' ? 'staff.pinsLocked' : 'staff.currentPinWrong' },
        },
      );
    }
    await this.directory.update(manager.id, { pin: newPin }, stampOf(manager));
  }

  view(): StaffSessionView {
    const people = this.directory.active();
    const window = this.liveGrant(this.window);
    return {
      staffSetUp: people.length > 0,
      managerExists: people.some((p) => p.role === 'manager'),
      signedIn: this.session.who(),
      people: people.map((p) => ({ id: p.id, name: p.name, role: p.role })),
      idleSignOutMinutes: this.directory.store.idleSignOutMinutes(),
      managerWindowUntil: window ? new Date(window.expiresAt).toISOString() : null,
    };
  }

  close(): void {
    this.session.close();
  }

  /** At the counter the PIN form says whose PIN it needs; Settings' own lock asks for a manager's. */
  private whosePin(staffId: string | undefined, counterAction: GuardedAction | undefined): WhosePin {
    const picked = staffId && this.directory.active().find((p) => p.id === staffId);
    if (picked) return { name: picked.name };
    return counterAction ? { action: counterAction } : null;
  }

  private liveGrant(grant: Grant | null | undefined): Grant | null {
    return grant && this.clock.now() < grant.expiresAt ? grant : null;
  }
}
