// A restore onto a new PC: the same X report, the next sale and Z numbers after the last ones,
// parked sales back, the PC's own higher marks kept (a gap waits for a manager's PIN), secrets
// asked for again, and a till that already holds sales never overwritten without a decision.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { TILL_MIGRATIONS } from '../../../electron/services/app/migrations';
import { restoreAtStart, type RestoredFiles } from '../../../electron/services/backup/restore';
import { restoreResult } from '../../../electron/services/backup/service';
import { receiptNumberOf } from '../../../electron/services/sales/sales-ledger';
import { SALE_NUMBER_MARK_FILE } from '../../../electron/services/storage/sale-number-mark';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { fillBackupWords } from '../../../shared/backup-words';
import type { Product } from '../../../shared/contract';
import type { TillError } from '../../../shared/contract/errors';
import { TEST_STAFF } from '../../support/staff';
import { startStaffedTill } from '../../support/staffed-till';
import { startTestTill, type TestTill } from '../../support/till';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

function folder(t: { after: (fn: () => void) => void }, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-${name}-`));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function sellCash(till: TestTill, product: Product, quantity = 1) {
  const sale = await till.call('sales.open', { lines: [{ productId: product.id, quantity }] });
  return till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
}

/** A day's trading on the old PC, a Z in the middle, a parked basket, then a backup. */
async function tradeAndBackUp(t: { after: (fn: () => Promise<void>) => void }, backups: string) {
  const old = await startStaffedTill({ logger: silent });
  t.after(() => old.t.close());
  const [a, b] = old.products as [Product, Product];
  // A second between steps: on a busy machine the driven clock may not move by itself, and a
  // sale in the Z's own millisecond belongs to the next day.
  const later = () => old.t.time!.clock.advance(1_000);
  for (let i = 1; i <= 3; i++) {
    await sellCash(old.t, a, i);
    await later();
  }
  const z = await old.t.call('tillReports.z', {});
  await later();
  await sellCash(old.t, b, 2);
  await later();
  const last = await sellCash(old.t, a, 1);
  await later();
  await old.t.call('counter.park', { lines: [{ productId: b.id, quantity: 3 }], note: 'Table 4' });
  await old.t.call('backup.configure', { folder: backups });
  const run = await old.t.call('backup.runNow', {});
  assert.equal(run.ok, true, run.result.message);
  const x = await old.t.call('tillReports.x', {});
  assert.equal(x.sales.count, 2, 'the X holds the two sales after the Z');
  return { old, z, last, x, run };
}

/** A sale's number from its receipt number (S000042 → 42). */
const numberOf = (sale: { receiptNumber: string }) => Number(sale.receiptNumber.slice(1));
const receipt = (n: number) => `S${String(n).padStart(6, '0')}`;

const withoutTime = <T extends { until: string; runBy: unknown }>(report: T) => ({
  ...report,
  until: undefined,
  runBy: undefined,
});

test('a restore on an empty data folder gives the same X report, and numbers carry on after the last ones', async (t) => {
  const backups = folder(t, 'backups');
  const { z, last, x, run } = await tradeAndBackUp(t, backups);
  assert.equal(run.lastReceipt, last.receiptNumber);

  // The new PC: an empty data folder, started with --restore.
  const dataDir = join(folder(t, 'new-pc'), 'data');
  const settings = new JsonFileSettingsStore({ file: join(dataDir, 'settings.json') });
  const outcome = restoreAtStart({
    file: join(backups, run.fileName!),
    dataDir,
    settings,
    knownMigrations: new Set(TILL_MIGRATIONS.map((m) => m.id)),
    now: Date.now,
    logger: silent,
  });
  assert.ok(outcome.restored, 'restored at once: the folder held no sales');
  assert.equal(settings.load().backup.folder, backups, 'the settings came back');
  assert.equal(settings.load().managerPin.hash, null, 'no PIN record travels in a backup');

  const fresh = await startTestTill({ dataDir, settingsStore: settings, drivenClock: true, logger: silent });
  t.after(() => fresh.close());
  const staff = (await fresh.call('staff.session', {})).people;
  const manager = staff.find((p) => p.name === TEST_STAFF.manager.name)!;
  assert.ok(manager, 'the staff came back, with their PINs');
  assert.equal(
    (await fresh.call('staff.signIn', { staffId: manager.id, pin: TEST_STAFF.manager.pin })).ok,
    true,
  );

  // The new PC's clock may be behind the old one's (each started at its own time): a minute on,
  // every sale the backup holds is in the past.
  await fresh.time!.clock.advance(60_000);
  assert.deepEqual(withoutTime(await fresh.call('tillReports.x', {})), withoutTime(x));
  const parked = await fresh.call('counter.parked', {});
  assert.deepEqual(
    parked.map((p) => p.note),
    ['Table 4'],
    'the parked sale came back',
  );
  const [product] = (await fresh.call('catalogue.get', {})).products as [Product];
  const next = await sellCash(fresh, product);
  assert.equal(next.receiptNumber, receipt(numberOf(last) + 1));
  assert.equal((await fresh.call('tillReports.z', {})).number, z.number! + 1, 'the next Z number');
  assert.equal((await fresh.call('status.get', {})).storage.state, 'ok');
});

test('the PC’s own marks win: a backup older than them leaves a gap a manager accepts with their PIN', async (t) => {
  const backups = folder(t, 'backups');
  const { run, last } = await tradeAndBackUp(t, backups);
  const dataDir = join(folder(t, 'pc'), 'data');
  // This PC had numbered 9 more sales than the backup holds (they went with its disk).
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    join(dataDir, SALE_NUMBER_MARK_FILE),
    JSON.stringify({ highestSaleNumber: numberOf(last) + 9 }),
  );
  const settings = new JsonFileSettingsStore({ file: join(dataDir, 'settings.json') });
  restoreAtStart({
    file: join(backups, run.fileName!),
    dataDir,
    settings,
    knownMigrations: new Set(TILL_MIGRATIONS.map((m) => m.id)),
    now: Date.now,
    logger: silent,
  });
  const pc = await startTestTill({ dataDir, settingsStore: settings, drivenClock: true, logger: silent });
  t.after(() => pc.close());
  const status = await pc.call('backup.status', {});
  assert.deepEqual(
    status.missingSales && { first: status.missingSales.first, count: status.missingSales.count },
    {
      first: numberOf(last) + 1,
      count: 9,
    },
  );
  assert.equal(
    (await pc.call('status.get', {})).storage.state,
    'damaged',
    'no selling until a manager decides',
  );
  const [product] = (await pc.call('catalogue.get', {})).products as [Product];
  const people = (await pc.call('staff.session', {})).people;
  const manager = people.find((p) => p.name === TEST_STAFF.manager.name)!;
  await pc.call('staff.signIn', { staffId: manager.id, pin: TEST_STAFF.manager.pin });
  assert.equal(
    (await pc.failure('sales.open', { lines: [{ productId: product.id, quantity: 1 }] })).code,
    'storage',
  );
  await pc.call('staff.signOut', {});

  const wrong = await pc.failure('backup.acceptMissingSales', { pin: '9999' });
  assert.equal(wrong.code, 'not_allowed');
  assert.match(wrong.message, /Wrong PIN/);
  const cashier = people.find((p) => p.name === TEST_STAFF.cashier.name)!;
  const notManager = await pc.failure('backup.acceptMissingSales', {
    pin: TEST_STAFF.cashier.pin,
    staffId: cashier.id,
  });
  assert.equal(notManager.code, 'not_allowed', 'a cashier cannot accept lost sales');
  assert.notEqual((await pc.call('backup.status', {})).missingSales, null);

  const accepted = await pc.call('backup.acceptMissingSales', { pin: TEST_STAFF.manager.pin });
  assert.equal(accepted.missingSales, null);
  assert.equal((await pc.call('status.get', {})).storage.state, 'ok');
  await pc.call('staff.signIn', { staffId: manager.id, pin: TEST_STAFF.manager.pin });
  const sale = await pc.call('sales.open', { lines: [{ productId: product.id, quantity: 1 }] });
  assert.equal(sale.receiptNumber, receipt(numberOf(last) + 10), 'above every number handed out');
  // The acceptance is on the audit trail, once, with the manager and the receipts given up; the
  // refused tries left nothing there.
  const trail = await pc.call('audit.list', { area: 'sales-records', limit: 10 });
  assert.deepEqual(
    trail.entries.map((e) => [e.action, e.by?.name, e.after]),
    [
      [
        'missing-sales-accepted',
        TEST_STAFF.manager.name,
        { first: receipt(numberOf(last) + 1), last: receipt(numberOf(last) + 9), count: 9 },
      ],
    ],
  );
  await pc.close();

  // The acceptance is kept: a restart does not ask again.
  const again = await startTestTill({ dataDir, settingsStore: settings, drivenClock: true, logger: silent });
  t.after(() => again.close());
  assert.equal((await again.call('backup.status', {})).missingSales, null);
  assert.equal((await again.call('status.get', {})).storage.state, 'ok');
});

test('restoring over a till that holds sales needs the manager’s explicit word; the old records are set aside', async (t) => {
  const backups = folder(t, 'backups');
  const { run } = await tradeAndBackUp(t, backups);
  const other = await startStaffedTill({ logger: silent, restartable: true });
  t.after(() => other.t.close());
  await sellCash(other.t, other.products[0]!);
  const file = join(backups, run.fileName!);

  const refused = await other.t.failure('backup.restore', { file });
  assert.equal(refused.code, 'conflict');
  assert.match(
    refused.message,
    /already holds 1 sales \(the last receipt S000001\).*Replace this till’s sales/,
  );

  await other.staff.signIn('cashier');
  assert.equal((await other.t.failure('backup.restore', { file, replaceSales: true })).code, 'not_allowed');
  await other.staff.signIn('manager');
  const result = await other.t.call('backup.restore', { file, replaceSales: true });
  assert.equal(result.sales, run.sales);
  assert.equal(result.lastReceipt, run.lastReceipt);
  assert.deepEqual(result.credentialsToEnter, []);
  assert.ok(
    readdirSync(other.t.dataDir).some((name) => /^paydesk-before-restore-.*\.sqlite$/.test(name)),
    'the replaced records are kept aside, never deleted',
  );
  // The same till object now runs on the restored records.
  assert.equal((await other.t.call('sales.recent', { limit: 100 })).length, run.sales);
  // The other till's one sale was numbered S000001; the backup holds more, so nothing is lost.
  assert.equal((await other.t.call('backup.status', {})).missingSales, null);
});

test('a live service’s credentials are named after a restore: secrets never travel in a backup', async (t) => {
  const backups = folder(t, 'backups');
  const old = await startStaffedTill({ logger: silent });
  t.after(() => old.t.close());
  await old.t.call('secrets.save', { key: 'distribution.apiKey', profile: 'live', value: 'k-123' });
  // Straight into the store: the screen's save would first test the (made-up) live address.
  old.t.till.settings.update({ distribution: { mode: 'live', liveBaseUrl: 'https://supplier.example' } });
  await old.t.call('backup.configure', { folder: backups });
  const run = await old.t.call('backup.runNow', {});
  const { readFileSync } = await import('node:fs');
  assert.ok(!readFileSync(join(backups, run.fileName!)).includes('k-123'), 'the key is not in the file');

  const fresh = await startTestTill({ logger: silent, restartable: true, drivenClock: true });
  t.after(() => fresh.close());
  const result = await fresh.call('backup.restore', { file: join(backups, run.fileName!) });
  assert.deepEqual(result.credentialsToEnter, ['distribution']);
  assert.deepEqual((await fresh.call('backup.status', {})).credentialsToEnter, ['distribution']);
});

test('a backup that fails its check at start is refused in words, and leaves the new PC’s folder as it was', async (t) => {
  const backups = folder(t, 'backups');
  const old = await startStaffedTill({ logger: silent });
  t.after(() => old.t.close());
  await sellCash(old.t, old.products[0]!);
  await old.t.call('backup.configure', { folder: backups });
  const run = await old.t.call('backup.runNow', {});
  // A sale gone from the file since it was written: its counts no longer match its manifest.
  const file = join(backups, run.fileName!);
  const db = new Database(file);
  db.exec('DELETE FROM tenders');
  db.close();

  const dataDir = join(folder(t, 'new-pc'), 'data');
  const settings = new JsonFileSettingsStore({ file: join(dataDir, 'settings.json') });
  const start = () =>
    restoreAtStart({
      file,
      dataDir,
      settings,
      knownMigrations: new Set(TILL_MIGRATIONS.map((m) => m.id)),
      now: Date.now,
      logger: silent,
    });
  assert.throws(start, (error: TillError) => {
    assert.equal(error.message, fillBackupWords('incomplete'));
    assert.equal(error.words?.key, 'backup.incomplete');
    return true;
  });
  assert.deepEqual(readdirSync(dataDir), [], 'no records, no half-copied file');
  assert.equal(settings.load().backup.folder, null, 'the settings were not taken either');
});

test('what a restore says: the next receipt after every number handed out, and the gap to accept', (t) => {
  const manifest = (lastSaleNumber: number) =>
    ({ lastSaleNumber, counts: { sales: lastSaleNumber } }) as unknown as RestoredFiles['manifest'];
  const settings = new JsonFileSettingsStore({ file: join(folder(t, 'words'), 'settings.json') }).load();
  const restored = (last: number, saleMark: number): RestoredFiles => ({
    manifest: manifest(last),
    saleMark,
    zMark: 0,
    setAside: null,
  });

  const even = restoreResult(restored(5, 5), settings, [], receiptNumberOf);
  assert.deepEqual(
    [even.sales, even.lastReceipt, even.nextReceipt, even.missingSales],
    [5, 'S000005', 'S000006', null],
  );
  // This PC had numbered four more than the backup holds: they are named, and never reused.
  const behind = restoreResult(restored(5, 9), settings, [], receiptNumberOf);
  assert.equal(behind.nextReceipt, 'S000010');
  assert.deepEqual(behind.missingSales, {
    first: 6,
    last: 9,
    count: 4,
    firstReceipt: 'S000006',
    lastReceipt: 'S000009',
  });
  const empty = restoreResult(restored(0, 0), settings, [], receiptNumberOf);
  assert.deepEqual([empty.lastReceipt, empty.nextReceipt, empty.missingSales], [null, 'S000001', null]);
});
