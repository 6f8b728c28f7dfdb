// The card service client's outbound limits against a hostile card service (the sandbox's
// hostile switches, real HTTP on loopback): a 150 MB answer is abandoned at the size cap, a
// receipt of thousands of lines or one endless line is refused, a body that drips a byte at a
// time is cut at the time limit. A refused answer to a start leaves the payment unknown (never
// resent); to a read, it is a problem the runner reads past once the service answers honestly.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_OUTBOUND_LIMITS, OutboundLimitFault } from '../../../electron/services/common/bounded-fetch';
import { PayAtCounterClient } from '../../../electron/services/payments/pay-at-counter-client';
import { RECEIPT_LIMITS } from '../../../electron/services/payments/pay-at-counter-records';
import { TillError } from '../../../shared/contract/errors';
import { hostile } from '../../support/hostile-card-service';
import { ManualClock } from '../../support/manual-clock';
import { harness } from './runner-harness';
import {
  GBP_TERMINAL,
  gbpSale,
  readUntil,
  sandboxWithClient,
  settledWithin,
  waitUntil,
  within,
} from './support';

const CAP = DEFAULT_OUTBOUND_LIMITS.maxBodyBytes;

/** The TillError `work` rejects with, failing the test if it resolves or throws anything else. */
async function tillErrorOf(work: Promise<unknown>): Promise<TillError> {
  try {
    await within(work, 'the card service client to give up on a hostile answer');
  } catch (error) {
    assert.ok(error instanceof TillError, `a TillError, got ${String(error)}`);
    return error;
  }
  return assert.fail('the hostile answer was accepted');
}

/** Staff words say what happened and what to do: no numbers, paths or error class names. */
function assertStaffWords(error: TillError): void {
  assert.doesNotMatch(error.message, /\d|\/|Error|undefined/, error.message);
  assert.match(error.message, /card service/);
}

describe('answers far larger than any real one', () => {
  test('a 150 MB answer to a read: reading stops at the 1 MiB cap; the next honest read goes through', async (t) => {
    const { sandbox, client } = await sandboxWithClient();
    try {
      const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
        transactionType: 'SALE',
        amount: 1000,
        currency: 'GBP',
      });
      await hostile(sandbox, { on: 'read', answer: 'huge_body', bytes: 150 * 1024 * 1024, count: 1 });
      const rssBefore = process.memoryUsage().rss;
      const error = await tillErrorOf(client.getTransaction(GBP_TERMINAL, transactionId));
      const rssGrowth = process.memoryUsage().rss - rssBefore;
      assert.equal(error.code, 'malformed_response');
      assertStaffWords(error);
      const fault = error.cause as OutboundLimitFault;
      assert.ok(fault instanceof OutboundLimitFault && fault.kind === 'too_large');
      assert.ok(
        fault.bytesRead > CAP && fault.bytesRead <= CAP + 256 * 1024,
        `read ${fault.bytesRead} bytes`,
      );
      await waitUntil(async () => (await hostile(sandbox)).lastCutShort, 'the till to hang up', 5_000);
      const sent = await hostile(sandbox);
      assert.ok(
        sent.lastBodyBytesSent < 32 * 1024 * 1024,
        `the sandbox got ${sent.lastBodyBytesSent} bytes out`,
      );
      assert.ok(rssGrowth < 64 * 1024 * 1024, `RSS grew by ${rssGrowth} bytes`);
      t.diagnostic(
        `150 MB answer: client read ${fault.bytesRead} bytes, sandbox sent ${sent.lastBodyBytesSent}, RSS +${Math.round(rssGrowth / 1024 / 1024)} MB`,
      );
      const honest = await readUntil(client, GBP_TERMINAL, transactionId);
      assert.equal(honest.result, 'SUCCESSFUL');
      assert.equal(honest.amountTotal, 1000);
    } finally {
      await sandbox.close();
    }
  });

  test('a list of card machines far larger than any real one is refused in words; the next list goes through', async () => {
    const { sandbox, client } = await sandboxWithClient();
    try {
      await hostile(sandbox, { on: 'list', answer: 'huge_body', bytes: 4 * 1024 * 1024, count: 1 });
      const error = await tillErrorOf(client.listTerminals({ currency: 'GBP' }));
      assert.equal(error.code, 'malformed_response');
      assert.deepEqual(error.words, { key: 'cardService.tooLarge' });
      assertStaffWords(error);
      assert.deepEqual(
        (await client.listTerminals({ currency: 'GBP' })).map((t) => t.terminal_id),
        [GBP_TERMINAL],
      );
    } finally {
      await sandbox.close();
    }
  });

  test('a huge answer to a start is an unknown outcome: the start is never sent again', async () => {
    const h = await harness();
    try {
      await hostile(h.sandbox, { on: 'start', answer: 'huge_body', bytes: 150 * 1024 * 1024, count: 1 });
      const payment = await h.service.startSale(gbpSale('huge-start', 1000));
      assert.equal(payment.state, 'unknown');
      assert.equal(payment.successful, false);
      assert.match(payment.problem ?? '', /far larger than any real one/);
      await h.waitForEvent('unknown', (e) => e.paymentId === payment.id && e.terminalStatus === 'AVAILABLE');
      assert.equal(h.sandbox.stats().startRequests, 1, 'the start went out once');
      assert.equal(h.service.getPayment(payment.id)!.state, 'unknown', 'the cashier decides, not the till');
    } finally {
      await h.cleanup();
    }
  });
});

