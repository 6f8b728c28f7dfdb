// One merchant session on its own (mcp-session.ts), against the stand-in over real HTTP with the
// command line's headless browser: a call before connecting, a sign-in stopped half-way, and a
// sign-out by a session that never learned the issuer itself (as after a restart).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startMerchantSandbox, SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { CredentialVault, memorySlots } from '../../../electron/services/merchant/credentials';
import { completeSignInHeadless } from '../../../electron/services/merchant/headless-sign-in';
import { MerchantSession } from '../../../electron/services/merchant/mcp-session';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';

async function startSessions() {
  const clock = new ManualClock();
  const sandbox = await startMerchantSandbox({ clock });
  const slots = memorySlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const sessions: MerchantSession[] = [];
  const session = () => {
    const made = new MerchantSession({ mcpUrl: sandbox.mcpUrl, vault, clock, log });
    sessions.push(made);
    return made;
  };
  return {
    sandbox,
    slots,
    vault,
    session,
    async close() {
      for (const made of sessions) await made.close();
      await sandbox.close();
    },
  };
}

test('a tool call before connecting asks to connect first; a signed-in session is connected', async () => {
  const rig = await startSessions();
  try {
    const session = rig.session();
    assert.equal(session.connected, false);
    await assert.rejects(session.callTool('list_venues', {}), (error: unknown) => {
      assert.ok(error instanceof TillError);
      assert.equal(error.code, 'not_configured');
      return true;
    });
    const started = await session.connect();
    assert.equal(started.kind, 'sign_in');
    assert.equal(session.connected, false, 'not connected while the sign-in page is open');
    await completeSignInHeadless(started.authorizationUrl, { credentials: SANDBOX_USERS.owner });
    await started.finished;
    assert.equal(session.connected, true);
    assert.equal((await session.listTools()).length > 0, true);
    await session.disconnect();
    assert.equal(session.connected, false);
  } finally {
    await rig.close();
  }
});

test(
  'a sign-in stopped half-way ends its wait with the conflict and its listener is closed',
  { timeout: 5000 },
  async () => {
    const rig = await startSessions();
    try {
      const session = rig.session();
      const started = await session.connect();
      assert.equal(started.kind, 'sign_in');
      const loopback = new URL(started.authorizationUrl).searchParams.get('redirect_uri')!;
      await session.cancelSignIn();
      await assert.rejects(started.finished, (error: unknown) => {
        assert.ok(error instanceof TillError);
        assert.equal(error.code, 'conflict');
        assert.equal(error.message, 'The sign-in was stopped.');
        return true;
      });
      await assert.rejects(fetch(loopback), 'nothing listens on the loopback address any more');
    } finally {
      await rig.close();
    }
  },
);

test('a session that did not sign in itself still forgets the kept tokens on sign-out', async () => {
  const rig = await startSessions();
  try {
    const first = rig.session();
    const started = await first.connect();
    assert.equal(started.kind, 'sign_in');
    await completeSignInHeadless(started.authorizationUrl, { credentials: SANDBOX_USERS.owner });
    await started.finished;
    assert.ok(await rig.vault.signIn(rig.sandbox.issuer), 'tokens kept');

    const later = rig.session();
    assert.equal((await later.signIn())?.issuer, rig.sandbox.issuer);
    await later.signOut();
    assert.equal(await rig.vault.signIn(rig.sandbox.issuer), null);
    assert.equal(await rig.slots.get('merchant.oauthTokens', 'sandbox'), null);
  } finally {
    await rig.close();
  }
});
