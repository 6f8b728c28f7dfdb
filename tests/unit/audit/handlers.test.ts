// The audit area's contract: only a manager reads or exports it (a refusal reads nothing and
// exports nothing), reading is not journaled and exporting is, the day filter is the shop's days,
// and the CSV is safe to open in a spreadsheet. The computer is set to UTC, the shop to London:
// the days are the shop's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { TillError } from '../../../shared/contract/errors';
import { AUDIT_CSV_COLUMNS } from '../../../electron/services/audit/csv';
import { auditHandlers } from '../../../electron/services/audit/handlers';
import { openDatabase } from '../../../electron/services/storage/database';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { computerZoneForFile } from '../../support/computer-zone';

computerZoneForFile('UTC');

const MORGAN = { id: 'm-1', name: 'Morgan' };
const CASEY = { id: 'c-1', name: 'Casey' };

function setup(
  t: { after: (fn: () => void) => void },
  options: { maxExport?: number; staff?: () => Array<{ id: string; name: string }> } = {},
) {
  // 22:30 UTC on 14 July is 23:30 in London: the shop's 14 July.
  const clock = new ManualClock(Date.parse('2026-07-14T22:30:00.000Z'));
  const db = openDatabase(':memory:', [], clock);
  t.after(() => db.close());
  const journal = auditOn(db, clock);
  const state = { manager: true as boolean };
  const handlers = auditHandlers({
    journal,
    requireManager: () => {
      if (!state.manager) throw new TillError('not_allowed', 'The audit trail is for a manager.');
      return MORGAN;
    },
    clock,
    timeZone: () => 'Europe/London',
    ...options,
  });
  return { clock, journal, handlers, state };
}

test('only a manager reads the trail, its people or its export; a refusal writes nothing', async (t) => {
  const { journal, handlers, state } = setup(t);
  journal.record({ by: CASEY, area: 'prices', action: 'price-changed', subject: 'Latte' });
  state.manager = false;
  for (const call of [
    () => handlers['audit.list']({ limit: 10 }),
    () => handlers['audit.people']({}),
    () => handlers['audit.exportCsv']({}),
  ]) {
    assert.throws(call, (error: unknown) => error instanceof TillError && error.code === 'not_allowed');
  }
  assert.equal(journal.entriesAfter(0, 10).length, 1);
});

test('reading the trail is not journaled; exporting it is, with who and which entries left the till', async (t) => {
  const { journal, handlers, clock } = setup(t);
  journal.record({ by: CASEY, area: 'prices', action: 'price-changed', subject: 'Latte' });
  await handlers['audit.list']({ limit: 10 });
  await handlers['audit.people']({});
  assert.equal(journal.entriesAfter(0, 10).length, 1);
  clock.advance(1000);
  const file = await handlers['audit.exportCsv']({
    personId: CASEY.id,
    area: 'prices',
    fromDay: '2026-07-14',
    toDay: '2026-07-14',
  });
  assert.equal(file.entries, 1);
  const [, exported] = journal.entriesAfter(0, 10);
  assert.deepEqual(exported, {
    seq: 2,
    at: '2026-07-14T22:30:01.000Z',
    by: MORGAN,
    approvedBy: null,
    area: 'audit',
    action: 'exported',
    subject: '',
    before: null,
    after: { entries: 1, person: 'Casey', area: 'prices', fromDay: '2026-07-14', toDay: '2026-07-14' },
  });
  // Exporting everything says so: no filter in the entry.
  await handlers['audit.exportCsv']({});
  assert.deepEqual(journal.entriesAfter(2, 10)[0]!.after, { entries: 2 });
});

test('the day filter is the shop’s day in its time zone: an entry at 23:30 there belongs to that day', async (t) => {
  const { journal, handlers, clock } = setup(t);
  journal.record({ by: CASEY, area: 'prices', action: 'price-changed', subject: 'late on the 14th' });
  clock.advance(60 * 60_000); // 00:30 on the 15th in London, still the 14th on this computer
  journal.record({ by: CASEY, area: 'prices', action: 'price-changed', subject: 'early on the 15th' });
  const on = async (fromDay: string, toDay: string) =>
    (await handlers['audit.list']({ fromDay, toDay, limit: 10 })).entries.map((e) => e.subject);
  assert.deepEqual(await on('2026-07-14', '2026-07-14'), ['late on the 14th']);
  assert.deepEqual(await on('2026-07-15', '2026-07-15'), ['early on the 15th']);
  assert.deepEqual(await on('2026-07-14', '2026-07-15'), ['early on the 15th', 'late on the 14th']);
  assert.deepEqual(await on('2026-07-13', '2026-07-13'), []);
});

