// A sale whose tenders already cover it when the till starts (an older build, or a crash
// between two writes) is completed at start-up and its receipt printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startTestTill } from '../../support/till';

test('a paid but open sale is completed, with its receipt, when the till starts again', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-restart-'));
  try {
    let t = await startTestTill({ dataDir });
    const { products } = await t.call('catalogue.get', {});
    const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 2 }] });
    await t.close();

    // What a crash between "tender written" and "sale completed" would have left behind.
    const db = new Database(join(dataDir, 'paydesk.sqlite'));
    db.prepare(
      "INSERT INTO tenders (sale_id, kind, amount, given, created_at) VALUES (?, 'cash', ?, ?, datetime('now'))",
    ).run(sale.saleId, sale.total, sale.total);
    db.close();

    t = await startTestTill({ dataDir });
    const after = await t.call('sales.get', { saleId: sale.saleId });
    assert.equal(after.state, 'completed');
    assert.equal(after.due, 0);
    const preview = await t.call('printing.preview', { limit: 20 });
    assert.ok(preview.some((r) => r.receiptId === `${sale.saleId}:sale`));
    await t.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
