// What closing the till ends, seen from outside: nothing of it is left to run on its clock (no
// connection check, idle sign-out or database checkpoint), a supplier read waiting to try again
// asks the supplier no more, and a final checkpoint that fails is logged in words that name it.
// (A card decision taken as the till closes is in resume-at-start.test.ts: the next start
// completes what the closing till no longer does.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../../support/encryption';
import { ManualClock } from '../../support/manual-clock';
import { TEST_STAFF } from '../../support/staff';
import { waitUntil } from '../../support/wait';
import { ALL_LIVE, startAppTill } from './support';

test('once closed, nothing of the till is left on its clock, and an hour passing after it announces nothing', async () => {
  const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
  // Every service live but not set up: the connection checks ask nobody, so only timers remain.
  const t = await startAppTill({ clock, settings: ALL_LIVE });
  // The manager signed in: the idle sign-out is set for 5 minutes from now.
  await t.call('staff.createFirstManager', TEST_STAFF.manager);
  assert.ok(clock.timers > 0, 'the running till has checks, a checkpoint and a sign-out to come');
  await t.close();
  const from = t.events.length;

  assert.equal(clock.timers, 0);
  // Were any left, the sign-out would read the closed database and throw here.
  await clock.advance(60 * 60_000);
  assert.deepEqual(t.events.slice(from), []);
});

test('a supplier read waiting to try again when the till closes asks the supplier no more', async (context) => {
  const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
  let reads = 0;
  // A supplier failing with 500, which the till tries again after a pause.
  const supplier = createServer((req, res) => {
    if (req.url === '/products') reads++;
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
  });
  await new Promise<void>((resolve) => supplier.listen(0, '127.0.0.1', resolve));
  context.after(() => new Promise((resolve) => supplier.close(resolve)));
  const address = `http://127.0.0.1:${(supplier.address() as AddressInfo).port}`;

  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-close-'));
  context.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const secrets = new EncryptedFileSecretStore({
    file: join(dataDir, 'secrets.bin'),
    encryption: aesBackend(),
  });
  await secrets.set('distribution.apiKey', 'live', 'supplier-key-7');
  const pauses: string[] = [];
  const t = await startAppTill({
    dataDir,
    clock,
    secretStores: [secrets],
    settings: { ...ALL_LIVE, distribution: { mode: 'live', liveBaseUrl: address } },
    logger: {
      info: () => {},
      warn: (message) => void (message.includes('trying again') && pauses.push(message)),
      error: () => {},
    },
  });
  // Two reads now pause before their second try: the till's own first check and this test.
  const tested = t.dispatch('settings.testConnection', { service: 'distribution' });
  let answered = false;
  void tested.finally(() => (answered = true));
  await waitUntil(() => reads === 2 && pauses.length === 2, 'both reads pausing', 5_000);

  await t.close();
  await clock.advance(500);
  // Either the read ends (closed), or a second request is sent: wait for whichever comes.
  await waitUntil(() => answered || reads > 2, 'the read to end or ask again', 5_000);
  assert.equal(reads, 2);
  assert.deepEqual(await tested, {
    ok: true,
    value: {
      ok: false,
      message: 'The supplier service had a problem of its own. Try again later.',
    },
  });
});

test('a final database checkpoint that fails as the till closes is logged in words that name it', async () => {
  const errors: string[] = [];
  const t = await startAppTill({
    clock: new ManualClock(Date.parse('2026-03-02T09:00:00Z')),
    settings: ALL_LIVE,
    logger: {
      info: () => {},
      warn: () => {},
      error: (message, error) => errors.push(`${message}: ${String(error)}`),
    },
  });
  // Something written (it waits in the write-ahead file), then that file cut short by another program.
  await t.call('staff.createFirstManager', TEST_STAFF.manager);
  truncateSync(join(t.dataDir, 'paydesk.sqlite-wal'), 10);
  await t.close();
  assert.deepEqual(errors, ['final database checkpoint: SqliteError: disk I/O error']);
});

test('a change of settings after the till closed reaches it no more: no event, no check, nothing logged', async () => {
  const errors: string[] = [];
  const t = await startAppTill({
    settings: ALL_LIVE,
    logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
  });
  try {
    await t.till.close();
    const from = t.events.length;
    // The settings store outlives the till (a restart in the same process builds a new till on it).
    t.till.settings.update({ shop: { name: 'The Corner Café' } });
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(t.events.slice(from), []);
    assert.deepEqual(errors, []);
  } finally {
    rmSync(t.dataDir, { recursive: true, force: true });
  }
});
