// What the till's merchant tools service (merchant-service.ts) reports and refuses, against the
// stand-in over real HTTP: a change of mode starts a new session (and changing back resumes the
// kept one), a changing tool is refused until confirmed, closing stops an open sign-in page, a
// call that goes through reports nothing new, and a sign-in page replaced or cancelled is not
// reported as a failure or as a second "signed out"; with no usable keychain, the status and Connect
// say why and what to do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { MerchantService } from '../../../electron/services/merchant/merchant-service';
import { UnavailableSecretStore, type SecretStore } from '../../../electron/services/storage/secret-store';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { HARBOUR, signInAsOwner, startMerchantRig } from './support';

test('live mode is a session of its own: nothing kept there; back in sandbox mode the kept sign-in resumes', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    rig.settings.update({ merchant: { mode: 'live', liveBaseUrl: rig.sandbox.mcpUrl } });
    const live = await rig.service.resumedStatus();
    assert.equal(live.mode, 'live');
    assert.equal(live.state, 'signed_out', 'the sandbox sign-in does not count in live mode');
    assert.equal(live.account, null);

    rig.settings.update({ merchant: { mode: 'sandbox' } });
    const back = await rig.service.resumedStatus();
    assert.equal(back.mode, 'sandbox');
    assert.equal(back.state, 'connected');
    assert.deepEqual(back.account, HARBOUR);
  } finally {
    await rig.close();
  }
});

test('a tool that changes something is refused as "not allowed" until confirmed, and changes nothing', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    const product = rig.sandbox.data.products.find((p) => p.accountId === 'acc_harbour')!;
    const price = product.priceMinor;
    await assert.rejects(
      rig.service.callTool(
        'update_product_price',
        { product_id: product.id, price_minor: price + 50 },
        false,
      ),
      {
        code: 'not_allowed',
        message: 'This tool changes the merchant account. Check what it will change and confirm first.',
      },
    );
    assert.equal(product.priceMinor, price);
  } finally {
    await rig.close();
  }
});

test('closing the service stops an open sign-in page: its listener no longer answers', async () => {
  const rig = await startMerchantRig();
  try {
    const started = await rig.service.connect();
    const loopback = new URL(started.authorizationUrl!).searchParams.get('redirect_uri')!;
    await rig.service.close();
    await assert.rejects(fetch(loopback), 'nothing listens on the loopback address any more');
  } finally {
    await rig.service.cancelSignIn(); // so a service that failed to close leaves no listener open
    await rig.close();
  }
});

test('calls that go through on a working connection report no new status', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    const reported = rig.reported.length;
    await rig.service.listTools();
    await rig.service.callTool('list_venues', {}, false);
    assert.equal(rig.reported.length, reported, 'the screens are not told anything new');
    assert.equal(rig.service.status().state, 'connected');
  } finally {
    await rig.close();
  }
});

test('a second Connect replaces the sign-in page without a word about the stopped one; after a Cancel only the new page is reported', async () => {
  const rig = await startMerchantRig();
  try {
    const first = await rig.service.connect();
    const second = await rig.service.connect();
    assert.equal(second.state, 'signing_in');
    assert.notEqual(second.authorizationUrl, first.authorizationUrl);
    assert.deepEqual(
      rig.reported.map((s) => s.message),
      rig.reported.map(() => null),
      'the first page stopping on purpose is not a failure to show',
    );

    await rig.service.cancelSignIn();
    const cancelled = rig.reported.length;
    const third = await rig.service.connect();
    assert.deepEqual(
      rig.reported.slice(cancelled).map((s) => [s.state, s.authorizationUrl]),
      [['signing_in', third.authorizationUrl]],
      'the cancelled page is not reported as signed out a second time',
    );
    const connected = rig.waitForState('connected');
    await signInThroughDashboard(third.authorizationUrl!, SANDBOX_USERS.owner);
    assert.deepEqual((await connected).account, HARBOUR);
  } finally {
    await rig.close();
  }
});

const KEYCHAIN =
  'Merchant tools keep the dashboard sign-in in this computer’s keychain, and the keychain can’t be used.';
const WHAT_TO_DO = 'Ask whoever looks after this computer to get it working, then press Connect again.';

test('with no usable keychain the status and Connect say why and what to do (its own words when it gave some), and no sign-in starts', async () => {
  const rig = await startMerchantRig();
  const logs: string[] = [];
  const serviceOn = (secrets: SecretStore) =>
    new MerchantService({
      settings: rig.settings,
      secrets,
      sandbox: async () => ({ mcpUrl: rig.sandbox.mcpUrl }),
      clock: rig.clock,
      log: { info: () => {}, warn: (m, e) => logs.push(`${m}: ${String(e)}`), error: () => {} },
      version: 'test',
      onChange: () => {},
    });
  const none = serviceOn(new UnavailableSecretStore('no secure storage is set up.'));
  const words = `${KEYCHAIN} Passwords can't be saved on this computer: no secure storage is set up. ${WHAT_TO_DO}`;
  try {
    const status = await none.resumedStatus(); // an answer, not a failure
    assert.equal(status.state, 'signed_out');
    assert.equal(status.message, words);
    const pressed = await none.connect();
    assert.equal(pressed.state, 'signed_out');
    assert.equal(pressed.message, words, 'pressing Connect says the same, for the panel beside the button');
    assert.equal(pressed.authorizationUrl, null, 'no sign-in page');
    assert.equal(rig.sandbox.stats().registrations, 0, 'nothing was registered at the dashboard');

    // A keychain failing with its system's own message: that stays in the log.
    const damaged = serviceOn(
      Object.assign(Object.create(rig.secrets) as SecretStore, {
        get: () => Promise.reject(new Error('org.freedesktop.Secret.Error.IsLocked')),
      }),
    );
    assert.equal((await damaged.resumedStatus()).message, `${KEYCHAIN} ${WHAT_TO_DO}`);
    assert.ok(
      logs.includes('merchant tools: not resumed: Error: org.freedesktop.Secret.Error.IsLocked'),
      logs.join('\n'),
    );
    await damaged.close();
  } finally {
    await none.close();
    await rig.close();
  }
});
