// The Reports store and the one manager-approval flow it shares with refunds: a report the
// services refuse for want of the manager waits for the PIN, then runs again by itself.
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError, type ReportView } from '../../../shared/contract';
import { createReportsStore } from '../../../renderer/src/state/reports';
import { createManagerApproval } from '../../../renderer/src/state/manager-approval';
import { FakeTill, notAllowed } from './fake-till';

function reportView(overrides: Partial<ReportView> = {}): ReportView {
  return {
    id: 'rep-1',
    terminalId: '22900001',
    type: 'Z_BAL',
    result: 'SUCCESS',
    reportTime: '2026-11-23T18:00:00.000Z',
    balances: null,
    banking: [],
    receiptLines: [],
    runBy: null,
    ...overrides,
  };
}

/** A till with PIN 2468 that refuses Z reports and end of day until unlocked. */
function lockedTill() {
  const fake = new FakeTill();
  let unlocked = false;
  fake
    .answer('reports.run', ({ terminalId, type }) => {
      if (type !== 'X_BAL' && !unlocked) throw notAllowed();
      return reportView({ terminalId, type });
    })
    .answer('manager.unlock', ({ pin }) => {
      if (pin !== '2468')
        return {
          ok: false,
          reason: 'locked',
          message: 'Too many tries: wait 30 seconds.',
          retryAfterMs: 30_000,
        };
      unlocked = true;
      return { ok: true, unlockedUntil: '2026-11-23T18:05:00.000Z' };
    });
  return fake;
}

test('an X report runs at once, with no PIN asked', async () => {
  const fake = lockedTill();
  const store = createReportsStore(fake);
  await store.getState().run('22900001', 'X_BAL');
  assert.equal(store.getState().report?.type, 'X_BAL');
  assert.equal(store.getState().managerNeeded, null);
  assert.equal(store.getState().running, null);
});

test('a Z report on a locked till asks for the PIN, then runs once it is accepted', async () => {
  const fake = lockedTill();
  const store = createReportsStore(fake);
  await store.getState().run('22900001', 'Z_BAL');
  assert.equal(store.getState().managerNeeded, 'the Z report resets the totals');
  assert.equal(store.getState().problem, 'This needs the manager PIN.');
  assert.equal(store.getState().report, null);

  await store.getState().approve('0000');
  assert.equal(store.getState().problem, 'Too many tries: wait 30 seconds.');
  assert.equal(store.getState().managerNeeded, 'the Z report resets the totals');
  assert.equal(fake.callsOf('reports.run').length, 1);

  await store.getState().approve('2468');
  assert.deepEqual(fake.callsOf('reports.run'), [
    { terminalId: '22900001', type: 'Z_BAL' },
    { terminalId: '22900001', type: 'Z_BAL' },
  ]);
  const s = store.getState();
  assert.equal(s.report?.type, 'Z_BAL');
  assert.equal(s.managerNeeded, null, 'the PIN prompt goes once the report ran');
  assert.equal(s.problem, null);
  assert.equal(s.running, null);
});

test('the end of day names itself in the PIN prompt; a fresh visit forgets the wait', async () => {
  const fake = lockedTill();
  const store = createReportsStore(fake);
  await store.getState().run('22900001', 'END_OF_DAY');
  assert.equal(store.getState().managerNeeded, 'the End of day report resets the totals');
  store.getState().reset();
  assert.equal(store.getState().managerNeeded, null);
  await store.getState().approve('2468');
  assert.equal(fake.callsOf('reports.run').length, 1, 'nothing left to run again');
});

test('a failed unlock call is worded; other refusals do not ask for the PIN', async () => {
  const fake = new FakeTill()
    .answer('reports.run', () => {
      throw new TillError('terminal_busy', 'busy');
    })
    .answer('manager.unlock', () => {
      throw new TillError('unreachable', 'gone');
    });
  const store = createReportsStore(fake);
  await store.getState().run('22900001', 'BANKING');
  assert.equal(store.getState().managerNeeded, null);
  assert.equal(store.getState().problem, 'That card machine is busy with another payment.');
  await store.getState().approve('2468');
  assert.equal(
    store.getState().problem,
    'The card service cannot be reached. Take cash, or take the card on the card machine on its own.',
  );
});

test('the approval flow: a success hides the prompt; approving with nothing waiting only unlocks', async () => {
  const shown: (string | null)[] = [];
  const fake = new FakeTill().answer('manager.unlock', () => ({
    ok: true,
    unlockedUntil: '2026-11-23T18:05:00.000Z',
  }));
  const approval = createManagerApproval(fake, (reason) => shown.push(reason));
  let tries = 0;
  const again = async () => {
    tries += 1;
  };
  await assert.rejects(
    approval.attempt('why', () => Promise.reject(notAllowed()), again),
    (error: unknown) => error instanceof TillError && error.code === 'not_allowed',
  );
  assert.equal(await approval.attempt('why', async () => 42, again), 42);
  await approval.approve('2468');
  assert.equal(tries, 0, 'the earlier refusal was answered by the later success');
  assert.deepEqual(shown, ['why', null, null]);
  assert.equal(fake.callsOf('manager.unlock').length, 1);
});