test('a first day after the last is refused in words, and nothing is exported or journaled', async (t) => {
  const { journal, handlers } = setup(t);
  const reversed = { fromDay: '2026-07-15', toDay: '2026-07-14' };
  for (const call of [
    () => handlers['audit.list']({ ...reversed, limit: 10 }),
    () => handlers['audit.exportCsv'](reversed),
  ]) {
    assert.throws(call, (error: unknown) => {
      assert.ok(error instanceof TillError);
      assert.equal(error.code, 'invalid_input');
      assert.equal(error.message, 'The first day is after the last day: swap them.');
      assert.deepEqual(error.words, { key: 'audit.daysReversed' });
      return true;
    });
  }
  // The same day as both ends is one day.
  await handlers['audit.list']({ fromDay: '2026-07-14', toDay: '2026-07-14', limit: 10 });
  assert.deepEqual(journal.entriesAfter(0, 10), []);
});

test('an export larger than the limit is refused in words and journals nothing; at the limit it goes', async (t) => {
  const { journal, handlers } = setup(t, { maxExport: 2 });
  for (const subject of ['Tea', 'Cake']) {
    journal.record({ by: CASEY, area: 'catalogue', action: 'product-added', subject });
  }
  assert.equal((await handlers['audit.exportCsv']({})).entries, 2);
  assert.throws(
    () => handlers['audit.exportCsv']({}),
    (error: unknown) =>
      error instanceof TillError &&
      error.code === 'invalid_input' &&
      error.message === 'That is more than 2 entries: choose fewer days and export them in parts.' &&
      error.words?.params?.max === 2,
  );
  assert.equal(journal.entriesAfter(0, 10).length, 3);
});

test('the CSV: a header, oldest first, who as named then, before and after as JSON; formulas made harmless', async (t) => {
  const { journal, handlers } = setup(t);
  journal.record({
    by: { ...CASEY, approvedBy: MORGAN },
    area: 'prices',
    action: 'price-changed',
    subject: '=HYPERLINK("http://x.example","Latte")',
    before: { price: 320 },
    after: { price: 340 },
  });
  journal.record({ by: null, area: 'catalogue', action: 'products-added', subject: '+40 products' });
  const file = await handlers['audit.exportCsv']({});
  assert.equal(file.fileName, 'audit-2026-07-14.csv');
  const rows = parse(file.text, { columns: true }) as Record<string, string>[];
  assert.deepEqual(Object.keys(rows[0]!), [...AUDIT_CSV_COLUMNS]);
  assert.deepEqual(rows, [
    {
      sequence: '1',
      at: '2026-07-14T22:30:00.000Z',
      by: 'Casey',
      approved_by: 'Morgan',
      area: 'prices',
      action: 'price-changed',
      subject: `'=HYPERLINK("http://x.example","Latte")`,
      before: '{"price":320}',
      after: '{"price":340}',
    },
    {
      sequence: '2',
      at: '2026-07-14T22:30:00.000Z',
      by: 'the till',
      approved_by: '',
      area: 'catalogue',
      action: 'products-added',
      subject: `'+40 products`,
      before: '',
      after: '',
    },
  ]);
});

test('the person filter: everyone on the staff and everyone on the trail, by their current name', async (t) => {
  const staff = [
    { id: MORGAN.id, name: 'Morgan Lee' },
    { id: 's-1', name: 'Sasha' },
  ];
  const { journal, handlers } = setup(t, { staff: () => staff });
  journal.record({
    by: { ...CASEY, approvedBy: MORGAN },
    area: 'prices',
    action: 'price-changed',
    subject: 'Tea',
  });
  // Casey has left the staff list, Morgan was renamed, Sasha has changed nothing yet.
  assert.deepEqual(await handlers['audit.people']({}), [
    CASEY,
    { id: MORGAN.id, name: 'Morgan Lee' },
    { id: 's-1', name: 'Sasha' },
  ]);
  const page = await handlers['audit.list']({ personId: MORGAN.id, limit: 10 });
  assert.deepEqual(
    page.entries.map((e) => e.subject),
    ['Tea'],
  );
  assert.deepEqual((await handlers['audit.list']({ personId: 's-1', limit: 10 })).entries, []);
  await handlers['audit.exportCsv']({ personId: 's-1' });
  assert.equal(journal.entriesAfter(1, 10)[0]!.after?.person, 'Sasha');
});
