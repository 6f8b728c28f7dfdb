// Backing up through the till's contract: only a manager, a folder checked before it is kept,
// a backup that describes itself (no secrets, no PIN record), the last N kept, a damaged
// database refused in words, the nightly schedule on the till's clock, and the top bar's warning.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MANIFEST_TABLE, readManifest } from '../../../electron/services/backup/backup-file';
import {
  CHECK_EVERY_MS,
  DAY_MS,
  FIRST_CHECK_AFTER_START_MS,
  RETRY_AFTER_FAILURE_MS,
} from '../../../electron/services/backup/schedule';
import { TILL_MIGRATIONS } from '../../../electron/services/app/migrations';
import { highestSaleNumberIn } from '../../../electron/services/backup/restore';
import { BackupService } from '../../../electron/services/backup/service';
import { BackupStore } from '../../../electron/services/backup/store';
import { receiptNumberOf } from '../../../electron/services/sales/sales-ledger';
import { openDatabase } from '../../../electron/services/storage/database';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { fillBackupWords } from '../../../shared/backup-words';
import type { BackupBar, Product } from '../../../shared/contract';
import { declareNotNullOverANull } from '../../support/damaged-database';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { setUpStaff } from '../../support/staff';
import { startStaffedTill } from '../../support/staffed-till';
import { startTestTill, type TestTill } from '../../support/till';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-backups-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function sell(till: TestTill, product: Product) {
  const sale = await till.call('sales.open', { lines: [{ productId: product.id, quantity: 1 }] });
  return till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
}

test('only a manager sets the folder or backs up; a folder is checked and refused in words', async (t) => {
  const { t: till, staff } = await startStaffedTill({ logger: silent, signIn: 'supervisor' });
  t.after(() => till.close());
  const backups = folder(t);
  assert.equal((await till.failure('backup.configure', { folder: backups })).code, 'not_allowed');
  assert.equal((await till.failure('backup.runNow', {})).code, 'not_allowed');
  assert.equal((await till.failure('backup.list', { folder: backups })).code, 'not_allowed');
  await staff.signIn('manager');

  const relative = await till.failure('backup.configure', { folder: 'backups' });
  assert.equal(relative.message, fillBackupWords('folderNotAbsolute'));
  const missing = await till.failure('backup.configure', { folder: join(backups, 'stick') });
  assert.equal(missing.message, fillBackupWords('folderNotFound'));
  const own = await till.failure('backup.configure', { folder: till.dataDir });
  assert.equal(own.message, fillBackupWords('folderIsDataFolder'));
  const noFolder = await till.failure('backup.runNow', {});
  assert.equal(noFolder.code, 'not_configured');
  assert.equal(noFolder.message, fillBackupWords('noFolder'));

  const status = await till.call('backup.configure', { folder: backups, keep: 2 });
  assert.deepEqual([status.folder, status.keep, status.scheduleOn], [backups, 2, true]);
  assert.ok(status.nextDueAt, 'nightly by default once a folder is set');
});

