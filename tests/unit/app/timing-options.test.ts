// The till's timing options reach the areas that wait: the card payments read the card service
// on the polling asked for, and the print spool holds a receipt past the stale limit asked for.
// Both on the till's clock, driven fast (tests/support/manual-clock.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printerSchema } from '../../../shared/settings';
import { startPrinterEmulator } from '../../support/printer-emulator';
import { startStaffedTill } from '../../support/staffed-till';
import { basketEndingIn } from '../../support/till';
import { waitUntil } from '../../support/wait';

test('card payments are read on the polling asked for: no sooner than its first read', async () => {
  // The defaults read a payment 120 ms after it starts; the sandbox machine finishes well within a second.
  const { t, products } = await startStaffedTill({
    paymentPolling: { firstPollMs: 10_000, intervalMs: 10_000 },
  });
  try {
    const sale = await t.call('sales.open', { lines: basketEndingIn(products, 0) });
    const started = await t.call('sales.payCard', {
      saleId: sale.saleId,
      terminalId: '22900001',
      amount: sale.total,
    });
    const finished = await t.waitForEvent(
      'payments.updated',
      (p) => p.paymentId === started.paymentId && p.state === 'finished',
    );
    assert.equal(finished.successful, true);
    assert.ok(
      Date.parse(finished.updatedAt) - Date.parse(finished.createdAt) >= 10_000,
      `finished ${finished.createdAt} → ${finished.updatedAt}`,
    );
  } finally {
    await t.close();
  }
});

test('the print spool uses the stale limit asked for: a receipt that waited past it is held for the cashier', async () => {
  const emulator = await startPrinterEmulator();
  // One second (fifteen minutes by default): a test page that waited for paper is not printed late.
  const { t } = await startStaffedTill({ printTiming: { staleAfterMs: 1_000 } });
  try {
    t.till.settings.update({
      printers: [
        printerSchema.parse({ id: 'counter', transport: 'network', address: emulator.address }),
        printerSchema.parse({ id: 'preview', transport: 'preview' }),
      ],
      receiptPrinterId: 'counter',
    });
    emulator.setState('paperEnd');
    const page = await t.call('printing.testPage', {});
    await t.waitForEvent('printing.changed', (p) => p.job?.id === page.id && p.job.reason === 'paper_end');
    const heldAt = t.time!.clock.now();
    // The paper goes back in over a second later, on the till's clock.
    await waitUntil(() => t.time!.clock.now() > heldAt + 1_000, 'a second on the till’s clock');
    emulator.setState('ready');
    const after = await t.waitForEvent(
      'printing.changed',
      (p) => p.job?.id === page.id && p.job.reason !== 'paper_end',
    );
    assert.deepEqual([after.job!.state, after.job!.reason], ['held', 'stale']);
  } finally {
    await t.close();
    await emulator.close();
  }
});
