// Disconnect against status queries (merchant-service.ts), over real HTTP to the stand-in: a status
// asked while a Disconnect is still forgetting the sign-in answers "signed out" (it used to answer
// "connected", which the end-to-end test caught now and then), a Disconnect on a till restarted with
// a kept sign-in forgets it even when nothing asked for the status first (a status query beside it
// used to resume it and connect again), and two first queries at once make one session, not two.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SecretKey } from '../../../electron/services/storage/secret-store';
import { holdFirst, signInAsOwner, startMerchantRig, type MerchantRig } from './support';

const keptTokens = (rig: MerchantRig) => rig.secrets.get('merchant.oauthTokens', 'sandbox');

test('a status asked while a Disconnect is forgetting the sign-in answers "signed out", never "connected"', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    const forgetting = holdFirst<{ action: string; key: SecretKey }>(
      ({ action, key }) => action === 'delete' && key === 'merchant.oauthTokens',
    );
    rig.holdSecret = forgetting.hook;
    const disconnecting = rig.service.disconnect();
    await forgetting.held; // the Disconnect is under way: the keychain has not let go of the sign-in yet

    const asked = rig.service.resumedStatus();
    let answered: string | null = null;
    void asked.then((status) => (answered = status.state));
    await new Promise((resolve) => setImmediate(resolve)); // the status query runs as far as it can
    assert.equal(answered, null, 'the status waits for the Disconnect instead of answering "connected"');

    forgetting.release();
    assert.equal((await asked).state, 'signed_out');
    assert.equal((await disconnecting).state, 'signed_out');
    assert.equal(rig.service.status().state, 'signed_out');
    assert.equal(await keptTokens(rig), null, 'the sign-in is no longer kept');
    assert.deepEqual(
      rig.reported.slice(-1).map((s) => s.state),
      ['signed_out'],
      'the screens were last told "signed out"',
    );
  } finally {
    await rig.close();
  }
});

test('a Disconnect on a till restarted with a kept sign-in forgets it, and a status asked beside it does not connect again', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    const restarted = rig.restart(); // nothing has asked this one for the status yet
    const [disconnected, status] = await Promise.all([restarted.disconnect(), restarted.resumedStatus()]);
    assert.equal(disconnected.state, 'signed_out');
    assert.equal(
      status.state,
      'signed_out',
      'the status query did not resume the sign-in staff signed out of',
    );
    assert.equal(restarted.status().state, 'signed_out');
    assert.equal(await keptTokens(rig), null, 'Disconnect forgot the kept sign-in');

    const sent = rig.requests.length;
    assert.equal(
      (await rig.restart().resumedStatus()).state,
      'signed_out',
      'the next start stays signed out',
    );
    assert.deepEqual(rig.requests.slice(sent), [], 'nothing kept: nothing to try');
  } finally {
    await rig.close();
  }
});

test('two status queries at once on a restarted till resume the kept sign-in once, on one session', async () => {
  const rig = await startMerchantRig();
  try {
    await signInAsOwner(rig, rig.service);
    const restarted = rig.restart();
    let initializes = 0;
    rig.hold = ({ body }) => {
      if (body.includes('"method":"initialize"')) initializes += 1;
      return undefined;
    };
    const [first, second] = await Promise.all([restarted.resumedStatus(), restarted.resumedStatus()]);
    assert.equal(first.state, 'connected');
    assert.equal(second.state, 'connected');
    assert.equal(initializes, 1, 'one connection, not one per query');
    const venues = await restarted.callTool('list_venues', {}, false);
    assert.equal(venues.isError, false, 'the session in use is the connected one');
  } finally {
    await rig.close();
  }
});
