// Test surroundings for the print spool: a temp database file opened with the spool's migrations,
// the loopback printer emulator, a printing service with quick timings on a ManualClock, and
// waits driven by the service's own change events. Time only moves when a test moves it (or a
// wait drives it), so polls, back-off and timeouts never cost real time; the bytes still travel
// over a real socket, so the waits give the event loop turns for that I/O.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { startPrinterEmulator, type PrinterEmulator } from '../../support/printer-emulator';
import { ManualClock } from '../../support/manual-clock';
import {
  SPOOL_MIGRATIONS,
  createPrintingService,
  type PrinterConfig,
  type PrintingService,
  type PrintJob,
  type SpoolTiming,
} from '../../../electron/services/printing';
import type { ReceiptLine } from '../../../shared/receipt';

export const FAST_TIMING: Partial<SpoolTiming> = {
  pollIntervalMs: 50,
  backoffBaseMs: 20,
  backoffMaxMs: 200,
  // Timeouts are clock time, and waits move the clock ahead of the socket: keep them well
  // above a poll so an answer on its way is never taken for silence.
  statusTimeoutMs: 1000,
  writeTimeoutMs: 2000,
  confirmTimeoutMs: 2000,
};

/** How far one step of a driven wait moves the clock. */
const TICK_MS = 10;

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
  clock: ManualClock;
  db: Db;
  service: PrintingService;
  /** Opens a fresh service (and database handle) on the same file, closing the old one. */
  restart(printers?: PrinterConfig[]): Promise<PrintingService>;
  /** Moves the clock until the job satisfies `done` (see waitForJob). */
  waitForJob(jobId: string, done: (job: PrintJob) => boolean): Promise<PrintJob>;
  /** Lets `ms` of clock time pass in small steps, giving the socket its turns on the way. */
  pass(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function createHarness(
  options: {
    printers?: (emulator: PrinterEmulator) => PrinterConfig[];
    timing?: Partial<SpoolTiming>;
  } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-spool-'));
  const dbPath = join(dir, 'till.db');
  const emulator = await startPrinterEmulator();
  const printers = options.printers?.(emulator) ?? [networkPrinter(emulator)];
  const timing = { ...FAST_TIMING, ...options.timing };
  const clock = new ManualClock();
  const open = (nextPrinters: PrinterConfig[]) =>
    createPrintingService({ db: harness.db, printers: nextPrinters, timing, clock });
  const harness: Harness = {
    dir,
    dbPath,
    emulator,
    clock,
    db: openDatabase(dbPath, SPOOL_MIGRATIONS),
    service: undefined as unknown as PrintingService,
    async restart(nextPrinters = printers) {
      await harness.service.close();
      harness.db.close();
      harness.db = openDatabase(dbPath, SPOOL_MIGRATIONS);
      harness.service = open(nextPrinters);
      return harness.service;
    },
    waitForJob: (jobId, done) => waitForJob(harness.service, jobId, done, { clock }),
    async pass(ms) {
      for (let passed = 0; passed < ms; passed += TICK_MS)
        await clock.advance(Math.min(TICK_MS, ms - passed));
    },
    async close() {
      await harness.service.close();
      harness.db.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  harness.service = open(printers);
  return harness;
}

/**
 * Resolves with the job once it satisfies `done` (checked now and on every change event), moving
 * the clock in small steps while waiting so polls and back-off happen. `timeoutMs` is real time:
 * a safety net for a broken test, not part of what is tested.
 */
export async function waitForJob(
  service: PrintingService,
  jobId: string,
  done: (job: PrintJob) => boolean,
  options: { clock: ManualClock; timeoutMs?: number },
): Promise<PrintJob> {
  const seen: { job?: PrintJob } = {};
  const unsubscribe = service.onChange((event) => {
    if (event.type === 'job' && event.job.id === jobId && done(event.job)) seen.job ??= event.job;
  });
  try {
    const now = (await service.listJobs()).find((j) => j.id === jobId);
    if (now && done(now)) return now;
    const giveUpAt = Date.now() + (options.timeoutMs ?? 10_000);
    while (!seen.job) {
      if (Date.now() > giveUpAt) {
        const job = (await service.listJobs()).find((j) => j.id === jobId);
        throw new Error(
          `Timed out waiting for job ${jobId}; it is ${job?.state} (${job?.reason}, ${job?.lastError})`,
        );
      }
      await options.clock.advance(TICK_MS);
      // Real I/O (a loopback socket, a device file) gets real time to finish: a millisecond per
      // step keeps the clock at most about ten times real time, so a timeout on the clock cannot
      // beat an answer still on its way on a busy machine (a device file's write, once).
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return seen.job;
  } finally {
    unsubscribe();
  }
}
