// The reconciliation service around the comparison: which of the till's payments an X report's
// period holds (by the card machine's own clock), what each counts for, which read-backs count,
// how a banking report of several acquirers adds up, and how settled differences stay settled
// in their period, and only there.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { reconciliationHandlers } from '../../../electron/services/reconciliation/handlers';
import {
  RECONCILIATION_MIGRATIONS,
  ReconciliationStore,
} from '../../../electron/services/reconciliation/store';
import { applyMigrations, openDatabase } from '../../../electron/services/storage/database';
import {
  bankingBlock,
  bankingOfAcquirers,
  harness,
  HOUR,
  journal,
  manualEntry,
  MINUTE,
  TERMINAL,
  totals,
  xReport,
  type Harness,
} from './support';

const DAY = 24 * HOUR;
let h: Harness;
afterEach(() => h.close());

const check = () => h.service.check(TERMINAL, 'X_BAL');
const iso = (ms: number) => new Date(ms).toISOString();
const kinds = (view: Awaited<ReturnType<typeof check>>) =>
  view.differences.map((d) => [d.kind, d.amount, d.receiptNumber]);

test('an X check holds what the card machine stamped since its reset, at the amount it took', async () => {
  h = harness();
  const since = h.clock.now() - 3 * HOUR;
  journal(h, { id: 'edge', amount: 100, at: since }); // stamped at the reset itself: in
  journal(h, { id: 'early', amount: 200, at: since + MINUTE, recordAt: since - 1 }); // card machine’s clock: before
  journal(h, { id: 'cashback', amount: 2000, total: 3000, at: since + HOUR }); // counted with its cashback
  journal(h, { id: 'refund', amount: 300, at: since + HOUR, type: 'REFUND' });
  journal(h, { id: 'reprint', amount: 0, at: since + HOUR, type: 'DUPLICATE' }); // moves no money
  journal(h, { id: 'declined', amount: 700, at: since + HOUR, result: 'TRANSACTION_UNSUCCESSFUL' });
  journal(h, { id: 'decided', amount: 450, at: since + 2 * HOUR, decided: 'paid' }); // no record: the till’s time
  journal(h, { id: 'refused', amount: 999, at: since + 2 * HOUR, decided: 'not_paid' });
  h.reports.push(xReport(totals(3, 100 + 3000 + 450, 1, 300), iso(since)));

  const view = await check();
  assert.deepEqual(view.till, totals(3, 3550, 1, 300));
  assert.deepEqual(view.terminal, view.till);
  assert.deepEqual(kinds(view), []);
  assert.equal(view.transactionsChecked, 4, 'edge, cashback, refund and the decline read back');
  assert.equal(view.since, iso(since));
  assert.deepEqual(h.asked.journalSince, [iso(since - DAY)], 'a day of slack for the two clocks');
  assert.deepEqual(h.asked.manualSince, [iso(since)]);
});

test('an X report without a reset time compares the last day', async () => {
  h = harness();
  journal(h, { id: 'today', amount: 500, at: h.clock.now() - DAY + 1 });
  journal(h, { id: 'yesterday', amount: 800, at: h.clock.now() - DAY - 1 });
  h.reports.push(xReport(totals(1, 500), null));
  const view = await check();
  assert.equal(view.since, iso(h.clock.now() - DAY));
  assert.deepEqual(view.till, totals(1, 500));
  assert.deepEqual(kinds(view), []);
});

test('a read-back that is unfinished or no longer kept is left to the totals', async () => {
  h = harness();
  const since = h.clock.now() - HOUR;
  journal(h, { id: 'running', amount: 400, at: since + 1 }, { finished: false, result: null });
  const gone = journal(h, { id: 'gone', amount: 600, at: since + 2 });
  h.machine.delete(gone.transactionId!);
  journal(h, { id: 'voided', amount: 900, at: since + 3 }, { result: 'VOID' });
  h.reports.push(xReport(totals(2, 1000), iso(since)));
  const view = await check();
  assert.equal(view.transactionsChecked, 1, 'only the voided one could be read back');
  assert.deepEqual(view.till, totals(3, 1900));
  assert.deepEqual(kinds(view), [['till_only', -900, 'R-sale-voided']]);
});

test('banking adds up every acquirer and lists the numbers the till never saw, in number order', async () => {
  h = harness();
  const at = h.clock.now() - HOUR;
  journal(h, { id: 'p9', amount: 900, at, number: '9' });
  journal(h, { id: 'p11', amount: 1100, at: at + 1, number: '11' });
  h.reports.push(
    bankingOfAcquirers({
      VISA: bankingBlock(totals(2, 900 + 1000), ['9', '10']),
      MASTERCARD: bankingBlock(totals(2, 1100 + 1200, 1, 50), ['11', '12']),
    }),
  );
  const view = await h.service.check(TERMINAL, 'BANKING');
  assert.deepEqual(view.terminal, totals(4, 4200, 1, 50));
  assert.deepEqual(view.till, totals(2, 2000));
  assert.deepEqual(
    view.differences.map((d) => [d.kind, d.amount, d.transactionNumbers]),
    [
      ['terminal_only', 2200, ['10', '12']],
      ['terminal_only', -50, ['10', '12']], // banking does not say which numbers are refunds
    ],
  );
  assert.equal(view.since, null);
});

