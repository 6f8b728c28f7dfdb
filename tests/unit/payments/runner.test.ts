// The transaction runner against the sandbox card machine and a real SQLite file.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { SANDBOX_SCRIPTS, type PayAtCounterSandbox } from '../../../electron/sandbox/pay-at-counter/server';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { JOURNAL_MIGRATIONS, PaymentJournal } from '../../../electron/services/payments/journal';
import {
  PayAtCounterClient,
  type PayAtCounterCredentials,
} from '../../../electron/services/payments/pay-at-counter-client';
import {
  createPaymentService,
  describeNotification,
  newNotificationsInOrder,
  type PaymentEvent,
  type PaymentService,
  type PollingPolicy,
  type Timers,
} from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import {
  assertSaleGoesThrough,
  delay,
  EUR_TERMINAL,
  GBP_TERMINAL,
  gbpSale,
  lineValues,
  sandboxWithClient,
  startCardServiceProxy,
  tempDir,
  type ProxyAction,
} from './support';

async function rejectsWith(work: Promise<unknown> | (() => unknown), code: string): Promise<void> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    assert.ok(error instanceof TillError, String(error));
    assert.equal(error.code, code, error.message);
    return;
  }
  assert.fail(`expected ${code}`);
}

interface Harness {
  sandbox: PayAtCounterSandbox;
  client: PayAtCounterClient;
  dbFile: string;
  db: Db;
  service: PaymentService;
  events: PaymentEvent[];
  /** Delays the runner asked its timers for. */
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
  speed?: number;
  /** Puts a proxy between the runner and the sandbox that decides what happens to each request. */
  via?: (method: string, path: string) => ProxyAction;
  polling?: Partial<PollingPolicy>;
  credentials?: () => Promise<PayAtCounterCredentials | null>;
}

