// Printing benchmarks: encoding speed, enqueue-to-first-byte latency at the emulated printer, how
// fast a backlog drains once the printer returns, and how soon a printer that went away (its port
// closed) gets the waiting job once it listens again. Measures only; the runner judges the goals.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startPrinterEmulator, type PrinterEmulator } from '../support/printer-emulator';
import {
  SPOOL_MIGRATIONS,
  createPrintingService,
  type PrintingService,
} from '../../electron/services/printing';
import { encodeReceipt } from '../../electron/services/printing/escpos-encoder';
import { openDatabase } from '../../electron/services/storage/database';
import type { ReceiptLine } from '../../shared/receipt';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  goal?: string;
}

const cardSlip = (
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', 'unit', 'printing', 'fixtures', 'sample-receipts.json'),
      'utf8',
    ),
  ) as { chip_and_pin_sale: { CUSTOMER: ReceiptLine[] } }
).chip_and_pin_sale.CUSTOMER;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

function waitForState(service: PrintingService, jobId: string, state: string): Promise<void> {
  return new Promise((resolve) => {
    const off = service.onChange((event) => {
      if (event.type === 'job' && event.job.id === jobId && event.job.state === state) {
        off();
        resolve();
      }
    });
  });
}

function benchEncoding(): BenchResult {
  const options = { paperWidth: 80, codePage: 'cp858' } as const;
  for (let i = 0; i < 200; i++) encodeReceipt(cardSlip, options); // warm-up
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < 1000) {
    encodeReceipt(cardSlip, options);
    count += 1;
  }
  return {
    name: 'printing: encode card slip',
    value: Math.round(count / ((performance.now() - started) / 1000)),
    unit: 'receipts/s',
  };
}

/** How many times the stand-in printer goes away and comes back while a job waits. */
const RETURNS = 30;

/**
 * The printer's port closes (connections refused), a job is queued and held as unreachable, and
 * after a varied absence the port listens again: from that moment to the first byte of the job.
 */
async function benchPrinterBack(service: PrintingService, emulator: PrinterEmulator): Promise<BenchResult[]> {
  const delays: number[] = [];
  for (let run = 0; run < RETURNS; run++) {
    await emulator.setRefusing(true);
    const id = `back-${run}`;
    const held = waitForState(service, id, 'held');
    await service.printReceipt(id, cardSlip);
    await held;
    // Away for 150–600 ms, so the return falls at varied points of any poll or probe cycle.
    await new Promise((resolve) => setTimeout(resolve, 150 + ((run * 157) % 450)));
    const printed = waitForState(service, id, 'printed');
    const before = emulator.received().length;
    await emulator.setRefusing(false);
    const listening = performance.now();
    await emulator.waitForBytes(before + 1, 10_000);
    delays.push(performance.now() - listening);
    await printed;
  }
  delays.sort((a, b) => a - b);
  return [
    { name: 'printing: printer back to first job p50', value: round(percentile(delays, 50)), unit: 'ms' },
    {
      name: 'printing: printer back to first job p95',
      value: round(percentile(delays, 95)),
      unit: 'ms',
      goal: '<= 100 ms',
    },
  ];
}

export async function benchPrinting(): Promise<BenchResult[]> {
  const results: BenchResult[] = [benchEncoding()];
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-print-'));
  const emulator = await startPrinterEmulator();
  const db = openDatabase(join(dir, 'bench.db'), SPOOL_MIGRATIONS);
  const service = createPrintingService({
    db,
    printers: [
      {
        id: 'counter',
        transport: 'network',
        address: emulator.address,
        paperWidth: 80,
        codePage: 'cp858',
        profile: 'escpos-portable',
        drawer: { enabled: false, pin: 2 },
      },
    ],
  });
  try {
    // Enqueue → first byte at the printer, from an idle spool (includes status check and connect).
    const latencies: number[] = [];
    for (let run = 0; run < 100; run++) {
      const before = emulator.received().length;
      const id = `latency-${run}`;
      const printed = waitForState(service, id, 'printed');
      const started = performance.now();
      const firstByte = emulator.waitForBytes(before + 1);
      await service.printReceipt(id, cardSlip);
      await firstByte;
      latencies.push(performance.now() - started);
      await printed;
    }
    latencies.sort((a, b) => a - b);
    results.push(
      { name: 'printing: enqueue to first byte p50', value: round(percentile(latencies, 50)), unit: 'ms' },
      {
        name: 'printing: enqueue to first byte p95',
        value: round(percentile(latencies, 95)),
        unit: 'ms',
        goal: '<= 150 ms',
      },
    );

    // A backlog of 100 receipts while the printer is offline, then it comes back.
    emulator.setState('offline');
    const backlog = Array.from({ length: 100 }, (_, i) => `backlog-${i}`);
    const jobsBefore = emulator.jobs().length;
    const firstHeld = waitForState(service, backlog[0]!, 'held');
    for (const id of backlog) await service.printReceipt(id, cardSlip);
    await firstHeld;
    // Let the spool settle into polling, so the return falls at an arbitrary point of its poll cycle.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    let firstJobAt = 0;
    const off = emulator.onJob(() => {
      if (firstJobAt === 0) firstJobAt = performance.now();
    });
    const lastPrinted = waitForState(service, backlog.at(-1)!, 'printed');
    const returned = performance.now();
    emulator.setState('ready');
    await emulator.waitForJobs(jobsBefore + backlog.length, 60_000);
    const allDone = performance.now();
    await lastPrinted;
    off();
    results.push(
      {
        name: 'printing: first backlog job after printer returns',
        value: round(firstJobAt - returned),
        unit: 'ms',
        goal: '<= 1000 ms',
      },
      {
        name: 'printing: 100 backlog jobs after printer returns',
        value: round(allDone - returned),
        unit: 'ms',
        goal: '<= 5000 ms',
      },
    );
    results.push(...(await benchPrinterBack(service, emulator)));
  } finally {
    await service.close();
    db.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
