// The transaction runner when the outcome is not clear: start answers that prove nothing, a
// transaction the card service stops knowing, lost duplicates, and starts that never left.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import type { PayAtCounterCredentials } from '../../../electron/services/payments/pay-at-counter-client';
import { TillError } from '../../../shared/contract/errors';
import { amountFor, harness, isStart, rejectsWith } from './runner-harness';
import { assertSaleGoesThrough, GBP_TERMINAL, gbpSale, settledWithin, waitUntil } from './support';

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
      const settled = await settledWithin(second, row.id);
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
      await waitUntil(() => notFoundAnswers >= 6, 'six reads answered 404 by the proxy');
      assert.ok(['started', 'pending'].includes(h.service.getPayment(p.id)!.state));
      assert.equal(h.events.filter((e) => e.type === 'unknown').length, 0);
      // The service knows it again: reading goes on to the real outcome.
      lostId = null;
      await h.service.cancel(p.id);
      assert.equal((await settledWithin(h.service, p.id)).result, 'CANCELLED');
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
      await settledWithin(h.service, sale.id);
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
      await waitUntil(
        async () => (await h.client.getTerminal(GBP_TERMINAL)).status === 'AVAILABLE',
        'the GBP card machine to be free after the reprint',
      );
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
