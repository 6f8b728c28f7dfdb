// The till's merchant tools against the stand-in over real HTTP: the whole sign-in through the
// dashboard's page, what is kept and where, refresh at expiry, a revoked sign-in, a forged
// redirect, and a dashboard account that is not on the waitlist.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { HARBOUR, settingsText, startMerchantRig, type MerchantRig } from './support';

async function signIn(rig: MerchantRig, who: { email: string; password: string } = SANDBOX_USERS.owner) {
  const started = await rig.service.connect();
  assert.equal(started.state, 'signing_in');
  assert.ok(started.authorizationUrl, 'the UI gets the sign-in page to open');
  const connected = rig.waitForState('connected');
  const page = await signInThroughDashboard(started.authorizationUrl, who);
  assert.equal(page.appAnswer?.status, 200);
  assert.match(page.appAnswer!.body, /You can close this tab/);
  return connected;
}

test('the whole sign-in runs through the dashboard page; the tokens go to the keychain by issuer, not to settings or logs', async () => {
  const rig = await startMerchantRig();
  try {
    const status = await signIn(rig);
    assert.deepEqual(status.account, HARBOUR, 'who, and the account’s currency for its amounts');

    const tools = await rig.service.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.equal(byName.get('list_venues')?.writes, false);
    assert.equal(byName.get('update_product_price')?.writes, true);
    assert.equal(byName.get('rename_terminal')?.writes, true);
    assert.equal(tools.filter((t) => t.writes).length, 2);

    // A write tool runs only once staff confirmed it; then the price really changes.
    const product = rig.sandbox.data.products.find((p) => p.accountId === 'acc_harbour')!;
    const price = product.priceMinor;
    const change = { product_id: product.id, price_minor: price + 10 };
    await assert.rejects(rig.service.callTool('update_product_price', change, false), /confirm first/);
    assert.equal(product.priceMinor, price, 'nothing changed without the confirmation');
    await rig.service.callTool('update_product_price', change, true);
    assert.equal(product.priceMinor, price + 10);

    const venues = await rig.service.callTool('list_venues', {}, false);
    assert.equal((venues.structured as { venues: unknown[] }).venues.length, 3);

    // Kept in the keychain (the secret store), under the authorisation server's issuer.
    const kept = JSON.parse((await rig.secrets.get('merchant.oauthTokens', 'sandbox'))!);
    assert.deepEqual(Object.keys(kept.byIssuer), [rig.sandbox.issuer]);
    const accessToken: string = kept.byIssuer[rig.sandbox.issuer].tokens.access_token;
    const refreshToken: string = kept.byIssuer[rig.sandbox.issuer].tokens.refresh_token;
    assert.ok(accessToken.length > 10 && refreshToken.length > 10);
    const registration = JSON.parse((await rig.secrets.get('merchant.clientRegistration', 'sandbox'))!);
    assert.deepEqual(Object.keys(registration.byIssuer), [rig.sandbox.issuer]);
    // …and nowhere else.
    for (const secret of [accessToken, refreshToken]) {
      assert.ok(!settingsText(rig).includes(secret), 'no token in the settings file');
      assert.ok(!rig.logs.some((line) => line.includes(secret)), 'no token in the log');
    }

    // After a restart the kept sign-in connects without a browser.
    const restarted = rig.restart();
    const resumed = await restarted.resumedStatus();
    assert.equal(resumed.state, 'connected');
    assert.equal(resumed.authorizationUrl, null);

    // Disconnect forgets the tokens (the registration stays for next time).
    assert.equal((await rig.service.disconnect()).state, 'signed_out');
    assert.equal(await rig.secrets.get('merchant.oauthTokens', 'sandbox'), null);
  } finally {
    await rig.close();
  }
});

test('an expired access token is refreshed before the call (the old refresh token then stops working)', async () => {
  const rig = await startMerchantRig();
  try {
    await signIn(rig);
    const before = JSON.parse((await rig.secrets.get('merchant.oauthTokens', 'sandbox'))!).byIssuer[
      rig.sandbox.issuer
    ];
    assert.equal(rig.sandbox.stats().tokenRequests.refresh_token, 0);

    await rig.clock.advance(3_600_000 + 1000); // past the stand-in's one-hour access token
    const refusedBefore = rig.sandbox.stats().refusals.unauthorised;
    const products = await rig.service.callTool('list_products', {}, false);
    assert.ok((products.structured as { products: unknown[] }).products.length > 0);

    assert.equal(rig.sandbox.stats().tokenRequests.refresh_token, 1, 'refreshed once');
    assert.equal(
      rig.sandbox.stats().refusals.unauthorised,
      refusedBefore,
      'refreshed before, not after a 401',
    );
    const after = JSON.parse((await rig.secrets.get('merchant.oauthTokens', 'sandbox'))!).byIssuer[
      rig.sandbox.issuer
    ];
    assert.notEqual(after.tokens.access_token, before.tokens.access_token);
    assert.notEqual(after.tokens.refresh_token, before.tokens.refresh_token, 'the refresh token rotated');
  } finally {
    await rig.close();
  }
});

