// The credential vault: a sign-in forgotten stays forgotten, and one issuer's tokens or
// registration never turn up under another (each read starts from what is really stored).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CredentialVault,
  memorySlots,
  type SecretSlots,
} from '../../../electron/services/merchant/credentials';

const tokens = (refresh: string) => ({
  access_token: `access-${refresh}`,
  token_type: 'Bearer',
  refresh_token: refresh,
  expires_in: 3600,
});

test('tokens forgotten from an emptied keychain entry do not come back on the next read', async () => {
  const slots = memorySlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  await vault.saveTokens('http://127.0.0.1:1/mcp', 'http://127.0.0.1:2/oauth', tokens('first'), 0);
  assert.equal((await vault.signIn('http://127.0.0.1:2/oauth'))?.tokens.refresh_token, 'first');

  await vault.forgetTokens('http://127.0.0.1:2/oauth');
  assert.equal(await slots.get('merchant.oauthTokens', 'sandbox'), null, 'the keychain entry is gone');
  assert.equal(await vault.signIn('http://127.0.0.1:2/oauth'), null, 'and nothing is read back');

  // Another vault (another endpoint, a later run) starts empty too: nothing of the first leaks in.
  const otherSlots = memorySlots();
  const other = new CredentialVault(otherSlots, () => 'sandbox');
  await other.saveTokens('http://127.0.0.1:3/mcp', 'http://127.0.0.1:4/oauth', tokens('second'), 0);
  const stored = JSON.parse((await otherSlots.get('merchant.oauthTokens', 'sandbox'))!);
  assert.deepEqual(Object.keys(stored.byIssuer), ['http://127.0.0.1:4/oauth']);
  assert.deepEqual(stored.byResource, { 'http://127.0.0.1:3/mcp': 'http://127.0.0.1:4/oauth' });
});

test('a registration forgotten stays forgotten, and a new one is kept under its own issuer only', async () => {
  const slots = memorySlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  await vault.saveClient('http://127.0.0.1:2/oauth', { client_id: 'first-client' });
  await vault.forgetClient('http://127.0.0.1:2/oauth');
  assert.equal(await vault.client('http://127.0.0.1:2/oauth'), undefined);

  await vault.saveClient('http://127.0.0.1:5/oauth', { client_id: 'second-client' });
  const stored = JSON.parse((await slots.get('merchant.clientRegistration', 'sandbox'))!);
  assert.deepEqual(Object.keys(stored.byIssuer), ['http://127.0.0.1:5/oauth']);
});

test('a damaged keychain entry reads as signed out and is replaced cleanly by the next sign-in', async () => {
  const slots = memorySlots();
  await slots.set('merchant.oauthTokens', 'sandbox', '{not json');
  const vault = new CredentialVault(slots, () => 'sandbox');
  assert.equal(await vault.issuerFor('http://127.0.0.1:1/mcp'), null);
  await vault.saveTokens('http://127.0.0.1:1/mcp', 'http://127.0.0.1:2/oauth', tokens('fresh'), 1000);
  const kept = await vault.signIn('http://127.0.0.1:2/oauth');
  assert.equal(kept?.tokens.refresh_token, 'fresh');
  assert.equal(kept?.expiresAt, 1000 + 3_600_000);
});

/** Memory slots that also count every write and delete the vault makes. */
function countingSlots(): SecretSlots & { writes: string[] } {
  const inner = memorySlots();
  const writes: string[] = [];
  return {
    writes,
    get: inner.get,
    set: async (key, profile, value) => {
      writes.push(`set ${key}`);
      await inner.set(key, profile, value);
    },
    delete: async (key, profile) => {
      writes.push(`delete ${key}`);
      return inner.delete(key, profile);
    },
  };
}

const issuer = 'http://127.0.0.1:2/oauth';

test('who signed in (and the account’s currency) is kept with the tokens, survives a token refresh, and is never set for an unknown issuer', async () => {
  const slots = memorySlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  await vault.saveAccount(issuer, { name: 'nobody', detail: null, currency: null });
  assert.equal(
    await slots.get('merchant.oauthTokens', 'sandbox'),
    null,
    'no entry made for an unknown issuer',
  );

  await vault.saveTokens('http://127.0.0.1:1/mcp', issuer, tokens('first'), 0);
  await vault.saveAccount(issuer, { name: 'Corner Shop', detail: 'shop@example.test', currency: 'EUR' });
  assert.deepEqual((await vault.signIn(issuer))?.account, {
    name: 'Corner Shop',
    detail: 'shop@example.test',
    currency: 'EUR',
  });

  await vault.saveTokens('http://127.0.0.1:1/mcp', issuer, tokens('refreshed'), 5000);
  const kept = await vault.signIn(issuer);
  assert.equal(kept?.tokens.refresh_token, 'refreshed');
  assert.deepEqual(kept?.account, { name: 'Corner Shop', detail: 'shop@example.test', currency: 'EUR' });
});

test('a kept token or registration missing its access token or client id reads as none', async () => {
  const slots = memorySlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  const entry = { tokens: { token_type: 'Bearer', refresh_token: 'r' }, expiresAt: null, account: null };
  await slots.set(
    'merchant.oauthTokens',
    'sandbox',
    JSON.stringify({ version: 1, byIssuer: { [issuer]: entry }, byResource: {} }),
  );
  assert.equal(await vault.signIn(issuer), null);
  await slots.set(
    'merchant.clientRegistration',
    'sandbox',
    JSON.stringify({ version: 1, byIssuer: { [issuer]: { client_secret: 'x' } } }),
  );
  assert.equal(await vault.client(issuer), undefined);
});

test('forgetting one of two registrations keeps the other; forgetting the last removes the entry', async () => {
  const slots = countingSlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  await vault.saveClient(issuer, { client_id: 'first-client' });
  await vault.saveClient('http://127.0.0.1:5/oauth', { client_id: 'second-client' });
  await vault.forgetClient(issuer);
  assert.equal(await vault.client(issuer), undefined);
  assert.equal((await vault.client('http://127.0.0.1:5/oauth'))?.client_id, 'second-client');
  await vault.forgetClient('http://127.0.0.1:5/oauth');
  assert.equal(await slots.get('merchant.clientRegistration', 'sandbox'), null);
  assert.deepEqual(slots.writes.slice(-2), [
    'set merchant.clientRegistration',
    'delete merchant.clientRegistration',
  ]);
});

test('forgetting an issuer that has nothing kept does not touch the keychain', async () => {
  const slots = countingSlots();
  const vault = new CredentialVault(slots, () => 'sandbox');
  await vault.saveTokens('http://127.0.0.1:1/mcp', issuer, tokens('first'), 0);
  await vault.saveClient(issuer, { client_id: 'first-client' });
  const before = slots.writes.length;
  await vault.forgetTokens('http://127.0.0.1:9/oauth');
  await vault.forgetClient('http://127.0.0.1:9/oauth');
  assert.equal(slots.writes.length, before);
});
