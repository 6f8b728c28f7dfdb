// The transaction runner against the sandbox card machine and a real SQLite file: the paths
// where the card machine answers (sale, cancel, signature, refund, report, resume, events).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { JOURNAL_MIGRATIONS, PaymentJournal } from '../../../electron/services/payments/journal';
import { newNotificationsInOrder } from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import { harness, rejectsWith, type Harness } from './runner-harness';
import {
  assertSaleGoesThrough,
  delay,
  EUR_TERMINAL,
  GBP_TERMINAL,
  gbpSale,
  lineValues,
  settledWithin,
} from './support';

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
    assert.equal(payment.notifications.find((n) => n.code === 'PIN_ENTRY')?.text, 'Customer: enter the PIN');
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
    await settledWithin(h.service, first.id);
    const eur = settled.find((s) => s.status === 'fulfilled') as PromiseFulfilledResult<{ id: string }>;
    assert.equal((await settledWithin(h.service, eur.value.id)).result, 'SUCCESSFUL');
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

  test('refused start (offline terminal): failed_to_start, error thrown, terminal free again', async () => {
    await rejectsWith(h.service.startSale(gbpSale('o1', 1009)), 'not_found');
    const [row] = h.service.listPayments({ limit: 1 });
    assert.equal(row?.state, 'failed_to_start');
    const ok = await h.service.startSale(gbpSale('o2', 1001));
    assert.equal((await settledWithin(h.service, ok.id)).result, 'SUCCESSFUL');
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
    const done = await settledWithin(second, p.id);
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
    await settledWithin(h.service, sale.id);
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
    const done = await settledWithin(h.service, refund.id);
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
    await settledWithin(h.service, p.id);
    const report = await h.service.runReport(EUR_TERMINAL, 'X_BAL');
    assert.equal(report.result, 'COMPLETE');
    assert.equal(report.balances?.salesAmount, 4200);
    assert.equal(report.balances?.salesCount, 1);
  });
});

describe('the real pace of reads', () => {
  test('polling never reads one transaction faster than every 100 ms, and stops when finished', async () => {
    const h = await harness({ realTime: true });
    try {
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
    const h = await harness({ speed: 100 });
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
