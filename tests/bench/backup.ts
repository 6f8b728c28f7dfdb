// Backing up a year of trading: 100,000 completed sales (three lines each, cash, card with its
// customer and merchant slips, or card on the machine alone), written straight into a till's
// database. Then one full "Back up now" through the contract (the till's quick_check, SQLite's
// online copy, the manifest and its row counts, the copy's integrity check, fsync, rename), the
// file's size, the check a restore runs on that file, and a whole restore onto an empty data
// folder (copy, check of the copy, marks, settings). One run each: a backup is a one-off.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { TILL_MIGRATIONS } from '../../electron/services/app/migrations';
import { checkForRestore, restoreAtStart } from '../../electron/services/backup/restore';
import { DATABASE_FILE } from '../../electron/services/storage/database';
import { JsonFileSettingsStore } from '../../electron/services/storage/settings';
import { setUpStaff } from '../support/staff';
import { startTestTill } from '../support/till';
import { seedSales } from './seed-sales';
import type { BenchFigure } from './types';

const SALES = 100_000;
const LINES_PER_SALE = 3;
const YEAR_MS = 365 * 24 * 60 * 60_000;
const MIB = 1024 * 1024;

const quiet = { info: () => {}, warn: () => {}, error: (m: string, e?: unknown) => console.error(m, e) };

export async function benchBackup(): Promise<BenchFigure[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'paydesk-bench-backup-'));
  const backups = join(scratch, 'backups');
  mkdirSync(backups);
  const t = await startTestTill({ dataDir: join(scratch, 'till'), logger: quiet });
  try {
    await setUpStaff(t.call);
    const { products } = await t.call('catalogue.get', {});
    seedSales(t.dataDir, products, {
      sales: SALES,
      linesPerSale: LINES_PER_SALE,
      firstNumber: 1,
      from: Date.now() - YEAR_MS,
      spanMs: YEAR_MS - 60 * 60_000,
      cardSlips: true,
    });
    // The till's periodic checkpoint would have moved the year into the database file by now.
    const writer = new Database(join(t.dataDir, DATABASE_FILE));
    writer.pragma('wal_checkpoint(TRUNCATE)');
    writer.close();
    const databaseBytes = statSync(join(t.dataDir, DATABASE_FILE)).size;

    await t.call('backup.configure', { folder: backups, scheduleOn: false });
    const started = performance.now();
    const run = await t.call('backup.runNow', {});
    const backupMs = performance.now() - started;
    if (!run.ok || run.sales !== SALES) throw new Error(`the backup failed: ${run.result.message}`);

    const file = join(backups, run.fileName!);
    const known = new Set(TILL_MIGRATIONS.map((m) => m.id));
    const checkStarted = performance.now();
    const manifest = checkForRestore(file, known);
    const checkMs = performance.now() - checkStarted;
    if (manifest.counts['sales'] !== SALES) throw new Error('the check saw another number of sales');

    const newPc = join(scratch, 'new-pc');
    const restoreStarted = performance.now();
    const outcome = restoreAtStart({
      file,
      dataDir: newPc,
      settings: new JsonFileSettingsStore({ file: join(newPc, 'settings.json') }),
      knownMigrations: known,
      now: Date.now,
      logger: quiet,
    });
    const restoreMs = performance.now() - restoreStarted;
    if (outcome.restored?.saleMark !== SALES) throw new Error('the restore did not carry the numbers on');

    return [
      {
        name: `backup of ${SALES.toLocaleString('en-GB')} sales: database size`,
        value: Math.round((databaseBytes / MIB) * 10) / 10,
        unit: 'MiB',
      },
      {
        name: `backup of ${SALES.toLocaleString('en-GB')} sales: Back up now (check, copy, manifest, check, fsync, rename)`,
        value: Math.round(backupMs),
        unit: 'ms',
      },
      {
        name: `backup of ${SALES.toLocaleString('en-GB')} sales: backup file size`,
        value: Math.round((run.bytes / MIB) * 10) / 10,
        unit: 'MiB',
      },
      {
        name: `backup of ${SALES.toLocaleString('en-GB')} sales: restore check (integrity, row counts)`,
        value: Math.round(checkMs),
        unit: 'ms',
      },
      {
        name: `backup of ${SALES.toLocaleString('en-GB')} sales: restore onto an empty data folder`,
        value: Math.round(restoreMs),
        unit: 'ms',
      },
    ];
  } finally {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
