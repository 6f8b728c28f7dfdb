// The pay-at-counter client against the sandbox card machine over real HTTP: every script of the
// amount table, validation, errors, receipts and reports. Over 400 lines: one test per script and
// status of the spec, kept together so the table and the tests are read side by side.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { SANDBOX_SCRIPTS, type PayAtCounterSandbox } from '../../../electron/sandbox/pay-at-counter/server';
import { closeServer, listenOnLoopback, sendJson } from '../../../electron/common/http-util';
import {
  PayAtCounterClient,
  requestNeverSent,
  type CardTransaction,
} from '../../../electron/services/payments/pay-at-counter-client';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';
import { clientFor, EUR_TERMINAL, GBP_TERMINAL, lineValues, readUntil, sandboxWithClient } from './support';

function amountFor(scriptName: string, pounds = 12): number {
  const script = SANDBOX_SCRIPTS.find((s) => s.name === scriptName);
  assert.ok(script, `script ${scriptName} is in the table`);
  return pounds * 100 + Number(script.suffix);
}

async function rejectsWith(work: Promise<unknown>, code: string): Promise<TillError> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof TillError, `expected a TillError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}`);
}

describe('pay-at-counter client against the sandbox', () => {
  // The card machine runs on a manual clock: each read is followed by its next step, no waiting.
  const clock = new ManualClock();
  let sandbox: PayAtCounterSandbox;
  let client: PayAtCounterClient;
  before(async () => {
    ({ sandbox, client } = await sandboxWithClient({ speed: 50, clock }));
  });
  after(() => sandbox.close());
  const read = (terminalId: string, id: string, until?: (t: CardTransaction) => boolean) =>
    readUntil(client, terminalId, id, until, { clock });

  async function sale(amount: number, terminalId = GBP_TERMINAL, currency = 'GBP') {
    const { transactionId } = await client.startTransaction(terminalId, {
      transactionType: 'SALE',
      amount,
      currency,
    });
    return transactionId;
  }

  test('the amount table has unique two-digit suffixes and a default', () => {
    const suffixes = SANDBOX_SCRIPTS.map((s) => s.suffix);
    assert.equal(new Set(suffixes).size, suffixes.length);
    for (const s of suffixes) assert.match(s, /^\d\d$/);
    assert.equal(SANDBOX_SCRIPTS.find((s) => s.suffix === '00')?.name, 'chip_and_pin');
  });

  test('chip and PIN: nothing but notifications until finished, then both receipt copies', async () => {
    const id = await sale(amountFor('chip_and_pin', 23));
    const pending = await read(GBP_TERMINAL, id, (t) => t.notifications.length > 0);
    assert.equal(pending.finished, false);
    assert.equal(pending.result, null);
    assert.equal(pending.amountTotal, null);
    assert.equal(pending.authCode, null);
    assert.deepEqual(pending.receipts, { MERCHANT: [], CUSTOMER: [] });
    assert.equal((await client.getTerminal(GBP_TERMINAL)).status, 'BUSY');

    const done = await read(GBP_TERMINAL, id);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.amountBase, 2300);
    assert.equal(done.amountTotal, 2300);
    assert.equal(done.paymentMethod, 'ICC');
    assert.equal(done.cardholderVerificationMethod, 'PIN');
    assert.match(done.authCode ?? '', /^\d{6}$/);
    // Newest first, like Connect.
    assert.equal(done.notifications[0], 'TRANSACTION_FINISHED');
    assert.deepEqual([...done.notifications].reverse(), [
      'PRESENT_CARD',
      'PLEASE_WAIT',
      'PIN_ENTRY',
      'CONNECTING',
      'CONNECTION_MADE',
      'APPROVED',
      'REMOVE_CARD',
      'TRANSACTION_FINISHED',
    ]);
    const merchant = lineValues(done.receipts.MERCHANT);
    const customer = lineValues(done.receipts.CUSTOMER);
    assert.ok(merchant.includes(`TID:${GBP_TERMINAL}`));
    assert.ok(merchant.includes('PLEASE DEBIT MY ACCOUNT'));
    assert.ok(merchant.some((v) => v.includes('MERCHANT COPY')));
    assert.ok(customer.includes('TID:****0001'));
    assert.ok(!customer.some((v) => v.includes(GBP_TERMINAL)));
    assert.ok(customer.some((v) => v.includes('CUSTOMER COPY')));
    assert.ok(customer.some((v) => v.startsWith('TOTAL') && v.endsWith('£23.00')));
    assert.equal((await client.getTerminal(GBP_TERMINAL)).status, 'AVAILABLE');
  });

  test('an amount whose suffix is not in the table plays chip and PIN; EUR terminal prints €', async () => {
    const id = await sale(1299, EUR_TERMINAL, 'EUR');
    const done = await read(EUR_TERMINAL, id);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.ok(done.notifications.includes('PIN_ENTRY'));
    assert.ok(lineValues(done.receipts.CUSTOMER).some((v) => v.endsWith('€12.99')));
  });

  test('contactless: no PIN, no cardholder verification', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('contactless')));
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.paymentMethod, 'CONTACTLESS');
    assert.equal(done.cardholderVerificationMethod, 'NONE');
    assert.ok(!done.notifications.includes('PIN_ENTRY'));
    assert.ok(lineValues(done.receipts.CUSTOMER).includes('NO CARDHOLDER VERIFICATION'));
  });

  test('bank decline: TRANSACTION_UNSUCCESSFUL with DECLINED and a DECLINE_BOX', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('bank_decline')));
    assert.equal(done.result, 'TRANSACTION_UNSUCCESSFUL');
    assert.ok(done.notifications.includes('DECLINED'));
    assert.ok(done.receipts.MERCHANT.some((l) => l.type === 'DECLINE_BOX'));
    assert.ok(done.receipts.CUSTOMER.some((l) => l.type === 'DECLINE_BOX'));
    assert.equal(done.authCode, null);
  });

  test('card decline: DECLINED_BY_CARD', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('card_decline')));
    assert.equal(done.result, 'TRANSACTION_UNSUCCESSFUL');
    assert.ok(done.notifications.includes('DECLINED_BY_CARD'));
    assert.ok(!done.notifications.includes('DECLINED'));
  });

  for (const accepted of [true, false]) {
    test(`signature ${accepted ? 'accepted → SUCCESSFUL' : 'declined → VOID'}; merchant copy with SIGN BELOW first`, async () => {
      const id = await sale(amountFor('signature'));
      const asking = await read(GBP_TERMINAL, id, (t) => t.notifications.includes('SIGNATURE_VERIFICATION'));
      assert.equal(asking.result, null);
      assert.ok(lineValues(asking.receipts.MERCHANT).includes('SIGN BELOW'));
      await rejectsWith(client.cancelTransaction(GBP_TERMINAL, id), 'terminal_busy');
      await client.answerSignature(GBP_TERMINAL, id, accepted);
      const done = await read(GBP_TERMINAL, id);
      assert.equal(done.result, accepted ? 'SUCCESSFUL' : 'VOID');
      assert.ok(done.notifications.includes('SIGNATURE_VERIFICATION_COMPLETED'));
      assert.equal(
        done.receipts.MERCHANT.some((l) => l.type === 'VOID_BOX'),
        !accepted,
      );
      assert.ok(lineValues(done.receipts.MERCHANT).includes('SIGN BELOW'));
      await rejectsWith(client.answerSignature(GBP_TERMINAL, id, true), 'terminal_busy');
    });
  }

  test('signature not answered within 80 s (scaled): SIGNATURE_VERIFICATION_TIMEOUT, final result, PUT → 422', async () => {
    const id = await sale(amountFor('signature'));
    const done = await read(GBP_TERMINAL, id);
    assert.ok(done.notifications.includes('SIGNATURE_VERIFICATION_TIMEOUT'));
    assert.equal(done.result, 'VOID');
    await rejectsWith(client.answerSignature(GBP_TERMINAL, id, true), 'terminal_busy');
  });

  test('cashback entered on the machine: total = base + cashback + gratuity', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('cashback')));
    assert.ok(done.notifications.includes('CASHBACK_AMOUNT_ENTRY'));
    assert.ok((done.amountCashback ?? 0) > 0);
    assert.equal(done.amountBase, amountFor('cashback'));
    assert.equal(done.amountTotal, done.amountBase! + done.amountCashback! + done.amountGratuity!);
    assert.ok(lineValues(done.receipts.CUSTOMER).some((v) => v.startsWith('CASHBACK')));
  });

  test('gratuity added on the machine: total = base + gratuity', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('gratuity')));
    assert.ok((done.amountGratuity ?? 0) > 0);
    assert.equal(done.amountTotal, done.amountBase! + done.amountCashback! + done.amountGratuity!);
    assert.ok(lineValues(done.receipts.MERCHANT).some((v) => v.startsWith('GRATUITY')));
  });

  test('cancel before the bank step: accepted, ends CANCELLED', async () => {
    const id = await sale(amountFor('slow_card'));
    await read(GBP_TERMINAL, id, (t) => t.notifications.includes('PRESENT_CARD'));
    await client.cancelTransaction(GBP_TERMINAL, id);
    const done = await read(GBP_TERMINAL, id);
    assert.equal(done.result, 'CANCELLED');
    assert.ok(!done.notifications.includes('CONNECTING'));
  });

  test('cancel after CONNECTING is refused (422) and the sale goes on', async () => {
    const id = await sale(amountFor('chip_and_pin'));
    await read(GBP_TERMINAL, id, (t) => t.notifications.includes('CONNECTING'));
    await rejectsWith(client.cancelTransaction(GBP_TERMINAL, id), 'terminal_busy');
    assert.equal((await read(GBP_TERMINAL, id)).result, 'SUCCESSFUL');
  });

  test('timeout: the bank never answers, TIMED_OUT', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('timeout')));
    assert.equal(done.result, 'TIMED_OUT');
    assert.ok(done.notifications.includes('RETRYING'));
  });

  test('offline terminal: start → not_found', async () => {
    await rejectsWith(sale(amountFor('offline_terminal')), 'not_found');
  });

  test('service error: start → service_error, nothing runs', async () => {
    await rejectsWith(sale(amountFor('service_error')), 'service_error');
    assert.equal((await client.getTerminal(GBP_TERMINAL)).status, 'AVAILABLE');
  });

  test('terminal busy script: start → terminal_busy', async () => {
    await rejectsWith(sale(amountFor('terminal_busy')), 'terminal_busy');
  });

  test('new firmware notification is kept as a string', async () => {
    const done = await read(GBP_TERMINAL, await sale(amountFor('new_notification')));
    assert.ok(done.notifications.includes('LANGUAGE_SELECTION'));
    assert.equal(done.result, 'SUCCESSFUL');
  });

  test('slow responses: a short client time limit gives timeout, a normal one gets through', async () => {
    // Time stands still: the slow answer cannot arrive within the impatient client's 50 ms.
    const slowSandbox = await sandboxWithClient({ speed: 10, clock: new ManualClock() });
    try {
      const impatient = clientFor(slowSandbox.sandbox, 50);
      await rejectsWith(
        impatient.startTransaction(GBP_TERMINAL, {
          transactionType: 'SALE',
          amount: amountFor('slow_responses'),
          currency: 'GBP',
        }),
        'timeout',
      );
      // The start was processed although its answer was late: the machine is busy with it.
      assert.equal((await slowSandbox.client.getTerminal(GBP_TERMINAL)).status, 'BUSY');
      assert.equal(slowSandbox.sandbox.stats().startRequests, 1);
    } finally {
      await slowSandbox.sandbox.close();
    }
  });

  test('a start on a busy terminal → terminal_busy; the running one is not disturbed', async () => {
    const id = await sale(amountFor('chip_and_pin'));
    await rejectsWith(sale(amountFor('contactless')), 'terminal_busy');
    assert.equal((await read(GBP_TERMINAL, id)).result, 'SUCCESSFUL');
  });

  test('invalid starts are rejected (400) and unknown terminals are not_found (404)', async () => {
    const bad: Array<Record<string, unknown>> = [
      { transactionType: 'SALE', currency: 'GBP' },
      { transactionType: 'SALE', amount: 12.5, currency: 'GBP' },
      { transactionType: 'SALE', amount: 0, currency: 'GBP' },
      { transactionType: 'SALE', amount: 100_000_000, currency: 'GBP' },
      { transactionType: 'SALE', amount: 1000, currency: 'EUR' },
      { transactionType: 'AUTHORISE', amount: 1000, currency: 'GBP' },
    ];
    for (const input of bad) {
      await rejectsWith(client.startTransaction(GBP_TERMINAL, input as never), 'rejected');
    }
    await rejectsWith(
      client.startTransaction('99999999', { transactionType: 'SALE', amount: 1000, currency: 'GBP' }),
      'not_found',
    );
    await rejectsWith(client.getTransaction(GBP_TERMINAL, 'no-such-id'), 'not_found');
    // The boundaries themselves are accepted.
    for (const amount of [1, 99_999_999]) {
      const id = await sale(amount);
      await client.cancelTransaction(GBP_TERMINAL, id).catch(() => undefined);
      await read(GBP_TERMINAL, id);
    }
  });

  test('refund: simple approved flow, REFUND on the slip', async () => {
    const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
      transactionType: 'REFUND',
      amount: 450,
      currency: 'GBP',
    });
    const done = await read(GBP_TERMINAL, transactionId);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.transactionType, 'REFUND');
    assert.ok(lineValues(done.receipts.MERCHANT).includes('REFUND'));
  });

  test('DUPLICATE (type and endpoint 4) reprints the last transaction’s receipt', async () => {
    const original = await read(EUR_TERMINAL, await sale(2306, EUR_TERMINAL, 'EUR'));
    for (const start of [
      () => client.startTransaction(EUR_TERMINAL, { transactionType: 'DUPLICATE' }),
      () => client.startDuplicate(EUR_TERMINAL),
    ]) {
      const { transactionId } = await start();
      const dup = await read(EUR_TERMINAL, transactionId);
      assert.equal(dup.result, 'SUCCESSFUL');
      assert.equal(dup.amountTotal, original.amountTotal);
      assert.equal(dup.authCode, original.authCode);
      assert.equal(dup.receipts.CUSTOMER[0]?.value.trim(), 'DUPLICATE');
      assert.deepEqual(dup.receipts.CUSTOMER.slice(1), original.receipts.CUSTOMER);
    }
  });

  test('bad credentials → bad_credentials; a second instance is independent', async () => {
    const other = await sandboxWithClient({ username: 'live-user', password: 'live-secret', clock });
    try {
      const crossed = new PayAtCounterClient({
        baseUrl: other.sandbox.baseUrl,
        credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
      });
      await rejectsWith(crossed.listTerminals(), 'bad_credentials');
      const id = await other.client.startTransaction(GBP_TERMINAL, {
        transactionType: 'SALE',
        amount: 2301,
        currency: 'GBP',
      });
      // The first instance's terminal is untouched by the second's sale.
      assert.equal((await client.getTerminal(GBP_TERMINAL)).status, 'AVAILABLE');
      await readUntil(other.client, GBP_TERMINAL, id.transactionId, undefined, { clock });
    } finally {
      await other.sandbox.close();
    }
  });
});

