// How the pay-at-counter client words a refusal: each HTTP status, Retry-After (seconds or a date),
// error bodies it never reads, network failures (timeout, certificate, refused, reset), failures
// before the request leaves, and which of them count as "never sent" for the runner.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { closeServer, listenOnLoopback } from '../../../electron/common/http-util';
import {
  PayAtCounterClient,
  requestNeverSent,
} from '../../../electron/services/payments/pay-at-counter-client';
import { retryAfterMs } from '../../../electron/services/payments/pay-at-counter-errors';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';
import { clientOf, keptLog, startWireServer, type WireServer } from './pay-at-counter-wire-server';

/** The error a call ends with, as thrown (to ask requestNeverSent about it). */
async function thrownBy(work: Promise<unknown>): Promise<TillError> {
  const error = await work.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TillError, String(error));
  return error;
}

/** A client whose fetch fails the way `failure` says, without any network. */
function clientFailingWith(failure: unknown): PayAtCounterClient {
  return new PayAtCounterClient({
    baseUrl: 'http://127.0.0.1:9',
    credentials: async () => ({ username: 'till', password: 'secret' }),
    fetch: () => Promise.reject(failure),
    log: keptLog(),
  });
}

/** What undici's fetch throws when the socket fails with `code`. */
function fetchFailed(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

const UNREACHABLE = {
  code: 'unreachable',
  message: 'The card service cannot be reached.',
  words: { key: 'cardService.unreachable' },
};
const TIMEOUT = {
  code: 'timeout',
  message: 'The card service did not answer in time.',
  words: { key: 'cardService.timeout' },
};
const CERTIFICATE = {
  code: 'certificate',
  message: 'The card service’s security certificate was not accepted.',
  words: { key: 'cardService.certificate' },
};

describe('statuses the card service answers with', () => {
  let wire: WireServer;
  before(async () => {
    wire = await startWireServer();
  });
  after(() => wire.close());
  beforeEach(() => {
    wire.seen.length = 0;
  });

  test('each refusal status has its own code, English and catalogue key', async () => {
    const expected: Record<number, object> = {
      400: {
        code: 'rejected',
        message: 'The card service refused the request as invalid.',
        words: { key: 'cardService.rejected' },
      },
      401: {
        code: 'bad_credentials',
        message: 'The card service refused the username or password.',
        words: { key: 'cardService.badCredentials' },
      },
      404: {
        code: 'not_found',
        message: 'The card service does not know that terminal or transaction (it may be offline).',
        words: { key: 'cardService.notFound' },
      },
      418: {
        code: 'service_error',
        message: 'The card service answered with an unexpected status 418.',
        words: { key: 'cardService.unexpectedStatus', params: { status: 418 } },
      },
      422: {
        code: 'terminal_busy',
        message: 'The card machine is busy or refused the request.',
        words: { key: 'cardService.busy' },
      },
      500: {
        code: 'service_error',
        message: 'The card service had an internal error (500).',
        words: { key: 'cardService.internal', params: { status: 500 } },
      },
      503: {
        code: 'service_error',
        message: 'The card service had an internal error (503).',
        words: { key: 'cardService.internal', params: { status: 503 } },
      },
    };
    const client = clientOf(wire);
    for (const [status, shape] of Object.entries(expected)) {
      wire.answer = () => ({ status: Number(status), body: { error: 'refused' } });
      assert.deepEqual(await refusalOf(client.getTerminal('22900001')), shape, `status ${status}`);
      const error = await thrownBy(client.getTerminal('22900001'));
      assert.equal(requestNeverSent(error), false, `a ${status} answer means the request arrived`);
    }
  });

  test('429 asks the till to wait for Retry-After, given in seconds or as a date', async () => {
    const clock = new ManualClock();
    const client = clientOf(wire, { clock });
    const retryAfter = (value?: string) => {
      const headers: Record<string, string> = value === undefined ? {} : { 'retry-after': value };
      wire.answer = () => ({ status: 429, headers });
      return refusalOf(client.getTerminal('22900001'));
    };
    const slowDown = {
      code: 'rate_limited',
      message: 'The card service asked the till to slow down.',
      words: { key: 'cardService.slowDown' },
    };
    assert.deepEqual(await retryAfter('7'), { ...slowDown, retryAfterMs: 7_000 });
    assert.deepEqual(await retryAfter('0.25'), { ...slowDown, retryAfterMs: 250 });
    // The date is read against the client's clock, not the computer's.
    assert.equal((await retryAfter(new Date(clock.now() + 30_000).toUTCString())).retryAfterMs, 30_000);
    assert.equal((await retryAfter(new Date(clock.now() - 30_000).toUTCString())).retryAfterMs, 0);
    assert.equal((await retryAfter()).retryAfterMs, 1_000);
    assert.equal((await retryAfter('soon')).retryAfterMs, 1_000);
    assert.equal((await retryAfter('')).retryAfterMs, 1_000);
    // Not a count of seconds, so read as a date ("-5" is a year long past): retry at once.
    assert.equal((await retryAfter('-5')).retryAfterMs, 0);
  });

  test('the body of a refusal is never read: a huge one still gives the status', async () => {
    const client = clientOf(wire, { limits: { maxBodyBytes: 64 } });
    const huge = { error: 'x'.repeat(1_000) };
    wire.answer = () => ({ status: 500, body: huge });
    assert.equal(
      (await refusalOf(client.getTerminal('22900001'))).message,
      'The card service had an internal error (500).',
    );
    wire.answer = () => ({ status: 300, body: huge });
    assert.deepEqual((await refusalOf(client.getTerminal('22900001'))).words, {
      key: 'cardService.unexpectedStatus',
      params: { status: 300 },
    });
    // The same body on a success is past the cap: the till stops reading it.
    wire.answer = () => ({ status: 200, body: huge });
    const tooLarge = await refusalOf(client.getTerminal('22900001'));
    assert.equal(tooLarge.code, 'malformed_response');
    assert.deepEqual(tooLarge.words, { key: 'cardService.tooLarge' });
    assert.equal(
      tooLarge.message,
      'The card service sent an answer far larger than any real one, so the till stopped reading it. If this keeps happening, call the card service’s support.',
    );
    wire.answer = () => ({ status: 299, body: huge });
    assert.deepEqual((await refusalOf(client.getTerminal('22900001'))).words, {
      key: 'cardService.tooLarge',
    });
  });
});

test('Retry-After of blanks is no answer; "0" is now, whatever the clock says', () => {
  assert.equal(retryAfterMs(null), null);
  assert.equal(retryAfterMs('   '), null);
  assert.equal(retryAfterMs(' 3 '), 3_000);
  // "0" read as a date would be 1 January 2000: a clock before then must still get no wait.
  assert.equal(retryAfterMs('0', Date.UTC(1999, 0, 1)), 0);
  assert.equal(retryAfterMs('Thu, 01 Jan 1970 00:01:00 GMT', 15_000), 45_000);
});

describe('network failures', () => {
  test('a refused connection is unreachable, and certainly never sent', async () => {
    const server = createServer();
    const port = await listenOnLoopback(server);
    await closeServer(server);
    const client = new PayAtCounterClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: async () => ({ username: 'till', password: 'secret' }),
      log: keptLog(),
    });
    const error = await thrownBy(client.listTerminals());
    assert.deepEqual(error.toShape(), UNREACHABLE);
    assert.equal(requestNeverSent(error), true);
  });

  test('a name not found or a network not reachable is never sent; a reset connection may have been', async () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) {
      const error = await thrownBy(clientFailingWith(fetchFailed(code)).listTerminals());
      assert.deepEqual(error.toShape(), UNREACHABLE, code);
      assert.equal(requestNeverSent(error), true, code);
    }
    for (const failure of [
      fetchFailed('ECONNRESET'),
      new TypeError('fetch failed'),
      null,
      undefined,
      'gone',
    ]) {
      const error = await thrownBy(clientFailingWith(failure).listTerminals());
      assert.deepEqual(error.toShape(), UNREACHABLE, String(failure));
      assert.equal(requestNeverSent(error), false, String(failure));
    }
  });

  test('a fetch that times out or is aborted is a timeout, which may have reached the service', async () => {
    for (const name of ['TimeoutError', 'AbortError']) {
      const error = await thrownBy(clientFailingWith(new DOMException('gave up', name)).listTerminals());
      assert.deepEqual(error.toShape(), TIMEOUT, name);
      assert.equal(requestNeverSent(error), false, name);
    }
    // A timeout's cause is never read for a refused connection: the request may have left.
    const timedOut = Object.assign(new DOMException('gave up', 'TimeoutError'), {
      cause: { code: 'ECONNREFUSED' },
    });
    assert.equal(requestNeverSent(await thrownBy(clientFailingWith(timedOut).listTerminals())), false);
  });

  test('a certificate the till does not accept is its own refusal, and never sent', async () => {
    for (const code of [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'cert_has_expired',
    ]) {
      const error = await thrownBy(clientFailingWith(fetchFailed(code)).listTerminals());
      assert.deepEqual(error.toShape(), CERTIFICATE, code);
      assert.equal(requestNeverSent(error), true, code);
    }
  });
});

