// What a till picks up from its last run as it starts: a live merchant sign-in is resumed quietly
// (and a failure to resume is only logged); merchant tools on sandbox resume nothing, so a till
// whose card service and supplier are live starts no stand-ins for them; a card payment left
// running is continued, and the log says how many were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxServices } from '../../../electron/sandbox/index';
import { openDatabase } from '../../../electron/services/storage/database';
import type { SecretStore } from '../../../electron/services/storage/secret-store';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../../support/encryption';
import { ManualClock } from '../../support/manual-clock';
import { startStaffedTill, type StaffedTill } from '../../support/staffed-till';
import { basketEndingIn } from '../../support/till';
import { TEST_STAFF } from '../../support/staff';
import { waitUntil } from '../../support/wait';
import { cardBasket, paidSale, TERMINAL } from '../history/support';
import { ALL_LIVE, DEAD_ADDRESS, startAppTill } from './support';

/** What a test (its context) offers for cleaning up after it. */
type Cleanup = { after: (fn: () => void) => void };

function tempDataDir(t: Cleanup): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-resume-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
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

test('a live merchant sign-in that cannot be read at start is logged, and the till starts anyway', async (context) => {
  const dataDir = tempDataDir(context);
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

test('a card payment left running is continued at the next start, and the log says how many were', async (context) => {
  const dataDir = tempDataDir(context);
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

/** The state a row of `table` was left in, read from the data folder of a closed till. */
function storedState(dataDir: string, table: 'sales' | 'sale_refunds', id: string): string {
  const db = openDatabase(join(dataDir, 'paydesk.sqlite'));
  try {
    return (db.prepare(`SELECT state FROM ${table} WHERE id = ?`).get(id) as { state: string }).state;
  } finally {
    db.close();
  }
}

/**
 * A till whose card machine lost its answer to one card start (the outcome is unknown), and a
 * manager deciding "paid" just as the till closes: the decision is kept, but the closing till
 * no longer moves the sale or refund on. Returns the data folder, the till closed.
 */
async function paidDecisionAsTheTillCloses(
  t: Cleanup,
  unknownCard: (s: StaffedTill, payAtCounter: SandboxServices['payAtCounter']) => Promise<string>,
): Promise<string> {
  const dataDir = tempDataDir(t);
  const s = await startStaffedTill({ dataDir });
  let closing: Promise<void> | undefined;
  try {
    const { payAtCounter } = await s.t.till.sandbox();
    const paymentId = await unknownCard(s, payAtCounter);
    closing = s.t.close();
    // Taken while the till closes (its watchers already stopped, the card journal still open).
    const decided = await s.t.till.dispatch('payments.resolveUnknown', { paymentId, outcome: 'paid' });
    assert.equal(decided.ok, true);
  } finally {
    await (closing ?? s.t.close());
  }
  return dataDir;
}

test('a card sale decided paid as the till closes stays open, and the next start completes it', async (t) => {
  let saleId = '';
  const dataDir = await paidDecisionAsTheTillCloses(t, async (s, payAtCounter) => {
    const sale = await s.t.call('sales.open', { lines: cardBasket(s.products, 1) });
    saleId = sale.saleId;
    await payAtCounter.control({ dropNextStartResponse: true });
    const card = await s.t.call('sales.payCard', { saleId, terminalId: TERMINAL, amount: sale.total });
    assert.equal(card.state, 'unknown');
    return card.paymentId;
  });
  assert.equal(storedState(dataDir, 'sales', saleId), 'open');

  const again = await startAppTill({ dataDir });
  try {
    const sale = await again.call('sales.get', { saleId });
    assert.deepEqual([sale.state, sale.due], ['completed', 0]);
  } finally {
    await again.close();
  }
});

test('a card refund decided paid as the till closes stays pending, and the next start completes it', async (t) => {
  let refundId = '';
  const dataDir = await paidDecisionAsTheTillCloses(t, async (s, payAtCounter) => {
    const sold = await paidSale(s.t, cardBasket(s.products, 1), 'all');
    await payAtCounter.control({ dropNextStartResponse: true });
    const refund = await s.t.call('history.refund', {
      saleId: sold.saleId,
      lines: [{ lineIndex: 0, quantity: 1 }],
      cardAmount: sold.total,
      card: { paymentId: sold.tenders[0]!.paymentId!, terminalId: TERMINAL },
      reason: 'Wrong size',
    });
    assert.equal(refund.state, 'card_pending');
    refundId = refund.refundId;
    return refund.cardPaymentId!;
  });
  assert.equal(storedState(dataDir, 'sale_refunds', refundId), 'card_pending');

  const again = await startAppTill({ dataDir });
  await again.close({ keep: true });
  assert.equal(storedState(dataDir, 'sale_refunds', refundId), 'completed');
});
