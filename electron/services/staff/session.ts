// Who is serving on this till, kept in the services (never taken from a call): set by a sign-in
// with the person's own PIN, ended by signing out, by someone else signing in, or by the till
// being idle for the minutes the shop chose. The idle sign-out waits while the screens say the
// person is in the middle of a cash count, a report or a card check, and the idle time starts
// again when that ends. Only in memory: a restart asks again.
import type { StaffPerson, StaffTask } from '../../../shared/contract/staff';
import type { Clock, TimerHandle } from '../common/clock';

export class StaffSession {
  private current: { person: StaffPerson; lastActivity: number } | null = null;
  private timer: TimerHandle | null = null;
  /** What the screens say is in progress: no idle sign-out while any is. */
  private tasks: ReadonlySet<StaffTask> = new Set();

  constructor(
    private readonly clock: Clock,
    /** 0 = never. */
    private readonly idleMinutes: () => number,
    /** Someone signed in or out (an idle sign-out included). */
    private readonly onChange: () => void,
  ) {}

  signIn(person: StaffPerson): void {
    this.current = {
      person: { id: person.id, name: person.name, role: person.role },
      lastActivity: this.clock.now(),
    };
    this.arm();
    this.onChange();
  }

  signOut(): void {
    this.timer?.cancel();
    this.timer = null;
    if (!this.current) return;
    this.current = null;
    this.onChange();
  }

  /** The person serving did something: the idle time starts again. */
  touch(): void {
    if (this.who()) this.current!.lastActivity = this.clock.now();
  }

  /** Who is serving now (an idle time that has run out signs them out first). */
  who(): StaffPerson | null {
    if (this.current && this.idleExpiry() <= this.clock.now()) this.signOut();
    return this.current?.person ?? null;
  }

  /**
   * When the idle sign-out happens if nothing is done (epoch ms); Infinity when never, and while
   * a task is in progress.
   */
  idleExpiry(): number {
    const minutes = this.idleMinutes();
    if (!this.current || minutes <= 0 || this.tasks.size > 0) return Infinity;
    return this.current.lastActivity + minutes * 60_000;
  }

  /**
   * What is in progress now, as the screens see it (each call replaces the last). When the last
   * task ends, the idle time starts again from that moment.
   */
  setInProgress(tasks: readonly StaffTask[]): void {
    const wasBusy = this.tasks.size > 0;
    this.tasks = new Set(tasks);
    if (!this.current) return;
    if (wasBusy && this.tasks.size === 0) this.current.lastActivity = this.clock.now();
    this.arm();
  }

  /** What the screens last said is in progress. */
  inProgress(): StaffTask[] {
    return [...this.tasks];
  }

  /**
   * A person's record changed: the session follows a new name or role, and ends if they were
   * removed. Only a new role counts as a change of who is serving (what was approved for them
   * ends); a new name or PIN changes nothing they may do, and the caller announces it.
   */
  follow(person: StaffPerson & { active: boolean }): void {
    if (this.current?.person.id !== person.id) return;
    if (!person.active) return this.signOut();
    const roleChanged = this.current.person.role !== person.role;
    this.current.person = { id: person.id, name: person.name, role: person.role };
    if (roleChanged) this.onChange();
  }

  /** The idle minutes changed: the timer follows. */
  rearm(): void {
    if (this.who()) this.arm();
  }

  close(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  /**
   * One timer at the idle expiry; activity only moves lastActivity, and the timer, when it fires
   * early because of that, sets itself again for the new expiry.
   */
  private arm(): void {
    this.timer?.cancel();
    this.timer = null;
    const expiry = this.idleExpiry();
    if (expiry === Infinity) return;
    this.timer = this.clock.setTimer(() => {
      this.timer = null;
      if (this.who()) this.arm();
    }, expiry - this.clock.now());
  }
}