test('a revoked sign-in: the 401 runs discovery again, and staff are asked to sign in again', async () => {
  const rig = await startMerchantRig();
  try {
    await signIn(rig);
    rig.sandbox.control({ revokeTokensOf: SANDBOX_USERS.owner.email });
    const from = rig.requests.length;

    const failure = await rig.service.callTool('list_venues', {}, false).then(
      () => assert.fail('a revoked sign-in must not read'),
      (error: { code: string; message: string }) => error,
    );
    assert.equal(failure.code, 'bad_credentials');
    assert.match(failure.message, /sign-in to the merchant tools has ended\. Connect again/);
    const after = rig.requests.slice(from);
    assert.ok(
      after.some((r) => r.startsWith('GET ') && r.includes('/.well-known/oauth-protected-resource')),
      `discovery ran again after the 401: ${after.join(', ')}`,
    );
    assert.ok(after.some((r) => r.includes('/.well-known/oauth-authorization-server')));
    assert.equal(rig.service.status().state, 'signed_out');
    assert.equal(rig.service.status().message, failure.message);

    // Connecting again starts a new sign-in, which works.
    await signIn(rig);
    assert.equal((await rig.service.callTool('list_venues', {}, false)).isError, false);
  } finally {
    await rig.close();
  }
});

test('a redirect with the wrong state is refused and the real sign-in still completes', async () => {
  const rig = await startMerchantRig();
  try {
    const started = await rig.service.connect();
    const redirectUri = new URL(started.authorizationUrl!).searchParams.get('redirect_uri')!;
    assert.match(redirectUri, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const forged = await fetch(`${redirectUri}?code=forged-code&state=not-the-one`);
    assert.equal(forged.status, 400);
    assert.match(await forged.text(), /did not start this sign-in/);
    const noState = await fetch(`${redirectUri}?code=forged-code`);
    assert.equal(noState.status, 400);
    assert.equal(rig.sandbox.stats().tokenRequests.authorization_code, 0, 'no forged code was exchanged');
    assert.equal(rig.service.status().state, 'signing_in');

    const connected = rig.waitForState('connected');
    await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
    await connected;
    assert.equal(rig.sandbox.stats().tokenRequests.authorization_code, 1);
  } finally {
    await rig.close();
  }
});

test('an account not on the waitlist is told so in plain words, and nothing is kept', async () => {
  const rig = await startMerchantRig();
  try {
    const started = await rig.service.connect();
    const signedOut = rig.waitForState('signed_out');
    await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.notOnWaitlist);
    const status = await signedOut;
    assert.match(status.message ?? '', /not on the merchant tools waiting list yet/);
    assert.equal(await rig.secrets.get('merchant.oauthTokens', 'sandbox'), null);
  } finally {
    await rig.close();
  }
});

test('the access token is refreshed 30 s before its expiry on the clock, not a millisecond sooner', async () => {
  const rig = await startMerchantRig();
  try {
    await signIn(rig);
    const kept = JSON.parse((await rig.secrets.get('merchant.oauthTokens', 'sandbox'))!).byIssuer[
      rig.sandbox.issuer
    ];
    assert.equal(kept.expiresAt, rig.clock.now() + 3_600_000, 'expiry from the one-hour expires_in');
    const refreshes = () => rig.sandbox.stats().tokenRequests.refresh_token;

    await rig.clock.advance(kept.expiresAt - 30_000 - 1 - rig.clock.now());
    await rig.service.callTool('list_venues', {}, false);
    assert.equal(refreshes(), 0, '30 s and 1 ms before the expiry the token is still used');

    await rig.clock.advance(1);
    await rig.service.callTool('list_venues', {}, false);
    assert.equal(refreshes(), 1, '30 s before the expiry it is refreshed');
    await rig.service.callTool('list_venues', {}, false);
    assert.equal(refreshes(), 1, 'and the new one is used, not refreshed again');
  } finally {
    await rig.close();
  }
});

test('Disconnect while a kept sign-in is still resuming stays signed out (the resume does not connect again)', async () => {
  const rig = await startMerchantRig();
  try {
    await signIn(rig);
    const restarted = rig.restart();
    // The screen asks for the status (which resumes the kept sign-in) and staff press Disconnect
    // before that has finished.
    const resuming = restarted.resumedStatus();
    const disconnected = await restarted.disconnect();
    assert.equal(disconnected.state, 'signed_out');
    await resuming;
    assert.equal(restarted.status().state, 'signed_out', 'Disconnect wins over a resume in flight');
    assert.equal(await rig.secrets.get('merchant.oauthTokens', 'sandbox'), null);
  } finally {
    await rig.close();
  }
});
