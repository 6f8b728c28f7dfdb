// The Merchant tools store's Connect: a press is seen even when it fails the same way as before
// (the earlier words go while the services answer, the button is busy, and a second press sends
// nothing), and the answer's words come back for the panel beside the button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MerchantStatus } from '../../../shared/contract';
import { createMerchantStore } from '../../../renderer/src/state/merchant';
import { FakeTill } from './fake-till';

const NO_KEYCHAIN =
  'Merchant tools keep the dashboard sign-in in this computer’s keychain, and the keychain can’t be used. Ask whoever looks after this computer to get it working, then press Connect again.';

const signedOut = (message: string | null): MerchantStatus => ({
  state: 'signed_out',
  mode: 'sandbox',
  account: null,
  authorizationUrl: null,
  openedInBrowser: false,
  message,
  retryAfterMs: null,
});

test('Connect clears what was said, is busy until the answer, sends once, and shows the answer’s words', async () => {
  const fake = new FakeTill();
  let answer!: (status: MerchantStatus) => void;
  fake
    .answer('merchant.status', () => signedOut(NO_KEYCHAIN))
    .answer('merchant.connect', () => new Promise<MerchantStatus>((resolve) => (answer = resolve)));
  const store = createMerchantStore(fake, () => assert.fail('no sign-in page to open'));
  await store.getState().load();
  assert.equal(store.getState().status?.message, NO_KEYCHAIN, 'said before anything is pressed');

  const pressed = store.getState().connect();
  assert.equal(store.getState().connecting, true, 'the button is busy');
  assert.equal(store.getState().status?.message, null, 'the earlier words go while the services answer');
  await store.getState().connect(); // a second press while busy
  assert.equal(fake.calls.filter((c) => c.method === 'merchant.connect').length, 1, 'sent once');

  answer(signedOut(NO_KEYCHAIN));
  await pressed;
  assert.equal(store.getState().connecting, false);
  assert.equal(store.getState().status?.message, NO_KEYCHAIN, 'the answer’s words are shown again');
  assert.equal(store.getState().problem, null);
});

test('a Connect that fails as a call is no longer busy and says why', async () => {
  const fake = new FakeTill().answer('merchant.connect', () => {
    throw new Error('The merchant tools cannot be reached.');
  });
  const store = createMerchantStore(fake);
  await store.getState().connect();
  assert.equal(store.getState().connecting, false);
  assert.equal(store.getState().problem, 'The merchant tools cannot be reached.');
});
