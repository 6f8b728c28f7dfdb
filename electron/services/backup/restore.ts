// Putting a backup back, as files, while no till holds the data folder (before a till starts, or
// between closing one and starting the next): the backup is checked whole first; the records it
// replaces are set aside, never deleted; the sale and Z number marks become the higher of the
// backup's and the PC's, so no number is ever used twice; the settings come back without secrets
// (this PC's keychain is its own), and the PC's manager PIN record stays.
import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fillBackupWords } from '../../../shared/backup-words';
import type { ServiceName } from '../../../shared/contract';
import type { Settings } from '../../../shared/settings';
import type { Logger } from '../common/logger';
import { DATABASE_FILE, type Db } from '../storage/database';
import { DATA_DIR_MODE, DATA_FILE_MODE } from '../storage/data-dir';
import { SaleNumberMark } from '../storage/sale-number-mark';
import type { SavedSecret } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import { Z_NUMBER_MARK_FILE } from '../till-reports/shop-day';
import { receiptNumberOf, SalesLedger } from '../sales/sales-ledger';
import { checkBackupFile, MANIFEST_TABLE, type BackupManifest } from './backup-file';
import { syncFile, syncFolder } from './folder';
import { backupRefusal } from './words';

/** The Z count's mark, read and raised as the till reports keep it. */
export function zNumberMark(dataDir: string, now?: () => number): SaleNumberMark {
  return new SaleNumberMark(join(dataDir, Z_NUMBER_MARK_FILE), undefined, now, 'highestZNumber');
}

/** A backup that may be restored: checked whole (integrity, row counts, schema), or refused in words. */
export function checkForRestore(file: string, knownMigrations: ReadonlySet<string>): BackupManifest {
  if (!existsSync(file)) throw backupRefusal('not_found', 'unreadable');
  const check = checkBackupFile(file, { full: true, knownMigrations });
  if (!check.ok) throw backupRefusal('invalid_input', check.problem, undefined, new Error(check.detail));
  return check.manifest;
}

/** The highest sale number a till database holds (the sales area's reading). */
export function highestSaleNumberIn(db: Db): number {
  return new SalesLedger(db).highestNumber();
}

/** How many sales the data folder's records hold, and the highest number (0, 0 without records). */
export function salesInDataDir(dataDir: string): { count: number; highest: number } {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return { count: 0, highest: 0 };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const ledger = new SalesLedger(db);
    return { count: ledger.count(), highest: ledger.highestNumber() };
  } finally {
    db.close();
  }
}

/** The secrets each live service needs; a service in sandbox mode needs none from the keychain. */
const NEEDED_SECRETS: Readonly<Record<ServiceName, readonly SavedSecret['key'][]>> = {
  payAtCounter: ['payAtCounter.username', 'payAtCounter.password'],
  distribution: ['distribution.apiKey'],
  merchant: ['merchant.oauthTokens'],
};

/** Live services whose credentials this PC's keychain does not hold. */
export function credentialsToEnter(
  settings: Pick<Settings, ServiceName>,
  saved: readonly Pick<SavedSecret, 'key' | 'profile'>[],
): ServiceName[] {
  const has = new Set(saved.filter((s) => s.profile === 'live').map((s) => s.key));
  return (Object.keys(NEEDED_SECRETS) as ServiceName[]).filter(
    (service) => settings[service].mode === 'live' && NEEDED_SECRETS[service].some((key) => !has.has(key)),
  );
}

export interface RestoreFilesInput {
  file: string;
  dataDir: string;
  settings: SettingsStore;
  knownMigrations: ReadonlySet<string>;
  now: () => number;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface RestoredFiles {
  manifest: BackupManifest;
  /** The sale and Z marks after the restore: the higher of the backup's and the PC's. */
  saleMark: number;
  zMark: number;
  /** Where the records it replaced were set aside (null: the folder had none). */
  setAside: string | null;
}

/**
 * Restores `file` into `dataDir`. Nothing may have the database open. The file is copied beside
 * the records first and the copy is checked whole: what becomes the till's records is what passed
 * (a USB stick that reads badly once cannot slip a damaged copy past a check of the original).
 */
export function restoreDataDir(input: RestoreFilesInput): RestoredFiles {
  if (!existsSync(input.file)) throw backupRefusal('not_found', 'unreadable');
  const database = join(input.dataDir, DATABASE_FILE);
  const incoming = `${database}.restoring`;
  let manifest: BackupManifest;
  try {
    rmSync(incoming, { force: true });
    copyFileSync(input.file, incoming);
    chmodSync(incoming, DATA_FILE_MODE);
    manifest = checkForRestore(incoming, input.knownMigrations);
    const copy = new Database(incoming);
    try {
      copy.exec(`DROP TABLE ${MANIFEST_TABLE}`);
    } finally {
      copy.close();
    }
    syncFile(incoming);
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }

  // The records being replaced are kept, with their WAL, under a name SQLite opens as one database.
  const stamp = new Date(input.now()).toISOString().replace(/[-:.]/g, '');
  const aside = join(input.dataDir, `paydesk-before-restore-${stamp}.sqlite`);
  let setAside: string | null = null;
  if (existsSync(database)) {
    renameSync(database, aside);
    setAside = aside;
    if (existsSync(`${database}-wal`)) renameSync(`${database}-wal`, `${aside}-wal`);
  }
  rmSync(`${database}-shm`, { force: true });
  renameSync(incoming, database);
  syncFolder(input.dataDir);

  const saleMark = SaleNumberMark.inDataDir(input.dataDir, undefined, input.now);
  saleMark.raise(Math.max(manifest.marks.saleNumber, manifest.lastSaleNumber, saleMark.highest()));
  const zMark = zNumberMark(input.dataDir, input.now);
  zMark.raise(Math.max(manifest.marks.zNumber, zMark.highest()));

  try {
    input.settings.update((current) => ({
      ...(manifest.settings as Settings),
      managerPin: current.managerPin,
    }));
  } catch (error) {
    input.logger.warn('restore: the backup’s settings were not taken (this till’s settings stay)', error);
  }
  input.logger.info(
    `restored a backup from ${manifest.createdAt} (till ${manifest.tillVersion}, ${manifest.counts['sales'] ?? 0} sales); ` +
      `the records it replaced are kept at ${setAside ?? '(none)'}`,
  );
  return { manifest, saleMark: saleMark.highest(), zMark: zMark.highest(), setAside };
}

/**
 * `--restore <file>` at start, before a till opens the data folder: restored at once when the
 * folder holds no sales; otherwise nothing changes and the file waits for a manager's decision on
 * the Backups screen (`pending`, with the words why). A bad backup throws its words.
 */
export function restoreAtStart(
  input: RestoreFilesInput,
): { restored: RestoredFiles; pending: null } | { restored: null; pending: string; message: string } {
  mkdirSync(input.dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const here = salesInDataDir(input.dataDir);
  if (here.count > 0) {
    // Checked now, so a bad backup is said at start rather than when a manager chooses it.
    checkForRestore(input.file, input.knownMigrations);
    const message = fillBackupWords('tillHasSales', {
      sales: here.count,
      receipt: receiptNumberOf(here.highest),
    });
    return { restored: null, pending: input.file, message };
  }
  return { restored: restoreDataDir(input), pending: null };
}