test('a backup describes itself, holds no secret or PIN record, and the last N are kept', async (t) => {
  const { t: till, products } = await startStaffedTill({ logger: silent });
  t.after(() => till.close());
  const backups = folder(t);
  await till.call('secrets.save', { key: 'distribution.apiKey', profile: 'sandbox', value: 'secret-key-42' });
  const sold = [await sell(till, products[0]!), await sell(till, products[1]!)];
  await till.call('backup.configure', { folder: backups, keep: 2 });

  const first = await till.call('backup.runNow', {});
  assert.equal(first.ok, true);
  assert.equal(first.trigger, 'manual');
  assert.equal(first.sales, 2);
  assert.equal(first.lastReceipt, sold[1]!.receiptNumber);
  assert.equal(first.result.message, fillBackupWords('done', { sales: 2, receipt: sold[1]!.receiptNumber }));
  assert.equal(first.by, 'Morgan');

  const file = join(backups, first.fileName!);
  const copy = new Database(file, { readonly: true });
  const manifest = readManifest(copy)!;
  const salesRows = (copy.prepare('SELECT COUNT(*) AS n FROM sales').get() as { n: number }).n;
  copy.close();
  assert.equal(manifest.lastSaleNumber, 2);
  assert.equal(manifest.marks.saleNumber, 2);
  assert.equal(manifest.counts['sales'], salesRows);
  assert.equal(manifest.tillVersion, 'test');
  assert.ok(manifest.migrations.includes('backup-1'));
  assert.equal('managerPin' in manifest.settings, false, 'no PIN record');
  assert.equal((manifest.settings as { backup: { folder: string } }).backup.folder, backups);
  const { readFileSync } = await import('node:fs');
  assert.equal(readFileSync(file).includes('secret-key-42'), false, 'no secret');

  // Two more: only the newest two stay, and nothing half-written.
  await sell(till, products[0]!);
  await till.time!.clock.advance(1_000);
  const second = await till.call('backup.runNow', {});
  await till.time!.clock.advance(1_000);
  const third = await till.call('backup.runNow', {});
  assert.deepEqual(readdirSync(backups).sort(), [second.fileName, third.fileName].sort());
  const status = await till.call('backup.status', {});
  assert.equal(status.lastGood?.fileName, third.fileName);
  assert.equal(status.attention, null);

  const listed = await till.call('backup.list', { folder: backups });
  assert.deepEqual(
    listed.backups.map((b) => [b.fileName, b.sales, b.lastReceipt, b.usable]),
    [
      [third.fileName, 3, third.lastReceipt, true],
      [second.fileName, 3, second.lastReceipt, true],
    ],
  );
  const empty = await till.call('backup.list', { folder: folder(t) });
  assert.deepEqual(empty, {
    backups: [],
    problem: { message: fillBackupWords('noneFound'), words: { key: 'backup.noneFound' } },
  });
});

test('a backup of a damaged database is refused and said; no file is left and the earlier backups stay', async (t) => {
  const { t: till } = await startStaffedTill({ logger: silent });
  t.after(() => till.close());
  const backups = folder(t);
  await till.call('backup.configure', { folder: backups });
  const good = await till.call('backup.runNow', {});
  assert.equal(good.ok, true);

  // A bad write, made on purpose, in the till's own database file.
  const other = new Database(join(till.dataDir, 'paydesk.sqlite'));
  other.exec('CREATE TABLE t (name TEXT); INSERT INTO t VALUES (NULL);');
  declareNotNullOverANull(other);
  other.close();

  const refused = await till.call('backup.runNow', {});
  assert.equal(refused.ok, false);
  assert.equal(refused.fileName, null);
  assert.equal(refused.result.message, fillBackupWords('sourceDamaged'));
  assert.deepEqual(readdirSync(backups), [good.fileName], 'the good backup stays; nothing new was kept');
  const status = await till.call('backup.status', {});
  assert.equal(status.lastRun?.ok, false, 'the failure is shown');
  assert.equal(status.lastGood?.fileName, good.fileName);
});

/**
 * The backup service alone on a manual clock, over a real database and folder: the schedule and
 * the top bar move by days here, which a whole till (its connection checks every 15 s) cannot do
 * quickly. `firstSaleAt` is the sales area's reading, set by the test.
 */
function serviceOnItsOwn(t: { after: (fn: () => void) => void }) {
  const dataDir = folder(t);
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const db = openDatabase(join(dataDir, 'paydesk.sqlite'), TILL_MIGRATIONS, clock);
  const settings = new JsonFileSettingsStore({ file: join(dataDir, 'settings.json'), clock });
  const bars: BackupBar[] = [];
  const sales = { firstAt: null as string | null };
  const service = new BackupService({
    db,
    dataDir,
    clock,
    version: 'test',
    settings,
    secrets: { list: async () => [] },
    gate: { require: () => null, unlock: async () => ({ ok: true }) as never, hasManager: () => false },
    storageHealth: { missingSalesAccepted: () => true },
    audit: auditOn(db, clock),
    store: new BackupStore(db),
    migrations: TILL_MIGRATIONS.map((m) => m.id),
    marks: { sale: { highest: () => 0 }, z: { highest: () => 0 } },
    highestSaleNumber: highestSaleNumberIn,
    firstSaleAt: () => sales.firstAt,
    usedBefore: () => true,
    receiptNumber: receiptNumberOf,
    missingSales: null,
    logger: silent,
    onChange: () => {},
    onBar: (bar) => bars.push(bar),
  });
  service.start();
  t.after(() => {
    service.close();
    db.close();
  });
  /** Moves the clock, then lets a backup the schedule started finish (its copy is real I/O). */
  const advance = async (ms: number) => {
    await clock.advance(ms);
    while ((await service.status()).running) await new Promise((resolve) => setImmediate(resolve));
  };
  return { service, clock, advance, settings, sales, bar: () => bars.at(-1)! };
}

