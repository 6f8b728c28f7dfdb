// How far the wording (wording.ts) looks for a failure already worded, and the status numbers it
// reads from a message: a cause chain is followed six links deep and no further, so a chain that
// loops back on itself ends; "status" with or without "code", and any spacing before the number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordMerchantError } from '../../../electron/services/merchant/wording';
import { TillError } from '../../../shared/contract/errors';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const SERVICE_DOWN = 'The merchant tools are not working properly right now. Try again in a few minutes.';
const NO_TOOLS_THERE = 'There are no merchant tools at the address in Settings. Check it there.';

const said = (error: unknown) => {
  const worded = wordMerchantError(error, quiet);
  return { code: worded.code, message: worded.message };
};

/** `worded` wrapped in `links` plain errors (the outermost says something unknown). */
function buried(worded: Error, links: number): Error {
  let error = worded;
  for (let i = 0; i < links; i++) error = new Error(`wrapper ${i}`, { cause: error });
  return error;
}

test('a worded failure is found up to five wrappers deep, not six; a cause chain that loops ends', () => {
  const busy = new TillError('rate_limited', 'The merchant tools are busy. Try again in 9 seconds.');
  assert.deepEqual(said(buried(busy, 5)), { code: 'rate_limited', message: busy.message });
  assert.deepEqual(said(buried(busy, 6)), { code: 'service_error', message: SERVICE_DOWN });

  const looped = new Error('a library error that names itself as its cause');
  (looped as { cause?: unknown }).cause = looped;
  assert.deepEqual(said(looped), { code: 'service_error', message: SERVICE_DOWN });
});

test('a status in the message: "status 404" without "code", and no or several spaces before the number', () => {
  const noTools = { code: 'not_configured', message: NO_TOOLS_THERE };
  assert.deepEqual(said(new Error('The gateway answered status 404')), noTools);
  assert.deepEqual(said(new Error('Unexpected answer (HTTP404)')), noTools);
  assert.deepEqual(said(new Error('Unexpected answer: HTTP   404')), noTools);
});