test('a settled difference is not flagged again in its period, and is again in the next one', async () => {
  h = harness();
  const since = iso(h.clock.now() - HOUR);
  h.reports.push(xReport(totals(1, 1234), since));
  const first = await check();
  assert.deepEqual(kinds(first), [['terminal_only', 1234, null]]);
  const settled = h.service.resolve(first.id, first.differences[0]!.id, 'Sold at the market stall');
  assert.equal(settled.differences[0]!.resolution?.note, 'Sold at the market stall');
  assert.equal(settled.differences[0]!.resolution?.by?.name, 'Mia');
  assert.deepEqual(h.reconciled, [], 'no manual entry to clear');

  h.reports.push(xReport(totals(1, 1234), since));
  assert.deepEqual(kinds(await check()), [], 'same period: already explained');
  h.reports.push(xReport(totals(2, 1234 + 66), since));
  assert.deepEqual(kinds(await check()), [['terminal_only', 66, null]], 'only what is new');
  h.reports.push(xReport(totals(1, 1234), iso(h.clock.now() - 1)));
  assert.deepEqual(kinds(await check()), [['terminal_only', 1234, null]], 'after a reset: a new period');

  const history = h.service.history(10);
  assert.deepEqual(
    history.map((c) => [c.differences, c.unresolved]),
    [
      [1, 1],
      [1, 1],
      [0, 0],
      [1, 0],
    ],
  );
});

test('settling a payment’s difference marks it settled in later checks too; a manual entry is cleared', async () => {
  h = harness();
  const since = iso(h.clock.now() - HOUR);
  journal(h, { id: 'p1', amount: 900, at: h.clock.now() - HOUR / 2 }, { result: 'VOID' });
  h.manual.push(manualEntry(7, 500, iso(h.clock.now() - 10 * MINUTE)));
  h.reports.push(xReport(totals(1, 500), since));
  const first = await check();
  assert.deepEqual(kinds(first), [
    ['till_only', -900, 'R-sale-p1'],
    ['manual_matched', 0, 'S000017'],
  ]);
  h.service.resolve(first.id, 'payment:p1', 'Customer paid cash instead');
  h.service.resolve(first.id, 'manual:7', 'Slip found');
  assert.deepEqual(h.reconciled, [7]);
  assert.throws(() => h.service.resolve(first.id, 'manual:7', 'again'), { code: 'conflict' });
  assert.throws(() => h.service.resolve(first.id, 'nope', 'x'), { code: 'not_found' });

  h.reports.push(xReport(totals(1, 500), since));
  const second = await check();
  assert.deepEqual(
    kinds(second),
    [['till_only', -900, 'R-sale-p1']],
    'the settled entry explains its sale still',
  );
  assert.equal(
    second.differences.find((d) => d.id === 'payment:p1')?.resolution?.note,
    'Customer paid cash instead',
  );
});

test('a difference is noted once: a second note is refused by the store itself', async () => {
  h = harness();
  h.reports.push(xReport(totals(1, 100), iso(h.clock.now() - HOUR)));
  const view = await check();
  const store = new ReconciliationStore(h.db, h.clock);
  const kept = store.check(view.id)!;
  let cleared = 0;
  const once = () => store.resolve(kept, kept.differences[0]!, 'first', null, () => (cleared += 1));
  assert.equal(once(), true);
  assert.equal(once(), false);
  assert.equal(cleared, 1);
  assert.deepEqual(store.accounted(TERMINAL, kept.period), totals(1, 100));
  assert.deepEqual(store.accounted('other', kept.period), totals(0, 0));
});

test('a card machine goes by the last four digits of its id until the shop names it, then by its name', async () => {
  h = harness();
  const handlers = reconciliationHandlers(h.service);
  const machine = (name: string, named: boolean) => [{ terminalId: TERMINAL, name, named, currency: 'GBP' }];
  assert.deepEqual(
    await handlers['reconciliation.terminals']({}),
    machine('Card machine ending 0001', false),
  );
  assert.deepEqual(
    await handlers['reconciliation.nameTerminal']({ terminalId: TERMINAL, name: 'Front desk' }),
    machine('Front desk', true),
  );
  await h.service.nameTerminal(TERMINAL, 'Counter 2');
  assert.deepEqual(await handlers['reconciliation.terminals']({}), machine('Counter 2', true));
  // Kept in the database: a store opened on it later knows the name.
  assert.deepEqual(new ReconciliationStore(h.db, h.clock).names(), new Map([[TERMINAL, 'Counter 2']]));
  // Card service ids come in other lengths too.
  h.terminals.push({ terminalId: 'TID-4471902', currency: 'EUR' });
  assert.deepEqual((await h.service.terminals()).at(-1), {
    terminalId: 'TID-4471902',
    name: 'Card machine ending 1902',
    named: false,
    currency: 'EUR',
  });
});