describe('receipts no card slip could have', () => {
  for (const [name, answer] of [
    ['10,000 receipt lines', { on: 'read', answer: 'many_receipt_lines', lines: 10_000 }],
    ['a 10,000-character line', { on: 'read', answer: 'long_receipt_line', chars: 10_000 }],
  ] as const) {
    test(`${name} in a read are refused in words; once the service answers honestly the sale is paid its amount`, async () => {
      const logged: string[] = [];
      const { sandbox } = await sandboxWithClient();
      const client = new PayAtCounterClient({
        baseUrl: sandbox.baseUrl,
        credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
        log: { info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) },
      });
      try {
        const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
          transactionType: 'SALE',
          amount: 1234,
          currency: 'GBP',
        });
        await hostile(sandbox, answer);
        const error = await tillErrorOf(
          readUntil(
            client,
            GBP_TERMINAL,
            transactionId,
            (t) => t.finished && t.receipts.CUSTOMER.length > 200,
          ),
        );
        assert.equal(error.code, 'malformed_response');
        assertStaffWords(error);
        assert.match(logged.join('\n'), /CUSTOMER copy has (10000 lines|a line of 10000 characters)/);
        await hostile(sandbox, null);
        const honest = await readUntil(client, GBP_TERMINAL, transactionId);
        assert.equal(honest.result, 'SUCCESSFUL');
        assert.equal(honest.amountTotal, 1234);
        assert.ok(honest.receipts.CUSTOMER.length <= RECEIPT_LIMITS.maxLinesPerCopy);
      } finally {
        await sandbox.close();
      }
    });
  }

  test('the runner reads past endless receipt answers and books the honest record, once', async () => {
    const h = await harness();
    try {
      await hostile(h.sandbox, { on: 'read', answer: 'many_receipt_lines', lines: 5_000 });
      const payment = await h.service.startSale(gbpSale('endless', 1000));
      await waitUntil(
        () => /card slip far longer/.test(h.service.getPayment(payment.id)?.problem ?? ''),
        'the payment to show the refused receipt as its problem',
      );
      assert.equal(h.service.getPayment(payment.id)!.state, 'started', 'still running, not booked');
      await hostile(h.sandbox, null);
      const done = await settledWithin(h.service, payment.id);
      assert.equal(done.state, 'finished');
      assert.equal(done.successful, true);
      assert.equal(done.amounts?.total, 1000);
      assert.equal(done.problem, null);
      assert.ok(done.receipts!.CUSTOMER.length <= RECEIPT_LIMITS.maxLinesPerCopy);
      assert.equal(h.sandbox.stats().startRequests, 1);
    } finally {
      await h.cleanup();
    }
  });
});

describe('answers that never finish', () => {
  test('a body that drips a byte a second is cut at the total time limit (manual clock)', async () => {
    const clock = new ManualClock();
    const { sandbox } = await sandboxWithClient({ clock, speed: 1 });
    const client = new PayAtCounterClient({
      baseUrl: sandbox.baseUrl,
      credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
      clock,
      limits: { headersMs: 5_000, totalMs: 15_000 },
    });
    try {
      const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
        transactionType: 'SALE',
        amount: 1000,
        currency: 'GBP',
      });
      await hostile(sandbox, { on: 'read', answer: 'slow_drip', everyMs: 1_000 });
      const read = tillErrorOf(client.getTransaction(GBP_TERMINAL, transactionId));
      await waitUntil(async () => (await hostile(sandbox)).answers === 1, 'the drip to begin');
      for (let second = 0; second < 14; second++) await clock.advance(1_000);
      await waitUntil(async () => (await hostile(sandbox)).lastBodyBytesSent >= 10, 'ten drops');
      const before = await Promise.race([read.then(() => 'ended'), Promise.resolve('still reading')]);
      assert.equal(before, 'still reading', 'within the limit the read waits');
      await clock.advance(1_000);
      const error = await read;
      assert.equal(error.code, 'timeout');
      assertStaffWords(error);
      const fault = error.cause as OutboundLimitFault;
      assert.equal(fault.kind, 'not_finished_in_time');
      assert.ok(fault.bytesRead < 100, `read ${fault.bytesRead} bytes`);
      await waitUntil(async () => (await hostile(sandbox)).lastCutShort, 'the till to hang up the drip');
    } finally {
      await sandbox.close();
    }
  });

  test('a start whose answer headers never come is cut at the headers limit and stays unknown', async () => {
    const clock = new ManualClock();
    const { sandbox } = await sandboxWithClient({ clock, speed: 1 });
    const client = new PayAtCounterClient({
      baseUrl: sandbox.baseUrl,
      credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
      clock,
      limits: { headersMs: 5_000, totalMs: 15_000 },
    });
    try {
      sandbox.control({ delayNextStartResponseMs: 60_000 });
      const start = tillErrorOf(
        client.startTransaction(GBP_TERMINAL, { transactionType: 'SALE', amount: 1000, currency: 'GBP' }),
      );
      await waitUntil(() => sandbox.stats().startRequests === 1, 'the start to reach the sandbox');
      await clock.advance(5_000);
      const error = await start;
      assert.equal(error.code, 'timeout');
      assert.equal((error.cause as OutboundLimitFault).kind, 'no_headers_in_time');
    } finally {
      await sandbox.close();
    }
  });
});