async function harness({ speed = 50, via, polling, credentials }: HarnessOptions = {}): Promise<Harness> {
  const { sandbox, client: direct } = await sandboxWithClient({ speed });
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
  const db = openDatabase(dbFile);
  const events: PaymentEvent[] = [];
  const delaysAsked: number[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      delaysAsked.push(ms);
      return setTimeout(callback, ms);
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
  const services: PaymentService[] = [];
  const dbs: Db[] = [db];
  const h: Harness = {
    sandbox,
    client,
    dbFile,
    db,
    events,
    delaysAsked,
    service: undefined as unknown as PaymentService,
    async waitForEvent(type, where = () => true, limitMs = 15_000) {
      const deadline = Date.now() + limitMs;
      for (;;) {
        const found = events.find((e) => e.type === type && where(e as never));
        if (found) return found as never;
        if (Date.now() > deadline) {
          assert.fail(`no ${type} event; saw ${events.map((e) => e.type).join(',')}`);
        }
        await delay(10);
      }
    },
    async waitForNotification(paymentId, code) {
      await h.waitForEvent(
        'progress',
        (e) => e.paymentId === paymentId && e.notifications.some((n) => n.code === code),
      );
    },
    newService() {
      const fresh = openDatabase(dbFile);
      dbs.push(fresh);
      const service = createPaymentService({ client, db: fresh, timers, polling });
      service.onEvent((event) => events.push(event));
      services.push(service);
      return service;
    },
    async cleanup() {
      for (const service of services) await service.close();
      for (const d of dbs) d.close();
      await proxy?.close();
      await sandbox.close();
      temp.cleanup();
    },
  };
  h.service = createPaymentService({ client, db, timers, polling });
  h.service.onEvent((event) => events.push(event));
  services.push(h.service);
  return h;
}

describe('transaction runner', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.cleanup());

  test('a chip and PIN sale: intent → start → poll → finish → journal, notifications in arrival order', async () => {
    const started = await h.service.startSale(gbpSale('sale-1', 2300));
    assert.equal(started.state, 'started');
    assert.ok(started.transactionId);
    const finished = await h.waitForEvent('finished', (e) => e.paymentId === started.id);
    assert.equal(finished.result, 'SUCCESSFUL');
    assert.equal(finished.successful, true);
    assert.equal(finished.amounts.total, 2300);
    assert.ok(lineValues(finished.receipts.MERCHANT).includes('PLEASE DEBIT MY ACCOUNT'));

    const payment = h.service.getPayment(started.id)!;
    assert.equal(payment.state, 'finished');
    assert.equal(payment.saleId, 'sale-1');
    assert.equal(payment.successful, true);
    const machineOrder = h.sandbox.timeline(started.transactionId!).map((n) => n.code);
    assert.deepEqual(
      payment.notifications.map((n) => n.code),
      machineOrder,
    );
    assert.equal(
      payment.notifications.find((n) => n.code === 'PIN_ENTRY')?.text,
      describeNotification('PIN_ENTRY'),
    );
    const progress = h.events.filter((e) => e.type === 'progress' && e.paymentId === started.id);
    const states = progress.map((e) => (e as { state: string }).state);
    assert.ok(states.includes('starting') && states.includes('started') && states.includes('pending'));
    assert.equal(h.sandbox.stats().startRequests, 1);
    // The saved record is the machine's own.
    const row = new PaymentJournal(h.db).get(started.id)!;
    assert.equal(row.record?.id, started.transactionId);
    assert.equal(row.receipts?.CUSTOMER.length, finished.receipts.CUSTOMER.length);
  });

  test('one payment at a time per terminal: the second start fails without any HTTP request', async () => {
    const first = await h.service.startSale(gbpSale('s1'));
    const before = h.sandbox.stats().startRequests;
    await rejectsWith(h.service.startSale(gbpSale('s2')), 'terminal_busy');
    assert.equal(h.sandbox.stats().startRequests, before);
    // Two starts issued in the same tick: still only one goes out.
    const other = [
      h.service.startSale({ saleId: 's3', terminalId: EUR_TERMINAL, amount: 1000, currency: 'EUR' }),
      h.service.startSale({ saleId: 's4', terminalId: EUR_TERMINAL, amount: 1000, currency: 'EUR' }),
    ];
    const settled = await Promise.allSettled(other);
    assert.equal(settled.filter((s) => s.status === 'fulfilled').length, 1);
    assert.equal(h.sandbox.stats().startRequests, before + 1);
    await h.service.settled(first.id);
    const eur = settled.find((s) => s.status === 'fulfilled') as PromiseFulfilledResult<{ id: string }>;
    assert.equal((await h.service.settled(eur.value.id)).result, 'SUCCESSFUL');
    await rejectsWith(h.service.startSale(gbpSale('s5', 0)), 'invalid_input');
  });

  test('cancel before the bank step: CANCELLED, not paid', async () => {
    const p = await h.service.startSale(gbpSale('c1', 1007));
    await h.waitForNotification(p.id, 'PRESENT_CARD');
    assert.deepEqual(await h.service.cancel(p.id), { status: 'requested' });
    const finished = await h.waitForEvent('finished', (e) => e.paymentId === p.id);
    assert.equal(finished.result, 'CANCELLED');
    assert.equal(finished.successful, false);
  });

  test('cancel refused after CONNECTING: "cancel it on the card machine", keeps waiting for the real outcome', async () => {
    const p = await h.service.startSale(gbpSale('c2'));
    await h.waitForNotification(p.id, 'CONNECTING');
    assert.deepEqual(await h.service.cancel(p.id), { status: 'refused' });
    const refused = await h.waitForEvent('cancel_refused', (e) => e.paymentId === p.id);
    assert.match(refused.message, /cancel it on the card machine/);
    assert.equal((await h.waitForEvent('finished', (e) => e.paymentId === p.id)).result, 'SUCCESSFUL');
  });

  for (const accepted of [true, false]) {
    test(`signature ${accepted ? 'accepted' : 'declined'}: merchant copy and deadline first, then the answer`, async () => {
      const p = await h.service.startSale(gbpSale('sig', 1204));
      const ask = await h.waitForEvent('signature_required', (e) => e.paymentId === p.id);
      assert.ok(lineValues(ask.merchantReceipt).includes('SIGN BELOW'));
      const seen = h.service
        .getPayment(p.id)!
        .notifications.find((n) => n.code === 'SIGNATURE_VERIFICATION')!;
      assert.equal(ask.deadline, seen.seenAt + 80_000);
      // A reloaded screen finds the same request in the payment itself.
      const waiting = h.service.getPayment(p.id)!;
      assert.deepEqual(waiting.awaitingSignature, { deadline: ask.deadline });
      assert.ok(lineValues(waiting.receipts!.MERCHANT).includes('SIGN BELOW'));
      await h.service.answerSignature(p.id, accepted);
      const finished = await h.waitForEvent('finished', (e) => e.paymentId === p.id);
      assert.equal(finished.result, accepted ? 'SUCCESSFUL' : 'VOID');
      assert.equal(finished.successful, accepted);
      assert.equal(
        finished.receipts.MERCHANT.some((l) => l.type === 'VOID_BOX'),
        !accepted,
      );
      assert.equal(h.events.filter((e) => e.type === 'signature_required').length, 1);
      assert.equal(h.service.getPayment(p.id)!.awaitingSignature, null);
    });
  }

  test('a new undocumented notification is kept and shown as-is', async () => {
    const p = await h.service.startSale(gbpSale('n1', 1013));
    await h.waitForEvent('finished', (e) => e.paymentId === p.id);
    const kept = h.service.getPayment(p.id)!.notifications.find((n) => n.code === 'LANGUAGE_SELECTION');
    assert.deepEqual(kept && { code: kept.code, text: kept.text }, {
      code: 'LANGUAGE_SELECTION',
      text: 'LANGUAGE_SELECTION',
    });
  });

  test('429 while polling: Retry-After honoured, problem shown, then the sale completes', async () => {
    const p = await h.service.startSale(gbpSale('r1'));
    h.sandbox.control({ throttleNext: { count: 2, retryAfterSeconds: 1 } });
    const problem = await h.waitForEvent('progress', (e) => e.paymentId === p.id && e.problem !== null);
    assert.match(problem.problem!, /slow down/);
    assert.equal((await h.waitForEvent('finished', (e) => e.paymentId === p.id)).result, 'SUCCESSFUL');
    assert.equal(h.delaysAsked.filter((ms) => ms >= 1000).length, 2, 'one wait of Retry-After per 429');
    assert.equal(h.service.getPayment(p.id)!.problem, null);
  });

  test('polling never reads one transaction faster than every 100 ms, and stops when finished', async () => {
    const p = await h.service.startSale(gbpSale('q1'));
    await h.waitForEvent('finished', (e) => e.paymentId === p.id);
    const reads = h.sandbox.stats().transactionReads[p.transactionId!]!;
    assert.ok(reads.length >= 2);
    for (let i = 1; i < reads.length; i += 1)
      assert.ok(reads[i]! - reads[i - 1]! >= 95, `gap ${reads[i]! - reads[i - 1]!}`);
    await delay(400);
    assert.equal(
      h.sandbox.stats().transactionReads[p.transactionId!]!.length,
      reads.length,
      'no reads after finish',
    );
  });

  test('refused start (offline terminal): failed_to_start, error thrown, terminal free again', async () => {
    await rejectsWith(h.service.startSale(gbpSale('o1', 1009)), 'not_found');
    const [row] = h.service.listPayments({ limit: 1 });
    assert.equal(row?.state, 'failed_to_start');
    const ok = await h.service.startSale(gbpSale('o2', 1001));
    assert.equal((await h.service.settled(ok.id)).result, 'SUCCESSFUL');
  });

  test('lost start answer: unknown, never resent; terminal watched; duplicate shows it; cashier resolves', async () => {
    h.sandbox.control({ dropNextStartResponse: true });
    const p = await h.service.startSale(gbpSale('u1', 1500));
    assert.equal(p.state, 'unknown');
    assert.equal(p.transactionId, null);
    await h.waitForEvent('unknown', (e) => e.paymentId === p.id && e.terminalStatus === 'BUSY');
    await h.waitForEvent('unknown', (e) => e.paymentId === p.id && e.terminalStatus === 'AVAILABLE');
    assert.equal(h.sandbox.stats().startRequests, 1, 'exactly one start reached the card machine');
    // A new sale on that machine waits for the cashier's decision; no request goes out.
    await rejectsWith(h.service.startSale(gbpSale('u2', 1500)), 'terminal_busy');
    assert.equal(h.sandbox.stats().startRequests, 1);
    const duplicate = await h.service.requestDuplicate(GBP_TERMINAL);
    assert.equal(duplicate.result, 'SUCCESSFUL');
    assert.equal(duplicate.record?.amountTotal, 1500);
    assert.ok(lineValues(duplicate.receipts.CUSTOMER).some((v) => v.endsWith('£15.00')));
    const resolved = h.service.resolveUnknown(p.id, {
      outcome: 'paid',
      note: 'duplicate slip shows £15.00 approved',
    });
    assert.equal(resolved.successful, true);
    assert.equal(resolved.state, 'unknown');
    assert.equal(resolved.resolution?.outcome, 'paid');
    assert.throws(() => h.service.resolveUnknown(p.id, { outcome: 'not_paid', note: '' }), TillError);
    await assertSaleGoesThrough(h.service, 'u3');
  });

  test('resume after restart: a new runner on the same DB file finishes the same transaction', async () => {
    const p = await h.service.startSale(gbpSale('z1', 1007));
    await h.waitForNotification(p.id, 'PRESENT_CARD');
    await h.service.close();
    const journal = new PaymentJournal(h.db);
    assert.equal(journal.get(p.id)?.state, 'pending');
    // Rows a crash could leave: an intent never sent, and a start that may have gone out.
    const notSent = journal.recordIntent({
      terminalId: EUR_TERMINAL,
      type: 'SALE',
      amount: 100,
      currency: 'EUR',
    });
    const maybeSent = journal.recordIntent({
      terminalId: EUR_TERMINAL,
      type: 'SALE',
      amount: 200,
      currency: 'EUR',
    });
    journal.markStarting(maybeSent.id);

    const second = h.newService();
    const resumed = await second.resumeAll();
    assert.deepEqual(
      new Map(resumed.map((r) => [r.paymentId, r.state])),
      new Map([
        [p.id, 'pending'],
        [notSent.id, 'failed_to_start'],
        [maybeSent.id, 'unknown'],
      ]),
    );
    const done = await second.settled(p.id);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.transactionId, p.transactionId);
    assert.equal(h.sandbox.stats().startRequests, 1);
    // Only the unresolved unknown remains open (watched again); the finished sale is not polled again.
    assert.deepEqual(
      (await second.resumeAll()).map((r) => r.paymentId).filter((id) => id !== maybeSent.id),
      [],
    );
    assert.equal(second.getPayment(maybeSent.id)?.state, 'unknown');
  });

  test('refund against an earlier sale: REFUND record, linked to the sale', async () => {
    const sale = await h.service.startSale(gbpSale('f1', 900));
    await h.service.settled(sale.id);
    await rejectsWith(
      h.service.startRefund({
        originalPaymentId: 'nope',
        terminalId: GBP_TERMINAL,
        amount: 900,
        currency: 'GBP',
      }),
      'invalid_input',
    );
    const refund = await h.service.startRefund({
      originalPaymentId: sale.id,
      terminalId: GBP_TERMINAL,
      amount: 900,
      currency: 'GBP',
    });
    const done = await h.service.settled(refund.id);
    assert.equal(done.type, 'REFUND');
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.saleId, 'f1');
    assert.equal(done.originalPaymentId, sale.id);
    assert.ok(lineValues(done.receipts!.MERCHANT).includes('REFUND'));
  });

  test('runReport: X_BAL counts the sale the runner just took', async () => {
    const p = await h.service.startSale({
      saleId: 'x1',
      terminalId: EUR_TERMINAL,
      amount: 4200,
      currency: 'EUR',
    });
    await h.service.settled(p.id);
    const report = await h.service.runReport(EUR_TERMINAL, 'X_BAL');
    assert.equal(report.result, 'COMPLETE');
    assert.equal(report.balances?.salesAmount, 4200);
    assert.equal(report.balances?.salesCount, 1);
  });
});

