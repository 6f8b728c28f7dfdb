// Every journal entry says who did it: the sale (and its receipt), each tender, each card payment
// and refund (with who approved it), and each report run. And a till from before staff keeps its
// manager PIN as the staff member "Manager".
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '../../../shared/contract';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { DEFAULT_SCRYPT_PARAMS, ManagerPin } from '../../../electron/services/storage/manager-pin';
import { ReportRunLog } from '../../../electron/services/reports/run-log';
import { openDatabase } from '../../../electron/services/storage/database';
import { TEST_STAFF, type TestStaff } from '../../support/staff';
import { basketEndingIn, startTestTill, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';

const TERMINAL = '22900001';

let t: TestTill;
let staff: TestStaff;
let products: Product[];

before(async () => {
  ({ t, staff, products } = await startStaffedTill({ signIn: 'cashier' }));
});
after(() => t.close());

const casey = () => ({ id: staff.people.cashier.id, name: TEST_STAFF.cashier.name });

test('a sale, its cash and card tenders and its receipt carry the cashier who served', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  assert.deepEqual(sale.servedBy, casey());
  const cash = await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  assert.deepEqual(cash.tenders[0]!.by, casey());
  const card = await t.call('sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: cash.due });
  assert.deepEqual(card.staff, casey());
  const receipt = t.waitForEvent('printing.changed', (e) => e.job?.receiptId === `${sale.saleId}:sale`);
  const done = await t.waitForEvent(
    'sales.updated',
    (s) => s.saleId === sale.saleId && s.state === 'completed',
  );
  assert.equal(done.paid, sale.total);
  assert.deepEqual(
    done.tenders.map((x) => [x.kind, x.by?.name]),
    [
      ['cash', 'Casey'],
      ['card', 'Casey'],
    ],
  );
  await receipt;
  const preview = await t.call('printing.preview', { limit: 50 });
  const lines = preview.find((r) => r.receiptId === `${sale.saleId}:sale`)!.lines.map((l) => l.value);
  assert.ok(lines.includes('Served by Casey'), 'the receipt names the cashier');
});

test('a refund keeps who gave it and who approved it; a report keeps who ran it', async () => {
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: TERMINAL,
    amount: sale.total,
  });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.state === 'finished');
  await t.call('manager.unlock', { pin: TEST_STAFF.manager.pin, action: 'refund' });
  const refund = await t.call('payments.refund', {
    terminalId: TERMINAL,
    amount: 20,
    originalPaymentId: card.paymentId,
  });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === refund.paymentId && p.state === 'finished');
  const kept = await t.call('payments.get', { paymentId: refund.paymentId });
  assert.deepEqual(kept.staff, {
    ...casey(),
    approvedBy: { id: staff.people.manager.id, name: TEST_STAFF.manager.name },
  });

  const x = await t.call('reports.run', { terminalId: TERMINAL, type: 'X_BAL' });
  assert.deepEqual(x.runBy, casey());
  // Read back from the database, as a later report on the day would.
  const db = openDatabase(join(t.dataDir, 'paydesk.sqlite'));
  try {
    const [run] = new ReportRunLog(db, { now: () => 0 }).recent(1);
    assert.equal(run!.reportId, x.id);
    assert.deepEqual(run!.runBy, casey());
  } finally {
    db.close();
  }
});

test('a till that had a manager PIN starts with the staff member "Manager" holding that PIN', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-old-till-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const settings = new JsonFileSettingsStore({ file: join(dataDir, 'settings.json') });
  await new ManagerPin({ settings, scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 } }).setPin('4826');
  const hash = settings.load().managerPin.hash!;

  const old = await startTestTill({ dataDir });
  try {
    const session = await old.call('staff.session', {});
    assert.deepEqual(
      session.people.map((p) => [p.name, p.role]),
      [['Manager', 'manager']],
    );
    assert.equal(session.signedIn, null, 'nobody is serving until someone signs in');
    assert.equal(
      (await old.failure('reports.run', { terminalId: TERMINAL, type: 'Z_BAL' })).code,
      'not_allowed',
    );
    const wrong = await old.call('staff.signIn', { staffId: session.people[0]!.id, pin: '1357' });
    assert.equal(wrong.ok, false);
    const right = await old.call('staff.signIn', { staffId: session.people[0]!.id, pin: '4826' });
    assert.equal(right.ok, true, 'the old PIN signs the manager in');
    const db = openDatabase(join(dataDir, 'paydesk.sqlite'));
    const row = db.prepare('SELECT pin_hash FROM staff').get() as { pin_hash: string };
    db.close();
    assert.equal(JSON.parse(row.pin_hash).salt, hash.salt, 'the very same hash, never the PIN');
  } finally {
    await old.close();
  }
});
