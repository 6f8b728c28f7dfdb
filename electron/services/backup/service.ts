// Backups of the till's records: a manager sets the folder and backs up now; the schedule backs
// up once a day; each result is recorded and shown, and the top bar says when the last good
// backup is too old. A restore replaces the records through the host's restart (the database
// must be closed to be replaced). Missing sales found at start wait here for a manager's word.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  BackupBar,
  BackupRun,
  BackupStatus,
  FoundBackup,
  RestoreResult,
} from '../../../shared/contract';
import type { BackupWords, MissingSales } from '../../../shared/contract/backup';
import { TillError } from '../../../shared/contract/errors';
import { publicSettings, type Settings } from '../../../shared/settings';
import type { AuditLog } from '../audit/journal';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { ManagerGate } from '../manager-gate';
import type { Db } from '../storage/database';
import type { SaleNumberMark } from '../storage/sale-number-mark';
import type { SavedSecret, SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import type { StorageHealth } from '../storage/storage-health';
import { checkBackupFile } from './backup-file';
import { folderProblem, listBackupNames, pruneBackups } from './folder';
import {
  checkForRestore,
  credentialsToEnter,
  restoreDataDir,
  salesInDataDir,
  type RestoredFiles,
} from './restore';
import { BackupSchedule, DAY_MS, nextDueAt, STALE_AFTER_MS } from './schedule';
import type { BackupStore } from './store';
import { backupRefusal, backupWords } from './words';
import { BackupFailure, writeBackup } from './writer';

export interface BackupServiceDeps {
  db: Db;
  dataDir: string;
  clock: Clock;
  version: string;
  settings: SettingsStore;
  secrets: Pick<SecretStore, 'list'>;
  gate: Pick<ManagerGate, 'require' | 'unlock' | 'hasManager'>;
  storageHealth: Pick<StorageHealth, 'missingSalesAccepted'>;
  store: BackupStore;
  /** The audit trail: a manager accepting missing sales is journaled with the acceptance. */
  audit: AuditLog;
  /** Every schema step this till knows (a backup with others comes from a newer till). */
  migrations: readonly string[];
  marks: { sale: Pick<SaleNumberMark, 'highest'>; z: Pick<SaleNumberMark, 'highest'> };
  /** The sales area's readings: the highest number in a database, and when the first sale was. */
  highestSaleNumber: (db: Db) => number;
  firstSaleAt: () => string | null;
  /** Whether anything besides sales was ever recorded here (staff, a parked sale, a shift). */
  usedBefore: () => boolean;
  receiptNumber: (n: number) => string;
  /** Sale numbers the start check found missing (and not yet accepted), or null. */
  missingSales: { first: number; last: number; count: number } | null;
  /** A file named with --restore that waits for a manager (this till already holds sales). */
  pendingRestore?: string | null;
  /**
   * Closes this till, runs `between` while nothing holds the data folder, and starts a new till
   * on it (app/restartable-till.ts). Without it a restore needs a restart with --restore.
   */
  restart?: (between: () => Promise<void>) => Promise<void>;
  logger: Logger;
  onChange: (status: BackupStatus) => void;
  onBar: (bar: BackupBar) => void;
  /** Tests: a smaller copy step, and a hook after each step. */
  pagesPerStep?: number;
  afterStep?: () => void;
}

export class BackupService {
  private running = false;
  private missing: BackupServiceDeps['missingSales'];
  private readonly schedule: BackupSchedule;
  private readonly known: ReadonlySet<string>;

  constructor(private readonly d: BackupServiceDeps) {
    this.missing = d.missingSales;
    this.known = new Set(d.migrations);
    this.schedule = new BackupSchedule(
      d.clock,
      () => {
        this.announceBar();
        return this.scheduledDue();
      },
      () => this.run('scheduled', null),
      (error) => d.logger.error('backup: the scheduled backup could not start', error),
    );
  }

  start(): void {
    this.announceBar();
    this.schedule.start();
  }

  close(): void {
    this.schedule.stop();
  }

  async status(): Promise<BackupStatus> {
    const { backup, ...settings } = this.d.settings.load();
    const lastGood = this.d.store.lastGood();
    const lastRun = this.d.store.lastRun();
    return {
      folder: backup.folder,
      scheduleOn: backup.scheduleOn,
      keep: backup.keep,
      lastGood,
      lastRun,
      nextDueAt:
        backup.folder && backup.scheduleOn
          ? new Date(nextDueAt(this.facts(lastGood, lastRun))).toISOString()
          : null,
      running: this.running,
      attention: this.attention(lastGood, lastRun),
      missingSales: this.missingView(),
      newTill: this.d.highestSaleNumber(this.d.db) === 0,
      pendingRestore: this.d.pendingRestore ?? null,
      credentialsToEnter: credentialsToEnter(settings, await this.d.secrets.list()),
    };
  }

  /** What the top bar shows. */
  bar(): BackupBar {
    const attention = this.attention(this.d.store.lastGood(), this.d.store.lastRun());
    return {
      state: attention ? 'attention' : 'ok',
      detail: attention?.message ?? '',
      ...(attention?.words && { words: attention.words }),
      firstStart: this.firstStart(),
    };
  }

  /** The owner of a new till chose "Start fresh": the first-start panel goes, for good. */
  async startFresh(): Promise<BackupStatus> {
    this.d.settings.update({ backup: { firstStartDismissed: true } });
    return this.changed();
  }

  async configure(change: {
    folder?: string | null;
    scheduleOn?: boolean;
    keep?: number;
  }): Promise<BackupStatus> {
    this.d.gate.require('settings');
    const folder = change.folder?.trim();
    if (folder) {
      const problem = folderProblem(folder, this.d.dataDir);
      if (problem) throw backupRefusal('invalid_input', problem);
    }
    this.d.settings.update({
      backup: {
        ...(change.folder !== undefined && { folder: folder || null }),
        ...(change.scheduleOn !== undefined && { scheduleOn: change.scheduleOn }),
        ...(change.keep !== undefined && { keep: change.keep }),
      },
    });
    return this.changed();
  }

  /** A manager's "Back up now". */
  async runNow(): Promise<BackupRun> {
    const by = this.d.gate.require('settings');
    return this.run('manual', by?.name ?? null);
  }

  /**
   * One backup into the folder: written, checked, kept, and only then the oldest beyond `keep`
   * removed. Never throws for the backup's own failure: the run says what happened.
   */
  async run(trigger: BackupRun['trigger'], by: string | null): Promise<BackupRun> {
    const { folder, keep } = this.d.settings.load().backup;
    if (!folder) throw backupRefusal('not_configured', 'noFolder');
    if (this.running) throw backupRefusal('conflict', 'running');
    this.running = true;
    await this.changed();
    let run: BackupRun;
    try {
      const written = await writeBackup({
        db: this.d.db,
        folder,
        now: this.d.clock.now(),
        tillVersion: this.d.version,
        migrations: [...this.d.migrations],
        settings: this.settingsForBackup(),
        marks: { saleNumber: this.d.marks.sale.highest(), zNumber: this.d.marks.z.highest() },
        highestSaleNumber: this.d.highestSaleNumber,
        ...(this.d.pagesPerStep !== undefined && { pagesPerStep: this.d.pagesPerStep }),
        ...(this.d.afterStep && { afterStep: this.d.afterStep }),
      });
      try {
        const removed = pruneBackups(folder, keep, written.fileName);
        if (removed.length > 0)
          this.d.logger.info(`backup: removed ${removed.length} older file(s) beyond the last ${keep}`);
      } catch (error) {
        this.d.logger.warn('backup: the older backups could not be tidied (the new one is kept)', error);
      }
      const sales = written.manifest.counts['sales'] ?? 0;
      const last = written.manifest.lastSaleNumber;
      const receipt = last > 0 ? this.d.receiptNumber(last) : null;
      run = this.runOf(trigger, by, {
        ok: true,
        fileName: written.fileName,
        sales,
        lastReceipt: receipt,
        bytes: written.bytes,
        result: receipt ? backupWords('done', { sales, receipt }) : backupWords('doneNoSales'),
      });
      this.d.logger.info(
        `backup: ${written.fileName} written and checked (${written.bytes} bytes, ${sales} sales)`,
      );
    } catch (error) {
      const reason = error instanceof BackupFailure ? error.reason : 'failed';
      this.d.logger.error(`backup (${trigger}) failed: ${reason}`, error);
      run = this.runOf(trigger, by, {
        ok: false,
        fileName: null,
        sales: 0,
        lastReceipt: null,
        bytes: 0,
        result: backupWords(reason),
      });
    } finally {
      this.running = false;
    }
    try {
      this.d.store.record(run);
    } catch (error) {
      this.d.logger.error('backup: the result could not be saved in the till’s records', error);
    }
    await this.changed();
    return run;
  }

  /** The backups in a folder, newest first; each read for its manifest (the full check comes at restore). */
  list(folder: string): { backups: FoundBackup[]; problem: BackupWords | null } {
    this.d.gate.require('settings');
    const where = folder.trim();
    if (!existsSync(where) || !statSync(where).isDirectory())
      return { backups: [], problem: backupWords('listFolderMissing') };
    const backups = listBackupNames(where).map((fileName): FoundBackup => {
      const file = join(where, fileName);
      const check = checkBackupFile(file, { full: false, knownMigrations: this.known });
      if (!check.ok)
        return {
          file,
          fileName,
          createdAt: null,
          sales: 0,
          lastReceipt: null,
          usable: false,
          problem: backupWords(check.problem),
        };
      const { manifest } = check;
      return {
        file,
        fileName,
        createdAt: manifest.createdAt,
        sales: manifest.counts['sales'] ?? 0,
        lastReceipt: manifest.lastSaleNumber > 0 ? this.d.receiptNumber(manifest.lastSaleNumber) : null,
        usable: true,
        problem: null,
      };
    });
    return { backups, problem: backups.length > 0 ? null : backupWords('noneFound') };
  }

  /** Replaces this till's records with a checked backup, and starts the till on them. */
  async restore(file: string, replaceSales: boolean): Promise<RestoreResult> {
    const by = this.d.gate.require('settings');
    const manifest = checkForRestore(file, this.known);
    const here = salesInDataDir(this.d.dataDir);
    if (here.count > 0 && !replaceSales)
      throw backupRefusal('conflict', 'tillHasSales', {
        sales: here.count,
        receipt: this.d.receiptNumber(here.highest),
      });
    if (!this.d.restart) throw backupRefusal('not_configured', 'restartToRestore');
    const saved = await this.d.secrets.list();
    // A restore replaces the audit trail too (the backup's own comes back with its records), so
    // who restored what over how many sales goes to the log, which the restore does not touch.
    this.d.logger.warn(
      `restore: ${by?.name ?? 'whoever looks after the till'} restores the backup of ${manifest.createdAt} ` +
        `(last sale ${manifest.lastSaleNumber}) over ${here.count} sale(s) on this till`,
    );
    let restored: RestoredFiles | null = null;
    await this.d.restart(async () => {
      restored = restoreDataDir({
        file,
        dataDir: this.d.dataDir,
        settings: this.d.settings,
        knownMigrations: this.known,
        now: () => this.d.clock.now(),
        logger: this.d.logger,
      });
    });
    return restoreResult(restored!, this.d.settings.load(), saved, this.d.receiptNumber);
  }

  /**
   * A manager, with their PIN, accepts that the missing sales are gone (their paper receipts are
   * the record): the till sells again, numbering above the last number handed out.
   */
  async acceptMissingSales(pin: string, staffId?: string): Promise<BackupStatus> {
    const missing = this.missing;
    if (!missing) throw backupRefusal('not_found', 'nothingMissing');
    if (this.d.gate.hasManager()) {
      const unlocked = await this.d.gate.unlock(pin, undefined, staffId);
      if (!unlocked.ok)
        throw new TillError('not_allowed', unlocked.message, {
          ...(unlocked.retryAfterMs > 0 && { retryAfterMs: unlocked.retryAfterMs }),
        });
    }
    const by = this.d.gate.require('settings');
    const at = new Date(this.d.clock.now()).toISOString();
    // The acceptance and its audit entry stand or fall together.
    this.d.db.transaction(() => {
      this.d.store.acceptMissing(missing.first, missing.last, at, by?.name ?? null);
      this.d.audit.record({
        by,
        area: 'sales-records',
        action: 'missing-sales-accepted',
        subject: '',
        after: {
          first: this.d.receiptNumber(missing.first),
          last: this.d.receiptNumber(missing.last),
          count: missing.count,
        },
      });
    })();
    this.missing = null;
    this.d.storageHealth.missingSalesAccepted();
    this.d.logger.warn(
      `MISSING SALES ACCEPTED by ${by?.name ?? 'whoever looks after the till'}: ${this.d.receiptNumber(missing.first)} ` +
        `to ${this.d.receiptNumber(missing.last)} (${missing.count}); numbering continues from ${this.d.receiptNumber(missing.last + 1)}`,
    );
    return this.changed();
  }

  /**
   * A till nobody has used: no sale, no backup run, nothing else recorded (staff, parked sales,
   * shifts), and the owner has not chosen "Start fresh". Such a till offers a restore at once.
   */
  private firstStart(): boolean {
    return (
      !this.d.settings.load().backup.firstStartDismissed &&
      this.d.firstSaleAt() === null &&
      this.d.store.lastRun() === null &&
      !this.d.usedBefore()
    );
  }

  private scheduledDue(): boolean {
    const { folder, scheduleOn } = this.d.settings.load().backup;
    if (!folder || !scheduleOn || this.running) return false;
    const facts = this.facts(this.d.store.lastGood(), this.d.store.lastRun());
    return nextDueAt(facts) <= facts.now;
  }

  private facts(lastGood: BackupRun | null, lastRun: BackupRun | null) {
    return {
      now: this.d.clock.now(),
      lastGoodAt: lastGood ? Date.parse(lastGood.at) : null,
      lastFailedAt: lastRun && !lastRun.ok ? Date.parse(lastRun.at) : null,
    };
  }

  /** The top bar's words: the last good backup too old, or none ever while sales are two days old. */
  private attention(lastGood: BackupRun | null, lastRun: BackupRun | null): BackupWords | null {
    const now = this.d.clock.now();
    const failing = lastRun !== null && !lastRun.ok;
    if (lastGood) {
      const age = now - Date.parse(lastGood.at);
      if (age <= STALE_AFTER_MS) return null;
      return backupWords(failing ? 'staleFailing' : 'stale', { days: Math.floor(age / DAY_MS) });
    }
    const first = this.d.firstSaleAt();
    if (first === null || now - Date.parse(first) <= STALE_AFTER_MS) return null;
    return backupWords(failing ? 'neverFailing' : 'neverMade');
  }

  private missingView(): MissingSales | null {
    const m = this.missing;
    return m
      ? { ...m, firstReceipt: this.d.receiptNumber(m.first), lastReceipt: this.d.receiptNumber(m.last) }
      : null;
  }

  /** The settings as a backup keeps them: no manager PIN record (and never a secret: those are not settings). */
  private settingsForBackup(): Record<string, unknown> {
    const { managerPinSet: _set, ...rest } = publicSettings(this.d.settings.load());
    return rest;
  }

  private runOf(
    trigger: BackupRun['trigger'],
    by: string | null,
    outcome: Omit<BackupRun, 'at' | 'trigger' | 'by'>,
  ): BackupRun {
    return { at: new Date(this.d.clock.now()).toISOString(), trigger, by, ...outcome };
  }

  /** Announces the top bar's backup word again (the board passes it on only when it changed). */
  refreshBar(): void {
    this.announceBar();
  }

  private announceBar(): void {
    let bar: BackupBar;
    try {
      bar = this.bar();
    } catch (error) {
      // Records too damaged to read: the storage check says so in the top bar, and the till must
      // still start to say it; the backups' word waits until they can be read.
      this.d.logger.warn('backup: the top bar’s word could not be read', error);
      return;
    }
    this.d.onBar(bar);
  }

  private async changed(): Promise<BackupStatus> {
    this.announceBar();
    const status = await this.status();
    this.d.onChange(status);
    return status;
  }
}

/** What a restore brought: the next receipt number, a gap to accept, the credentials to enter. */
export function restoreResult(
  restored: RestoredFiles,
  settings: Settings,
  saved: readonly SavedSecret[],
  receiptNumber: (n: number) => string,
): RestoreResult {
  const last = restored.manifest.lastSaleNumber;
  const count = restored.saleMark - last;
  return {
    sales: restored.manifest.counts['sales'] ?? 0,
    lastReceipt: last > 0 ? receiptNumber(last) : null,
    nextReceipt: receiptNumber(restored.saleMark + 1),
    credentialsToEnter: credentialsToEnter(settings, saved),
    missingSales:
      count > 0
        ? {
            first: last + 1,
            last: restored.saleMark,
            count,
            firstReceipt: receiptNumber(last + 1),
            lastReceipt: receiptNumber(restored.saleMark),
          }
        : null,
  };
}
