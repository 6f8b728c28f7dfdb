// The backup service as the composition root builds it: one call in app/create-till.ts.
import type { AuditLog } from '../audit/journal';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { ManagerGate } from '../manager-gate';
import type { ParkedSales } from '../sales/parked';
import { receiptNumberOf, type SalesLedger } from '../sales/sales-ledger';
import type { ShiftService } from '../shifts/service';
import type { StaffDirectory } from '../staff/directory';
import type { Db, Migration } from '../storage/database';
import type { SaleNumberMark } from '../storage/sale-number-mark';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import type { StartCheckReport } from '../storage/start-checks';
import type { StorageHealth } from '../storage/storage-health';
import { highestSaleNumberIn, zNumberMark } from './restore';
import { BackupService, type BackupServiceDeps } from './service';
import type { EventBus } from '../app/events';
import type { StatusBoard } from '../app/status';

export { backupHandlers as handlers } from './handlers';
import { BackupStore } from './store';
export { BackupStore };

/** What a till's options say about backups (TillOptions picks these). */
export interface BackupTillOptions {
  dataDir: string;
  version: string;
  /**
   * Closes this till, runs `between` while nothing holds the data folder, and starts the next
   * (app/restartable-till.ts): how a restore replaces the records of a running till.
   */
  restart?: (between: () => Promise<void>) => Promise<void>;
  /** A backup named with --restore that waits for a manager (the data folder already held sales). */
  pendingRestore?: string | null;
  /** Tests: the backup's copy step in pages, and a hook after each step. */
  backupSteps?: { pagesPerStep?: number; afterStep?: () => void };
}

/** The part of a till's options about backups. */
export type TillOptionsPart = Omit<BackupTillOptions, 'dataDir' | 'version'>;

export interface BackupForTill {
  options: BackupTillOptions;
  db: Db;
  clock: Clock;
  settings: SettingsStore;
  secrets: Pick<SecretStore, 'list'>;
  storageHealth: Pick<StorageHealth, 'missingSalesAccepted'>;
  saleNumbers: Pick<SaleNumberMark, 'highest'>;
  ledger: Pick<SalesLedger, 'firstSaleAt'>;
  /** Other areas' records, read only to tell a till nobody has used yet (the first-start panel). */
  records: {
    staff: Pick<StaffDirectory, 'active'>;
    parked: Pick<ParkedSales, 'list'>;
    shifts: Pick<ShiftService, 'history'>;
  };
  startCheck: StartCheckReport;
  logger: Logger;
}

export interface BackupWiring {
  events: Pick<EventBus, 'emit' | 'subscribe'>;
  board: Pick<StatusBoard, 'setBackup'>;
  gate: Pick<ManagerGate, 'require' | 'unlock' | 'hasManager'>;
  store: BackupStore;
  audit: AuditLog;
  migrations: readonly Migration[];
}

/** The backup service, started: its schedule's first check is a little after the till starts. */
export function serviceForTill(d: BackupForTill, w: BackupWiring): BackupService {
  const { options } = d;
  const deps: BackupServiceDeps = {
    db: d.db,
    dataDir: options.dataDir,
    clock: d.clock,
    version: options.version,
    settings: d.settings,
    secrets: d.secrets,
    gate: w.gate,
    storageHealth: d.storageHealth,
    store: w.store,
    audit: w.audit,
    migrations: w.migrations.map((m) => m.id),
    // The Z mark is read fresh each time: the till reports keep their own copy of it.
    marks: { sale: d.saleNumbers, z: { highest: () => zNumberMark(options.dataDir).highest() } },
    highestSaleNumber: highestSaleNumberIn,
    firstSaleAt: () => d.ledger.firstSaleAt(),
    usedBefore: () =>
      d.records.staff.active().length > 0 ||
      d.records.parked.list().length > 0 ||
      d.records.shifts.history(1).length > 0,
    receiptNumber: receiptNumberOf,
    missingSales: d.startCheck.missingAccepted ? null : d.startCheck.missingSales,
    pendingRestore: options.pendingRestore ?? null,
    ...(options.restart && { restart: options.restart }),
    logger: d.logger,
    onChange: (status) => w.events.emit('backup.changed', status),
    onBar: (bar) => w.board.setBackup(bar),
    ...options.backupSteps,
  };
  const service = new BackupService(deps);
  service.start();
  // A first sale or a first member of staff ends the first-start panel's offer.
  w.events.subscribe((event) => {
    if (event === 'sales.updated' || event === 'staff.changed') service.refreshBar();
  });
  return service;
}
