// The merchant methods as the window calls them (merchantHandlers), against the stand-in: a
// sign-in started through merchant.connect is stopped through merchant.cancelSignIn, which answers
// with the signed-out status, and the page the browser was sent to can no longer complete it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { merchantHandlers } from '../../../electron/services/merchant/handlers';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { startMerchantRig } from './support';

test('merchant.cancelSignIn stops the sign-in merchant.connect started and answers signed out', async () => {
  const rig = await startMerchantRig();
  try {
    const handlers = merchantHandlers(rig.service);
    const started = await handlers['merchant.connect']({});
    assert.equal(started.state, 'signing_in');
    assert.ok(started.authorizationUrl);

    const stopped = await handlers['merchant.cancelSignIn']({});
    assert.equal(stopped.state, 'signed_out');
    assert.equal(stopped.authorizationUrl, null);
    assert.equal(rig.service.status().state, 'signed_out');

    // The browser finishing the dashboard's page now finds nobody listening at the till.
    const page = await signInThroughDashboard(started.authorizationUrl, SANDBOX_USERS.owner, {
      followToApp: false,
    });
    await assert.rejects(fetch(page.redirectedTo), 'the till no longer listens for the answer');
    assert.equal((await handlers['merchant.status']({})).state, 'signed_out');
  } finally {
    await rig.close();
  }
});