/** An amount in pence whose last two digits pick the sandbox script. */
function amountFor(scriptName: string, pounds = 12): number {
  const script = SANDBOX_SCRIPTS.find((s) => s.name === scriptName);
  assert.ok(script, `script ${scriptName} is in the table`);
  return pounds * 100 + Number(script.suffix);
}

const isStart = (method: string, path: string) => method === 'POST' && /\/transactions$/.test(path);

describe('start answers that do not say whether the card machine started', () => {
  test('500 to a start (service_error script): unknown, never resent; the cashier checks and resolves it', async () => {
    const h = await harness();
    try {
      const p = await h.service.startSale(gbpSale('e1', amountFor('service_error')));
      assert.equal(p.state, 'unknown');
      assert.equal(p.transactionId, null);
      assert.match(p.problem ?? '', /500/);
      await h.waitForEvent('unknown', (e) => e.paymentId === p.id && e.terminalStatus === 'AVAILABLE');
      assert.equal(h.sandbox.stats().startRequests, 1);
      await rejectsWith(h.service.startSale(gbpSale('e2')), 'terminal_busy');
      assert.equal(h.sandbox.stats().startRequests, 1, 'never resent, nothing new sent while unresolved');
      const resolved = h.service.resolveUnknown(p.id, {
        outcome: 'not_paid',
        note: 'nothing on the card machine',
      });
      assert.equal(resolved.successful, false);
      await assertSaleGoesThrough(h.service, 'e3');
    } finally {
      await h.cleanup();
    }
  });

  test('502 from a gateway after the card machine did start: unknown, the machine is seen BUSY, never resent', async () => {
    const h = await harness({
      via: (method, path) => (isStart(method, path) ? { forwardThenAnswer: 502 } : 'forward'),
    });
    try {
      const p = await h.service.startSale(gbpSale('g1', 1500));
      assert.equal(p.state, 'unknown');
      await h.waitForEvent('unknown', (e) => e.paymentId === p.id && e.terminalStatus === 'BUSY');
      await h.waitForEvent('unknown', (e) => e.paymentId === p.id && e.terminalStatus === 'AVAILABLE');
      assert.equal(h.sandbox.stats().startRequests, 1);
      assert.equal(h.service.getPayment(p.id)!.state, 'unknown');
    } finally {
      await h.cleanup();
    }
  });

  test('only 400/401/404/422/429 refuse a start; 5xx and unexpected statuses leave it unknown', async () => {
    let startStatus = 0;
    const h = await harness({
      via: (method, path) => (isStart(method, path) ? { answer: startStatus } : 'forward'),
    });
    try {
      const outcomes: Record<number, string> = {};
      for (const status of [400, 401, 404, 422, 429, 500, 502, 503, 504, 403, 409]) {
        startStatus = status;
        let state: string;
        try {
          const p = await h.service.startSale(gbpSale(`s${status}`));
          state = p.state;
          if (p.state === 'unknown') h.service.resolveUnknown(p.id, { outcome: 'not_paid', note: 'test' });
        } catch (error) {
          assert.ok(error instanceof TillError, String(error));
          state = h.service.listPayments({ limit: 1 })[0]!.state;
        }
        outcomes[status] = state;
      }
      assert.deepEqual(outcomes, {
        400: 'failed_to_start',
        401: 'failed_to_start',
        404: 'failed_to_start',
        422: 'failed_to_start',
        429: 'failed_to_start',
        500: 'unknown',
        502: 'unknown',
        503: 'unknown',
        504: 'unknown',
        403: 'unknown',
        409: 'unknown',
      });
    } finally {
      await h.cleanup();
    }
  });
});

