// The merchant tools in the status bar, through the whole till: signed out at first, signing in,
// signed in to the account (the screen's words), a problem when the tools stop answering, and
// signed out again when the sign-in ends or on disconnect.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SANDBOX_USERS } from '../../../electron/sandbox/merchant/server';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import type { ConnectionState, TillStatus } from '../../../shared/contract';
import { aesBackend } from '../../support/encryption';
import { signInThroughDashboard } from '../../support/merchant-sign-in';
import { startTestTill, type TestTill } from '../../support/till';

const merchantIn = (status: TillStatus): ConnectionState | undefined =>
  status.connections.find((c) => c.service === 'merchant');

/** The status bar's merchant pill once it shows `state` (waits up to 5 s for the announcement). */
async function pillBecomes(t: TestTill, state: ConnectionState['state']): Promise<ConnectionState> {
  const now = merchantIn(await t.call('status.get', {}));
  if (now?.state === state) return now;
  const news = await t.waitForEvent('status.changed', (s) => merchantIn(s)?.state === state, 20_000);
  return merchantIn(news)!;
}

function startTill(dataDir: string): Promise<TestTill> {
  return startTestTill({
    dataDir,
    secretStores: [
      new EncryptedFileSecretStore({
        file: join(dataDir, 'secrets.enc.json'),
        encryption: aesBackend('test-aes-gcm'),
      }),
    ],
  });
}

test('the pill follows the sign-in in the screen’s words: signed out, signing in, the account, a problem', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-merchant-status-'));
  const t = await startTill(dataDir);
  try {
    const first = await pillBecomes(t, 'signed_out');
    assert.equal(first.mode, 'sandbox');
    assert.equal(first.detail, 'Not signed in. Connect on the Merchant tools screen.');

    const started = await t.call('merchant.connect', {});
    assert.equal(started.state, 'signing_in');
    assert.equal(
      (await pillBecomes(t, 'signing_in')).detail,
      'Waiting for the sign-in on the dashboard’s page.',
    );

    const online = pillBecomes(t, 'online');
    await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
    assert.equal((await online).detail, 'Signed in to Harbour Café Ltd');
    assert.equal((await t.call('merchant.status', {})).state, 'connected', 'the screen says the same');

    // The endpoint stops answering: the pill says what the screen says.
    const standIn = (await t.till.sandbox()).merchant;
    await standIn.close();
    const failure = await t.failure('merchant.tools', {});
    const problem = await pillBecomes(t, 'error');
    assert.equal(problem.detail, failure.message);
    assert.equal((await t.call('merchant.status', {})).message, problem.detail);
    assert.doesNotMatch(problem.detail, /127\.0\.0\.1|http|fetch|Error/);
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('disconnecting shows the pill signed out again; a sign-in that ends says so in the pill', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-merchant-status-'));
  const t = await startTill(dataDir);
  try {
    const started = await t.call('merchant.connect', {});
    const online = pillBecomes(t, 'online');
    await signInThroughDashboard(started.authorizationUrl!, SANDBOX_USERS.owner);
    await online;

    const standIn = (await t.till.sandbox()).merchant;
    standIn.control({ revokeTokensOf: SANDBOX_USERS.owner.email });
    const ended = await t.failure('merchant.callTool', {
      name: 'list_venues',
      arguments: {},
      confirmed: false,
    });
    const signedOut = await pillBecomes(t, 'signed_out');
    assert.equal(signedOut.detail, ended.message, 'the pill says the sign-in ended, as the screen does');
    assert.match(signedOut.detail, /sign-in to the merchant tools has ended/);

    const again = await t.call('merchant.connect', {});
    const back = pillBecomes(t, 'online');
    await signInThroughDashboard(again.authorizationUrl!, SANDBOX_USERS.owner);
    await back;
    await t.call('merchant.disconnect', {});
    assert.equal(
      (await pillBecomes(t, 'signed_out')).detail,
      'Not signed in. Connect on the Merchant tools screen.',
    );
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
