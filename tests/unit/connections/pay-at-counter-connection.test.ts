// Which card service the till talks to: the stand-in in sandbox mode, the live address with the
// keychain's sign-in, a refusal in words when Live has no address, and the till's own fetch used
// for every request (the seam the host's network settings go through).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { PayAtCounterConnection } from '../../../electron/services/connections/pay-at-counter-connection';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../../electron/sandbox/pay-at-counter/server';
import { defaultSettings, type Settings } from '../../../electron/services/storage/settings';
import { keychainHolding, settingsHolding, watchedFetch } from '../supplies/support';

let sandbox: PayAtCounterSandbox;
before(async () => {
  sandbox = await startPayAtCounterSandbox({ speed: 50 });
});
after(() => sandbox.close());

function connection(settings: Settings, fetchImpl?: typeof fetch) {
  const keychain = keychainHolding({
    'live/payAtCounter.username': sandbox.username,
    'live/payAtCounter.password': sandbox.password,
  });
  const endpoint = { baseUrl: sandbox.baseUrl, username: sandbox.username, password: sandbox.password };
  return new PayAtCounterConnection(settingsHolding(settings), keychain, async () => endpoint, fetchImpl);
}

const TERMINALS = '/api/v1/pay-at-counter/terminals';

test('Live with no address set: refused in words before anything is sent', async () => {
  const settings = defaultSettings();
  settings.payAtCounter.mode = 'live';
  settings.payAtCounter.liveBaseUrl = '';
  const watched = watchedFetch();
  const error = await connection(settings, watched.fetch)
    .client()
    .then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
  assert.ok(error instanceof TillError);
  assert.equal(error.code, 'not_configured');
  assert.equal(error.message, 'No live card service address is set.');
  assert.deepEqual(watched.sent, []);
});

test('the sandbox client sends through the till’s fetch', async () => {
  const watched = watchedFetch();
  const terminals = await (await connection(defaultSettings(), watched.fetch).client()).listTerminals();
  assert.deepEqual(
    terminals.map((t) => t.terminal_id),
    ['22900001', '22900002'],
  );
  assert.deepEqual(watched.sent, [`GET ${TERMINALS}`]);
});

test('a client for a live address not saved yet signs in from the keychain, through the till’s fetch', async () => {
  const watched = watchedFetch();
  const client = connection(defaultSettings(), watched.fetch).liveClientFor(sandbox.baseUrl);
  assert.equal((await client.getTerminal('22900002')).currency, 'EUR');
  assert.deepEqual(watched.sent, [`GET ${TERMINALS}/22900002`]);
});