describe('a transaction the card service stops knowing', () => {
  const quickBackoff = { firstPollMs: 20, errorBackoffMs: 20, maxBackoffMs: 40, terminalWatchMs: 50 };
  const isReadOf = (transactionId: string | null, method: string, path: string) =>
    transactionId !== null && method === 'GET' && path.endsWith(`/transactions/${transactionId}`);

  test('endless 404s on the read: unknown with a problem, terminal freed once the cashier resolves it', async () => {
    let lostId: string | null = null;
    const h = await harness({
      via: (method, path) => (isReadOf(lostId, method, path) ? { answer: 404 } : 'forward'),
      polling: { ...quickBackoff, lostAfterNotFoundReads: 5, lostAfterNotFoundMs: 150 },
    });
    try {
      const p = await h.service.startSale(gbpSale('l1'));
      lostId = p.transactionId;
      const unknown = await h.waitForEvent('unknown', (e) => e.paymentId === p.id);
      assert.match(unknown.reason, /no longer knows this transaction: check the card machine/);
      const lost = h.service.getPayment(p.id)!;
      assert.equal(lost.state, 'unknown');
      assert.equal(lost.transactionId, p.transactionId);
      assert.match(lost.problem ?? '', /no longer knows this transaction/);
      const notFoundReads = h.sandbox.stats().transactionReads[p.transactionId!]?.length ?? 0;
      assert.equal(notFoundReads, 0, 'every read after the start was answered 404 by the proxy');
      assert.ok(
        h.events.filter(
          (e) => e.type === 'progress' && e.paymentId === p.id && /404|know/.test(e.problem ?? ''),
        ).length >= 5,
      );
      await rejectsWith(h.service.cancel(p.id), 'conflict');
      await rejectsWith(h.service.startSale(gbpSale('l2')), 'terminal_busy');
      // The terminal is watched as for any unknown outcome: the cashier sees when the machine is free.
      await h.waitForEvent('unknown', (e) => e.paymentId === p.id && e.terminalStatus === 'AVAILABLE');
      const resolved = h.service.resolveUnknown(p.id, {
        outcome: 'paid',
        note: 'machine slip says approved',
      });
      assert.equal(resolved.successful, true);
      await h.waitForEvent('resolved', (e) => e.paymentId === p.id);
      await assertSaleGoesThrough(h.service, 'l3');
      assert.equal(h.sandbox.stats().startRequests, 2, 'the lost sale was never sent again');
    } finally {
      await h.cleanup();
    }
  });

  test('after a restart: a started row whose transaction the service does not know ends unknown and resolvable', async () => {
    const h = await harness({
      polling: { ...quickBackoff, lostAfterNotFoundReads: 3, lostAfterNotFoundMs: 50 },
    });
    try {
      await h.service.close();
      const journal = new PaymentJournal(h.db);
      const row = journal.recordIntent({
        terminalId: GBP_TERMINAL,
        type: 'SALE',
        amount: 700,
        currency: 'GBP',
      });
      journal.markStarting(row.id);
      journal.markStarted(row.id, 'gone-after-a-service-reset');
      const second = h.newService();
      assert.deepEqual(await second.resumeAll(), [{ paymentId: row.id, state: 'started' }]);
      const settled = await second.settled(row.id);
      assert.equal(settled.state, 'unknown');
      assert.match(settled.problem ?? '', /no longer knows this transaction/);
      assert.equal(second.resolveUnknown(row.id, { outcome: 'not_paid', note: 'checked' }).successful, false);
      await assertSaleGoesThrough(second, 'l4');
    } finally {
      await h.cleanup();
    }
  });

  test('404s for less than the minimum time do not give up: the payment keeps being read', async () => {
    let lostId: string | null = null;
    let notFoundAnswers = 0;
    const h = await harness({
      via: (method, path) => {
        if (!isReadOf(lostId, method, path)) return 'forward';
        notFoundAnswers += 1;
        return { answer: 404 };
      },
      polling: { ...quickBackoff, lostAfterNotFoundReads: 2, lostAfterNotFoundMs: 60_000 },
    });
    try {
      const p = await h.service.startSale(gbpSale('l5', amountFor('slow_card')));
      lostId = p.transactionId;
      while (notFoundAnswers < 6) await delay(10);
      assert.ok(['started', 'pending'].includes(h.service.getPayment(p.id)!.state));
      assert.equal(h.events.filter((e) => e.type === 'unknown').length, 0);
      // The service knows it again: reading goes on to the real outcome.
      lostId = null;
      await h.service.cancel(p.id);
      assert.equal((await h.service.settled(p.id)).result, 'CANCELLED');
    } finally {
      await h.cleanup();
    }
  });
});

