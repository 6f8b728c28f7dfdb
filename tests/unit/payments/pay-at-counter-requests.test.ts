// What the pay-at-counter client puts on the wire (paths, query, credentials, headers, bodies) and
// how it reads what comes back: the `result` wrapper, answers that are not JSON, bodies it must not
// read (cancel, signature), card slips past the limits, the injected fetch, clock and log.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { PayAtCounterClient } from '../../../electron/services/payments/pay-at-counter-client';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock, settleMicrotasks } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';
import {
  API,
  clientOf,
  keptLog,
  saleRecord,
  startWireServer,
  type WireServer,
} from './pay-at-counter-wire-server';
import { loggedDuring } from '../../support/stderr-log';

const TERMINAL = { terminal_id: '22900001', currency: 'GBP', status: 'AVAILABLE' };
const NOT_JSON = 'The card service sent an answer that is not JSON.';
const CALL_SUPPORT = 'If this keeps happening, call the card service’s support.';
const NOT_UNDERSTOOD = 'The card service sent an answer the till does not understand.';

describe('pay-at-counter client on the wire', () => {
  let wire: WireServer;
  before(async () => {
    wire = await startWireServer();
  });
  after(() => wire.close());
  beforeEach(() => {
    wire.seen.length = 0;
  });

  test('the terminal list is asked for at the API path, with only the filters given', async () => {
    wire.answer = () => ({ status: 200, body: { result: [TERMINAL] } });
    const client = clientOf(wire);
    assert.deepEqual(await client.listTerminals(), [TERMINAL]);
    await client.listTerminals({ currency: 'GBP' });
    await client.listTerminals({ status: 'AVAILABLE' });
    await client.listTerminals({ currency: 'EUR', status: 'BUSY' });
    await client.listTerminals({ currency: '', status: '' });
    assert.deepEqual(
      wire.seen.map((r) => `${r.method} ${r.url}`),
      [
        `GET ${API}/terminals`,
        `GET ${API}/terminals?currency=GBP`,
        `GET ${API}/terminals?status=AVAILABLE`,
        `GET ${API}/terminals?currency=EUR&status=BUSY`,
        `GET ${API}/terminals`,
      ],
    );
  });

  test('a base address ending in one or more slashes is joined without doubling them', async () => {
    wire.answer = () => ({ status: 200, body: { result: TERMINAL } });
    for (const baseUrl of [`${wire.baseUrl}/`, `${wire.baseUrl}//`, `${wire.baseUrl}///`]) {
      assert.deepEqual(await clientOf(wire, { baseUrl }).getTerminal('22900001'), TERMINAL);
    }
    assert.deepEqual(
      wire.seen.map((r) => r.url),
      [1, 2, 3].map(() => `${API}/terminals/22900001`),
    );
  });

  test('every request carries the saved username and password and JSON headers; a body only when there is one', async () => {
    wire.answer = (r) =>
      r.method === 'POST'
        ? { status: 201, body: { result: { transaction_id: 'tx-9' } } }
        : { status: 200, body: { result: saleRecord({ id: 'tx-9' }) } };
    const client = clientOf(wire);
    const started = await client.startTransaction('22900001', {
      transactionType: 'SALE',
      amount: 1250,
      currency: 'GBP',
    });
    assert.deepEqual(started, { transactionId: 'tx-9' });
    await client.getTransaction('22900001', 'tx-9');
    const [post, get] = wire.seen;
    assert.equal(post?.method, 'POST');
    assert.equal(post?.url, `${API}/terminals/22900001/transactions`);
    assert.deepEqual(JSON.parse(post?.body ?? ''), {
      transaction_type: 'SALE',
      amount: 1250,
      currency: 'GBP',
    });
    for (const request of [post, get]) {
      assert.equal(request?.headers.authorization, `Basic ${Buffer.from('till:secret').toString('base64')}`);
      assert.equal(request?.headers['content-type'], 'application/json');
      assert.equal(request?.headers.accept, 'application/json');
    }
    assert.equal(get?.method, 'GET');
    assert.equal(get?.url, `${API}/terminals/22900001/transactions/tx-9`);
    assert.equal(get?.body, '');
  });

  test('cancel and signature answers are not read: an empty 204 or a plain-text 200 is success', async () => {
    const client = clientOf(wire);
    wire.answer = () => ({ status: 204 });
    assert.equal(await client.cancelTransaction('22900001', 'tx-1'), undefined);
    wire.answer = () => ({ status: 200, body: 'OK' });
    assert.equal(await client.cancelTransaction('22900001', 'tx-2'), undefined);
    assert.equal(await client.answerSignature('22900001', 'tx-3', true), undefined);
    wire.answer = () => ({ status: 204 });
    assert.equal(await client.answerSignature('22900001', 'tx-4', false), undefined);
    assert.deepEqual(
      wire.seen.map((r) => `${r.method} ${r.url} ${r.body}`),
      [
        `DELETE ${API}/terminals/22900001/transactions/tx-1 `,
        `DELETE ${API}/terminals/22900001/transactions/tx-2 `,
        `PUT ${API}/terminals/22900001/transactions/tx-3/signature {"accepted":true}`,
        `PUT ${API}/terminals/22900001/transactions/tx-4/signature {"accepted":false}`,
      ],
    );
  });

  test('an answer that is not JSON is malformed_response, in words staff can read', async () => {
    wire.answer = () => ({ status: 200, body: '<html>gateway</html>' });
    const error = await clientOf(wire)
      .getTerminal('22900001')
      .then(
        () => assert.fail('expected a refusal'),
        (e: unknown) => e,
      );
    assert.ok(error instanceof TillError, String(error));
    assert.deepEqual(error.toShape(), { code: 'malformed_response', message: NOT_JSON });
    assert.ok(error.cause instanceof SyntaxError, 'the parser’s error is kept as the cause');
  });

  test('an answer without the result wrapper is malformed; the log names the path without its query', async () => {
    const log = keptLog();
    const client = clientOf(wire, { log });
    wire.answer = () => ({ status: 200, body: { terminals: [TERMINAL] } });
    const refusal = await refusalOf(client.listTerminals({ currency: 'GBP' }));
    assert.deepEqual(refusal, { code: 'malformed_response', message: NOT_UNDERSTOOD });
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0] ?? '', /^WARN Unexpected answer to GET \/terminals: /);
    // A start answer without any id is not a transaction started.
    wire.answer = () => ({ status: 201, body: { result: { transaction_id: '' } } });
    const start = client.startTransaction('22900001', {
      transactionType: 'SALE',
      amount: 1,
      currency: 'GBP',
    });
    assert.deepEqual(await refusalOf(start), { code: 'malformed_response', message: NOT_UNDERSTOOD });
  });

  test('a card slip past the limits refuses the transaction and the report; the log names the request', async () => {
    const log = keptLog();
    const client = clientOf(wire, { log });
    const line = { type: 'TEXT', format: [], value: 'x' };
    const slipWords = { key: 'cardService.slipTooLong' };
    wire.answer = () => ({
      status: 200,
      body: { result: saleRecord({ receipt_lines: { MERCHANT: [], CUSTOMER: Array(201).fill(line) } }) },
    });
    const txError = await client.getTransaction('22900001', 'tx-1').then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(txError instanceof TillError, String(txError));
    assert.deepEqual(txError.toShape(), {
      code: 'malformed_response',
      message: `The card service sent a card slip far longer than any real one, so the till did not take it. ${CALL_SUPPORT}`,
      words: slipWords,
    });
    assert.equal((txError.cause as Error).message, 'CUSTOMER copy has 201 lines (limit 200)');
    wire.answer = () => ({
      status: 200,
      body: { result: { id: 'rep-1', report_result: 'SUCCESSFUL', receipt_lines: Array(201).fill(line) } },
    });
    const report = await refusalOf(client.getReport('22900001', 'rep-1'));
    assert.equal(report.code, 'malformed_response');
    assert.deepEqual(report.words, slipWords);
    assert.deepEqual(log.lines, [
      "WARN Refused the card service's answer to GET /terminals/22900001/transactions/tx-1: CUSTOMER copy has 201 lines (limit 200)",
      "WARN Refused the card service's answer to GET /terminals/22900001/reports/rep-1: REPORT copy has 201 lines (limit 200)",
    ]);
  });

  test('a slip of exactly 200 lines is taken whole, for a transaction and a report', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ type: 'TEXT', format: [], value: `line ${i}` }));
    const client = clientOf(wire);
    wire.answer = () => ({
      status: 200,
      body: { result: saleRecord({ receipt_lines: { MERCHANT: lines, CUSTOMER: lines } }) },
    });
    const tx = await client.getTransaction('22900001', 'tx-1');
    assert.equal(tx.receipts.CUSTOMER.length, 200);
    assert.equal(tx.receipts.MERCHANT[199]?.value, 'line 199');
    wire.answer = () => ({ status: 200, body: { result: { id: 'rep-1', receipt_lines: lines } } });
    const report = await client.getReport('22900001', 'rep-1');
    assert.equal(report.receiptLines.length, 200);
    assert.equal(wire.seen.at(-1)?.url, `${API}/terminals/22900001/reports/rep-1`);
  });

  test('the fetch given to the client is the one that sends', async () => {
    const sent: string[] = [];
    const client = new PayAtCounterClient({
      // Nothing listens here: only the given fetch can answer.
      baseUrl: 'http://127.0.0.1:9',
      credentials: async () => ({ username: 'till', password: 'secret' }),
      log: keptLog(),
      fetch: async (url, init) => {
        sent.push(`${init?.method} ${String(url)}`);
        return new Response(JSON.stringify({ result: [TERMINAL] }), { status: 200 });
      },
    });
    assert.deepEqual(await client.listTerminals(), [TERMINAL]);
    assert.deepEqual(sent, [`GET http://127.0.0.1:9${API}/terminals`]);
  });

  test('with no log given, a refused answer is written to the card-service log', async () => {
    const written = await loggedDuring(async () => {
      wire.answer = () => ({ status: 200, body: { nothing: true } });
      const client = new PayAtCounterClient({
        baseUrl: wire.baseUrl,
        credentials: async () => ({ username: 'till', password: 'secret' }),
      });
      await refusalOf(client.getTerminal('22900001'));
    });
    const lines = written
      .split('\n')
      .filter((l) => l.includes('Unexpected answer to GET /terminals/22900001'));
    assert.equal(lines.length, 1, written);
    assert.match(lines[0] ?? '', / WARN \[card-service\] Unexpected answer/);
  });
});