describe('reports add up what the sandbox really ran', () => {
  test('X_BAL, Z_BAL (reset), BANKING and END_OF_DAY', async () => {
    const clock = new ManualClock();
    const { sandbox, client } = await sandboxWithClient({ speed: 50, clock });
    try {
      async function run(type: 'SALE' | 'REFUND', amount: number) {
        const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
          transactionType: type,
          amount,
          currency: 'GBP',
        });
        return readUntil(client, GBP_TERMINAL, transactionId, undefined, { clock });
      }
      async function report(type: 'X_BAL' | 'Z_BAL' | 'BANKING' | 'END_OF_DAY') {
        const { reportId } = await client.startReport(GBP_TERMINAL, type);
        assert.equal((await client.getTerminal(GBP_TERMINAL)).status, 'BUSY');
        await rejectsWith(
          client.startTransaction(GBP_TERMINAL, { transactionType: 'SALE', amount: 100, currency: 'GBP' }),
          'terminal_busy',
        );
        for (;;) {
          const r = await client.getReport(GBP_TERMINAL, reportId);
          if (r.finished) return r;
          await clock.advanceToNextTimer();
        }
      }
      const sales = [
        await run('SALE', 1000),
        await run('SALE', 2005),
        await run('SALE', 3006),
        await run('SALE', 502),
      ];
      const refund = await run('REFUND', 300);
      const paid = sales.filter((s) => s.result === 'SUCCESSFUL');
      assert.equal(paid.length, 3);
      const salesTotal = paid.reduce((sum, s) => sum + s.amountTotal!, 0);

      const x = await report('X_BAL');
      assert.equal(x.result, 'COMPLETE');
      assert.ok(x.notifications.includes('REPORT_STARTED') && x.notifications.includes('REPORT_FINISHED'));
      assert.equal(x.banking, null);
      assert.equal(x.balances?.salesCount, 3);
      assert.equal(x.balances?.salesAmount, salesTotal);
      assert.equal(x.balances?.refundsCount, 1);
      assert.equal(x.balances?.refundsAmount, refund.amountTotal);
      assert.equal(x.balances?.totalAmount, salesTotal - refund.amountTotal!);
      assert.equal(
        x.balances?.cashbackAmount,
        paid.reduce((sum, s) => sum + s.amountCashback!, 0),
      );
      assert.equal(x.balances?.gratuityCount, 1);
      assert.ok(x.receiptLines.length > 0);

      const again = await report('X_BAL');
      assert.equal(again.balances?.salesAmount, salesTotal, 'X does not reset');
      const z = await report('Z_BAL');
      assert.equal(z.balances?.salesAmount, salesTotal);
      const afterZ = await report('X_BAL');
      assert.equal(afterZ.balances?.salesCount, 0, 'Z resets the balance session');

      const banking = await report('BANKING');
      assert.equal(banking.balances, null);
      const block = Object.values(banking.banking ?? {})[0];
      assert.ok(block);
      assert.equal(block.currentTotals?.salesAmount, salesTotal);
      assert.equal(block.currentTotals?.refundsCount, 1);
      assert.equal(block.currentTransactionNumbers.length, 2);

      await run('SALE', 700);
      const eod = await report('END_OF_DAY');
      const eodBlock = Object.values(eod.banking ?? {})[0]!;
      assert.equal(eodBlock.currentTotals?.salesAmount, 700);
      assert.equal(eodBlock.previousTotals?.salesAmount, salesTotal);
      assert.equal(eod.balances?.salesAmount, 700);
      const afterEod = await report('X_BAL');
      assert.equal(afterEod.balances?.salesCount, 0);
      await rejectsWith(client.startReport(GBP_TERMINAL, 'WEEKLY' as never), 'rejected');
      assert.ok(sandbox.stats().apiRequests > 0);
    } finally {
      await sandbox.close();
    }
  });
});