describe('duplicates move no money', () => {
  test('a duplicate whose answer is lost does not block the terminal, now or after a restart', async () => {
    const h = await harness();
    try {
      const sale = await h.service.startSale(gbpSale('d1'));
      await h.service.settled(sale.id);
      h.sandbox.control({ dropNextStartResponse: true });
      const lost = await h.service.requestDuplicate(GBP_TERMINAL).then(
        () => assert.fail('a reprint with no answer is reported to the cashier'),
        (error: unknown) => error,
      );
      assert.ok(lost instanceof TillError, String(lost));
      const duplicate = h.service.listPayments({ limit: 1 })[0]!;
      assert.equal(duplicate.type, 'DUPLICATE');
      assert.ok(['unknown', 'failed_to_start'].includes(duplicate.state), duplicate.state);
      assert.equal(
        h.events.filter((e) => e.type === 'unknown' && e.paymentId === duplicate.id).length,
        0,
        'no cashier decision is asked for a reprint',
      );
      // The machine still runs the reprint for a moment; once it is free a sale goes through.
      while ((await h.client.getTerminal(GBP_TERMINAL)).status !== 'AVAILABLE') await delay(20);
      await assertSaleGoesThrough(h.service, 'd2');

      // A crash while a duplicate was starting leaves it 'starting': it blocks nothing either.
      await h.service.close();
      const journal = new PaymentJournal(h.db);
      const crashed = journal.recordIntent({ terminalId: GBP_TERMINAL, type: 'DUPLICATE' });
      journal.markStarting(crashed.id);
      const second = h.newService();
      await second.resumeAll();
      assert.deepEqual(await second.resumeAll(), [], 'nothing left open for the cashier');
      await assertSaleGoesThrough(second, 'd3');
      assert.equal(
        h.events.filter((e) => e.type === 'unknown' && [duplicate.id, crashed.id].includes(e.paymentId))
          .length,
        0,
      );
    } finally {
      await h.cleanup();
    }
  });
});