/** A fetch that never answers and gives up only when the client aborts it. */
const silentFetch: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

describe('time limits of the pay-at-counter client', () => {
  test('an answer that starts but does not finish in time is "did not arrive in full"', async () => {
    const clock = new ManualClock();
    const client = new PayAtCounterClient({
      baseUrl: 'http://127.0.0.1:9',
      credentials: async () => ({ username: 'till', password: 'secret' }),
      // Headers and the first bytes at once, then nothing more.
      fetch: async (_url, init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"result":'));
            init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
          },
        });
        return new Response(body, { status: 200 });
      },
      clock,
      timeoutMs: 3_000,
      log: keptLog(),
    });
    const call = client.listTerminals();
    call.catch(() => undefined);
    await settleMicrotasks();
    await clock.advance(3_000);
    const error = await call.then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof TillError, String(error));
    assert.deepEqual(error.toShape(), {
      code: 'timeout',
      message: `The card service’s answer did not arrive in full in time. ${CALL_SUPPORT}`,
      words: { key: 'cardService.partial' },
    });
    assert.match(String((error.cause as Error).message), /^answer not complete within 3000 ms/);
  });

  for (const timeoutMs of [2_000, 10_000, 20_000]) {
    const headersMs = Math.min(timeoutMs, 10_000);
    test(`with a ${timeoutMs} ms limit, a service silent for ${headersMs} ms "did not answer in time"`, async () => {
      const clock = new ManualClock();
      const client = new PayAtCounterClient({
        baseUrl: 'http://127.0.0.1:9',
        credentials: async () => ({ username: 'till', password: 'secret' }),
        fetch: silentFetch,
        clock,
        timeoutMs,
        log: keptLog(),
      });
      let settled = false;
      const call = client.listTerminals().finally(() => {
        settled = true;
      });
      call.catch(() => undefined);
      await settleMicrotasks();
      await clock.advance(headersMs - 1);
      assert.equal(settled, false, 'still waiting 1 ms before the limit');
      await clock.advance(1);
      assert.deepEqual(await refusalOf(call), {
        code: 'timeout',
        message: 'The card service did not answer in time.',
        words: { key: 'cardService.timeout' },
      });
    });
  }
});
