// Every way talking to the merchant tools can fail, in a cashier's words (wording.ts): the code the
// screens act on and the exact sentence staff read. The library's own message stays in the log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  OAuthError,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Logger } from '../../../electron/services/common/logger';
import { SignInRefused, SignInTimedOut } from '../../../electron/services/merchant/loopback-redirect';
import { SIGNED_OUT_WORDS, wordMerchantError } from '../../../electron/services/merchant/wording';
import { TillError } from '../../../shared/contract/errors';

const SIGN_IN_NOT_COMPLETED = 'The dashboard could not complete the sign-in. Connect again to try once more.';
const REFUSED_TILL =
  'The merchant tools refused this till. Check the merchant tools address in Settings, or ask the dashboard’s owner for access.';
const NO_TOOLS_THERE = 'There are no merchant tools at the address in Settings. Check it there.';
const SERVICE_DOWN = 'The merchant tools are not working properly right now. Try again in a few minutes.';
const NOT_ACCEPTED = 'The merchant tools did not accept that request. Try again, or check the details.';
const UNREACHABLE =
  'The merchant tools cannot be reached. Check this computer’s internet connection, then try again.';

function word(error: unknown): { code: string; message: string; logged: string[] } {
  const logged: string[] = [];
  const log: Logger = {
    info: (m) => logged.push(m),
    warn: (m, e) => logged.push(`${m}: ${e instanceof Error ? e.message : String(e)}`),
    error: (m, e) => logged.push(`${m}: ${e instanceof Error ? e.message : String(e)}`),
  };
  const worded = wordMerchantError(error, log);
  assert.ok(worded instanceof TillError);
  return { code: worded.code, message: worded.message, logged };
}

const said = (error: unknown) => {
  const { code, message } = word(error);
  return { code, message };
};

test('a refused sign-in: the waiting list, a decline in the dashboard, anything else the dashboard said', () => {
  assert.deepEqual(said(new SignInRefused('access_denied', 'Account is on the waitlist')), {
    code: 'not_allowed',
    message:
      'This dashboard account is not on the merchant tools waiting list yet. Ask for access in the merchant dashboard, or sign in with an account that has it.',
  });
  assert.deepEqual(said(new SignInRefused('access_denied', null)), {
    code: 'not_allowed',
    message: 'The sign-in was declined in the dashboard. Connect again to try once more.',
  });
  assert.deepEqual(said(new SignInRefused('server_error', 'The login service is down')), {
    code: 'bad_credentials',
    message: SIGN_IN_NOT_COMPLETED,
  });
  assert.deepEqual(said(new SignInRefused('invalid_request', null)), {
    code: 'bad_credentials',
    message: SIGN_IN_NOT_COMPLETED,
  });
});

test('a sign-in page left open too long, an ended sign-in and an OAuth failure each say what to do next', () => {
  assert.deepEqual(said(new SignInTimedOut()), {
    code: 'timeout',
    message: 'The sign-in page was not completed in time. Connect again to start a new sign-in.',
  });
  assert.deepEqual(said(new UnauthorizedError('token expired')), {
    code: 'bad_credentials',
    message: SIGNED_OUT_WORDS,
  });
  assert.equal(
    SIGNED_OUT_WORDS,
    'Your sign-in to the merchant tools has ended. Connect again and sign in with your dashboard account.',
  );
  assert.deepEqual(said(new OAuthError('invalid_grant', 'refresh token revoked')), {
    code: 'bad_credentials',
    message:
      'The dashboard could not complete the sign-in. Connect again and sign in with your dashboard account.',
  });
});

test('an HTTP status from the endpoint: 401 signed out, 403 refused, 404 no tools, 500 and above down, others not accepted', () => {
  const http = (status: number) =>
    said(new SdkHttpError(SdkErrorCode.SendFailed, `Error POSTing to endpoint (HTTP ${status})`, { status }));
  assert.deepEqual(http(401), { code: 'bad_credentials', message: SIGNED_OUT_WORDS });
  assert.deepEqual(http(403), { code: 'not_allowed', message: REFUSED_TILL });
  assert.deepEqual(http(404), { code: 'not_configured', message: NO_TOOLS_THERE });
  assert.deepEqual(http(500), { code: 'service_error', message: SERVICE_DOWN });
  assert.deepEqual(http(503), { code: 'service_error', message: SERVICE_DOWN });
  assert.deepEqual(http(499), { code: 'rejected', message: NOT_ACCEPTED });
  assert.deepEqual(http(400), { code: 'rejected', message: NOT_ACCEPTED });
  assert.deepEqual(http(402), { code: 'rejected', message: NOT_ACCEPTED });
});

test('a status named only in the message is read the same way (HTTP 403, status code 404, status 502)', () => {
  assert.deepEqual(said(new Error('Unexpected answer: HTTP 403 Forbidden')), {
    code: 'not_allowed',
    message: REFUSED_TILL,
  });
  assert.deepEqual(said(new Error('Server returned status code 404')), {
    code: 'not_configured',
    message: NO_TOOLS_THERE,
  });
  assert.deepEqual(said(new Error('status 502 from the gateway')), {
    code: 'service_error',
    message: SERVICE_DOWN,
  });
  assert.deepEqual(said(new Error('HTTP 401')), { code: 'bad_credentials', message: SIGNED_OUT_WORDS });
});

test('a JSON-RPC refusal of the details given is "rejected"; a timeout however the library spells it is "timeout"', () => {
  assert.deepEqual(said(new ProtocolError(-32602, 'Invalid params: price_minor must be an integer')), {
    code: 'rejected',
    message: 'The merchant tools could not do that with the details given. Check them and try again.',
  });
  const tooLong = { code: 'timeout', message: 'The merchant tools took too long to answer. Try again.' };
  for (const message of ['Request timed out', 'Request timeout', 'request time out', 'Timedout'])
    assert.deepEqual(said(new SdkError(SdkErrorCode.RequestTimeout, message)), tooLong, message);
  // Words about time from anything but the library are not its timeout.
  assert.deepEqual(said(new Error('Request timed out')), { code: 'service_error', message: SERVICE_DOWN });
});

test('no connection is "unreachable"; anything unknown is "not working properly", and the library’s words go to the log only', () => {
  assert.deepEqual(said(new TypeError('fetch failed')), { code: 'unreachable', message: UNREACHABLE });
  assert.deepEqual(said(new Error('connect ECONNREFUSED 127.0.0.1:9')), {
    code: 'unreachable',
    message: UNREACHABLE,
  });
  const odd = word(new Error('Unexpected end of JSON input at https://merchant.example/mcp'));
  assert.deepEqual(
    { code: odd.code, message: odd.message },
    { code: 'service_error', message: SERVICE_DOWN },
  );
  assert.deepEqual(odd.logged, [
    'merchant tools call failed: Unexpected end of JSON input at https://merchant.example/mcp',
  ]);
  assert.deepEqual(said('a thrown string'), { code: 'service_error', message: SERVICE_DOWN });
});

test('a failure already worded anywhere in the cause chain is passed on as it is, and not logged again', () => {
  const waited = new TillError('rate_limited', 'The merchant tools are busy. Try again in 90 seconds.', {
    retryAfterMs: 90_000,
  });
  const wrapped = new Error('outer', { cause: new Error('middle', { cause: waited }) });
  const worded = word(wrapped);
  assert.deepEqual(
    { code: worded.code, message: worded.message },
    { code: 'rate_limited', message: waited.message },
  );
  assert.deepEqual(worded.logged, []);
});
