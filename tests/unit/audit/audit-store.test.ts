// The Audit screen's store over the real audit handlers (a real trail on a database): the first
// page and the people to filter by, older pages after it, filters sent as chosen, the export handed
// to the screen (and the trail read again, showing the export), and a refusal that waits for a
// manager's PIN and reads the trail once it is given.
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TillError, type MethodInput } from '../../../shared/contract';
import { auditHandlers } from '../../../electron/services/audit/handlers';
import { openDatabase } from '../../../electron/services/storage/database';
import { AUDIT_PAGE, createAuditStore } from '../../../renderer/src/state/audit';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { FakeTill } from '../renderer/fake-till';

const MORGAN = { id: 'm-1', name: 'Morgan' };
const CASEY = { id: 'c-1', name: 'Casey' };

function storeOnTrail(t: { after: (fn: () => void) => void }, entries: number) {
  const clock = new ManualClock(Date.parse('2026-11-23T09:00:00.000Z'));
  const db = openDatabase(':memory:', [], clock);
  t.after(() => db.close());
  const journal = auditOn(db, clock);
  for (let i = 1; i <= entries; i++) {
    journal.record({
      by: i % 2 ? CASEY : MORGAN,
      area: i % 3 ? 'prices' : 'staff',
      action: 'x',
      subject: `#${i}`,
    });
  }
  const gate = { manager: true as boolean };
  const handlers = auditHandlers({
    journal,
    clock,
    requireManager: () => {
      if (!gate.manager) throw new TillError('not_allowed', 'The audit trail is for a manager.');
      return MORGAN;
    },
  });
  const fake = new FakeTill()
    .answer('audit.list', (input) =>
      handlers['audit.list'](input as MethodInput<'audit.list'> & { limit: number }),
    )
    .answer('audit.people', () => handlers['audit.people']({}))
    .answer('audit.exportCsv', (input) => handlers['audit.exportCsv'](input))
    .answer('manager.unlock', () => {
      gate.manager = true;
      return { ok: true, unlockedUntil: '2026-11-23T09:05:00.000Z', approvedBy: 'Morgan' };
    });
  return { store: createAuditStore(fake), fake, gate, journal };
}

test('the newest page first, then older pages until there are none; the people to filter by', async (t) => {
  const { store } = storeOnTrail(t, AUDIT_PAGE + 5);
  await store.getState().load();
  const first = store.getState();
  assert.equal(first.entries.length, AUDIT_PAGE);
  assert.equal(first.entries[0]!.subject, `#${AUDIT_PAGE + 5}`);
  assert.deepEqual(first.people, [CASEY, MORGAN]);
  assert.notEqual(first.nextBeforeSeq, null);
  await store.getState().more();
  assert.equal(store.getState().entries.length, AUDIT_PAGE + 5);
  assert.equal(store.getState().entries.at(-1)!.subject, '#1');
  assert.equal(store.getState().nextBeforeSeq, null);
});

test('filters are sent as chosen and kept for the next page and the export', async (t) => {
  const { store, fake } = storeOnTrail(t, 9);
  await store.getState().load({ personId: CASEY.id, area: 'prices' });
  assert.deepEqual(
    store.getState().entries.map((e) => e.subject),
    ['#7', '#5', '#1'],
  );
  await store.getState().exportCsv();
  assert.deepEqual(fake.callsOf('audit.exportCsv'), [{ personId: CASEY.id, area: 'prices' }]);
});

test('an export is handed to the screen once, and the trail shows it at the top', async (t) => {
  const { store } = storeOnTrail(t, 2);
  await store.getState().load();
  await store.getState().exportCsv();
  const { exported, entries, notice } = store.getState();
  assert.match(exported!.fileName, /^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  assert.match(exported!.text, /^sequence,at,by,/);
  assert.equal(entries[0]!.action, 'exported');
  assert.equal(notice, 'Exported 2 entries.');
  store.getState().exportTaken();
  assert.equal(store.getState().exported, null);
});

test('refused for want of a manager: the screen asks for a PIN, then reads the trail', async (t) => {
  const { store, gate } = storeOnTrail(t, 3);
  gate.manager = false;
  await store.getState().load();
  assert.equal(store.getState().managerNeeded, 'reading the audit trail is for a manager');
  assert.equal(store.getState().loaded, false);
  assert.equal(store.getState().problem, null);
  await store.getState().approve('2468');
  assert.equal(store.getState().managerNeeded, null);
  assert.equal(store.getState().entries.length, 3);
});
