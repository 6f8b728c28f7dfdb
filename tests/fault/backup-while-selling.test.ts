// A backup taken while the counter keeps selling is one instant of the records: every sale in it
// is whole (its lines, tenders and total agree) or absent, never half. The copy is made in many
// small steps and sales are completed between them, on the till's own connection, as at a counter.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startStaffedTill } from '../support/staffed-till';

test('a backup taken while sales are being made holds every sale whole or not at all', async (t) => {
  const backups = mkdtempSync(join(tmpdir(), 'paydesk-backups-'));
  t.after(() => rmSync(backups, { recursive: true, force: true }));
  let steps = 0;
  const { t: till, products } = await startStaffedTill({
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    catalogueSeedSize: 2_000,
    backupSteps: { pagesPerStep: 8, afterStep: () => void steps++ },
  });
  t.after(() => till.close());
  // Enough history that the copy takes many steps.
  const sellOne = async (i: number) => {
    const product = products[i % products.length]!;
    const sale = await till.call('sales.open', { lines: [{ productId: product.id, quantity: 1 + (i % 3) }] });
    await till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total + (i % 2) * 500 });
  };
  for (let i = 0; i < 150; i++) await sellOne(i);
  await till.call('backup.configure', { folder: backups });

  let selling = true;
  let soldDuring = 0;
  const counter = (async () => {
    for (let i = 1000; selling; i++) {
      await sellOne(i);
      soldDuring++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const run = await till.call('backup.runNow', {});
  selling = false;
  await counter;
  assert.equal(run.ok, true, run.result.message);
  assert.ok(steps > 20, `the copy took ${steps} steps`);
  assert.ok(soldDuring > 0, 'sales were made while the backup ran');
  t.diagnostic(`${steps} copy steps, ${soldDuring} sales completed during the backup, ${run.sales} in it`);

  const copy = new Database(join(backups, run.fileName!), { readonly: true });
  t.after(() => copy.close());
  assert.deepEqual(copy.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
  const sales = copy.prepare('SELECT id, number, state, total, lines FROM sales ORDER BY number').all() as {
    id: string;
    number: number;
    state: string;
    total: number;
    lines: string;
  }[];
  const tenders = copy.prepare('SELECT sale_id, amount FROM tenders').all() as {
    sale_id: string;
    amount: number;
  }[];
  const paid = new Map<string, number>();
  for (const tender of tenders) paid.set(tender.sale_id, (paid.get(tender.sale_id) ?? 0) + tender.amount);
  const ids = new Set(sales.map((s) => s.id));
  assert.ok(
    tenders.every((tender) => ids.has(tender.sale_id)),
    'no tender without its sale',
  );
  for (const sale of sales) {
    const lines = JSON.parse(sale.lines) as { lineTotal: number }[];
    assert.equal(
      lines.reduce((a, l) => a + l.lineTotal, 0),
      sale.total,
      `${sale.number}: lines make the total`,
    );
    if (sale.state === 'completed')
      assert.equal(paid.get(sale.id), sale.total, `${sale.number}: paid in full`);
    else assert.equal(sale.state, 'open', `${sale.number}: open (being paid) or completed, nothing else`);
  }
  // Numbers run without a hole up to the last one the backup holds.
  assert.deepEqual(
    sales.map((s) => s.number),
    sales.map((_, i) => i + 1),
  );
  assert.ok(sales.length >= 150 && sales.length <= 150 + soldDuring + 1);
});