describe('a start that never left the till', () => {
  test('the keychain cannot be read: failed_to_start with its message, no request, terminal not blocked', async () => {
    let keychainLocked = true;
    let sandboxCredentials: PayAtCounterCredentials | null = null;
    const h = await harness({
      credentials: async () => {
        if (keychainLocked)
          throw new TillError('storage', 'The keychain is locked: unlock it and try again.');
        return sandboxCredentials;
      },
    });
    sandboxCredentials = { username: h.sandbox.username, password: h.sandbox.password };
    try {
      await rejectsWith(h.service.startSale(gbpSale('k1')), 'storage');
      const [row] = h.service.listPayments({ limit: 1 });
      assert.equal(row?.state, 'failed_to_start');
      assert.match(row?.problem ?? '', /keychain is locked/);
      assert.equal(h.sandbox.stats().apiRequests, 0);
      assert.equal(h.events.filter((e) => e.type === 'unknown').length, 0);
      keychainLocked = false;
      await assertSaleGoesThrough(h.service, 'k2');
    } finally {
      await h.cleanup();
    }
  });
});

describe('event listeners', () => {
  test('a listener that throws is logged with the event type and payment id; the payment and other listeners go on', async (t) => {
    const logged = t.mock.method(console, 'error', () => undefined);
    const h = await harness();
    try {
      h.service.onEvent((event) => {
        if (event.type === 'finished') throw new Error('the sale screen fell over');
      });
      let laterListenerSawFinished = false;
      h.service.onEvent((event) => {
        if (event.type === 'finished') laterListenerSawFinished = true;
      });
      const p = await h.service.startSale(gbpSale('ev1'));
      await h.waitForEvent('finished', (e) => e.paymentId === p.id);
      assert.equal(h.service.getPayment(p.id)!.result, 'SUCCESSFUL');
      assert.equal(laterListenerSawFinished, true);
      const lines = logged.mock.calls.map((call) => call.arguments.map(String).join(' '));
      const about = lines.filter((line) => line.includes(p.id));
      assert.equal(about.length, 1, lines.join('\n'));
      assert.match(about[0]!, /finished/);
      assert.match(about[0]!, /the sale screen fell over/);
      assert.ok(!about[0]!.includes(h.sandbox.password), 'no secret in the log');
    } finally {
      await h.cleanup();
    }
  });
});

