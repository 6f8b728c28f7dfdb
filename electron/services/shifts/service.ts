// Shifts and cash-up: a shift opens with its float counted by note and coin, takes cash in and
// out with a reason, and closes with the drawer counted: the till's expected cash (cash-rules.ts)
// against the count, and who counted. With blind counting the expected figure stays hidden until
// the count is in.
import type { CashMovementReason, DrawerSetup, ShiftView, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { countedTotal, denominationsOf, type DenominationCount } from '../../../shared/denominations';
import { formatMoney } from '../../../shared/money';
import type { AuditLog } from '../audit/journal';
import type { Clock } from '../common/clock';
import { drawerDifference, expectedCash } from './cash-rules';
import type { CashMovement, ShiftStore, StoredShift } from './store';

export interface ShiftDeps {
  store: ShiftStore;
  /** The shop's currency: the drawer is counted in its notes and coins. */
  currency: string;
  clock: Pick<Clock, 'now'>;
  /** Who is serving; throws a worded refusal when nobody is signed in. */
  serving: () => StaffStamp | null;
  /** A manager's right (changing whether counts are blind). */
  requireManager: () => StaffStamp | null;
  /** Cash applied to sales in (since, until] (the sales area). */
  cashTakenBetween: (since: string, until: string) => number;
  /** Cash handed back by refunds in (since, until] (the refunds' own record). */
  cashRefundsBetween: (since: string, until: string) => number;
  /** Whether counts are blind is a setting: its changes go on the audit trail. */
  audit: AuditLog;
}

/** A count as kept: notes and coins actually counted, largest first. */
function tidy(counts: readonly DenominationCount[]): DenominationCount[] {
  return counts.filter((c) => c.count > 0).sort((a, b) => b.value - a.value);
}

export class ShiftService {
  constructor(private readonly d: ShiftDeps) {}

  private now(): string {
    return new Date(this.d.clock.now()).toISOString();
  }

  setup(): DrawerSetup {
    return {
      currency: this.d.currency,
      denominations: denominationsOf(this.d.currency).map((x) => ({ value: x.value, kind: x.kind })),
      blindCount: this.d.store.blindCount(),
    };
  }

  setBlindCount(blind: boolean): DrawerSetup {
    const by = this.d.requireManager();
    const was = this.d.store.blindCount();
    this.d.store.setBlindCount(blind, () => {
      if (was === blind) return;
      this.d.audit.record({
        by,
        area: 'settings',
        action: 'settings-changed',
        subject: '',
        before: { blindCount: was },
        after: { blindCount: blind },
      });
    });
    return this.setup();
  }

  current(): ShiftView | null {
    const shift = this.d.store.current();
    return shift && this.view(shift);
  }

  /** The open shift as stored (the till reports ask whether one is open). */
  openShift(): StoredShift | null {
    return this.d.store.current();
  }

  history(limit: number): ShiftView[] {
    return this.d.store.recent(limit).map((s) => this.view(s));
  }

  open(float: readonly DenominationCount[]): ShiftView {
    const by = this.d.serving();
    if (this.d.store.current()) {
      throw new TillError('conflict', 'A shift is already open on this till: close it with a count first.', {
        words: { key: 'shift.alreadyOpen' },
      });
    }
    const floatCounts = tidy(float);
    return this.view(
      this.d.store.open({
        currency: this.d.currency,
        openedAt: this.openingTime(),
        openedBy: by,
        floatCounts,
        float: this.total(floatCounts),
        blind: this.d.store.blindCount(),
      }),
    );
  }

  moveCash(input: {
    direction: 'in' | 'out';
    reason: CashMovementReason;
    note: string;
    amount: number;
  }): ShiftView {
    const by = this.d.serving();
    const shift = this.openOrThrow(
      'Open a shift before putting cash in or taking it out.',
      'shift.noneForCash',
    );
    if (input.reason === 'other' && input.note.trim() === '') {
      throw new TillError('invalid_input', 'Say what the cash is for in the note.', {
        words: { key: 'shift.noteNeeded' },
      });
    }
    this.d.store.addMovement({ shiftId: shift.id, ...input, note: input.note.trim(), at: this.now(), by });
    return this.view(shift);
  }

  close(counted: readonly DenominationCount[]): ShiftView {
    const by = this.d.serving();
    const shift = this.openOrThrow('No shift is open, so there is no drawer to count.', 'shift.noneToCount');
    const countedCounts = tidy(counted);
    const closedAt = this.now();
    const parts = this.drawerParts(shift, closedAt);
    this.d.store.close(shift.id, {
      closedAt,
      countedBy: by,
      countedCounts,
      counted: this.total(countedCounts),
      cashTaken: parts.cashTaken,
      cashRefunds: parts.cashRefunds,
      expected: expectedCash(parts),
    });
    return this.view(this.d.store.get(shift.id)!);
  }

  /** Cash movements made in (since, until] (the till reports). */
  movementsBetween(since: string, until: string): CashMovement[] {
    return this.d.store.movementsBetween(since, until);
  }

  /** Shifts counted in (since, until] (the till reports). */
  closedBetween(since: string, until: string): ShiftView[] {
    return this.d.store.closedBetween(since, until).map((s) => this.view(s));
  }

  /**
   * A shift's cash is what was taken from the millisecond it opened to the one it closed, both
   * included, so a shift opens at least a millisecond after the last one closed: no sale is
   * counted in two drawers.
   */
  private openingTime(): string {
    const last = this.d.store.recent(1)[0]?.closedAt;
    const now = this.d.clock.now();
    return new Date(last ? Math.max(now, Date.parse(last) + 1) : now).toISOString();
  }

  private openOrThrow(english: string, key: string): StoredShift {
    const shift = this.d.store.current();
    if (!shift) throw new TillError('conflict', english, { words: { key } });
    return shift;
  }

  private total(counts: readonly DenominationCount[]): number {
    const result = countedTotal(this.d.currency, counts);
    if (!result.ok) {
      throw new TillError(
        'invalid_input',
        `${formatMoney(result.badValue, this.d.currency)} is not a note or coin of this shop’s money: count it again.`,
        {
          words: {
            key: 'shift.notADenomination',
            params: { value: { minor: result.badValue, currency: this.d.currency } },
          },
        },
      );
    }
    return result.total;
  }

  private drawerParts(shift: StoredShift, until: string) {
    const movements = this.d.store.movementsOf(shift.id);
    // The sources count (since, until]: one millisecond earlier takes in the opening instant.
    const since = new Date(Date.parse(shift.openedAt) - 1).toISOString();
    const sum = (direction: 'in' | 'out') =>
      movements.filter((m) => m.direction === direction).reduce((a, m) => a + m.amount, 0);
    return {
      float: shift.float,
      cashTaken: this.d.cashTakenBetween(since, until),
      cashIn: sum('in'),
      cashOut: sum('out'),
      cashRefunds: this.d.cashRefundsBetween(since, until),
    };
  }

  private view(shift: StoredShift): ShiftView {
    const open = shift.closedAt === null;
    const live = open && !shift.blind ? this.drawerParts(shift, this.now()) : null;
    const expected = open ? live && expectedCash(live) : shift.expected;
    return {
      id: shift.id,
      number: shift.number,
      state: open ? 'open' : 'closed',
      currency: shift.currency,
      openedAt: shift.openedAt,
      openedBy: shift.openedBy,
      float: shift.float,
      floatCounts: shift.floatCounts,
      blindCount: shift.blind,
      movements: this.d.store.movementsOf(shift.id).map((m) => ({
        direction: m.direction,
        reason: m.reason,
        note: m.note,
        amount: m.amount,
        at: m.at,
        by: m.by,
      })),
      cashTaken: open ? (live?.cashTaken ?? null) : shift.cashTaken,
      cashRefunds: open ? (live?.cashRefunds ?? null) : shift.cashRefunds,
      expected,
      closedAt: shift.closedAt,
      countedBy: shift.countedBy,
      counted: shift.counted,
      countedCounts: shift.countedCounts,
      difference:
        shift.counted !== null && shift.expected !== null
          ? drawerDifference(shift.counted, shift.expected)
          : null,
    };
  }
}
