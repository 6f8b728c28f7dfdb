// From a finished card transaction to the first receipt byte at a network printer (the
// emulator), through the whole till: runner poll → journal → checkout → spool → TCP.
import { startPrinterEmulator } from '../support/printer-emulator';
import { startTestTill } from '../support/till';
import type { BenchFigure } from './types';

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export async function benchReceiptLatency(sales = 15): Promise<BenchFigure[]> {
  const emulator = await startPrinterEmulator();
  const t = await startTestTill({ sandboxSpeed: 5 });
  try {
    await t.call('settings.update', {
      patch: {
        printers: [
          { id: 'preview', name: 'On-screen preview', transport: 'preview' },
          { id: 'counter', name: 'Counter printer', transport: 'network', address: emulator.address },
        ],
        receiptPrinterId: 'counter',
      },
    });
    const sandbox = (await t.till.sandbox()).payAtCounter;
    const { products } = await t.call('catalogue.get', {});
    const product = products.find((p) => p.price % 100 === 20)!;
    const fromTill: number[] = [];
    const fromMachine: number[] = [];
    const knownTransactions = new Set(Object.keys(sandbox.stats().transactionReads));
    for (let i = 0; i < sales; i++) {
      const sale = await t.call('sales.open', { lines: [{ productId: product.id, quantity: 1 }] });
      const before = emulator.received().length;
      const jobsBefore = emulator.jobs().length;
      const firstByte = emulator
        .waitUntil(() => emulator.received().length > before, 30_000)
        .then(() => Date.now());
      let finishSeenAt = 0;
      const seen = t
        .waitForEvent('payments.updated', (p) => p.saleId === sale.saleId && p.state === 'finished')
        .then(() => {
          finishSeenAt = Date.now();
        });
      await t.call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total });
      const [byteAt] = await Promise.all([firstByte, seen]);
      const txId = Object.keys(sandbox.stats().transactionReads).find((id) => !knownTransactions.has(id))!;
      knownTransactions.add(txId);
      const finishedAt = sandbox.timeline(txId).find((s) => s.code === 'TRANSACTION_FINISHED')!.at;
      fromTill.push(byteAt - finishSeenAt);
      fromMachine.push(byteAt - finishedAt);
      // Customer copy and sale receipt both printed before the next sale.
      await emulator.waitForJobs(jobsBefore + 2, 30_000);
    }
    return [
      {
        name: 'receipt: till sees the finish → first byte at printer, p95',
        value: percentile(fromTill, 95),
        unit: 'ms',
        goal: '≤ 150 ms',
      },
      {
        name: 'receipt: card machine finishes → first byte at printer, p50',
        value: percentile(fromMachine, 50),
        unit: 'ms',
      },
      {
        name: 'receipt: card machine finishes → first byte at printer, p95',
        value: percentile(fromMachine, 95),
        unit: 'ms',
        goal: '≤ 150 ms (polling allows ≤ 4 reads/s)',
      },
    ];
  } finally {
    await t.close();
    await emulator.close();
  }
}
