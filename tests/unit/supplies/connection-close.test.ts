// Closing the till while a supplier read is waiting to try again: the read ends with the failure
// it had instead of asking the supplier again and logging retries after the till has gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultSettings } from '../../../shared/settings';
import { DistributionConnection } from '../../../electron/services/supplies/connection';
import { TillError } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil } from '../../support/wait';
import { keychainHolding, settingsHolding } from './support';

function failingSupplier() {
  let asked = 0;
  const fetch = (async () => {
    asked += 1;
    return new Response('{"error":"down"}', { status: 500, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked: () => asked };
}

function connectionTo(supplier: ReturnType<typeof failingSupplier>) {
  const clock = new ManualClock();
  const warnings: string[] = [];
  const log = { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };
  const connection = new DistributionConnection(
    settingsHolding(defaultSettings()),
    keychainHolding(),
    async () => ({ baseUrl: 'http://supplier.test/api', apiKey: 'key-1' }),
    { clock, log, fetch: supplier.fetch, retry: { attempts: 3, firstDelayMs: 500 } },
  );
  return { connection, clock, warnings };
}

test('a read still open keeps trying while the till runs: three asks, two retries logged', async () => {
  const supplier = failingSupplier();
  const { connection, clock, warnings } = connectionTo(supplier);
  const read = (await connection.client()).listProducts();
  const outcome = read.then(
    () => 'answered',
    (error: unknown) => (error instanceof TillError ? error.code : 'other'),
  );
  await waitUntil(() => warnings.length === 1, 'the first retry announced');
  await clock.advance(500);
  await waitUntil(() => warnings.length === 2, 'the second retry announced');
  await clock.advance(1000);
  assert.equal(await outcome, 'service_error');
  assert.equal(supplier.asked(), 3);
  assert.equal(warnings.length, 2);
});

test('closed during the pause before a retry: the supplier is not asked again and nothing more is logged', async () => {
  const supplier = failingSupplier();
  const { connection, clock, warnings } = connectionTo(supplier);
  const read = (await connection.client()).listProducts();
  const outcome = read.then(
    () => 'answered',
    (error: unknown) => (error instanceof TillError ? error.code : 'other'),
  );
  await waitUntil(() => warnings.length === 1, 'the first retry announced');
  assert.equal(supplier.asked(), 1, 'the first ask went out');
  connection.close();
  await clock.advance(500);
  assert.equal(await outcome, 'service_error', 'the read ends with the failure it had');
  assert.equal(supplier.asked(), 1, 'no second ask after closing');
  assert.equal(warnings.length, 1, 'only the retry announced before closing');
  assert.equal(clock.timers, 0, 'no timer left behind');
});

test('closed before a read fails: it is not retried at all', async () => {
  const supplier = failingSupplier();
  const { connection, clock, warnings } = connectionTo(supplier);
  const client = await connection.client();
  connection.close();
  const outcome = client.listProducts().then(
    () => 'answered',
    (error: unknown) => (error instanceof TillError ? error.code : 'other'),
  );
  assert.equal(await outcome, 'service_error');
  assert.deepEqual([supplier.asked(), warnings.length, clock.timers], [1, 0, 0]);
});
