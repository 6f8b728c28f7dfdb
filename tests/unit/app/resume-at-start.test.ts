// What a till picks up from its last run as it starts: a live merchant sign-in is resumed quietly
// (and a failure to resume is only logged); merchant tools on sandbox resume nothing, so a till
// whose card service and supplier are live starts no stand-ins for them; a card payment left
// running is continued, and the log says how many were.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SecretStore } from '../../../electron/services/storage/secret-store';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../../support/encryption';
import { ManualClock } from '../../support/manual-clock';
import { basketEndingIn } from '../../support/till';
import { TEST_STAFF } from '../../support/staff';
import { waitUntil } from '../../support/wait';
import { ALL_LIVE, DEAD_ADDRESS, startAppTill } from './support';

function tempDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-resume-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** A log kept as "LEVEL message: error" lines. */
function keptLog() {
  const lines: string[] = [];
  const log =
    (level: string) =>
    (message: string, error?: unknown): void =>
      void lines.push(error === undefined ? `${level} ${message}` : `${level} ${message}: ${String(error)}`);
  return { lines, logger: { info: log('INFO'), warn: log('WARN'), error: log('ERROR') } };
}

test('a live merchant sign-in that cannot be read at start is logged, and the till starts anyway', async () => {
  const dataDir = tempDataDir();
  const file = new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: aesBackend() });
  // The merchant tools' kept sign-in cannot be read (a keychain entry gone bad); the rest can.
  const unreadable: SecretStore = Object.assign(Object.create(file) as SecretStore, {
    get: async (key: string, profile: string) =>
      key.startsWith('merchant.')
        ? Promise.reject(new Error('the sign-in entry is damaged'))
        : file.get(key as never, profile as never),
  });
  const { lines, logger } = keptLog();
  const t = await startAppTill({ dataDir, settings: ALL_LIVE, secretStores: [unreadable], logger });
  try {
    await waitUntil(
      () => lines.includes('WARN merchant tools: not resumed: Error: the sign-in entry is damaged'),
      'the failed resume in the log',
      5_000,
    );
    assert.equal((await t.call('merchant.status', {})).state, 'signed_out');
  } finally {
    await t.close();
  }
});

test('merchant tools on sandbox resume nothing: a till whose card service and supplier are live starts no stand-ins', async () => {
  const t = await startAppTill({
    settings: {
      payAtCounter: { mode: 'live', liveBaseUrl: DEAD_ADDRESS },
      distribution: { mode: 'live', liveBaseUrl: DEAD_ADDRESS },
    },
  });
  try {
    const merchant = (await t.call('status.get', {})).connections.find((c) => c.service === 'merchant');
    assert.equal(merchant?.mode, 'sandbox');
    assert.equal(t.standIns.starts, 0);
  } finally {
    await t.close();
  }
});

test('a card payment left running is continued at the next start, and the log says how many were', async () => {
  const dataDir = tempDataDir();
  // Time stands still: the card machine never finishes, so the payment is still running at close.
  const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
  const first = keptLog();
  const t = await startAppTill({ dataDir, clock, logger: first.logger });
  try {
    await t.call('staff.createFirstManager', TEST_STAFF.manager);
    const products = (await t.call('catalogue.get', {})).products;
    const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
    await t.call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total });
  } finally {
    await t.close();
  }
  assert.deepEqual(
    first.lines.filter((l) => l.includes('resumed')),
    [],
    'nothing to resume on a first start',
  );
  const second = keptLog();
  const again = await startAppTill({ dataDir, clock, logger: second.logger });
  await again.close();
  assert.ok(second.lines.includes('INFO resumed 1 unfinished card payment(s)'), second.lines.join('\n'));
});
