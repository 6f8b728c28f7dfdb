// The sale-number mark file on its own (real files in a temp folder): a number once marked is
// never marked lower or rewritten, a mark the till cannot understand is refused (never read as
// "no sales yet", never written over), and the count read at start holds even if the file is
// damaged while the till runs. sale-numbers.test.ts covers the mark inside the start checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SALE_NUMBER_MARK_FILE,
  SaleNumberMark,
  SaleNumberMarkUnreadable,
} from '../../../electron/services/storage/sale-number-mark';
import type { SettingsFs } from '../../../electron/services/storage/settings-files';
import { ManualClock } from '../../support/manual-clock';

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-mark-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const markFile = (dir: string) => join(dir, SALE_NUMBER_MARK_FILE);
const onDisk = (dir: string) => readFileSync(markFile(dir), 'utf8');
const markedNumber = (dir: string) =>
  (JSON.parse(onDisk(dir)) as { highestSaleNumber: number }).highestSaleNumber;

test('the mark only moves up: a lower or equal number leaves the file exactly as it was', async (t) => {
  const dir = folder(t);
  const clock = new ManualClock(Date.parse('2026-11-23T09:00:00.000Z'));
  const mark = SaleNumberMark.inDataDir(dir, undefined, () => clock.now());
  mark.raise(7);
  const atSeven = onDisk(dir);
  assert.deepEqual(JSON.parse(atSeven), { highestSaleNumber: 7, writtenAt: '2026-11-23T09:00:00.000Z' });

  await clock.advance(60_000);
  mark.raise(3);
  mark.raise(7);
  assert.equal(onDisk(dir), atSeven, 'neither a lower number nor the same one is written again');
  assert.equal(mark.highest(), 7);

  // A till started afresh on the same folder reads the mark from the file before deciding.
  const restarted = SaleNumberMark.inDataDir(dir, undefined, () => clock.now());
  restarted.raise(6);
  restarted.raise(7);
  assert.equal(onDisk(dir), atSeven);

  restarted.raise(8);
  assert.deepEqual(JSON.parse(onDisk(dir)), { highestSaleNumber: 8, writtenAt: '2026-11-23T09:01:00.000Z' });
});

test('a number already marked needs no disk: marking it again on a full disk does not fail', (t) => {
  const dir = folder(t);
  let full = false;
  const fillable: SettingsFs = {
    ...fs,
    writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
      if (full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return (fs.writeSync as (...a: unknown[]) => number)(...args);
    }) as typeof fs.writeSync,
  };
  const mark = SaleNumberMark.inDataDir(dir, fillable);
  mark.raise(4);
  full = true;
  assert.doesNotThrow(() => mark.raise(4));
  assert.doesNotThrow(() => mark.raise(2));
  assert.throws(() => mark.raise(5), /disk is full/);
  assert.equal(markedNumber(dir), 4);
  assert.equal(mark.highest(), 4, 'a number that could not be marked does not count as handed out');
});

test('the first mark is written even when it is 0 (a first start with no sales)', (t) => {
  const dir = folder(t);
  const mark = SaleNumberMark.inDataDir(dir);
  assert.equal(mark.read(), null);
  mark.raise(0);
  assert.equal(markedNumber(dir), 0);
  assert.equal(SaleNumberMark.inDataDir(dir).read(), 0);
});

test('a brand-new mark written by raise holds that number on disk', (t) => {
  const dir = folder(t);
  SaleNumberMark.inDataDir(dir).raise(1);
  assert.equal(markedNumber(dir), 1);
});

const DAMAGED_MARKS: [string, string][] = [
  ['cut short', '{"highestSale'],
  ['empty', ''],
  ['JSON null', 'null'],
  ['no number in it', '{}'],
  ['the number as text', '{"highestSaleNumber":"7"}'],
  ['a negative number', '{"highestSaleNumber":-1}'],
  ['a fraction', '{"highestSaleNumber":7.5}'],
  ['beyond exact integers', '{"highestSaleNumber":9007199254740993}'],
];

for (const [what, text] of DAMAGED_MARKS) {
  test(`a mark file that is ${what} is refused, and raise never writes over it`, (t) => {
    const dir = folder(t);
    writeFileSync(markFile(dir), text);
    const mark = SaleNumberMark.inDataDir(dir);
    assert.throws(() => mark.read(), SaleNumberMarkUnreadable);
    assert.throws(() => mark.highest(), SaleNumberMarkUnreadable);
    assert.throws(() => mark.raise(1_000_000), SaleNumberMarkUnreadable);
    assert.equal(onDisk(dir), text, 'the damaged file is kept for whoever restores it');
  });
}

test('mark 0 and the largest exact integer are understood', (t) => {
  const dir = folder(t);
  writeFileSync(markFile(dir), '{"highestSaleNumber":0}');
  assert.equal(SaleNumberMark.inDataDir(dir).read(), 0);
  writeFileSync(markFile(dir), `{"highestSaleNumber":${Number.MAX_SAFE_INTEGER}}`);
  assert.equal(SaleNumberMark.inDataDir(dir).read(), Number.MAX_SAFE_INTEGER);
});

test('the Z-number mark reads its own field, and the log names the file and the field it lacks', (t) => {
  const dir = folder(t);
  const file = join(dir, 'z-number-mark.json');
  writeFileSync(file, '{"highestSaleNumber":12}');
  const zMark = new SaleNumberMark(file, undefined, Date.now, 'highestZNumber');
  let refused: unknown;
  try {
    zMark.read();
  } catch (error) {
    refused = error;
  }
  assert.ok(refused instanceof SaleNumberMarkUnreadable);
  // What the Z report's "could not reserve a Z number" log line shows.
  assert.equal(String(refused), `SaleNumberMarkUnreadable: ${file} does not hold highestZNumber`);

  writeFileSync(file, '{"highestZNumber":12}');
  assert.equal(new SaleNumberMark(file, undefined, Date.now, 'highestZNumber').highest(), 12);
});

test('the count read at start holds if the file is damaged while the till runs; the next mark heals it', (t) => {
  const dir = folder(t);
  writeFileSync(markFile(dir), '{"highestSaleNumber":5}');
  const mark = SaleNumberMark.inDataDir(dir);
  assert.equal(mark.highest(), 5);

  writeFileSync(markFile(dir), '{"highestSa');
  assert.equal(mark.read(), 5);
  assert.equal(mark.highest(), 5);
  mark.raise(6);
  assert.equal(markedNumber(dir), 6);
});
