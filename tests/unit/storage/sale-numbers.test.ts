// Sale (receipt) numbers are never handed out twice: the mark beside the database is written
// before a number leaves the ledger, and a database found behind it at start (a lost WAL, an
// older backup put back) is damage: sales refused, the missing receipts named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { closeDatabase, openDatabase } from '../../../electron/services/storage/database';
import { SaleNumberMark, SALE_NUMBER_MARK_FILE } from '../../../electron/services/storage/sale-number-mark';
import { checkStorageAtStart } from '../../../electron/services/storage/start-checks';
import { classifyStorageError, StorageHealth } from '../../../electron/services/storage/storage-health';
import type { SettingsFs } from '../../../electron/services/storage/settings-files';
import {
  receiptNumberOf,
  SALES_MIGRATIONS,
  SalesLedger,
  type SaleLine,
} from '../../../electron/services/sales/sales-ledger';
import { ManualClock } from '../../support/manual-clock';

const LINE: SaleLine = {
  productId: 'p1',
  sku: 'SKU-1',
  name: 'Flat white',
  quantity: 1,
  unitPrice: 320,
  lineTotal: 320,
};
const silent = { info: () => {}, warn: () => {}, error: () => {} };

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-numbers-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The till's start-up on `dir`: database, mark, ledger and the start check. */
function start(dir: string, markFs?: SettingsFs, acceptedThrough = 0) {
  const clock = new ManualClock(Date.parse('2026-11-23T09:00:00.000Z'));
  const db = openDatabase(join(dir, 'paydesk.sqlite'), SALES_MIGRATIONS, clock);
  const mark = SaleNumberMark.inDataDir(dir, markFs);
  const ledger = new SalesLedger(db, clock, mark);
  const health = new StorageHealth();
  const log: string[] = [];
  const report = checkStorageAtStart({
    db,
    dataDir: dir,
    mark,
    highestSaleNumber: () => ledger.highestNumber(),
    receiptNumber: receiptNumberOf,
    storageHealth: health,
    logger: { ...silent, error: (m) => log.push(m), warn: (m) => log.push(m) },
    acceptedThrough: () => acceptedThrough,
  });
  const close = () => closeDatabase(db, () => {});
  return { db, mark, ledger, health, log, report, close };
}

const numberOf = (receipt: string) => Number(receipt.slice(1));
const markOnDisk = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, SALE_NUMBER_MARK_FILE), 'utf8')) as { highestSaleNumber: number })
    .highestSaleNumber;

test('each number is on disk in the mark before the ledger hands it out', (t) => {
  const dir = folder(t);
  const till = start(dir);
  t.after(till.close);
  for (let i = 1; i <= 3; i++) {
    const sale = till.ledger.open('GBP', [LINE]);
    assert.equal(sale.receiptNumber, receiptNumberOf(i));
    assert.equal(markOnDisk(dir), i);
  }
});

test('an older backup put back: refused as damaged, the missing receipts named, and no number reused', (t) => {
  const dir = folder(t);
  const first = start(dir);
  for (let i = 0; i < 3; i++) first.ledger.open('GBP', [LINE]);
  first.close();
  copyFileSync(join(dir, 'paydesk.sqlite'), join(dir, 'backup.sqlite'));
  const second = start(dir);
  const handedOut = [1, 2, 3];
  for (let i = 0; i < 5; i++) handedOut.push(numberOf(second.ledger.open('GBP', [LINE]).receiptNumber));
  second.close();
  copyFileSync(join(dir, 'backup.sqlite'), join(dir, 'paydesk.sqlite'));

  const restored = start(dir);
  t.after(restored.close);
  assert.deepEqual(restored.report.missingSales, { first: 4, last: 8, count: 5 });
  assert.equal(restored.health.status().state, 'damaged');
  assert.match(restored.health.status().detail, /5 sales S000004 to S000008 are missing/);
  assert.throws(
    () => restored.health.assertNewSaleAllowed(),
    (e: unknown) =>
      e instanceof TillError && e.code === 'storage' && /A new sale cannot start/.test(e.message),
  );
  assert.match(restored.log.join('\n'), /SALES MISSING.*Restore the latest backup that holds them/);
  // Even a ledger used regardless numbers above the mark.
  const next = numberOf(restored.ledger.open('GBP', [LINE]).receiptNumber);
  assert.equal(next, 9);
  assert.equal(handedOut.filter((n) => n === next).length, 0, 'receipt numbers reused: 0');
});

