// The till's OAuth provider on its own, on a vault in memory: what it registers as, which
// issuer a client or tokens are kept and read under (the SDK's, the one they carry, the one last
// seen, the one the endpoint signed in with), a client registered out of band, each sign-in page's
// own PKCE verifier, and what each kind of "forget" forgets and keeps.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { CredentialVault, memorySlots } from '../../../electron/services/merchant/credentials';
import { TillOAuthProvider, type ProviderOptions } from '../../../electron/services/merchant/oauth-provider';
import { ManualClock } from '../../support/manual-clock';

const MCP = 'http://127.0.0.1:4100/mcp';
const ISSUER = 'http://127.0.0.1:4200/oauth';
const OTHER_ISSUER = 'http://127.0.0.1:4300/oauth';
const TOKENS = { access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1', expires_in: 60 };
const DISCOVERY = { authorizationServerUrl: ISSUER };

function provider(options: Partial<ProviderOptions> = {}) {
  const clock = new ManualClock();
  const vault = new CredentialVault(memorySlots(), () => 'sandbox');
  return { clock, vault, oauth: new TillOAuthProvider({ resource: MCP, vault, clock, ...options }) };
}

test('the registration asks for a public native client with code and refresh grants at the loopback address', () => {
  const { oauth } = provider();
  assert.deepEqual(oauth.clientMetadata, {
    client_name: 'Paydesk till',
    redirect_uris: ['http://127.0.0.1/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
  });
  oauth.loopbackUrl = 'http://127.0.0.1:49152/callback';
  assert.deepEqual(oauth.clientMetadata.redirect_uris, ['http://127.0.0.1:49152/callback']);
  assert.equal(
    provider({ clientName: 'Harbour Café till 2' }).oauth.clientMetadata.client_name,
    'Harbour Café till 2',
  );
  assert.equal(oauth.clientMetadataUrl, undefined, 'no metadata document unless one was given');
  const url = 'https://till.example/oauth/client.json';
  assert.equal(provider({ clientMetadataUrl: url }).oauth.clientMetadataUrl, url);
});

test('a registration is kept under the issuer the SDK names, else the one it carries, else the one last seen', async () => {
  const { oauth, vault } = provider();
  await oauth.saveClientInformation({ client_id: 'named-by-sdk' }, { issuer: ISSUER });
  assert.equal((await vault.client(ISSUER))?.client_id, 'named-by-sdk');

  await oauth.saveClientInformation({ client_id: 'carried', issuer: OTHER_ISSUER });
  assert.equal((await vault.client(OTHER_ISSUER))?.client_id, 'carried');

  // Read back under the SDK's issuer; the issuer read is then the one remembered for calls without one.
  assert.equal((await oauth.clientInformation({ issuer: OTHER_ISSUER }))?.client_id, 'carried');
  await oauth.saveClientInformation({ client_id: 'last-seen' });
  assert.equal((await vault.client(OTHER_ISSUER))?.client_id, 'last-seen');
  assert.equal((await oauth.clientInformation())?.client_id, 'last-seen');
});

test('with no issuer known there is no registration to read, and none is saved', async () => {
  const { oauth } = provider();
  assert.equal(await oauth.clientInformation(), undefined);
  await oauth.saveClientInformation({ client_id: 'nowhere' });
  assert.equal(await oauth.clientInformation({ issuer: 'undefined' }), undefined);
  assert.equal(await oauth.clientInformation({ issuer: 'null' }), undefined);
});

test('a client registered out of band is offered as given and never replaced by a registration', async () => {
  const preRegistered = { client_id: 'cli-client', client_secret: 'cli-secret' };
  const { oauth, vault } = provider({ preRegistered });
  assert.deepEqual(await oauth.clientInformation({ issuer: ISSUER }), preRegistered);
  assert.deepEqual(await oauth.clientInformation(), preRegistered);
  await oauth.saveClientInformation({ client_id: 'registered', issuer: ISSUER }, { issuer: ISSUER });
  assert.equal(await vault.client(ISSUER), undefined, 'nothing registered is kept');
  assert.deepEqual(await oauth.clientInformation({ issuer: ISSUER }), preRegistered);
});

test('tokens are kept under the SDK’s issuer, else the one they carry, else the one last seen', async () => {
  const { oauth, vault, clock } = provider();
  await oauth.saveTokens({ ...TOKENS, access_token: 'named-by-sdk' }, { issuer: ISSUER });
  const kept = await vault.signIn(ISSUER);
  assert.equal(kept?.tokens.access_token, 'named-by-sdk');
  assert.equal(kept?.expiresAt, clock.now() + 60_000);
  assert.equal(await vault.issuerFor(MCP), ISSUER, 'the endpoint now signs in with that issuer');

  await oauth.saveTokens({ ...TOKENS, access_token: 'carried', issuer: OTHER_ISSUER });
  assert.equal((await vault.signIn(OTHER_ISSUER))?.tokens.access_token, 'carried');

  await oauth.saveTokens({ ...TOKENS, access_token: 'last-seen' });
  assert.equal((await vault.signIn(OTHER_ISSUER))?.tokens.access_token, 'last-seen');
  assert.equal((await vault.signIn(ISSUER))?.tokens.access_token, 'named-by-sdk');
});

test('tokens with no issuer anywhere are refused, and nothing is kept', async () => {
  const { oauth, vault } = provider();
  await assert.rejects(oauth.saveTokens(TOKENS), { message: 'tokens arrived without an issuer' });
  assert.equal(await vault.issuerFor(MCP), null);
});

test('tokens are read under the SDK’s issuer, else the one last seen, else the one the endpoint signed in with', async () => {
  const { vault, clock } = provider();
  // Kept for another endpoint: only the SDK naming the issuer finds them for this one.
  await vault.saveTokens('http://127.0.0.1:4999/mcp', ISSUER, { ...TOKENS, access_token: 'by-sdk' }, 0);
  const first = new TillOAuthProvider({ resource: MCP, vault, clock });
  assert.equal(await first.tokens(), undefined, 'this endpoint never signed in');
  assert.equal((await first.tokens({ issuer: ISSUER }))?.access_token, 'by-sdk');
  assert.equal((await first.tokens())?.access_token, 'by-sdk', 'the issuer just read is remembered');

  await vault.saveTokens(MCP, OTHER_ISSUER, { ...TOKENS, access_token: 'by-endpoint' }, 0);
  const second = new TillOAuthProvider({ resource: MCP, vault, clock });
  assert.equal((await second.tokens())?.access_token, 'by-endpoint');
  await second.invalidateCredentials('all');
  assert.equal(await vault.signIn(OTHER_ISSUER), null, 'the issuer it read by is the one forgotten');
});

test('the page the SDK asks for is kept with the state it carries, or an empty one when it has none', () => {
  const { oauth } = provider();
  const page = new URL('http://127.0.0.1:4200/oauth/authorize?client_id=c1');
  oauth.redirectToAuthorization(page);
  assert.deepEqual(oauth.pendingAuthorization, { url: page.href, state: '' });
  const state = oauth.state();
  assert.match(state, /^[\w-]{32}$/, '24 random bytes, base64url');
  assert.notEqual(oauth.state(), state, 'each sign-in has its own state');
  const older = withState(page, state);
  oauth.redirectToAuthorization(older);
  assert.deepEqual(
    oauth.pendingAuthorization,
    { url: older.href, state },
    'the page’s own, not the latest made',
  );
});

/** An authorisation page as the SDK makes it: this state, and the S256 challenge of this verifier. */
function authorizationPage(state: string, verifier: string): URL {
  const page = withState(new URL(`${ISSUER}/authorize?client_id=c1`), state);
  page.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  page.searchParams.set('code_challenge_method', 'S256');
  return page;
}

function withState(page: URL, state: string): URL {
  const copy = new URL(page);
  copy.searchParams.set('state', state);
  return copy;
}

/** What the SDK does to start a sign-in: save the verifier, then ask for its page. */
function startSignIn(oauth: TillOAuthProvider, state: string, verifier: string): void {
  oauth.saveCodeVerifier(verifier);
  oauth.redirectToAuthorization(authorizationPage(state, verifier));
}

test('a page’s verifier is there from its saving until the session ends that sign-in', async () => {
  const { oauth } = provider();
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
  startSignIn(oauth, 'state-1', 'verifier-1');
  oauth.followSignIn('state-1');
  oauth.saveDiscoveryState(DISCOVERY);
  assert.throws(
    () => oauth.codeVerifier(),
    { message: 'no sign-in is in progress' },
    'no page came back yet',
  );
  oauth.exchangeCodeOf('state-1');
  assert.equal(oauth.codeVerifier(), 'verifier-1');
  await oauth.saveTokens(TOKENS, { issuer: ISSUER });
  assert.deepEqual(oauth.discoveryState(), DISCOVERY, 'kept until the sign-in ends');
  oauth.endSignIn('state-1');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
  assert.equal(oauth.discoveryState(), undefined, 'the next 401 runs discovery afresh');
});

test('with two sign-in pages open (the SDK started one by itself), each code exchange uses its own page’s verifier', () => {
  const { oauth } = provider();
  startSignIn(oauth, 'followed', 'verifier-followed');
  startSignIn(oauth, 'background', 'verifier-background');
  oauth.exchangeCodeOf('followed');
  assert.equal(oauth.codeVerifier(), 'verifier-followed', 'not the one saved last');
  oauth.exchangeCodeOf('background');
  assert.equal(oauth.codeVerifier(), 'verifier-background');
  oauth.exchangeCodeOf('never-opened');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
});

test('ending one sign-in leaves another page still followed with its verifier and the discovery', async () => {
  const { oauth } = provider();
  startSignIn(oauth, 'first', 'verifier-first');
  oauth.followSignIn('first');
  startSignIn(oauth, 'second', 'verifier-second'); // staff pressed Connect again meanwhile
  oauth.followSignIn('second');
  oauth.saveDiscoveryState(DISCOVERY);
  oauth.exchangeCodeOf('first');
  assert.equal(oauth.codeVerifier(), 'verifier-first');
  await oauth.saveTokens(TOKENS, { issuer: ISSUER });
  oauth.endSignIn('first');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' }, 'a page is used once');
  assert.deepEqual(oauth.discoveryState(), DISCOVERY, 'kept for the second page’s exchange');
  oauth.exchangeCodeOf('second');
  assert.equal(oauth.codeVerifier(), 'verifier-second');
  oauth.endSignIn('second');
  assert.equal(oauth.discoveryState(), undefined);
});

test('a page the SDK started that nobody follows keeps no discovery when tokens arrive', async () => {
  const { oauth } = provider();
  startSignIn(oauth, 'started-by-the-sdk', 'verifier-1');
  oauth.saveDiscoveryState(DISCOVERY);
  await oauth.saveTokens(TOKENS, { issuer: ISSUER });
  assert.equal(oauth.discoveryState(), undefined);
});

test('only the four newest sign-in pages keep a verifier; pages the SDK started and nobody followed fall away', () => {
  const { oauth } = provider();
  for (const n of [1, 2, 3, 4, 5]) startSignIn(oauth, `page-${n}`, `verifier-${n}`);
  // A page no saved verifier made takes no place among them.
  oauth.redirectToAuthorization(authorizationPage('page-unmade', 'verifier-never-saved'));
  oauth.exchangeCodeOf('page-1');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
  for (const n of [2, 3, 4, 5]) {
    oauth.exchangeCodeOf(`page-${n}`);
    assert.equal(oauth.codeVerifier(), `verifier-${n}`);
  }
  // Verifiers saved without a page: only the four newest can still be named by one.
  for (const n of [6, 7, 8, 9, 10]) oauth.saveCodeVerifier(`verifier-${n}`);
  oauth.redirectToAuthorization(authorizationPage('page-6', 'verifier-6'));
  oauth.redirectToAuthorization(authorizationPage('page-7', 'verifier-7'));
  oauth.exchangeCodeOf('page-6');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
  oauth.exchangeCodeOf('page-7');
  assert.equal(oauth.codeVerifier(), 'verifier-7');
});

test('the two saves of interleaved sign-ins still pair each page with the verifier its challenge names', () => {
  const { oauth } = provider();
  // RFC 7636, appendix B: this verifier's S256 challenge.
  const rfcVerifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  oauth.saveCodeVerifier('verifier-other');
  oauth.saveCodeVerifier(rfcVerifier);
  const page = new URL(
    `${ISSUER}/authorize?state=rfc&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM`,
  );
  oauth.redirectToAuthorization(page);
  oauth.redirectToAuthorization(authorizationPage('other', 'verifier-other'));
  oauth.exchangeCodeOf('rfc');
  assert.equal(oauth.codeVerifier(), rfcVerifier);
  oauth.exchangeCodeOf('other');
  assert.equal(oauth.codeVerifier(), 'verifier-other');
  oauth.redirectToAuthorization(authorizationPage('again', rfcVerifier));
  oauth.exchangeCodeOf('again');
  assert.throws(
    () => oauth.codeVerifier(),
    { message: 'no sign-in is in progress' },
    'a verifier names one page',
  );
});

test('a page whose challenge names no saved verifier has none to exchange with', () => {
  const { oauth } = provider();
  oauth.saveCodeVerifier('verifier-1');
  oauth.redirectToAuthorization(authorizationPage('state-1', 'verifier-2'));
  assert.equal(oauth.pendingAuthorization?.state, 'state-1', 'the page is still offered');
  oauth.exchangeCodeOf('state-1');
  assert.throws(() => oauth.codeVerifier(), { message: 'no sign-in is in progress' });
});

/** A provider that has tokens, a registration, a verifier and discovery kept for ISSUER. */
async function everythingKept() {
  const rig = provider();
  await rig.oauth.saveTokens(TOKENS, { issuer: ISSUER });
  await rig.oauth.saveClientInformation({ client_id: 'client-1' }, { issuer: ISSUER });
  startSignIn(rig.oauth, 'state-1', 'verifier-1');
  rig.oauth.exchangeCodeOf('state-1');
  rig.oauth.saveDiscoveryState(DISCOVERY);
  /** What is still there: tokens, client, verifier, discovery. */
  const left = async () => ({
    tokens: (await rig.vault.signIn(ISSUER)) !== null,
    client: (await rig.vault.client(ISSUER)) !== undefined,
    verifier: (() => {
      try {
        rig.oauth.exchangeCodeOf('state-1'); // the page coming back (again)
        return rig.oauth.codeVerifier() === 'verifier-1';
      } catch {
        return false;
      }
    })(),
    discovery: rig.oauth.discoveryState() !== undefined,
  });
  return { ...rig, left };
}

test('each kind of forget forgets only its own kind; "all" forgets everything', async () => {
  const expected = {
    tokens: { tokens: false, client: true, verifier: true, discovery: true },
    client: { tokens: true, client: false, verifier: true, discovery: true },
    verifier: { tokens: true, client: true, verifier: false, discovery: true },
    discovery: { tokens: true, client: true, verifier: true, discovery: false },
    all: { tokens: false, client: false, verifier: false, discovery: false },
  } as const;
  for (const [scope, left] of Object.entries(expected)) {
    const rig = await everythingKept();
    assert.deepEqual(await rig.left(), { tokens: true, client: true, verifier: true, discovery: true });
    await rig.oauth.invalidateCredentials(scope as keyof typeof expected);
    assert.deepEqual(await rig.left(), left, `after forgetting "${scope}"`);
  }
});

test('forgetting with no issuer known leaves the vault alone and still drops the sign-in in progress', async () => {
  const { oauth, vault } = provider();
  await vault.saveTokens(MCP, ISSUER, TOKENS, 0);
  await vault.saveClient(ISSUER, { client_id: 'client-1' });
  startSignIn(oauth, 'state-1', 'verifier-1');
  oauth.exchangeCodeOf('state-1');
  oauth.saveDiscoveryState(DISCOVERY);
  await oauth.invalidateCredentials('all');
  assert.equal((await vault.signIn(ISSUER))?.tokens.access_token, 'access-1');
  assert.equal((await vault.client(ISSUER))?.client_id, 'client-1');
  assert.throws(() => oauth.codeVerifier(), /no sign-in is in progress/);
  assert.equal(oauth.discoveryState(), undefined);
});