describe('failures before the request leaves the till', () => {
  let wire: WireServer;
  before(async () => {
    wire = await startWireServer();
  });
  after(() => wire.close());

  test('no saved username and password: not_configured, nothing sent', async () => {
    const client = clientOf(wire, { credentials: async () => null });
    const error = await thrownBy(
      client.startTransaction('22900001', { transactionType: 'SALE', amount: 100, currency: 'GBP' }),
    );
    assert.deepEqual(error.toShape(), {
      code: 'not_configured',
      message: 'No card service username and password are saved yet.',
    });
    assert.equal(requestNeverSent(error), true);
    assert.equal(wire.seen.length, 0);
  });

  test('an address that is not a web address: not_configured, nothing sent', async () => {
    const client = clientOf(wire, { baseUrl: 'card service on the back office pc' });
    const error = await thrownBy(client.getTerminal('22900001'));
    assert.deepEqual(error.toShape(), {
      code: 'not_configured',
      message: 'The card service address is not a valid web address.',
    });
    assert.ok(error.cause instanceof TypeError, 'the URL parser’s error is kept as the cause');
    assert.equal(requestNeverSent(error), true);
  });

  test('a keychain that fails to give the credentials: "could not be prepared", never sent', async () => {
    const locked = new Error('keychain locked');
    const client = clientOf(wire, { credentials: () => Promise.reject(locked) });
    const error = await thrownBy(client.listTerminals());
    assert.deepEqual(error.toShape(), {
      code: 'internal',
      message: 'The request to the card service could not be prepared.',
      words: { key: 'cardService.notPrepared' },
    });
    assert.equal(error.cause, locked);
    assert.equal(requestNeverSent(error), true);
    assert.equal(wire.seen.length, 0);
  });

  test('a not_configured error raised anywhere in the till (no live address set) was never sent', () => {
    // Raised before any client exists, so it never passed through the client's own bookkeeping.
    assert.equal(
      requestNeverSent(new TillError('not_configured', 'No live card service address is set.')),
      true,
    );
    assert.equal(requestNeverSent(new TillError('certificate', 'The certificate was not accepted.')), true);
  });

  test('only the till’s own errors can be "never sent"', () => {
    assert.equal(requestNeverSent(new Error('fetch failed')), false);
    assert.equal(requestNeverSent(fetchFailed('ECONNREFUSED')), false);
    assert.equal(requestNeverSent(undefined), false);
    const unreachableWithoutCause = new TillError('unreachable', 'The card service cannot be reached.');
    assert.equal(requestNeverSent(unreachableWithoutCause), false);
    const serviceError = new TillError('service_error', 'odd', { cause: fetchFailed('ECONNREFUSED') });
    assert.equal(requestNeverSent(serviceError), false);
  });
});