test('a check is refused in staff words when its card machine, its totals, the check or the difference is gone', async () => {
  h = harness();
  await assert.rejects(h.service.check('22900099', 'X_BAL'), {
    code: 'not_found',
    message: 'That card machine is not on the card service any more.',
    words: { key: 'reconciliation.terminalGone' },
  });
  h.reports.push({ ...xReport(totals(1, 100), null), balances: null });
  await assert.rejects(check(), {
    code: 'service_error',
    message: 'The card machine could not give its totals. Try the check again in a minute.',
    words: { key: 'reconciliation.noTotals' },
  });
  assert.throws(() => h.service.get('no-such-check'), {
    code: 'not_found',
    message: 'That check is not in the till.',
    words: { key: 'reconciliation.checkGone' },
  });

  h.reports.push(xReport(totals(1, 100), iso(h.clock.now() - HOUR)));
  const view = await check();
  assert.throws(() => h.service.resolve(view.id, 'payment:elsewhere', 'x'), {
    code: 'not_found',
    message: 'That difference is not part of this check.',
    words: { key: 'reconciliation.differenceGone' },
  });
  h.service.resolve(view.id, view.differences[0]!.id, 'Found the slip');
  assert.throws(() => h.service.resolve(view.id, view.differences[0]!.id, 'again'), {
    code: 'conflict',
    message: 'This difference already has a note.',
    words: { key: 'reconciliation.alreadyNoted' },
  });
  // What the screens open later is the check as kept, with its note.
  const opened = await reconciliationHandlers(h.service)['reconciliation.get']({ checkId: view.id });
  assert.deepEqual(
    opened.differences.map((d) => [d.kind, d.amount, d.resolution?.note]),
    [['terminal_only', 100, 'Found the slip']],
  );
});

test('a note settles only the difference it was written on', async () => {
  h = harness();
  const since = h.clock.now() - HOUR;
  journal(h, { id: 'p1', amount: 900, at: since + 1 }, { result: 'VOID' });
  journal(h, { id: 'p2', amount: 500, at: since + 2 }, { result: 'VOID' });
  h.reports.push(xReport(totals(1, 300), iso(since)));
  const view = await check();
  const settled = h.service.resolve(view.id, 'payment:p1', 'Customer paid cash instead');
  assert.deepEqual(
    settled.differences.map((d) => [d.id, d.amount, d.resolution?.note ?? null]),
    [
      ['payment:p1', -900, 'Customer paid cash instead'],
      ['payment:p2', -500, null],
      ['sales:terminal_only', 300, null],
    ],
  );
});

test('a refund is shown with the sale it refunds, and with none when that payment is not in the journal', async () => {
  h = harness();
  const since = h.clock.now() - HOUR;
  journal(h, { id: 'sale', amount: 800, at: since + 1 });
  const refund = (id: string, of: string) => {
    const row = journal(h, { id, amount: 300, at: since + 2, type: 'REFUND' }, { result: 'VOID' });
    Object.assign(row, { saleId: null, originalPaymentId: of });
  };
  refund('back', 'sale');
  refund('orphan', 'not-in-this-journal');
  h.reports.push(xReport(totals(1, 800), iso(since)));
  assert.deepEqual(kinds(await check()), [
    ['till_only', 300, 'R-sale-sale'],
    ['till_only', 300, null],
  ]);
});

test('a payment the till has no card service id for is not read back; one that cannot be read is logged', async () => {
  h = harness();
  const since = h.clock.now() - HOUR;
  journal(h, { id: 'lost', amount: 400, at: since + 1, decided: 'paid', hasId: false });
  const gone = journal(h, { id: 'gone', amount: 600, at: since + 2 });
  h.machine.delete(gone.transactionId!);
  h.reports.push(xReport(totals(2, 1000), iso(since)));
  const view = await check();
  assert.equal(view.transactionsChecked, 0);
  assert.deepEqual(h.warnings, ['reconciliation: could not read back transaction of payment gone']);
});

test('a note with nobody signed in keeps no one as its author, not the word null', async () => {
  h = harness();
  h.reports.push(xReport(totals(1, 100), iso(h.clock.now() - HOUR)));
  const view = await check();
  const store = new ReconciliationStore(h.db, h.clock);
  const kept = store.check(view.id)!;
  store.resolve(kept, kept.differences[0]!, 'Found the slip', null, () => undefined);
  assert.deepEqual(h.db.prepare('SELECT note, resolved_by FROM reconciliation_resolutions').all(), [
    { note: 'Found the slip', resolved_by: null },
  ]);
  assert.equal(store.resolutionsFor(kept)[0]!.by, null);
});

test('a database whose reconciliation tables an earlier release made opens without making them again', () => {
  const db = openDatabase(':memory:');
  try {
    db.exec(RECONCILIATION_MIGRATIONS[0]!.sql);
    // The step's id as every till database made since the first release records it.
    db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(
      'reconciliation-1',
      '2025-01-01T00:00:00.000Z',
    );
    assert.doesNotThrow(() => applyMigrations(db, RECONCILIATION_MIGRATIONS));
  } finally {
    db.close();
  }
});
