// The one database: every area's migrations applied on a fresh data folder, and a restart on the
// same folder keeps what each area saved (staff, products, a parked sale, a sale, a print job,
// a card report run, a No-sale) without seeding the demo catalogue again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { TILL_MIGRATIONS } from '../../../electron/services/app/migrations';
import { openDatabase } from '../../../electron/services/storage/database';
import { TEST_STAFF } from '../../support/staff';
import { startAppTill } from './support';

test('a fresh till applies every area’s migrations once, and a restart keeps every area’s data', async () => {
  const first = await startAppTill();
  const { dataDir } = first;
  let closedFirst = false;
  try {
    await first.call('staff.createFirstManager', TEST_STAFF.manager);
    const products = (await first.call('catalogue.get', {})).products;
    const [coffee, cake] = products;
    await first.call('catalogue.saveProduct', { ...coffee!, name: 'House coffee' });
    await first.call('counter.park', { lines: [{ productId: cake!.id, quantity: 2 }], note: 'table 4' });
    const sale = await first.call('sales.open', { lines: [{ productId: coffee!.id, quantity: 1 }] });
    await first.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
    await first.call('reports.run', { terminalId: '22900001', type: 'X_BAL' });
    await first.call('counter.noSale', { reason: 'Change for the float' });
    await first.close({ keep: true });
    closedFirst = true;

    const db = openDatabase(join(dataDir, 'paydesk.sqlite'));
    const applied = (
      db.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as { id: string }[]
    ).map((r) => r.id);
    const runs = (db.prepare('SELECT COUNT(*) AS n FROM report_runs').get() as { n: number }).n;
    db.close();
    assert.deepEqual(applied, TILL_MIGRATIONS.map((m) => m.id).sort());
    assert.equal(runs, 1, 'the card report run was kept');

    const again = await startAppTill({ dataDir });
    try {
      const session = await again.call('staff.session', {});
      assert.deepEqual(
        session.people.map((p) => p.name),
        [TEST_STAFF.manager.name],
      );
      const kept = (await again.call('catalogue.get', {})).products;
      assert.equal(kept.length, products.length, 'the demo catalogue is not seeded again');
      assert.equal(kept.find((p) => p.id === coffee!.id)!.name, 'House coffee');
      assert.deepEqual(
        (await again.call('counter.parked', {})).map((p) => p.note),
        ['table 4'],
      );
      const recent = await again.call('sales.recent', { limit: 5 });
      assert.equal(recent.find((s) => s.saleId === sale.saleId)?.state, 'completed');
      assert.deepEqual(
        (await again.call('counter.noSales', { limit: 5 })).map((n) => n.reason),
        ['Change for the float'],
      );
      const jobs = await again.call('printing.jobs', { limit: 20 });
      assert.ok(
        jobs.some((j) => j.receiptId.startsWith('report:')),
        'the report slip’s print job was kept',
      );
    } finally {
      await again.close();
    }
  } finally {
    if (!closedFirst) await first.close({ keep: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
