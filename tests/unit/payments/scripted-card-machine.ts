// A card service in memory for the runner's seam tests: the test decides when a start answers and
// what each call answers, every call is noted in words, and nothing waits on a socket, so a manual
// clock decides all timing. A payment service is built on it with a real SQLite file.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type {
  CardReport,
  CardTransaction,
  ReportType,
  StartTransactionInput,
} from '../../../electron/services/payments/pay-at-counter-client';
import type { TerminalRecord } from '../../../electron/services/payments/pay-at-counter-records';
import type { CardServiceApi } from '../../../electron/services/payments/runner-context';
import {
  createPaymentService,
  type PaymentEvent,
  type PaymentService,
  type PaymentServiceOptions,
} from '../../../electron/services/payments/transaction-runner';
import type { Db } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';
import { GBP_TERMINAL, gbpSale, openPaymentsDatabase, tempDir, within } from './support';
import { saleRecord } from './fake-card-service';

export const TERMINAL = GBP_TERMINAL;

/** A transaction record as the card machine gives it: running until `result` is set. */
export function cardRecord(
  id: string,
  result: string | null,
  amount = 1000,
  type = 'SALE',
  currency = 'GBP',
): CardTransaction {
  return saleRecord(id, TERMINAL, result, {
    transactionType: type,
    authCode: result === 'SUCCESSFUL' ? '123456' : null,
    currency,
    amountBase: amount,
    amountTotal: amount,
  });
}

export class ScriptedCardMachine implements CardServiceApi {
  /** Every call, in words: "start SALE 1000 GBP", "read tx-1", "cancel tx-1", "signature tx-1 true". */
  readonly calls: string[] = [];
  /** Thrown by the next starts (sale, refund or duplicate) instead of answering. */
  startFailure: unknown = null;
  /** Thrown by signature answers. */
  signatureFailure: unknown = null;
  /** What the terminal reads give, in turn (the last repeats): a status, or an error thrown. */
  terminalAnswers: Array<string | Error> = ['BUSY'];
  private held: Array<() => void> | null = null;
  private next = 0;
  private readonly records = new Map<string, CardTransaction>();

  /** From now on, starts wait until `releaseStarts()` before answering. */
  holdStarts(): void {
    this.held = [];
  }

  releaseStarts(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const go of waiting) go();
  }

  get startsWaiting(): number {
    return this.held?.length ?? 0;
  }

  /** The card machine ends the transaction with `result`. */
  finish(transactionId: string, result: string, amount = 1000, type = 'SALE', currency = 'GBP'): void {
    this.records.set(transactionId, cardRecord(transactionId, result, amount, type, currency));
  }

  private async started(words: string): Promise<{ transactionId: string }> {
    this.calls.push(words);
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    if (this.startFailure !== null) throw this.startFailure;
    const transactionId = `tx-${++this.next}`;
    this.records.set(transactionId, cardRecord(transactionId, null));
    return { transactionId };
  }

  startTransaction(_terminalId: string, input: StartTransactionInput) {
    return this.started(`start ${input.transactionType} ${input.amount} ${input.currency}`);
  }

  startDuplicate() {
    return this.started('start DUPLICATE');
  }

  async getTransaction(_terminalId: string, transactionId: string): Promise<CardTransaction> {
    this.calls.push(`read ${transactionId}`);
    return this.records.get(transactionId) ?? cardRecord(transactionId, null);
  }

  async cancelTransaction(_terminalId: string, transactionId: string | null): Promise<void> {
    this.calls.push(`cancel ${transactionId}`);
    if (transactionId !== null) this.finish(transactionId, 'CANCELLED');
  }

  async answerSignature(_terminalId: string, transactionId: string, accepted: boolean): Promise<void> {
    this.calls.push(`signature ${transactionId} ${accepted}`);
    if (this.signatureFailure !== null) throw this.signatureFailure;
  }

  async getTerminal(terminalId: string): Promise<TerminalRecord> {
    this.calls.push('terminal');
    const answer = this.terminalAnswers.length > 1 ? this.terminalAnswers.shift()! : this.terminalAnswers[0]!;
    if (answer instanceof Error) throw answer;
    return { terminal_id: terminalId, currency: 'GBP', status: answer };
  }

  async startReport(_terminalId: string, _type: ReportType): Promise<{ reportId: string }> {
    throw new Error('not scripted');
  }

  async getReport(_terminalId: string, _reportId: string): Promise<CardReport> {
    throw new Error('not scripted');
  }

  count(prefix: string): number {
    return this.calls.filter((c) => c.startsWith(prefix)).length;
  }
}

/** What one read of a transaction gives: a record, an error thrown, or a read still out. */
export type ReadAnswer = CardTransaction | Error | Promise<CardTransaction>;

/**
 * From now on the card machine's reads answer in turn from `answers` (the last repeats; push
 * more to change what later reads give); returns each read's clock time.
 */
export function scriptReads(rig: Rig, answers: ReadAnswer[]): number[] {
  const times: number[] = [];
  rig.machine.getTransaction = async (_terminalId, transactionId) => {
    rig.machine.calls.push(`read ${transactionId}`);
    times.push(rig.clock.now());
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return times;
}

/** What SQLite throws when the disk is full. */
export function diskFull(): Error {
  return new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
}

export interface Rig {
  machine: ScriptedCardMachine;
  clock: ManualClock;
  /** The database file, read past the runner. */
  db: Db;
  service: PaymentService;
  events: PaymentEvent[];
  /** Every journal write to the file fails as on a full disk while true. */
  setDiskFull(full: boolean): void;
  cleanup(): Promise<void>;
}

/** A payment service on a scripted card machine, a manual clock and a SQLite file in a temp folder. */
export function scriptedRig(
  options: Partial<Omit<PaymentServiceOptions, 'client' | 'db' | 'clock'>> = {},
): Rig {
  const machine = new ScriptedCardMachine();
  const clock = new ManualClock();
  const temp = tempDir();
  const db = openPaymentsDatabase(join(temp.dir, 'till.db'));
  let full = false;
  // The same database, except that every statement's `run` (every journal write) can fail.
  const flaky = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) =>
          new Proxy(target.prepare(sql), {
            get(s, p) {
              if (p === 'run') {
                return (...args: unknown[]) => {
                  if (full) throw diskFull();
                  return s.run(...args);
                };
              }
              const value: unknown = Reflect.get(s, p, s);
              return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(s) : value;
            },
          });
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const service = createPaymentService({ ...options, client: machine, db: flaky, clock });
  const events: PaymentEvent[] = [];
  service.onEvent((event) => events.push(event));
  return {
    machine,
    clock,
    db,
    service,
    events,
    setDiskFull: (value) => (full = value),
    async cleanup() {
      machine.releaseStarts();
      await service.close();
      db.close();
      temp.cleanup();
    },
  };
}

/** The state the database file itself holds for a payment. */
export function stateOnDisk(db: Db, id: string): string | undefined {
  const row = db.prepare('SELECT state FROM card_payments WHERE id = ?').get(id) as
    { state: string } | undefined;
  return row?.state;
}

/** A sale of `amount` pence the scripted machine approves in full, settled. */
export async function paidSale(rig: Rig, saleId: string, amount: number) {
  const started = await rig.service.startSale(gbpSale(saleId, amount));
  rig.machine.finish(started.transactionId!, 'SUCCESSFUL', amount);
  await rig.clock.advance(1_000);
  const done = await within(rig.service.settled(started.id), 'the sale to settle', 2_000);
  assert.equal(done.successful, true);
  return done;
}