describe('limits, lost answers and odd answers', () => {
  test('rateLimit → rate_limited with retryAfterMs from Retry-After', async () => {
    const { sandbox, client } = await sandboxWithClient({ rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      await client.listTerminals();
      await client.listTerminals();
      const error = await rejectsWith(client.listTerminals(), 'rate_limited');
      assert.ok(
        error.retryAfterMs !== undefined && error.retryAfterMs >= 1000 && error.retryAfterMs <= 60_000,
      );
    } finally {
      await sandbox.close();
    }
  });

  test('a dropped start answer: the client sees a network failure, the sandbox ran the start once', async () => {
    const { sandbox, client } = await sandboxWithClient();
    try {
      const control = await fetch(`${sandbox.url}/sandbox/control`, {
        method: 'POST',
        body: JSON.stringify({ dropNextStartResponse: true }),
      });
      assert.equal(control.status, 200);
      await rejectsWith(
        client.startTransaction(GBP_TERMINAL, { transactionType: 'SALE', amount: 1000, currency: 'GBP' }),
        'unreachable',
      );
      assert.equal(sandbox.stats().startRequests, 1);
      assert.equal((await client.getTerminal(GBP_TERMINAL)).status, 'BUSY');
    } finally {
      await sandbox.close();
    }
  });

  test('undocumented results are kept; a missing wrapper is malformed_response', async () => {
    let answer: unknown = {};
    const server = createServer((_req, res) => sendJson(res, 200, answer));
    const port = await listenOnLoopback(server);
    try {
      const client = new PayAtCounterClient({
        baseUrl: `http://127.0.0.1:${port}`,
        credentials: async () => ({ username: 'u', password: 'p' }),
      });
      answer = {
        result: {
          id: 'tx-1',
          transaction_result: 'PARTIALLY_APPROVED',
          device_notifications: ['TRANSACTION_FINISHED', 'HOLOGRAM_CHECK'],
          amount_total: '',
        },
      };
      const record = await client.getTransaction(GBP_TERMINAL, 'tx-1');
      assert.equal(record.result, 'PARTIALLY_APPROVED');
      assert.ok(record.notifications.includes('HOLOGRAM_CHECK'));
      assert.equal(record.finished, true);
      assert.equal(record.amountTotal, null);
      answer = { id: 'tx-1' };
      await rejectsWith(client.getTransaction(GBP_TERMINAL, 'tx-1'), 'malformed_response');
      answer = { result: { id: 'tx-1', amount_total: 12.5 } };
      await rejectsWith(client.getTransaction(GBP_TERMINAL, 'tx-1'), 'malformed_response');
    } finally {
      await closeServer(server);
    }
  });

  test('legacy cancel answers 204 and is understood', async () => {
    const { sandbox, client } = await sandboxWithClient({ legacyCancel: true });
    try {
      const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
        transactionType: 'SALE',
        amount: 1007,
        currency: 'GBP',
      });
      await client.cancelTransaction(GBP_TERMINAL, transactionId);
      assert.equal((await readUntil(client, GBP_TERMINAL, transactionId)).result, 'CANCELLED');
    } finally {
      await sandbox.close();
    }
  });

  test('errors before the request leaves the till (credentials, address) are "never sent"; a lost answer is not', async () => {
    const { sandbox } = await sandboxWithClient();
    try {
      const start = (client: PayAtCounterClient) =>
        client.startTransaction(GBP_TERMINAL, { transactionType: 'SALE', amount: 1000, currency: 'GBP' });
      const keychainLocked = new PayAtCounterClient({
        baseUrl: sandbox.baseUrl,
        credentials: async () => {
          throw new TillError('storage', 'The keychain is locked.');
        },
      });
      const brokenStore = new PayAtCounterClient({
        baseUrl: sandbox.baseUrl,
        credentials: async () => {
          throw new Error('secret service not running');
        },
      });
      const badAddress = new PayAtCounterClient({
        baseUrl: 'http://exa mple:notaport',
        credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
      });
      const nothingSaved = new PayAtCounterClient({
        baseUrl: sandbox.baseUrl,
        credentials: async () => null,
      });
      const expected: Array<[PayAtCounterClient, string]> = [
        [keychainLocked, 'storage'],
        [brokenStore, 'internal'],
        [badAddress, 'not_configured'],
        [nothingSaved, 'not_configured'],
      ];
      for (const [client, code] of expected) {
        const error = await rejectsWith(start(client), code);
        assert.equal(requestNeverSent(error), true, `${code}: ${error.message}`);
      }
      assert.equal(sandbox.stats().apiRequests, 0, 'nothing reached the card service');

      sandbox.control({ dropNextStartResponse: true });
      const lost = await rejectsWith(start(clientFor(sandbox)), 'unreachable');
      assert.equal(requestNeverSent(lost), false);
      assert.equal(sandbox.stats().startRequests, 1);
    } finally {
      await sandbox.close();
    }
  });

  test('connection refused is reported as unreachable', async () => {
    const server = createServer();
    const port = await listenOnLoopback(server);
    await closeServer(server);
    const client = new PayAtCounterClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: async () => ({ username: 'u', password: 'p' }),
    });
    await rejectsWith(client.listTerminals(), 'unreachable');
  });
});
