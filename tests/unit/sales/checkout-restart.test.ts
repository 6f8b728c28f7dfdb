// A card payment that was approved but never reached its sale (the till stopped between the two
// writes) reaches it when the till starts again: the sale is paid by that card and completed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { basketEndingIn, startTestTill } from '../../support/till';

test('an approved card payment missing from its open sale pays and completes it when the till starts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-card-restart-'));
  try {
    let t = await startTestTill({ dataDir });
    const { products } = await t.call('catalogue.get', {});
    const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
    const card = await t.call('sales.payCard', {
      saleId: sale.saleId,
      terminalId: '22900001',
      amount: sale.total,
    });
    const done = await t.waitForEvent(
      'payments.updated',
      (p) => p.paymentId === card.paymentId && p.state === 'finished',
    );
    assert.equal(done.successful, true);
    await t.close();

    // What a crash between "card approved" and "tender written" would have left behind.
    const db = new Database(join(dataDir, 'paydesk.sqlite'));
    db.prepare('DELETE FROM tenders WHERE sale_id = ?').run(sale.saleId);
    db.prepare("UPDATE sales SET state = 'open', completed_at = NULL WHERE id = ?").run(sale.saleId);
    db.close();

    t = await startTestTill({ dataDir });
    try {
      const after = await t.call('sales.get', { saleId: sale.saleId });
      assert.equal(after.state, 'completed');
      assert.equal(after.paid, sale.total);
      assert.equal(after.due, 0);
      assert.deepEqual(
        after.tenders.map((x) => [x.kind, x.amount, x.paymentId]),
        [['card', sale.total, card.paymentId]],
      );
    } finally {
      await t.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
