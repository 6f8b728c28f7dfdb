// The till's OAuth provider when a refresh lands while a sign-in page is open (a resume still
// running when staff started a new sign-in): the refreshed tokens are kept, and the sign-in keeps
// its PKCE verifier and discovery for its own code exchange, which then ends them as usual.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CredentialVault, memorySlots } from '../../../electron/services/merchant/credentials';
import { TillOAuthProvider } from '../../../electron/services/merchant/oauth-provider';
import { ManualClock } from '../../support/manual-clock';

const MCP = 'http://127.0.0.1:4100/mcp';
const ISSUER = 'http://127.0.0.1:4200/oauth';
const DISCOVERY = { authorizationServerUrl: ISSUER };
const tokens = (access: string) => ({
  access_token: access,
  token_type: 'Bearer',
  refresh_token: `r-${access}`,
});

test('a refresh landing during a sign-in leaves its verifier and discovery; its code exchange then ends them', async () => {
  const vault = new CredentialVault(memorySlots(), () => 'sandbox');
  const oauth = new TillOAuthProvider({ resource: MCP, vault, clock: new ManualClock() });
  oauth.saveCodeVerifier('verifier-1');
  oauth.saveDiscoveryState(DISCOVERY);

  await oauth.saveTokens(tokens('refreshed'), { issuer: ISSUER }); // the refresh never reads the verifier
  assert.equal((await vault.signIn(ISSUER))?.tokens.access_token, 'refreshed');
  assert.deepEqual(oauth.discoveryState(), DISCOVERY, 'the sign-in’s discovery is still there');

  assert.equal(oauth.codeVerifier(), 'verifier-1', 'the code exchange reads it');
  await oauth.saveTokens(tokens('signed-in'), { issuer: ISSUER });
  assert.equal((await vault.signIn(ISSUER))?.tokens.access_token, 'signed-in');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
  assert.equal(oauth.discoveryState(), undefined, 'the next 401 runs discovery afresh');

  // With no sign-in open, a refresh's discovery is not kept either.
  oauth.saveDiscoveryState(DISCOVERY);
  await oauth.saveTokens(tokens('refreshed-2'), { issuer: ISSUER });
  assert.equal(oauth.discoveryState(), undefined);
});
