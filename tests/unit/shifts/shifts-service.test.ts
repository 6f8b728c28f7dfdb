// The shift service over its own store in a database in memory, with the cash the sales took and
// the refunds gave back set by hand: each drawer figure below is worked out from those (integer
// minor units), and each refusal is checked for the words the screens show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { ShiftService } from '../../../electron/services/shifts/service';
import { SHIFTS_MIGRATIONS, ShiftStore } from '../../../electron/services/shifts/store';
import { applyMigrations, type Db } from '../../../electron/services/storage/database';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';

const ANN: StaffStamp = { id: 'a', name: 'Ann' };
const START = Date.UTC(2026, 2, 2, 8, 0, 0);

/** A shift service on a fresh database; `cash` is what the sales took and the refunds gave back. */
function shifts(cash: { taken?: number; refunds?: number } = {}) {
  const db = new Database(':memory:');
  applyMigrations(db, SHIFTS_MIGRATIONS);
  const store = new ShiftStore(db);
  const clock = new ManualClock(START);
  const service = new ShiftService({
    store,
    currency: 'GBP',
    clock,
    serving: () => ANN,
    requireManager: () => ANN,
    cashTakenBetween: () => cash.taken ?? 0,
    cashRefundsBetween: () => cash.refunds ?? 0,
    audit: auditOn(db, clock),
  });
  return { db, store, clock, service };
}

