// The backup folder fails mid-write, for real: a small tmpfs that fills up (needs root to mount;
// skipped otherwise), and a folder that vanishes between two copy steps (a USB stick pulled, a
// share renamed). Either way the run says so in words, nothing half-written keeps a backup's name,
// and the previous backups are intact (they pass the full check).
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkBackupFile } from '../../electron/services/backup/backup-file';
import { isBackupFileName } from '../../electron/services/backup/folder';
import { fillBackupWords } from '../../shared/backup-words';
import { fillDisk, mountSmallDisk } from '../support/small-disk';
import { startStaffedTill, type StaffedTill } from '../support/staffed-till';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function sellSome(s: StaffedTill, count: number) {
  for (let i = 0; i < count; i++) {
    const product = s.products[i % s.products.length]!;
    const sale = await s.t.call('sales.open', { lines: [{ productId: product.id, quantity: 1 }] });
    await s.t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  }
}

function assertIntact(folder: string, names: string[]) {
  const kept = readdirSync(folder).filter(isBackupFileName).sort();
  assert.deepEqual(kept, [...names].sort(), 'only the earlier backups carry a backup’s name');
  for (const name of names) {
    const check = checkBackupFile(join(folder, name), { full: true });
    assert.ok(check.ok, `${name} still passes the full check`);
  }
}

test('a backup folder that fills mid-write leaves the previous backups intact and says so', async (t) => {
  let running: StaffedTill | null = null;
  const disk = mountSmallDisk(t, async () => {
    await running?.t.close();
    running = null;
  });
  if (!disk) return t.skip('mounting a tmpfs is not permitted here (needs root)');
  const folder = join(disk, 'backups');
  mkdirSync(folder);
  const s = await startStaffedTill({ logger: silent });
  running = s;
  await sellSome(s, 40);
  await s.t.call('backup.configure', { folder });
  const first = await s.t.call('backup.runNow', {});
  assert.equal(first.ok, true, first.result.message);
  const size = statSync(join(folder, first.fileName!)).size;

  // The stick fills: less room than a backup needs, but enough for the write to start.
  await sellSome(s, 10);
  const filler = join(disk, 'filler');
  const filled = fillDisk(filler);
  truncateSync(filler, filled - Math.floor(size / 3));
  const full = await s.t.call('backup.runNow', {});
  assert.equal(full.ok, false);
  assert.equal(full.result.message, fillBackupWords('folderFull'));
  assert.equal(full.fileName, null);
  assertIntact(folder, [first.fileName!]);
  assert.deepEqual(
    readdirSync(folder).filter((n) => n.endsWith('.partial')),
    [],
    'the half-written file is removed',
  );
  const status = await s.t.call('backup.status', {});
  assert.equal(status.lastRun?.ok, false, 'the failure is shown');
  assert.equal(status.lastGood?.fileName, first.fileName);

  // Room again: the next backup is good and the first one stays (keep 14).
  unlinkSync(filler);
  const again = await s.t.call('backup.runNow', {});
  assert.equal(again.ok, true);
  assertIntact(folder, [first.fileName!, again.fileName!]);
});

test('a backup folder that vanishes mid-write leaves the previous backups intact and says so', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-share-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const folder = join(root, 'backups');
  const moved = join(root, 'backups-elsewhere');
  mkdirSync(folder);
  let pullAfterSteps = Infinity;
  let steps = 0;
  const s = await startStaffedTill({
    logger: silent,
    backupSteps: {
      pagesPerStep: 4,
      afterStep: () => {
        if (++steps === pullAfterSteps) renameSync(folder, moved);
      },
    },
  });
  t.after(() => s.t.close());
  await sellSome(s, 30);
  await s.t.call('backup.configure', { folder });
  const first = await s.t.call('backup.runNow', {});
  assert.equal(first.ok, true);
  assert.ok(steps > 6, `the copy took ${steps} steps`);

  steps = 0;
  pullAfterSteps = 3;
  const gone = await s.t.call('backup.runNow', {});
  assert.equal(gone.ok, false);
  assert.equal(gone.result.message, fillBackupWords('folderMissing'));
  // The folder turns up again elsewhere: the earlier backup is whole, and the half-written copy
  // that went with it never got a backup's name.
  assertIntact(moved, [first.fileName!]);

  renameSync(moved, folder);
  const back = await s.t.call('backup.runNow', {});
  assert.equal(back.ok, true, 'once the folder is back, backing up works again');
  assertIntact(folder, [first.fileName!, back.fileName!]);
});