describe('signature timeout', () => {
  test('no answer in 80 s (scaled): final result from the record; a late answer is refused', async () => {
    const h = await harness({ speed: 400 });
    try {
      const p = await h.service.startSale(gbpSale('t1', 1204));
      await h.waitForEvent('signature_required', (e) => e.paymentId === p.id);
      const finished = await h.waitForEvent('finished', (e) => e.paymentId === p.id);
      assert.equal(finished.result, 'VOID');
      assert.ok(
        h.service.getPayment(p.id)!.notifications.some((n) => n.code === 'SIGNATURE_VERIFICATION_TIMEOUT'),
      );
      await rejectsWith(h.service.answerSignature(p.id, true), 'conflict');
    } finally {
      await h.cleanup();
    }
  });
});

describe('notification order', () => {
  test('newest-first and oldest-first lists give the same arrival order; repeats count', () => {
    assert.deepEqual(newNotificationsInOrder(['PLEASE_WAIT', 'PRESENT_CARD'], []), [
      'PRESENT_CARD',
      'PLEASE_WAIT',
    ]);
    assert.deepEqual(newNotificationsInOrder(['PRESENT_CARD', 'PLEASE_WAIT'], []), [
      'PRESENT_CARD',
      'PLEASE_WAIT',
    ]);
    assert.deepEqual(
      newNotificationsInOrder(
        ['RETRYING', 'RETRYING', 'CONNECTING', 'PRESENT_CARD'],
        ['PRESENT_CARD', 'CONNECTING', 'RETRYING'],
      ),
      ['RETRYING'],
    );
    assert.deepEqual(
      newNotificationsInOrder(
        ['PRESENT_CARD', 'CONNECTING', 'APPROVED', 'TRANSACTION_FINISHED'],
        ['PRESENT_CARD'],
      ),
      ['CONNECTING', 'APPROVED', 'TRANSACTION_FINISHED'],
    );
    assert.deepEqual(newNotificationsInOrder(['A'], ['A']), []);
  });

  test('journal migrations are prefixed journal-', () => {
    for (const m of JOURNAL_MIGRATIONS) assert.match(m.id, /^journal-/);
  });
});