test('one sale lost with the WAL is named on its own, in the singular', (t) => {
  const dir = folder(t);
  const first = start(dir);
  for (let i = 0; i < 2; i++) first.ledger.open('GBP', [LINE]);
  first.close();
  // Sale 3 was numbered, but its row went with a lost WAL file.
  writeFileSync(join(dir, SALE_NUMBER_MARK_FILE), JSON.stringify({ highestSaleNumber: 3 }));

  const restarted = start(dir);
  t.after(restarted.close);
  assert.deepEqual(restarted.report.missingSales, { first: 3, last: 3, count: 1 });
  assert.equal(
    restarted.health.status().detail,
    'Sale S000003 is missing from this till’s records. Do not sell on this till: ask a manager to restore the latest backup, or to accept the gap with their PIN.',
  );
  assert.match(restarted.log.join('\n'), /1 sale\(s\) \(S000003\) are missing/);
});

test('missing sales a manager accepted (up to the mark) let the till sell again, above the mark', (t) => {
  const dir = folder(t);
  const first = start(dir);
  first.ledger.open('GBP', [LINE]);
  first.close();
  writeFileSync(join(dir, SALE_NUMBER_MARK_FILE), JSON.stringify({ highestSaleNumber: 40 }));

  const short = start(dir, undefined, 39);
  assert.equal(short.report.missingAccepted, false, 'accepted only up to 39: sale 40 is still missing');
  assert.equal(short.health.status().state, 'damaged');
  short.close();

  const accepted = start(dir, undefined, 40);
  t.after(accepted.close);
  assert.equal(accepted.report.missingAccepted, true);
  assert.equal(accepted.health.status().state, 'ok');
  assert.equal(accepted.ledger.open('GBP', [LINE]).receiptNumber, 'S000041');
});

test('a mark that cannot be written (disk full): the number is never handed out, and never reused', (t) => {
  const dir = folder(t);
  let full = false;
  const fillable: SettingsFs = {
    ...fs,
    writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
      if (full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return (fs.writeSync as (...a: unknown[]) => number)(...args);
    }) as typeof fs.writeSync,
  };
  const till = start(dir, fillable);
  t.after(till.close);
  assert.equal(till.ledger.open('GBP', [LINE]).receiptNumber, 'S000001');
  full = true;
  let thrown: unknown;
  assert.throws(() => {
    try {
      till.ledger.open('GBP', [LINE]);
    } catch (error) {
      thrown = error;
      throw error;
    }
  }, TillError);
  assert.equal(classifyStorageError(thrown), 'full');
  assert.equal(markOnDisk(dir), 1);
  const [unissued] = till.ledger.recent(1);
  assert.deepEqual([unissued?.receiptNumber, unissued?.state], ['S000002', 'abandoned']);
  // Kept as never issued, so the till reports never count it as a void.
  assert.deepEqual(
    till.ledger.endedBetween('', '9999').map((s) => [s.receiptNumber, s.endedBecause]),
    [['S000002', 'not_issued']],
  );
  full = false;
  assert.equal(till.ledger.open('GBP', [LINE]).receiptNumber, 'S000003');
});

test('a database ahead of the mark (a crash after the save): the mark catches up, no alarm', (t) => {
  const dir = folder(t);
  const first = start(dir);
  first.ledger.open('GBP', [LINE]);
  first.db
    .prepare(
      "INSERT INTO sales (id, number, state, currency, lines, total, created_at) VALUES ('x', 2, 'open', 'GBP', '[]', 0, 'now')",
    )
    .run();
  first.close();
  const again = start(dir);
  t.after(again.close);
  assert.equal(again.health.status().state, 'ok');
  assert.equal(markOnDisk(dir), 2);
  assert.equal(again.ledger.open('GBP', [LINE]).receiptNumber, 'S000003');
});

test('an upgrade with sales but no mark yet starts the mark from the database', (t) => {
  const dir = folder(t);
  const old = start(dir);
  old.ledger.open('GBP', [LINE]);
  old.ledger.open('GBP', [LINE]);
  old.close();
  rmSync(join(dir, SALE_NUMBER_MARK_FILE));
  const upgraded = start(dir);
  t.after(upgraded.close);
  assert.equal(upgraded.health.status().state, 'ok');
  assert.equal(markOnDisk(dir), 2);
});

test('a damaged mark file: the till cannot know its numbers, so it refuses to sell', (t) => {
  const dir = folder(t);
  start(dir).close();
  writeFileSync(join(dir, SALE_NUMBER_MARK_FILE), '{"highestSale');
  const damaged = start(dir);
  t.after(damaged.close);
  assert.equal(damaged.health.status().state, 'damaged');
  assert.match(damaged.health.status().detail, /cannot tell which receipt numbers/);
});