test('the schedule backs up soon after start, tries a failure again later, and the top bar warns after two days', async (t) => {
  const { service, clock, advance, bar } = serviceOnItsOwn(t);
  const backups = folder(t);
  await service.configure({ folder: backups });

  await advance(FIRST_CHECK_AFTER_START_MS - 1);
  assert.equal((await service.status()).lastRun, null, 'not before the first check');
  await advance(1);
  let status = await service.status();
  assert.equal(status.lastGood?.trigger, 'scheduled', 'never backed up: the first check backs up');
  assert.equal(status.lastGood?.by, null);

  // The stick is pulled: the night's backup fails, is shown, and is tried again later.
  const pulled = `${backups}-pulled`;
  renameSync(backups, pulled);
  t.after(() => rmSync(pulled, { recursive: true, force: true }));
  await advance(DAY_MS);
  status = await service.status();
  assert.equal(status.lastRun?.ok, false);
  assert.equal(status.lastRun?.result.message, fillBackupWords('folderMissing'));
  const lastTry = async () => Date.parse((await service.status()).lastRun!.at);
  const failedAt = await lastTry();
  await advance(failedAt + RETRY_AFTER_FAILURE_MS - 1 - clock.now());
  assert.equal(await lastTry(), failedAt, 'not tried again before the wait is over');
  await advance(CHECK_EVERY_MS + 1);
  assert.ok((await lastTry()) >= failedAt + RETRY_AFTER_FAILURE_MS, 'tried again after it');

  // Two days on with no good backup: the top bar says so, and what to do.
  const lastGoodAt = Date.parse(status.lastGood!.at);
  await advance(lastGoodAt + 2 * DAY_MS - clock.now());
  assert.equal(bar().state, 'ok', 'two days exactly: not yet');
  await advance(CHECK_EVERY_MS);
  assert.equal(bar().state, 'attention');
  assert.equal(bar().detail, fillBackupWords('staleFailing', { days: 2 }));
  assert.deepEqual(bar().words, { key: 'backup.staleFailing', params: { days: 2 } });

  // The stick is back: the next try succeeds and the warning goes.
  renameSync(pulled, backups);
  await advance(RETRY_AFTER_FAILURE_MS + CHECK_EVERY_MS);
  assert.equal(bar().state, 'ok');
  assert.equal((await service.status()).lastRun?.ok, true);
});

test('a good backup that grows old: the top bar says how many days, and that a manager backs up', async (t) => {
  const { service, advance, bar } = serviceOnItsOwn(t);
  await service.configure({ folder: folder(t), scheduleOn: false });
  assert.equal((await service.runNow()).ok, true);
  await advance(3 * DAY_MS + CHECK_EVERY_MS);
  assert.equal(bar().state, 'attention', 'the schedule is off, so nothing backed up since');
  assert.equal(bar().detail, fillBackupWords('stale', { days: 3 }));
  assert.equal((await service.status()).nextDueAt, null, 'no schedule, no next backup');
});

test('no backup ever made: the top bar warns once the till holds sales two days old', async (t) => {
  const { clock, advance, sales, bar } = serviceOnItsOwn(t);
  await advance(CHECK_EVERY_MS);
  assert.equal(bar().state, 'ok', 'no sales: nothing to lose yet');
  sales.firstAt = new Date(clock.now()).toISOString();
  await advance(2 * DAY_MS);
  assert.equal(bar().state, 'ok', 'two days exactly: not yet');
  await advance(CHECK_EVERY_MS);
  assert.equal(bar().state, 'attention');
  assert.equal(bar().detail, fillBackupWords('neverMade'));
});

