// A full disk mid-sale, for real: the till's data folder sits on a small tmpfs that the test
// fills up between opening a sale and paying for it. Needs root (mount); skipped otherwise.
import assert from 'node:assert/strict';
import { truncateSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { fillDisk, mountSmallDisk } from '../support/small-disk';
import { startTestTill, type TestTill } from '../support/till';

test('a disk that fills mid-sale: worded refusals, status full, and nothing lost once space is freed', async (t) => {
  const open: TestTill[] = [];
  const disk = mountSmallDisk(t, async () => {
    for (const running of open.splice(0)) await running.close();
  });
  if (!disk) return t.skip('mounting a tmpfs is not permitted here (needs root)');
  const dataDir = join(disk, 'data');
  const logged: string[] = [];
  const till = await startTestTill({
    dataDir,
    logger: { info: () => {}, warn: () => {}, error: (m, e) => logged.push(`${m} ${String(e)}`) },
  });
  open.push(till);
  const [product] = (await till.call('catalogue.get', {})).products;
  assert.ok(product);
  const basket = { lines: [{ productId: product.id, quantity: 2 }] };
  const sale = await till.call('sales.open', basket);

  // The WAL is emptied first (as after any checkpoint), so the next write needs new disk blocks.
  const other = new Database(join(dataDir, 'paydesk.sqlite'));
  other.pragma('wal_checkpoint(TRUNCATE)');
  other.close();
  const filler = join(disk, 'filler');
  const filled = fillDisk(filler);
  assert.ok(filled > 4 * 1024 * 1024, `the disk was filled (${filled} bytes)`);
  t.diagnostic(`filler took ${filled} bytes of the 8 MiB tmpfs`);

  const fullNews = till.waitForEvent('status.changed', (s) => s.storage.state === 'full', 5_000);
  const cash = await till.failure('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  assert.equal(cash.code, 'storage', 'a full disk is never answered as "internal"');
  assert.match(cash.message, /disk is full/);
  assert.doesNotMatch(cash.message, /SQLITE|database or disk|Error/);
  assert.equal((await fullNews).storage.state, 'full', 'the top bar is told');
  assert.ok(
    logged.some((l) => l.includes('sales.payCash') && l.includes('disk is full')),
    'the system words stay in the log',
  );
  assert.equal((await till.call('status.get', {})).storage.state, 'full');

  const refused = await till.failure('sales.open', basket);
  assert.equal(refused.code, 'storage');
  assert.match(refused.message, /A new sale cannot start: .*disk is full.*Free some space/);
  assert.equal((await till.call('sales.recent', { limit: 10 })).length, 1, 'no sale was numbered');
  const stillOpen = await till.call('sales.get', { saleId: sale.saleId });
  assert.equal(stillOpen.state, 'open');
  assert.equal(stillOpen.paid, 0, 'the failed cash tender was not booked');

  // A sliver of space (enough for a few rows, not for a sale and its card payment) is still full.
  truncateSync(filler, filled - 256 * 1024);
  const stillFull = await till.failure('sales.open', basket);
  assert.match(stillFull.message, /A new sale cannot start: .*disk is full/);
  assert.equal((await till.call('sales.recent', { limit: 10 })).length, 1, 'still no sale was numbered');

  // Space is freed: the next sale starts, the first sale is paid, and all of it is kept.
  unlinkSync(filler);
  const next = await till.call('sales.open', basket);
  assert.equal((await till.call('status.get', {})).storage.state, 'ok');
  const paid = await till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total + 500 });
  assert.equal(paid.state, 'completed');
  assert.equal(paid.paid, sale.total);
  assert.equal(paid.change, 500);
  await open.pop()!.close();

  const reopened = await startTestTill({ dataDir });
  open.push(reopened);
  assert.equal((await reopened.call('status.get', {})).storage.state, 'ok');
  const kept = await reopened.call('sales.get', { saleId: sale.saleId });
  assert.deepEqual(
    { state: kept.state, total: kept.total, paid: kept.paid, change: kept.change },
    { state: 'completed', total: product.price * 2, paid: product.price * 2, change: 500 },
  );
  assert.equal((await reopened.call('sales.get', { saleId: next.saleId })).state, 'open');
  assert.deepEqual(
    (await reopened.call('sales.recent', { limit: 10 })).map((s) => s.receiptNumber),
    [next.receiptNumber, sale.receiptNumber],
  );
});
