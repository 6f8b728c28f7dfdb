// One outbound request within its limits, against a real HTTP server on loopback: an answer of
// exactly the cap is taken whole, one declared larger is refused before a byte is read, an
// answer not worth reading is dropped unread, a service that never answers trips the headers
// limit on the injected clock, a connection dropped before the answer is fetch's own failure, and
// no timer is left behind.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  boundedFetch,
  OutboundLimitFault,
  type BoundedFetchOptions,
} from '../../../electron/services/common/bounded-fetch';
import { ManualClock } from '../../support/manual-clock';

const LIMITS = { maxBodyBytes: 10, headersMs: 100, totalMs: 500 };
const TEN = '0123456789';

let server: Server;
let base: string;
/** Called when a request for a path that never answers has arrived. */
const arrived = new Map<string, () => void>();

before(async () => {
  server = createServer((request: IncomingMessage, response) => {
    switch (request.url) {
      case '/ten-declared':
        response.writeHead(200, { 'content-length': String(TEN.length) }).end(TEN);
        return;
      case '/ten-chunked':
        response.writeHead(200);
        response.write(TEN.slice(0, 4));
        response.end(TEN.slice(4));
        return;
      case '/twenty-declared':
        response.writeHead(200, { 'content-length': '20' }).end(TEN + TEN);
        return;
      case '/no-content':
        response.writeHead(204).end();
        return;
      case '/hang-up':
        // The service drops the connection without a word: no status, no headers.
        request.socket.destroy();
        return;
      case '/failure':
        response.writeHead(500, { 'content-length': '4' }).end('oops');
        return;
      default:
        // Never answers: the service is thinking forever.
        arrived.get(request.url ?? '')?.();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Fetches `path` on a fresh clock; checks that no timer outlives the call. */
async function fetchOn(path: string, options: Partial<BoundedFetchOptions> = {}) {
  const clock = new ManualClock();
  try {
    return await boundedFetch(`${base}${path}`, {}, { limits: LIMITS, clock, ...options });
  } finally {
    assert.equal(clock.timers, 0, `${path}: no timer left behind`);
  }
}

/** The OutboundLimitFault `work` rejects with. */
async function faultOf(work: Promise<unknown>): Promise<OutboundLimitFault> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof OutboundLimitFault, `an OutboundLimitFault, got ${String(error)}`);
    return error;
  }
  return assert.fail('the answer was accepted');
}

test('an answer of exactly the cap is taken whole, declared or chunked; by default every answer is read', async () => {
  for (const path of ['/ten-declared', '/ten-chunked']) {
    const answer = await fetchOn(path);
    assert.equal(answer.status, 200, path);
    assert.equal(answer.text, TEN, path);
    assert.equal(answer.bytesRead, TEN.length, path);
  }
  assert.equal((await fetchOn('/failure')).text, 'oops');
});

test('an answer declared larger than the cap is refused before a byte of it is read', async () => {
  const fault = await faultOf(fetchOn('/twenty-declared'));
  assert.equal(fault.name, 'OutboundLimitFault');
  assert.equal(fault.kind, 'too_large');
  assert.equal(fault.bytesRead, 0);
  assert.equal(fault.limit, 10);
  assert.equal(fault.message, 'answer body over 10 bytes; stopped after reading 0');
});

test('an answer not worth reading is dropped unread, also one without a body', async () => {
  const readsBodyOf = (status: number) => status === 200;
  const failure = await fetchOn('/failure', { readsBodyOf });
  assert.deepEqual([failure.status, failure.ok, failure.text, failure.bytesRead], [500, false, '', 0]);
  const empty = await fetchOn('/no-content', { readsBodyOf });
  assert.deepEqual([empty.status, empty.ok, empty.text], [204, true, '']);
});

test('a service that never sends its headers trips the headers limit on the clock', async () => {
  const clock = new ManualClock();
  const reached = new Promise<void>((resolve) => arrived.set('/silent', resolve));
  const pending = boundedFetch(`${base}/silent`, {}, { limits: LIMITS, clock });
  const outcome = faultOf(pending);
  await reached;
  await clock.advance(LIMITS.headersMs);
  const fault = await outcome;
  assert.equal(fault.kind, 'no_headers_in_time');
  assert.equal(fault.message, 'no answer headers within 100 ms');
  assert.equal(fault.bytesRead, 0);
  assert.equal(clock.timers, 0, 'the total limit was cancelled too');
});

test('a connection dropped before the answer rejects as fetch itself does, and leaves no limit running', async () => {
  const clock = new ManualClock();
  const failure = await boundedFetch(`${base}/hang-up`, {}, { limits: LIMITS, clock }).then(
    () => assert.fail('the dropped connection was taken for an answer'),
    (error: unknown) => error,
  );
  assert.ok(!(failure instanceof OutboundLimitFault), 'no limit tripped');
  assert.ok(failure instanceof TypeError, String(failure));
  assert.equal(failure.message, 'fetch failed');
  // A till that keeps asking a failing service must not pile up a headers limit per attempt.
  assert.equal(clock.timers, 0, 'neither limit is left running');
});
