// What the screens tell the services is in progress, so the idle sign-out waits: a card machine
// report, a till report and a card check while their calls run, a drawer count while it is being
// entered; the services hear only when the set changes, and hear the whole set at start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReconciliationView, ReportView, TillReportView } from '../../../shared/contract';
import { createReconciliationStore } from '../../../renderer/src/state/reconciliation';
import { createReportsStore } from '../../../renderer/src/state/reports';
import { createStaffStore, followStaff } from '../../../renderer/src/state/staff';
import { createTillReportsStore } from '../../../renderer/src/state/till-reports';
import { followWorkInProgress } from '../../../renderer/src/state/work-in-progress';
import { FakeTill } from './fake-till';

/** A call that answers when the test says. */
function later<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

function setUp() {
  const fake = new FakeTill();
  fake.answer('staff.inProgress', () => ({ ok: true }));
  const staff = createStaffStore(fake);
  const sources = {
    reports: createReportsStore(fake),
    tillReports: createTillReportsStore(fake),
    reconciliation: createReconciliationStore(fake),
  };
  const stop = followWorkInProgress(staff, sources);
  const told = () => fake.callsOf('staff.inProgress').map((c) => (c as { tasks: string[] }).tasks);
  return { fake, staff, sources, stop, told };
}

test('a card machine report and a till report hold the sign-out while they run; the services hear each change once', async () => {
  const { fake, sources, stop, told } = setUp();
  assert.deepEqual(told(), [[]], 'at start: nothing in progress');
  const cardReport = later<ReportView>();
  fake.answer('reports.run', () => cardReport.promise);
  const running = sources.reports.getState().run('22900001', 'X_BAL');
  assert.deepEqual(told(), [[], ['report']]);

  const tillReport = later<TillReportView>();
  fake.answer('tillReports.x', () => tillReport.promise);
  const x = sources.tillReports.getState().runX();
  assert.deepEqual(told(), [[], ['report']], 'a second report is still "a report"');

  cardReport.answer({ receiptLines: [] } as unknown as ReportView);
  await running;
  assert.deepEqual(told(), [[], ['report']], 'the till report still runs');
  tillReport.answer({ kind: 'X' } as TillReportView);
  await x;
  assert.deepEqual(told(), [[], ['report'], []]);

  stop();
  const again = later<ReportView>();
  fake.answer('reports.run', () => again.promise);
  void sources.reports.getState().run('22900001', 'X_BAL');
  assert.equal(told().length, 3, 'no longer followed once stopped');
  again.answer({ receiptLines: [] } as unknown as ReportView);
});

test('a card check holds the sign-out while it runs, even when it fails', async () => {
  const { fake, sources, told } = setUp();
  const check = later<ReconciliationView>();
  fake.answer('reconciliation.check', () => check.promise);
  const checking = sources.reconciliation.getState().check('22900001', 'X_BAL' as never);
  assert.deepEqual(told().at(-1), ['card-check']);
  check.answer(Promise.reject(new Error('offline')) as never);
  await checking;
  assert.deepEqual(told().at(-1), []);
});

test('a screen’s own work: the count being entered, until it is saved or left', () => {
  const { staff, told } = setUp();
  staff.getState().setWorking('drawer-count-close', 'cash-count');
  staff.getState().setWorking('drawer-count-close', 'cash-count');
  staff.getState().setWorking('card-check', null);
  assert.deepEqual(told(), [[], ['cash-count']]);
  staff.getState().setWorking('card-check', 'card-check');
  assert.deepEqual(told().at(-1), ['card-check', 'cash-count']);
  staff.getState().setWorking('drawer-count-close', null);
  staff.getState().setWorking('card-check', null);
  assert.deepEqual(told(), [[], ['cash-count'], ['card-check', 'cash-count'], ['card-check'], []]);
});

test('at start the renderer says what is in progress, so a reload leaves nothing held', () => {
  const fake = new FakeTill();
  fake.answer('staff.inProgress', () => ({ ok: true }));
  const staff = createStaffStore(fake);
  staff.getState().setWorking('count', 'cash-count');
  staff.getState().setWorking('count', null);
  const stop = followStaff(fake, staff);
  assert.deepEqual(fake.callsOf('staff.inProgress'), [
    { tasks: ['cash-count'] },
    { tasks: [] },
    { tasks: [] },
  ]);
  stop();
});
