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
let LIVE_SIGN_IN: Record<string, string>;
before(async () => {
  sandbox = await startPayAtCounterSandbox({ speed: 50 });
  LIVE_SIGN_IN = {
    'live/payAtCounter.username': sandbox.username,
    'live/payAtCounter.password': sandbox.password,
  };
});
after(() => sandbox.close());

function connected(settings: Settings, fetchImpl?: typeof fetch, secrets = LIVE_SIGN_IN) {
  const keychain = keychainHolding(secrets);
  const endpoint = { baseUrl: sandbox.baseUrl, username: sandbox.username, password: sandbox.password };
  const connection = new PayAtCounterConnection(
    settingsHolding(settings),
    keychain,
    async () => endpoint,
    fetchImpl,
  );
  return { connection, keychain };
}
const connection = (settings: Settings, fetchImpl?: typeof fetch) =>
  connected(settings, fetchImpl).connection;

/** Live settings whose address is the stand-in's. */
function live(): Settings {
  const settings = defaultSettings();
  Object.assign(settings.payAtCounter, { mode: 'live', liveBaseUrl: sandbox.baseUrl });
  return settings;
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

test('Live: the sign-in is read from the keychain once, again after it changes or could not be read', async () => {
  const settings = live();
  const { connection, keychain } = connected(settings);
  const client = await connection.client();
  await client.listTerminals();
  await (await connection.client()).getTerminal('22900001');
  assert.equal(await connection.client(), client, 'the same client while nothing changes');
  assert.equal(keychain.reads, 2, 'username and password, once');
  connection.forgetCredentials();
  keychain.locked = true;
  await assert.rejects((await connection.client()).listTerminals(), {
    message: 'The request to the card service could not be prepared.',
  });
  keychain.locked = false;
  assert.equal((await (await connection.client()).listTerminals()).length, 2);
  assert.equal(keychain.reads, 6);
  settings.payAtCounter.liveBaseUrl = `${sandbox.baseUrl}/`;
  assert.notEqual(await connection.client(), client, 'a new address, a new client');
});

test('Live with only half a sign-in saved: nothing is sent, in words', async () => {
  const watched = watchedFetch();
  const { connection } = connected(live(), watched.fetch, {
    'live/payAtCounter.username': sandbox.username,
  });
  await assert.rejects((await connection.client()).listTerminals(), {
    code: 'not_configured',
    message: 'No card service username and password are saved yet.',
  });
  assert.deepEqual(watched.sent, []);
});

test('each answer of a card machine itself is told: answered, or unknown to the service', async () => {
  const answers: { terminalId: string; answered: boolean }[] = [];
  const c = connection(defaultSettings());
  c.onTerminalAnswer((answer) => answers.push(answer));
  const api = c.api();
  assert.equal((await api.getTerminal('22900001')).currency, 'GBP');
  await assert.rejects(api.getTerminal('22999999'), { code: 'not_found' });
  await assert.rejects(api.getTransaction('22900001', 'no-such-transaction'), { code: 'not_found' });
  assert.deepEqual(answers, [
    { terminalId: '22900001', answered: true },
    { terminalId: '22999999', answered: false },
  ]);
});

test('a machine call the service refuses for another reason says nothing about the machine', async () => {
  const { connection: c } = connected(live(), undefined, {
    ...LIVE_SIGN_IN,
    'live/payAtCounter.password': 'wrong',
  });
  const answers: unknown[] = [];
  c.onTerminalAnswer((answer) => answers.push(answer));
  await assert.rejects(c.api().getTerminal('22900001'), { code: 'bad_credentials' });
  assert.deepEqual(answers, []);
});

test('a reprint or a report asks the card machine itself: a machine unknown to the service is told as not answering', async () => {
  const answers: { terminalId: string; answered: boolean }[] = [];
  const c = connection(defaultSettings());
  c.onTerminalAnswer((answer) => answers.push(answer));
  const api = c.api();
  await assert.rejects(api.startDuplicate('22999998'), { code: 'not_found' });
  await assert.rejects(api.startReport('22999997', 'X_BAL'), { code: 'not_found' });
  assert.equal(typeof (await api.startReport('22900002', 'X_BAL')).reportId, 'string');
  assert.deepEqual(answers, [
    { terminalId: '22999998', answered: false },
    { terminalId: '22999997', answered: false },
    { terminalId: '22900002', answered: true },
  ]);
});
