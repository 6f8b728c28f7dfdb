// Which supplier the till talks to: the stand-in in sandbox mode, or the live address with the
// key from the keychain, read once and asked again only when it changes or could not be read.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DistributionConnection,
  isSandboxSupplier,
  supplierIdentity,
} from '../../../electron/services/supplies/connection';
import { defaultSettings, type Settings } from '../../../electron/services/storage/settings';
import {
  GOOD_ADDRESS,
  keychainHolding,
  productIn,
  QUIET_LOG,
  settingsHolding,
  startSupplier,
  tillFailure,
  type Supplier,
} from './support';

let s: Supplier;
before(async () => {
  s = await startSupplier({ rateLimit: { limit: 1000, windowMs: 60_000 } });
});
after(() => s.close());

/** A connection whose live supplier is the stand-in (at its address, with its key in the keychain). */
function connected(mode: 'sandbox' | 'live', liveBaseUrl = s.sandbox.baseUrl) {
  const settings: Settings = defaultSettings();
  Object.assign(settings.distribution, { mode, liveBaseUrl });
  const keychain = keychainHolding({ 'live/distribution.apiKey': s.sandbox.apiKey });
  let sandboxStarts = 0;
  const connection = new DistributionConnection(
    settingsHolding(settings),
    keychain,
    async () => {
      sandboxStarts += 1;
      return { baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.apiKey };
    },
    { clock: s.clock, log: QUIET_LOG },
  );
  return { settings, keychain, connection, sandboxStarts: () => sandboxStarts };
}

test('mode and order method follow the settings', () => {
  const { settings, connection } = connected('live');
  assert.deepEqual([connection.mode(), connection.orderMethod()], ['live', 'POST']);
  settings.distribution.orderMethod = 'PUT';
  settings.distribution.mode = 'sandbox';
  assert.deepEqual([connection.mode(), connection.orderMethod()], ['sandbox', 'PUT']);
});

test('Live with no address set: refused in words', async () => {
  const { connection, keychain } = connected('live', '');
  const error = await tillFailure(connection.client());
  assert.deepEqual(error.toShape(), {
    code: 'not_configured',
    message: 'No live supplier address is set.',
    words: { key: 'supplier.noLiveAddress' },
  });
  assert.equal(keychain.reads, 0);
});

test('Live: the key is read from the keychain once, again after it changes', async () => {
  const { connection, keychain, sandboxStarts } = connected('live');
  const client = await connection.client();
  await client.listProducts();
  await (await connection.client()).listOrders();
  assert.equal(await connection.client(), client, 'the same client while nothing changes');
  assert.equal(keychain.reads, 1);
  connection.forgetKey();
  await (await connection.client()).listProducts();
  assert.equal(keychain.reads, 2);
  assert.equal(sandboxStarts(), 0, 'the stand-in is not started for Live');
});

test('a locked keychain is worded, and asked again at the next request', async () => {
  const { connection, keychain } = connected('live');
  keychain.locked = true;
  const locked = await tillFailure((await connection.client()).listProducts());
  assert.equal(locked.code, 'storage');
  assert.equal(locked.message, "The supplier's API key could not be read from this computer's keychain.");
  keychain.locked = false;
  assert.ok((await (await connection.client()).listProducts()).length > 0);
  assert.equal(keychain.reads, 2);
});

test('a change of order method takes effect at once', async () => {
  const { settings, connection, keychain, sandboxStarts } = connected('sandbox');
  const before = s.sandbox.stats().putCreations;
  const first = await connection.client();
  settings.distribution.orderMethod = 'PUT';
  const second = await connection.client();
  assert.notEqual(second, first);
  const created = await second.createOrder({
    address: { ...GOOD_ADDRESS },
    lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
  });
  assert.equal(created.kind, 'created');
  assert.equal(s.sandbox.stats().putCreations, before + 1);
  assert.deepEqual(
    [sandboxStarts(), keychain.reads],
    [2, 0],
    'the stand-in with its own key, not the keychain',
  );
});

test('the Live check reads the key afresh for an address not saved yet', async () => {
  const { connection, keychain } = connected('sandbox', '');
  const client = connection.liveClientFor(s.sandbox.baseUrl);
  await client.listProducts();
  await client.listProducts();
  assert.equal(keychain.reads, 2);
  const bad = await tillFailure(connection.liveClientFor(`${s.sandbox.baseUrl}/elsewhere`).listProducts());
  assert.equal(bad.code, 'not_found');
});

test('the supplier in use is named by its mode and address, with the client that talks to it', async () => {
  const { settings, connection } = connected('sandbox');
  const atSandbox = await connection.current();
  assert.equal(atSandbox.supplier, `sandbox ${s.sandbox.baseUrl}`);
  assert.equal(await connection.client(), atSandbox.client);
  settings.distribution.mode = 'live';
  settings.distribution.liveBaseUrl = `${s.sandbox.baseUrl}/`;
  const atLive = await connection.current();
  assert.equal(atLive.supplier, `live ${s.sandbox.baseUrl}`, 'the same server in Live is another supplier');
  assert.ok((await atLive.client.listProducts()).length > 0);
});

test('a supplier’s address is written one way: scheme and host in lower case, no default port, no trailing slash', () => {
  assert.equal(
    supplierIdentity('live', 'HTTPS://API.Example.COM:443/v1//'),
    'live https://api.example.com/v1',
  );
  assert.equal(
    supplierIdentity('live', ' https://api.example.com:8443/ '),
    'live https://api.example.com:8443',
  );
  assert.equal(supplierIdentity('live', 'https://api.example.com/V1'), 'live https://api.example.com/V1');
  assert.equal(supplierIdentity('sandbox', 'http://127.0.0.1:4100'), 'sandbox http://127.0.0.1:4100');
  assert.equal(supplierIdentity('live', ' not an address '), 'live not an address');
  assert.equal(isSandboxSupplier(supplierIdentity('sandbox', 'http://127.0.0.1:4100')), true);
  assert.equal(isSandboxSupplier(supplierIdentity('live', 'http://127.0.0.1:4100')), false);
});
