// The start check's own decisions, before the till sells anything: a sound first start reports
// nothing and starts the receipt-number mark; a damaged database file refuses sales in the top
// bar's words; a mark the computer cannot read at all stops the start instead of being taken
// for damage. (Missing and accepted sales are in sale-numbers.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declareNotNullOverANull } from '../../support/damaged-database';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { closeDatabase, openDatabase } from '../../../electron/services/storage/database';
import { SaleNumberMark, SALE_NUMBER_MARK_FILE } from '../../../electron/services/storage/sale-number-mark';
import type { SettingsFs } from '../../../electron/services/storage/settings-files';
import { checkStorageAtStart } from '../../../electron/services/storage/start-checks';
import { StorageHealth } from '../../../electron/services/storage/storage-health';

const DAMAGED_WORDS =
  'The till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.';

/** A table whose column takes NULL until the schema is rewritten to forbid it (see damage()). */
const LOOSE = [{ id: 'loose', sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)' }];

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-start-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The start check on `dir` with no sales in the database; what it logged, by level. */
function startOn(dir: string, t: { after: (fn: () => void) => void }, markFs?: SettingsFs) {
  const db = openDatabase(join(dir, 'paydesk.sqlite'), LOOSE);
  t.after(() => closeDatabase(db, () => {}));
  const health = new StorageHealth();
  const errors: string[] = [];
  const warnings: string[] = [];
  const check = () =>
    checkStorageAtStart({
      db,
      dataDir: dir,
      mark: SaleNumberMark.inDataDir(dir, markFs),
      highestSaleNumber: () => 0,
      receiptNumber: (n) => `S${String(n).padStart(6, '0')}`,
      storageHealth: health,
      logger: { info: () => {}, warn: (m) => warnings.push(m), error: (m) => errors.push(m) },
    });
  return { check, health, errors, warnings };
}

/** Leaves a NULL in a column the schema says is NOT NULL: damage, as a bad write leaves it. */
function damage(dir: string): void {
  const db = openDatabase(join(dir, 'paydesk.sqlite'), LOOSE);
  db.prepare('INSERT INTO t (name) VALUES (NULL)').run();
  declareNotNullOverANull(db);
  closeDatabase(db, () => {});
}

test('a sound first start reports nothing, stays ok, and starts the mark at 0', (t) => {
  const dir = folder(t);
  const start = startOn(dir, t);
  assert.deepEqual(start.check(), { damage: [], missingSales: null, missingAccepted: false });
  assert.equal(start.health.status().state, 'ok');
  assert.deepEqual([start.errors, start.warnings], [[], []]);
  // Even with no sale yet, the mark is on disk: a database later found behind it is caught.
  const mark = JSON.parse(readFileSync(join(dir, SALE_NUMBER_MARK_FILE), 'utf8')) as {
    highestSaleNumber: number;
  };
  assert.equal(mark.highestSaleNumber, 0);
});

test('a damaged database file: sales refused in the top bar, what was found and what to do in the log', (t) => {
  const dir = folder(t);
  damage(dir);
  const start = startOn(dir, t);
  assert.deepEqual(start.check().damage, ['NULL value in t.name']);
  assert.deepEqual(start.health.status(), { state: 'damaged', detail: DAMAGED_WORDS });
  assert.throws(
    () => start.health.assertNewSaleAllowed(),
    (e: unknown) =>
      e instanceof TillError &&
      e.message ===
        'A new sale cannot start: the till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
  );
  assert.deepEqual(start.errors, [
    'DATABASE DAMAGED: the integrity check found 1 problem(s): NULL value in t.name. Sales are refused. ' +
      'Stop the till, keep a copy of its data folder, and restore the latest backup of paydesk.sqlite.',
  ]);
});

test('a mark the computer cannot read (an I/O error, not a damaged file) stops the start, and is not called damage', (t) => {
  const dir = folder(t);
  writeFileSync(join(dir, SALE_NUMBER_MARK_FILE), JSON.stringify({ highestSaleNumber: 7 }));
  const failingDisk: SettingsFs = {
    ...fs,
    readFileSync: (() => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    }) as typeof fs.readFileSync,
  };
  const start = startOn(dir, t, failingDisk);
  assert.throws(
    () => start.check(),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'storage' &&
      e.message === 'A file the till needs could not be read. Ask whoever looks after this computer.',
  );
  assert.equal(start.health.status().state, 'ok');
  assert.deepEqual(start.errors, []);
});
