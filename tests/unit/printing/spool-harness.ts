// Test surroundings for the print spool: a temp database file, the loopback printer emulator, a
// printing service with quick timings, and waits driven by the service's own change events.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { startPrinterEmulator, type PrinterEmulator } from '../../../electron/sandbox/printer-emulator';
import {
  createPrintingService,
  type PrinterConfig,
  type PrintingService,
  type PrintJob,
} from '../../../electron/services/printing';
import type { SpoolTiming } from '../../../electron/services/printing/spool';
import type { ReceiptLine } from '../../../shared/receipt';

export const FAST_TIMING: Partial<SpoolTiming> = {
  pollIntervalMs: 50,
  backoffBaseMs: 20,
  backoffMaxMs: 200,
  statusTimeoutMs: 300,
  writeTimeoutMs: 2000,
  confirmTimeoutMs: 2000,
};

export function networkPrinter(
  emulator: PrinterEmulator,
  overrides: Partial<PrinterConfig> = {},
): PrinterConfig {
  return {
    id: 'counter',
    transport: 'network',
    address: emulator.address,
    paperWidth: 80,
    codePage: 'cp858',
    profile: 'escpos-portable',
    drawer: { enabled: true, pin: 2 },
    ...overrides,
  };
}

export function sampleLines(label: string): ReceiptLine[] {
  return [
    { type: 'TEXT', format: ['BOLD', 'DOUBLE_HEIGHT'], value: 'THE KINGS ARMS' },
    { type: 'TEXT', format: [], value: `Receipt ${label}` },
    { type: 'TEXT', format: [], value: 'TOTAL £23.50 / €27.10' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ];
}

export interface Harness {
  dir: string;
  dbPath: string;
  emulator: PrinterEmulator;
  db: Db;
  service: PrintingService;
  /** Opens a fresh service (and database handle) on the same file, closing the old one. */
  restart(printers?: PrinterConfig[]): Promise<PrintingService>;
  close(): Promise<void>;
}

export async function createHarness(
  options: {
    printers?: (emulator: PrinterEmulator) => PrinterConfig[];
    timing?: Partial<SpoolTiming>;
    clock?: { now(): number };
  } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-spool-'));
  const dbPath = join(dir, 'till.db');
  const emulator = await startPrinterEmulator();
  const printers = options.printers?.(emulator) ?? [networkPrinter(emulator)];
  const timing = { ...FAST_TIMING, ...options.timing };
  const clock = options.clock ? { clock: options.clock } : {};
  const harness: Harness = {
    dir,
    dbPath,
    emulator,
    db: openDatabase(dbPath),
    service: undefined as unknown as PrintingService,
    async restart(nextPrinters = printers) {
      await harness.service.close();
      harness.db.close();
      harness.db = openDatabase(dbPath);
      harness.service = createPrintingService({ db: harness.db, printers: nextPrinters, timing, ...clock });
      return harness.service;
    },
    async close() {
      await harness.service.close();
      harness.db.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  harness.service = createPrintingService({ db: harness.db, printers, timing, ...clock });
  return harness;
}

/** Resolves with the job once it satisfies `done` (checked now and on every change event). */
export async function waitForJob(
  service: PrintingService,
  jobId: string,
  done: (job: PrintJob) => boolean,
  timeoutMs = 10_000,
): Promise<PrintJob> {
  return new Promise<PrintJob>((resolve, reject) => {
    let settled = false;
    const finish = (job: PrintJob) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(job);
    };
    const timer = setTimeout(async () => {
      if (settled) return;
      settled = true;
      unsubscribe();
      const jobs = await service.listJobs();
      const job = jobs.find((j) => j.id === jobId);
      reject(
        new Error(
          `Timed out waiting for job ${jobId}; it is ${job?.state} (${job?.reason}, ${job?.lastError})`,
        ),
      );
    }, timeoutMs);
    const unsubscribe = service.onChange((event) => {
      if (event.type === 'job' && event.job.id === jobId && done(event.job)) finish(event.job);
    });
    void service.listJobs().then((jobs) => {
      const job = jobs.find((j) => j.id === jobId);
      if (job && done(job)) finish(job);
    });
  });
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