function refusal(act: () => unknown): TillError {
  try {
    act();
  } catch (error) {
    assert.ok(error instanceof TillError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

test('a float is kept as counted: the notes and coins there are, largest first', (t) => {
  const { db, service } = shifts();
  t.after(() => db.close());
  const opened = service.open([
    { value: 50, count: 4 },
    { value: 1000, count: 0 },
    { value: 2000, count: 1 },
    { value: 500, count: 2 },
  ]);
  assert.deepEqual(opened.floatCounts, [
    { value: 2000, count: 1 },
    { value: 500, count: 2 },
    { value: 50, count: 4 },
  ]);
  assert.equal(opened.float, 3_200);
  assert.equal(opened.state, 'open');
});

test('the drawer is counted in the shop’s notes and coins, each with its kind', (t) => {
  const { db, service } = shifts();
  t.after(() => db.close());
  assert.deepEqual(service.setup(), {
    currency: 'GBP',
    denominations: [
      { value: 5000, kind: 'note' },
      { value: 2000, kind: 'note' },
      { value: 1000, kind: 'note' },
      { value: 500, kind: 'note' },
      { value: 200, kind: 'coin' },
      { value: 100, kind: 'coin' },
      { value: 50, kind: 'coin' },
      { value: 20, kind: 'coin' },
      { value: 10, kind: 'coin' },
      { value: 5, kind: 'coin' },
      { value: 2, kind: 'coin' },
      { value: 1, kind: 'coin' },
    ],
    blindCount: true,
  });
  // The choice is kept both ways: off, then on again.
  assert.equal(service.setBlindCount(false).blindCount, false);
  assert.equal(service.setup().blindCount, false);
  assert.equal(service.setBlindCount(true).blindCount, true);
});

test('refusals carry the words the screens show', (t) => {
  const { db, service } = shifts();
  t.after(() => db.close());
  const noneForCash = refusal(() =>
    service.moveCash({ direction: 'out', reason: 'paid_out', note: '', amount: 100 }),
  );
  assert.deepEqual(
    [noneForCash.code, noneForCash.message, noneForCash.words],
    ['conflict', 'Open a shift before putting cash in or taking it out.', { key: 'shift.noneForCash' }],
  );
  const noneToCount = refusal(() => service.close([]));
  assert.deepEqual(
    [noneToCount.code, noneToCount.message, noneToCount.words],
    ['conflict', 'No shift is open, so there is no drawer to count.', { key: 'shift.noneToCount' }],
  );

  service.open([{ value: 1000, count: 1 }]);
  const alreadyOpen = refusal(() => service.open([]));
  assert.deepEqual(
    [alreadyOpen.code, alreadyOpen.message, alreadyOpen.words],
    [
      'conflict',
      'A shift is already open on this till: close it with a count first.',
      { key: 'shift.alreadyOpen' },
    ],
  );
  const noNote = refusal(() =>
    service.moveCash({ direction: 'out', reason: 'other', note: '  ', amount: 100 }),
  );
  assert.deepEqual(
    [noNote.code, noNote.message, noNote.words],
    ['invalid_input', 'Say what the cash is for in the note.', { key: 'shift.noteNeeded' }],
  );
  const notACoin = refusal(() => service.close([{ value: 300, count: 1 }]));
  assert.deepEqual(
    [notACoin.code, notACoin.message, notACoin.words],
    [
      'invalid_input',
      '£3.00 is not a note or coin of this shop’s money: count it again.',
      { key: 'shift.notADenomination', params: { value: { minor: 300, currency: 'GBP' } } },
    ],
  );
});

test('cash for something else is taken with its note, kept without the spaces around it', (t) => {
  const { db, service } = shifts();
  t.after(() => db.close());
  service.open([{ value: 1000, count: 1 }]);
  const after = service.moveCash({
    direction: 'out',
    reason: 'other',
    note: '  Window cleaner ',
    amount: 1_500,
  });
  assert.deepEqual(
    after.movements.map((m) => [m.direction, m.reason, m.note, m.amount]),
    [['out', 'other', 'Window cleaner', 1_500]],
  );
});

test('with blind counting off, the open shift shows cash taken, refunds and expected, and no difference yet', (t) => {
  const { db, service } = shifts({ taken: 4_250, refunds: 700 });
  t.after(() => db.close());
  service.setBlindCount(false);
  service.open([{ value: 2000, count: 1 }]);
  service.moveCash({ direction: 'in', reason: 'float_top_up', note: '', amount: 500 });
  const open = service.current()!;
  // 2000 float + 4250 taken + 500 in − 700 refunded.
  assert.deepEqual(
    [open.state, open.cashTaken, open.cashRefunds, open.expected, open.counted, open.difference],
    ['open', 4_250, 700, 6_050, null, null],
  );
  const closed = service.close([
    { value: 5000, count: 1 },
    { value: 1000, count: 1 },
  ]);
  assert.deepEqual(
    [closed.state, closed.cashTaken, closed.cashRefunds, closed.expected, closed.counted, closed.difference],
    ['closed', 4_250, 700, 6_050, 6_000, -50],
  );
});

test('a blind shift shows no difference while it is open', (t) => {
  const { db, service } = shifts({ taken: 900 });
  t.after(() => db.close());
  const open = service.open([{ value: 500, count: 1 }]);
  assert.deepEqual([open.expected, open.counted, open.difference], [null, null, null]);
});

test('a shift opened in the millisecond the last one closed starts a millisecond later', async (t) => {
  const { db, service, clock } = shifts();
  t.after(() => db.close());
  service.open([]);
  await clock.advance(60_000);
  const closed = service.close([]);
  assert.equal(closed.closedAt, new Date(START + 60_000).toISOString());
  // The clock has not moved: the new shift's cash starts after the closed one's.
  assert.equal(service.open([]).openedAt, new Date(START + 60_001).toISOString());
});

test('a difference needs both figures: a count alone, or an expected figure alone, is none', (t) => {
  const { db, store, service } = shifts();
  t.after(() => db.close());
  const closeWith = (counted: number | null, expected: number | null) => {
    const shift = service.open([]);
    store.close(shift.id, {
      closedAt: new Date(START).toISOString(),
      countedBy: ANN,
      countedCounts: counted === null ? null : [{ value: 500, count: 1 }],
      counted,
      cashTaken: null,
      cashRefunds: null,
      expected,
    });
  };
  closeWith(500, null);
  closeWith(null, 6_050);
  assert.deepEqual(
    service.history(2).map((s) => [s.number, s.counted, s.expected, s.difference]),
    [
      [2, null, 6_050, null],
      [1, 500, null, null],
    ],
  );
});

test('a shift closes once: the store says whether this close was the one', (t) => {
  const { db, store, service } = shifts();
  t.after(() => db.close());
  const shift = service.open([]);
  const close = {
    closedAt: new Date(START).toISOString(),
    countedBy: null,
    countedCounts: [],
    counted: 0,
    cashTaken: 0,
    cashRefunds: 0,
    expected: 0,
  };
  assert.equal(store.close(shift.id, close), true);
  assert.equal(store.close(shift.id, { ...close, counted: 999 }), false);
  assert.equal(store.get(shift.id)!.counted, 0, 'the second close changed nothing');
});

test('nobody signed in is stored as no one, not as the word null', (t) => {
  const { db, store } = shifts();
  t.after(() => db.close());
  const shift = store.open({
    currency: 'GBP',
    openedAt: new Date(START).toISOString(),
    openedBy: null,
    floatCounts: [],
    float: 0,
    blind: true,
  });
  const row = db.prepare('SELECT opened_by FROM shifts WHERE id = ?').get(shift.id) as { opened_by: unknown };
  assert.equal(row.opened_by, null);
  assert.equal(store.get(shift.id)!.openedBy, null);
});

test('a database an earlier start already set up opens again with its shifts', () => {
  // The shifts tables as the first release made them, under the step's recorded name.
  const db: Db = new Database(':memory:');
  try {
    applyMigrations(db, []);
    db.exec(SHIFTS_MIGRATIONS[0]!.sql);
    db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run('shifts-1', 'then');
    new ShiftStore(db).setBlindCount(false);
    applyMigrations(db, SHIFTS_MIGRATIONS);
    assert.equal(new ShiftStore(db).blindCount(), false);
  } finally {
    db.close();
  }
});
