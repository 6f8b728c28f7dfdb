// The supplier in the status bar's connection list: checked now and then (on the till's clock)
// and by every read, its state and detail in staff words, its mode following the settings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DistributionSandbox } from '../../../electron/sandbox/distribution/server';
import type { ConnectionState, TillStatus } from '../../../shared/contract';
import { ManualClock } from '../../support/manual-clock';
import { startTestTill, type TestTill } from '../../support/till';

const SUPPLIER_CHECK_MS = 60_000;

let t: TestTill;
let supplier: DistributionSandbox;
const clock = new ManualClock(Date.now());

before(async () => {
  // No keychain on this till: a live supplier's key cannot be read.
  t = await startTestTill({ clock, secretStores: [] });
  supplier = (await t.till.sandbox()).distribution;
});
after(() => t.close());

const supplierIn = (status: TillStatus): ConnectionState | undefined =>
  status.connections.find((c) => c.service === 'distribution');

/** Waits (up to 5 s) for the status bar to show the supplier as `state`. */
async function supplierBecomes(state: ConnectionState['state']): Promise<ConnectionState> {
  const now = supplierIn(await t.call('status.get', {}));
  if (now?.state === state) return now;
  const news = await t.waitForEvent('status.changed', (s) => supplierIn(s)?.state === state, 5_000);
  return supplierIn(news)!;
}

test('the connection list holds the card service, the supplier and the merchant tools, all in sandbox', async () => {
  const { connections } = await t.call('status.get', {});
  assert.deepEqual(
    connections.map((c) => [c.service, c.mode]),
    [
      ['payAtCounter', 'sandbox'],
      ['distribution', 'sandbox'],
      ['merchant', 'sandbox'],
    ],
  );
  const online = await supplierBecomes('online');
  assert.equal(online.detail, 'Connected');
});

test('the periodic check finds the supplier closed for maintenance, then back', async () => {
  await supplierBecomes('online');
  const asked = supplier.stats().apiRequests;
  supplier.control({ maintenance: true });
  const closed = supplierBecomes('error');
  await clock.advance(SUPPLIER_CHECK_MS);
  const state = await closed;
  assert.match(state.detail, /^The supplier is closed for maintenance just now\. Try again in 2 minutes\.$/);
  assert.ok(supplier.stats().apiRequests > asked, 'the check asked the supplier');

  supplier.control({ maintenance: false });
  const back = supplierBecomes('online');
  await clock.advance(SUPPLIER_CHECK_MS);
  assert.equal((await back).detail, 'Connected');
});

test('a read by the Supplies screen updates the list at once', async () => {
  await supplierBecomes('online');
  supplier.control({ maintenance: true });
  const closed = supplierBecomes('error');
  await assert.rejects(t.call('supplies.products', {}), /maintenance/);
  await closed;
  supplier.control({ maintenance: false });
  const back = supplierBecomes('online');
  await t.call('supplies.orders', {});
  await back;
});

test('switched to Live with no readable key: a problem, in staff words, never "connected"', async () => {
  const asked = supplier.stats().apiRequests;
  // Straight into the settings store (the Live gate has its own tests): the list follows it.
  t.till.settings.update({ distribution: { mode: 'live', liveBaseUrl: 'http://127.0.0.1:9' } });
  const state = await supplierBecomes('error');
  assert.equal(state.mode, 'live');
  assert.equal(state.detail, "The supplier's API key could not be read from this computer's keychain.");
  assert.equal(supplier.stats().apiRequests, asked, 'the stand-in was not asked');
});
