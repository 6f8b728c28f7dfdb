// The audit trail's table on a real database file: entries get a sequence that only grows, the
// database itself refuses to change or remove one, "entries after N" reads the rest in order, and
// the manager's reads filter by person (serving or approving), area and time, a page at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditValues } from '../../../shared/contract';
import { AUDIT_MIGRATIONS, AuditJournal, type AuditRecord } from '../../../electron/services/audit/journal';
import { closeDatabase, openDatabase } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';

const MORGAN = { id: 'm-1', name: 'Morgan' };
const CASEY = { id: 'c-1', name: 'Casey' };

function journalInTempFolder(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-audit-'));
  const file = join(folder, 'paydesk.sqlite');
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(file, AUDIT_MIGRATIONS, clock);
  t.after(() => {
    closeDatabase(db, () => {});
    rmSync(folder, { recursive: true, force: true });
  });
  return { db, clock, file, journal: new AuditJournal(db, clock) };
}

const entry = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  by: MORGAN,
  area: 'prices',
  action: 'price-changed',
  subject: 'Latte',
  before: { price: 320 },
  after: { price: 340 },
  ...over,
});

test('an entry keeps when, who (and who approved), the area, what, the subject and before → after', (t) => {
  const { journal, clock } = journalInTempFolder(t);
  journal.record(entry({ by: { ...CASEY, approvedBy: MORGAN } }));
  clock.advance(60_000);
  journal.record(
    entry({ by: null, area: 'catalogue', action: 'products-added', before: null, after: { products: 40 } }),
  );
  assert.deepEqual(journal.entriesAfter(0, 10), [
    {
      seq: 1,
      at: '2026-11-22T09:00:00.000Z',
      by: CASEY,
      approvedBy: MORGAN,
      area: 'prices',
      action: 'price-changed',
      subject: 'Latte',
      before: { price: 320 },
      after: { price: 340 },
    },
    {
      seq: 2,
      at: '2026-11-22T09:01:00.000Z',
      by: null,
      approvedBy: null,
      area: 'catalogue',
      action: 'products-added',
      subject: 'Latte',
      before: null,
      after: { products: 40 },
    },
  ]);
});

test('the database refuses to change or remove an entry, and the entry stays as it was', (t) => {
  const { db, journal } = journalInTempFolder(t);
  journal.record(entry());
  assert.throws(() => db.prepare("UPDATE audit_log SET subject = 'Tea'").run(), /never changed/);
  assert.throws(() => db.prepare('DELETE FROM audit_log').run(), /never removed/);
  assert.throws(() => db.prepare('UPDATE audit_log SET after = NULL WHERE seq = 1').run(), /never changed/);
  assert.equal(journal.entriesAfter(0, 10).length, 1);
  assert.equal(journal.entriesAfter(0, 10)[0]!.subject, 'Latte');
});

test('entries after N: the rest in sequence order, at most `limit`, none after the last', (t) => {
  const { journal } = journalInTempFolder(t);
  for (const subject of ['A', 'B', 'C', 'D', 'E']) journal.record(entry({ subject }));
  assert.deepEqual(
    journal.entriesAfter(2, 2).map((e) => [e.seq, e.subject]),
    [
      [3, 'C'],
      [4, 'D'],
    ],
  );
  assert.deepEqual(
    journal.entriesAfter(4, 10).map((e) => e.seq),
    [5],
  );
  assert.deepEqual(journal.entriesAfter(5, 10), []);
});

test('the sequence goes on after a restart; an entry whose change failed leaves no trace', (t) => {
  const { db, journal, file, clock } = journalInTempFolder(t);
  journal.record(entry({ subject: 'before restart' }));
  // A change that wrote its entry and then failed takes the entry with it: nobody ever read it.
  assert.throws(() =>
    db.transaction(() => {
      journal.record(entry({ subject: 'rolled back' }));
      throw new Error('the change failed');
    })(),
  );
  closeDatabase(db, () => {});
  const reopened = openDatabase(file, AUDIT_MIGRATIONS, clock);
  t.after(() => closeDatabase(reopened, () => {}));
  const again = new AuditJournal(reopened, clock);
  again.record(entry({ subject: 'after restart' }));
  assert.deepEqual(
    again.entriesAfter(0, 10).map((e) => [e.seq, e.subject]),
    [
      [1, 'before restart'],
      [2, 'after restart'],
    ],
  );
});

