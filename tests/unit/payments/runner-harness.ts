// The runner's test harness: a sandbox card machine (optionally behind a proxy that loses or
// replaces answers), a real SQLite file, and payment services. The runner and the card machine
// share one manual clock driven fast (driveClock), so neither the runner's waits nor the
// machine's pace cost much real time, and the runner reads at its true pace against the
// machine's. `realTime` puts both on real time for tests about the real pace of reads.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  SANDBOX_SCRIPTS,
  type PayAtCounterSandbox,
  type SandboxClock,
} from '../../../electron/sandbox/pay-at-counter/server';
import { systemClock, type Clock, type TimerHandle } from '../../../electron/services/common/clock';
import type { Db } from '../../../electron/services/storage/database';
import {
  PayAtCounterClient,
  type PayAtCounterCredentials,
} from '../../../electron/services/payments/pay-at-counter-client';
import {
  createPaymentService,
  type PaymentEvent,
  type PaymentService,
  type PollingPolicy,
} from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';
import {
  driveClock,
  openPaymentsDatabase,
  sandboxWithClient,
  startCardServiceProxy,
  tempDir,
  within,
  type ProxyAction,
} from './support';

export async function rejectsWith(work: Promise<unknown> | (() => unknown), code: string): Promise<void> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    assert.ok(error instanceof TillError, String(error));
    assert.equal(error.code, code, error.message);
    return;
  }
  assert.fail(`expected ${code}`);
}

/** A manual clock that also notes every wait the runner asks of it. */
class RecordingClock extends ManualClock {
  readonly delaysAsked: number[] = [];
  /** The same time for the card machine, whose pauses are not noted. */
  readonly unrecorded: SandboxClock = {
    now: () => this.now(),
    setTimer: (fn, ms) => super.setTimer(fn, ms),
  };
  override setTimer(fn: () => void, ms: number): TimerHandle {
    this.delaysAsked.push(ms);
    return super.setTimer(fn, ms);
  }
}

export interface Harness {
  sandbox: PayAtCounterSandbox;
  client: PayAtCounterClient;
  dbFile: string;
  db: Db;
  service: PaymentService;
  events: PaymentEvent[];
  /** Delays the runner asked its clock for (manual clock only). */
  delaysAsked: number[];
  waitForEvent<T extends PaymentEvent['type']>(
    type: T,
    where?: (event: Extract<PaymentEvent, { type: T }>) => boolean,
    limitMs?: number,
  ): Promise<Extract<PaymentEvent, { type: T }>>;
  /** Waits until the payment's progress shows the card machine's notification `code`. */
  waitForNotification(paymentId: string, code: string): Promise<void>;
  newService(): PaymentService;
  cleanup(): Promise<void>;
}

interface HarnessOptions {
  /** Pace of the card machine's scripts against the shared clock (see polling-policy.ts). */
  speed?: number;
  /** Puts a proxy between the runner and the sandbox that decides what happens to each request. */
  via?: (method: string, path: string) => ProxyAction;
  polling?: Partial<PollingPolicy>;
  credentials?: () => Promise<PayAtCounterCredentials | null>;
  /** The runner on the system clock, for tests about the real pace of its reads. */
  realTime?: boolean;
}

export async function harness({
  speed,
  via,
  polling,
  credentials,
  realTime = false,
}: HarnessOptions = {}): Promise<Harness> {
  const manual = realTime ? null : new RecordingClock(Date.now());
  // On the shared clock, pace 10 leaves the runner several reads per script step, as at the counter.
  const { sandbox, client: direct } = await sandboxWithClient({
    speed: speed ?? (manual ? 10 : 50),
    ...(manual && { clock: manual.unrecorded }),
  });
  const proxy = via ? await startCardServiceProxy(sandbox.baseUrl, via) : null;
  const client =
    proxy || credentials
      ? new PayAtCounterClient({
          baseUrl: proxy?.baseUrl ?? sandbox.baseUrl,
          credentials:
            credentials ?? (async () => ({ username: sandbox.username, password: sandbox.password })),
          timeoutMs: 5_000,
        })
      : direct;
  const temp = tempDir();
  const dbFile = join(temp.dir, 'till.db');
  const db = openPaymentsDatabase(dbFile);
  const clock: Clock = manual ?? systemClock;
  const driver = manual ? driveClock(manual, 50) : null;
  const events: PaymentEvent[] = [];
  /** Checks run on every new event; each returns true once it has what it waited for. */
  const eventWaiters = new Set<() => boolean>();
  const record = (event: PaymentEvent) => {
    events.push(event);
    for (const check of [...eventWaiters]) if (check()) eventWaiters.delete(check);
  };
  const services: PaymentService[] = [];
  const dbs: Db[] = [db];
  const build = (on: Db) => {
    const service = createPaymentService({ client, db: on, clock, polling });
    service.onEvent(record);
    services.push(service);
    return service;
  };
  const h: Harness = {
    sandbox,
    client,
    dbFile,
    db,
    events,
    delaysAsked: manual?.delaysAsked ?? [],
    service: undefined as unknown as PaymentService,
    async waitForEvent(type, where = () => true, limitMs = 15_000) {
      type Wanted = Extract<PaymentEvent, { type: typeof type }>;
      const find = () => events.find((e): e is Wanted => e.type === type && where(e as Wanted));
      let check: (() => boolean) | undefined;
      const found = new Promise<Wanted>((resolve) => {
        check = () => {
          const event = find();
          if (event) resolve(event);
          return event !== undefined;
        };
        if (!check()) eventWaiters.add(check);
      });
      try {
        return await within(
          found,
          () => `a ${type} event; saw ${events.map((e) => e.type).join(',')}`,
          limitMs,
        );
      } finally {
        eventWaiters.delete(check!);
      }
    },
    async waitForNotification(paymentId, code) {
      await h.waitForEvent(
        'progress',
        (e) => e.paymentId === paymentId && e.notifications.some((n) => n.code === code),
      );
    },
    newService() {
      const fresh = openPaymentsDatabase(dbFile);
      dbs.push(fresh);
      return build(fresh);
    },
    async cleanup() {
      for (const service of services) await service.close();
      await driver?.stop();
      for (const d of dbs) d.close();
      await proxy?.close();
      await sandbox.close();
      temp.cleanup();
    },
  };
  h.service = build(db);
  return h;
}

/** An amount in pence whose last two digits pick the sandbox script. */
export function amountFor(scriptName: string, pounds = 12): number {
  const script = SANDBOX_SCRIPTS.find((s) => s.name === scriptName);
  assert.ok(script, `script ${scriptName} is in the table`);
  return pounds * 100 + Number(script.suffix);
}

export const isStart = (method: string, path: string) => method === 'POST' && /\/transactions$/.test(path);