test('a till nobody has used offers a restore until its first staff, its first sale, or "Start fresh"', async (t) => {
  const fresh = await startTestTill({ logger: silent });
  t.after(() => fresh.close());
  const firstStart = async (till: TestTill) => (await till.call('status.get', {})).backup!.firstStart;
  assert.equal(await firstStart(fresh), true, 'nothing recorded yet');

  // Staff set up: the till is in use, and the offer goes at once.
  await setUpStaff(fresh.call, { signIn: 'manager' });
  assert.equal(await firstStart(fresh), false);

  // A first sale ends it too.
  const selling = await startTestTill({ logger: silent });
  t.after(() => selling.close());
  const { products } = await selling.call('catalogue.get', {});
  await sell(selling, products[0]!);
  assert.equal(await firstStart(selling), false);

  // "Start fresh" is remembered: the same data folder started again no longer offers it.
  const dataDir = folder(t);
  const declined = await startTestTill({ logger: silent, dataDir });
  assert.equal(await firstStart(declined), true);
  const after = await declined.call('backup.startFresh', {});
  assert.equal(after.newTill, true, 'still no sales: a restore would replace nothing');
  assert.equal(await firstStart(declined), false);
  await declined.close();
  const again = await startTestTill({ logger: silent, dataDir });
  t.after(() => again.close());
  assert.equal(await firstStart(again), false);
});

test('a parked sale, a shift or a backup made mean the till is in use: the offer does not come back', async (t) => {
  const firstStart = async (till: TestTill) => (await till.call('status.get', {})).backup!.firstStart;
  const restarted = async (dataDir: string) => {
    const till = await startTestTill({ logger: silent, dataDir });
    t.after(() => till.close());
    return till;
  };
  const uses: Record<string, (till: TestTill, products: Product[]) => Promise<unknown>> = {
    'a parked sale': (till, products) =>
      till.call('counter.park', { lines: [{ productId: products[0]!.id, quantity: 1 }], note: 'Table 2' }),
    'a shift': (till) => till.call('shifts.open', { float: [{ value: 500, count: 2 }] }),
    'a backup': async (till) => {
      await till.call('backup.configure', { folder: folder(t) });
      return till.call('backup.runNow', {});
    },
  };
  for (const [use, make] of Object.entries(uses)) {
    const dataDir = folder(t);
    const till = await startTestTill({ logger: silent, dataDir });
    assert.equal(await firstStart(till), true, `${use}: offered before`);
    await make(till, (await till.call('catalogue.get', {})).products);
    await till.close();
    assert.equal(await firstStart(await restarted(dataDir)), false, `${use}: not offered after`);
  }
});

test('a file offered as a backup is checked: not one, incomplete, or from a newer till', async (t) => {
  const { t: till } = await startStaffedTill({ logger: silent });
  t.after(() => till.close());
  const backups = folder(t);
  await till.call('backup.configure', { folder: backups });
  const run = await till.call('backup.runNow', {});
  const file = join(backups, run.fileName!);
  const { copyFileSync, writeFileSync } = await import('node:fs');

  const junk = join(backups, 'junk.sqlite');
  writeFileSync(junk, 'this is not a database at all, just some words on a stick');
  assert.equal((await till.failure('backup.restore', { file: junk })).message, fillBackupWords('notABackup'));
  const plain = join(backups, 'plain.sqlite');
  new Database(plain).exec('CREATE TABLE x (a)');
  assert.equal(
    (await till.failure('backup.restore', { file: plain })).message,
    fillBackupWords('notABackup'),
  );
  assert.equal(
    (await till.failure('backup.restore', { file: join(backups, 'gone.sqlite') })).message,
    fillBackupWords('unreadable'),
  );

  const short = join(backups, 'short.sqlite');
  copyFileSync(file, short);
  const db = new Database(short);
  db.exec('DELETE FROM staff_config');
  db.close();
  assert.equal(
    (await till.failure('backup.restore', { file: short })).message,
    fillBackupWords('incomplete'),
  );

  const newer = join(backups, 'newer.sqlite');
  copyFileSync(file, newer);
  const n = new Database(newer);
  const row = n.prepare(`SELECT manifest FROM ${MANIFEST_TABLE}`).get() as { manifest: string };
  const manifest = JSON.parse(row.manifest) as { migrations: string[] };
  manifest.migrations.push('a-step-from-a-newer-till');
  n.prepare(`UPDATE ${MANIFEST_TABLE} SET manifest = ?`).run(JSON.stringify(manifest));
  n.close();
  assert.equal((await till.failure('backup.restore', { file: newer })).message, fillBackupWords('newerTill'));
  assert.ok(existsSync(file));
  void mkdirSync;
});
