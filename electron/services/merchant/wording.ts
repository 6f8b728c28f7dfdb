// Every way talking to the merchant tools can fail, in a cashier's words (what happened, what to
// do next). The library's own message and any address stay in the log.
import {
  OAuthError,
  ProtocolError,
  SdkError,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { TillError } from '../../../shared/contract/errors';
import type { Logger } from '../common/logger';
import { SignInRefused, SignInTimedOut } from './loopback-redirect';

export const SIGNED_OUT_WORDS =
  'Your sign-in to the merchant tools has ended. Connect again and sign in with your dashboard account.';
const UNREACHABLE =
  'The merchant tools cannot be reached. Check this computer’s internet connection, then try again.';
const SERVICE_DOWN = 'The merchant tools are not working properly right now. Try again in a few minutes.';

/** A failure anywhere in the cause chain that is already worded (e.g. the 429 from the fetch). */
function wordedCause(error: unknown): TillError | null {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof TillError) return e;
  return null;
}

function refusedSignIn(error: SignInRefused): TillError {
  const said = `${error.error} ${error.description ?? ''}`.toLowerCase();
  if (said.includes('waitlist'))
    return new TillError(
      'not_allowed',
      'This dashboard account is not on the merchant tools waiting list yet. Ask for access in the merchant dashboard, or sign in with an account that has it.',
    );
  if (error.error === 'access_denied')
    return new TillError(
      'not_allowed',
      'The sign-in was declined in the dashboard. Connect again to try once more.',
    );
  return new TillError(
    'bad_credentials',
    'The dashboard could not complete the sign-in. Connect again to try once more.',
  );
}

function httpStatusWords(status: number): TillError {
  if (status === 401) return new TillError('bad_credentials', SIGNED_OUT_WORDS);
  if (status === 403)
    return new TillError(
      'not_allowed',
      'The merchant tools refused this till. Check the merchant tools address in Settings, or ask the dashboard’s owner for access.',
    );
  if (status === 404)
    return new TillError(
      'not_configured',
      'There are no merchant tools at the address in Settings. Check it there.',
    );
  if (status >= 500) return new TillError('service_error', SERVICE_DOWN);
  return new TillError(
    'rejected',
    'The merchant tools did not accept that request. Try again, or check the details.',
  );
}

export function wordMerchantError(error: unknown, log: Logger): TillError {
  const worded = wordedCause(error);
  if (worded) return worded;
  log.warn('merchant tools call failed', error);
  if (error instanceof SignInRefused) return refusedSignIn(error);
  if (error instanceof SignInTimedOut)
    return new TillError(
      'timeout',
      'The sign-in page was not completed in time. Connect again to start a new sign-in.',
    );
  if (error instanceof UnauthorizedError) return new TillError('bad_credentials', SIGNED_OUT_WORDS);
  if (error instanceof OAuthError)
    return new TillError(
      'bad_credentials',
      'The dashboard could not complete the sign-in. Connect again and sign in with your dashboard account.',
    );
  if (error instanceof SdkHttpError) return httpStatusWords(error.status);
  if (error instanceof ProtocolError)
    return new TillError(
      'rejected',
      'The merchant tools could not do that with the details given. Check them and try again.',
    );
  const message = error instanceof Error ? error.message : String(error);
  const status = /\b(?:HTTP|status(?: code)?)\s*(\d{3})\b/i.exec(message)?.[1];
  if (status) return httpStatusWords(Number(status));
  if (error instanceof SdkError && /timed? ?out/i.test(message))
    return new TillError('timeout', 'The merchant tools took too long to answer. Try again.');
  if (error instanceof TypeError || /fetch failed|ECONNREFUSED|ENOTFOUND|socket/i.test(message))
    return new TillError('unreachable', UNREACHABLE);
  return new TillError('service_error', SERVICE_DOWN);
}
