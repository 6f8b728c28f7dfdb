// A disk that fills while the till stands idle, for real: the till's data folder sits on a small
// tmpfs the test fills up. The minute's checkpoint (the write-ahead log copied into the database
// file) is the first write to fail, and staff see it at once; new sales stay refused until the
// data folder itself takes the till's test write again. Needs root (mount); skipped otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { truncateSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKPOINT_EVERY_MS } from '../../../electron/services/storage/database';
import { PROBE_BYTES } from '../../../electron/services/storage/data-dir';
import { ManualClock } from '../../support/manual-clock';
import { fillDisk, mountSmallDisk } from '../../support/small-disk';
import { TEST_STAFF } from '../../support/staff';
import { startAppTill, type AppTill } from './support';

test('a disk that fills while the till is idle: the next checkpoint tells staff, and sales wait until the folder takes writes again', async (t) => {
  let till: AppTill | null = null;
  const disk = mountSmallDisk(t, async () => {
    await till?.close();
  });
  if (!disk) return t.skip('mounting a tmpfs is not permitted here (needs root)');
  const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
  const warnings: string[] = [];
  till = await startAppTill({
    dataDir: join(disk, 'data'),
    clock,
    logger: { info: () => {}, warn: (message) => warnings.push(message), error: () => {} },
  });
  await till.call('staff.createFirstManager', TEST_STAFF.manager);
  const [product] = (await till.call('catalogue.get', {})).products;
  assert.ok(product);
  const basket = { lines: [{ productId: product.id, quantity: 1 }] };

  // The demo catalogue seeded at start is still in the write-ahead log: copying it into the
  // database file needs new disk blocks, and there are none.
  const filler = join(disk, 'filler');
  const filled = fillDisk(filler);
  await clock.advance(CHECKPOINT_EVERY_MS);
  assert.ok(warnings.includes('database checkpoint failed'), warnings.join('\n'));
  assert.deepEqual((await till.call('status.get', {})).storage, {
    state: 'full',
    detail:
      'The till cannot save: this computer’s disk is full. Free some space, then carry on. Card payments already running are kept until then.',
  });
  const fullWords =
    'A new sale cannot start: this computer’s disk is full, so the sale could not be saved. Free some space (or ask whoever looks after this computer), then try again.';
  assert.deepEqual(await till.failure('sales.open', basket), { code: 'storage', message: fullWords });

  // Room for a sale but less than the till's test write into its data folder: still refused.
  truncateSync(filler, filled - PROBE_BYTES / 4);
  assert.deepEqual(await till.failure('sales.open', basket), { code: 'storage', message: fullWords });
  assert.equal((await till.call('status.get', {})).storage.state, 'full');

  // Space freed: the data folder takes the test write, and the next sale starts.
  unlinkSync(filler);
  const sale = await till.call('sales.open', basket);
  assert.equal(sale.state, 'open');
  assert.equal(sale.total, product.price);
  assert.equal((await till.call('status.get', {})).storage.state, 'ok');
});