test('a secret is refused and nothing is written: a PIN, a PIN hash, a password; "set" and "changed" pass', (t) => {
  const { journal } = journalInTempFolder(t);
  const hash = { algorithm: 'scrypt', salt: 'c2FsdA', hash: 'aGFzaA' };
  const secrets: AuditValues[] = [
    { pin: '2468' },
    { pinHash: hash },
    { password: 'hunter2' },
    { printers: [{ apiKey: 'k' }] },
  ];
  for (const values of secrets) {
    assert.throws(
      () => journal.record(entry({ after: values })),
      /must not hold a secret/,
      JSON.stringify(values),
    );
  }
  assert.throws(
    () => journal.record(entry({ before: { token: { access: 'x' } } })),
    /must not hold a secret/,
  );
  assert.deepEqual(journal.entriesAfter(0, 10), []);
  journal.record(entry({ after: { pin: 'changed' } }));
  journal.record(entry({ after: { 'payAtCounter.password': 'saved' } }));
  // A cash drawer's kick pin is a number, not a secret.
  journal.record(entry({ after: { printers: [{ name: 'Counter', drawer: { enabled: true, pin: 5 } }] } }));
  assert.equal(journal.entriesAfter(0, 10).length, 3);
});

function threeDays(t: { after: (fn: () => void) => void }) {
  const opened = journalInTempFolder(t);
  const { journal, clock } = opened;
  journal.record(entry({ by: MORGAN, area: 'prices', subject: 'Latte' }));
  clock.advance(24 * 3_600_000);
  journal.record(entry({ by: { ...CASEY, approvedBy: MORGAN }, area: 'catalogue', subject: 'Tea' }));
  journal.record(entry({ by: CASEY, area: 'prices', subject: 'Cake' }));
  clock.advance(24 * 3_600_000);
  journal.record(entry({ by: null, area: 'settings', subject: '' }));
  return opened;
}

test('filters: a person serving or approving, an area, a time range; newest first', (t) => {
  const { journal } = threeDays(t);
  const subjects = (query: Parameters<AuditJournal['page']>[0]) =>
    journal.page(query, 50).entries.map((e) => e.subject);
  assert.deepEqual(subjects({}), ['', 'Cake', 'Tea', 'Latte']);
  assert.deepEqual(subjects({ personId: MORGAN.id }), ['Tea', 'Latte']);
  assert.deepEqual(subjects({ personId: CASEY.id }), ['Cake', 'Tea']);
  assert.deepEqual(subjects({ area: 'prices' }), ['Cake', 'Latte']);
  assert.deepEqual(subjects({ personId: CASEY.id, area: 'prices' }), ['Cake']);
  // since ≤ at < until: the second day's entries only.
  assert.deepEqual(subjects({ since: '2026-11-23T09:00:00.000Z', until: '2026-11-24T09:00:00.000Z' }), [
    'Cake',
    'Tea',
  ]);
  assert.deepEqual(subjects({ since: '2026-11-23T09:00:00.001Z' }), ['']);
  assert.deepEqual(subjects({ until: '2026-11-22T09:00:00.000Z' }), []);
});

test('pages: newest first, each continuing where the last stopped, the last saying there is no more', (t) => {
  const { journal } = threeDays(t);
  const first = journal.page({}, 3);
  assert.deepEqual(
    first.entries.map((e) => e.seq),
    [4, 3, 2],
  );
  assert.equal(first.nextBeforeSeq, 2);
  const second = journal.page({}, 3, first.nextBeforeSeq!);
  assert.deepEqual(
    second.entries.map((e) => e.seq),
    [1],
  );
  assert.equal(second.nextBeforeSeq, null);
  // Exactly a page left: no empty page after it.
  assert.equal(journal.page({}, 4).nextBeforeSeq, null);
  assert.deepEqual(
    journal.page({ area: 'prices' }, 1, 4).entries.map((e) => e.subject),
    ['Cake'],
  );
});

test('people: everyone who made or approved a change, by their latest name, A to Z; the till is no one', (t) => {
  const { journal } = threeDays(t);
  journal.record(entry({ by: { id: MORGAN.id, name: 'Morgan Lee' } }));
  assert.deepEqual(journal.people(), [CASEY, { id: MORGAN.id, name: 'Morgan Lee' }]);
});

test('all: every matching entry oldest first, at most `limit`', (t) => {
  const { journal } = threeDays(t);
  assert.deepEqual(
    journal.all({ area: 'prices' }, 10).map((e) => e.subject),
    ['Latte', 'Cake'],
  );
  assert.deepEqual(
    journal.all({}, 2).map((e) => e.seq),
    [1, 2],
  );
});
