// The held-writes tests' set-up: a real SQLite journal in a mkdtemp folder whose writes can be made
// to fail on demand (every `run` throws the error given, as SQLite would on a full disk), a manual
// clock for the retries, a real StorageHealth, and a logger and callbacks that keep what they got.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../../electron/services/common/logger';
import { HeldWrites } from '../../../electron/services/payments/held-writes';
import {
  JOURNAL_MIGRATIONS,
  PaymentJournal,
  type IntentInput,
} from '../../../electron/services/payments/journal';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { StorageHealth } from '../../../electron/services/storage/storage-health';
import { ManualClock } from '../../support/manual-clock';

export const TERMINAL = '22900001';

/** What SQLite throws when the disk is full. */
export function diskFull(): Error {
  return new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
}

/** What SQLite throws for a write it refuses for a reason that is not storage. */
export function constraintFailed(): Error {
  return new Database.SqliteError('CHECK constraint failed', 'SQLITE_CONSTRAINT_CHECK');
}

/** A finished SALE or REFUND record from the card machine for `amount` pence. */
export function finishedRecord(
  id: string,
  amount: number,
  type: 'SALE' | 'REFUND' = 'SALE',
): CardTransaction {
  return {
    id,
    terminalId: TERMINAL,
    transactionNumber: '0001',
    transactionType: type,
    result: 'SUCCESSFUL',
    finished: true,
    transactionTime: null,
    applicationId: null,
    applicationLabel: null,
    authCode: '123456',
    referenceNumber: null,
    currency: 'GBP',
    amountBase: amount,
    amountCashback: 0,
    amountGratuity: 0,
    amountTotal: amount,
    issuerName: null,
    cardholderVerificationMethod: null,
    dateOfExpiry: null,
    dateOfStart: null,
    paymentMethod: null,
    primaryAccountNumber: '************4242',
    primaryAccountNumberSequence: null,
    notifications: ['TRANSACTION_FINISHED'],
    createdAt: null,
    updatedAt: null,
    receipts: { MERCHANT: [{ type: 'TEXT', format: [], value: 'M' }], CUSTOMER: [] },
  };
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
}

export interface Rig {
  db: Db;
  clock: ManualClock;
  health: StorageHealth;
  held: HeldWrites;
  /** The journal as the runner uses it. */
  journal: PaymentJournal;
  /** The journal read straight from the file, past anything held. */
  disk: PaymentJournal;
  logs: LogLine[];
  saved: string[];
  refused: string[];
  /** How many writes reached the file (statements run without an error). */
  writesToFile: number;
  /** Every write to the file throws `error` until called again with null. */
  failWith(error: Error | null): void;
  /** Only the next write to the file throws `error`. */
  failNextWith(error: Error): void;
  /** Records an intent (saved normally) one second after the last, and returns its id. */
  intent(input?: Partial<IntentInput>): string;
  /** An intent marked 'starting' and started with transaction `tx-<id>`, saved normally. */
  started(input?: Partial<IntentInput>): string;
  close(): void;
}

export function heldWritesRig(options: { retryMs?: number } = {}): Rig {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-held-writes-'));
  const clock = new ManualClock();
  const db = openDatabase(join(dir, 'till.db'), JOURNAL_MIGRATIONS, clock);
  let failing: Error | null = null;
  let failOnce: Error | null = null;
  const checkWrite = () => {
    if (failOnce) {
      const error = failOnce;
      failOnce = null;
      throw error;
    }
    if (failing) throw failing;
  };
  // The same database, except that a statement's `run` (every journal write) can be made to fail.
  const flaky = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const statement = target.prepare(sql);
          return new Proxy(statement, {
            get(s, p) {
              if (p === 'run') {
                return (...args: unknown[]) => {
                  checkWrite();
                  const result = s.run(...args);
                  rig.writesToFile += 1;
                  return result;
                };
              }
              const value: unknown = Reflect.get(s, p, s);
              return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(s) : value;
            },
          });
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  let next = 0;
  // Each intent is stamped a second after the last (without moving the clock, so no retry fires).
  let seconds = 0;
  const real = new PaymentJournal(
    flaky,
    () => clock.now() + seconds * 1_000,
    () => `pay-${++next}`,
  );
  const health = new StorageHealth();
  const logs: LogLine[] = [];
  const log: Logger = {
    info: (message) => logs.push({ level: 'info', message }),
    warn: (message) => logs.push({ level: 'warn', message }),
    error: (message) => logs.push({ level: 'error', message }),
  };
  const saved: string[] = [];
  const refused: string[] = [];
  const held = new HeldWrites(real, {
    db,
    clock,
    storageHealth: health,
    log,
    ...(options.retryMs !== undefined && { retryMs: options.retryMs }),
    onSaved: (id) => saved.push(id),
    onRefusedBeforeSending: (id) => refused.push(id),
  });
  const journal = held.journal;
  const rig: Rig = {
    db,
    clock,
    health,
    held,
    journal,
    disk: new PaymentJournal(db, () => clock.now()),
    logs,
    saved,
    refused,
    writesToFile: 0,
    failWith: (error) => (failing = error),
    failNextWith: (error) => (failOnce = error),
    intent(input = {}) {
      seconds += 1;
      const row = journal.recordIntent({
        saleId: `sale-${next + 1}`,
        terminalId: TERMINAL,
        type: 'SALE',
        amount: 1000,
        currency: 'GBP',
        ...input,
      });
      return row.id;
    },
    started(input = {}) {
      const id = rig.intent(input);
      journal.markStarting(id);
      journal.markStarted(id, `tx-${id}`);
      return id;
    },
    close() {
      held.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return rig;
}
