// The till's OAuth provider when a refresh lands while a sign-in page is open (a resume still
// running when staff started a new sign-in): the refreshed tokens are kept, and the sign-in keeps
// its PKCE verifier and discovery for its own code exchange, which then ends them as usual.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
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

/** The page the SDK asks for: this state and the S256 challenge of this verifier. */
function pageFor(state: string, verifier: string): URL {
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return new URL(`${ISSUER}/authorize?state=${state}&code_challenge=${challenge}`);
}

test('a refresh landing during a sign-in leaves its verifier and discovery; its code exchange then ends them', async () => {
  const vault = new CredentialVault(memorySlots(), () => 'sandbox');
  const oauth = new TillOAuthProvider({ resource: MCP, vault, clock: new ManualClock() });
  oauth.saveCodeVerifier('verifier-1');
  oauth.redirectToAuthorization(pageFor('state-1', 'verifier-1'));
  oauth.followSignIn('state-1');
  oauth.saveDiscoveryState(DISCOVERY);

  await oauth.saveTokens(tokens('refreshed'), { issuer: ISSUER }); // the refresh never reads the verifier
  assert.equal((await vault.signIn(ISSUER))?.tokens.access_token, 'refreshed');
  assert.deepEqual(oauth.discoveryState(), DISCOVERY, 'the sign-in’s discovery is still there');

  oauth.exchangeCodeOf('state-1');
  assert.equal(oauth.codeVerifier(), 'verifier-1', 'the code exchange reads it');
  await oauth.saveTokens(tokens('signed-in'), { issuer: ISSUER });
  assert.equal((await vault.signIn(ISSUER))?.tokens.access_token, 'signed-in');
  oauth.endSignIn('state-1'); // as the session does once the page's sign-in is over
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
  assert.equal(oauth.discoveryState(), undefined, 'the next 401 runs discovery afresh');

  // With no sign-in open, a refresh's discovery is not kept either.
  oauth.saveDiscoveryState(DISCOVERY);
  await oauth.saveTokens(tokens('refreshed-2'), { issuer: ISSUER });
  assert.equal(oauth.discoveryState(), undefined);
});
