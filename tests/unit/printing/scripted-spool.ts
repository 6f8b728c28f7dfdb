// A print spool on a real SQLite file and a ManualClock, with printers whose answers a test
// scripts: ready or not, a failure in an exact phase, a status question or a write that waits.
// The emulator cannot fail a job in a chosen phase (it cannot tell the till's own buffer from the
// wire); this can. Each printer records what reached it and when, in clock time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PrintSpool,
  SPOOL_MIGRATIONS,
  type PrintJob,
  type SpoolEvent,
  type SpoolTiming,
} from '../../../electron/services/printing/spool';
import {
  PrinterTransportError,
  type PrinterStatus,
  type PrinterStatusReading,
  type PrinterTransport,
  type TransportPhase,
  unreachable,
} from '../../../electron/services/printing/transports/transport';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { ManualClock, settleMicrotasks } from '../../support/manual-clock';
import { FAST_TIMING, sampleLines } from './spool-harness';

export const READY: PrinterStatus = {
  online: true,
  paperEnd: false,
  paperNearEnd: false,
  coverOpen: false,
  error: false,
  detail: 'ready',
};
export const PAPER_END: PrinterStatus = { ...READY, paperEnd: true, detail: 'paper end' };
export const UNREACHABLE: PrinterStatus = unreachable('unreachable: connect ECONNREFUSED');

/** What reached the printer: the bytes and the clock time they were written. */
export interface Written {
  at: number;
  text: string;
  bytes: Buffer;
}

export class ScriptedPrinter implements PrinterTransport {
  readonly kind = 'network' as const;
  canConfirm = true;
  reading: PrinterStatusReading = READY;
  readonly written: Written[] = [];
  /** The print-finished id each confirmation waited for (undefined: a plain round trip). */
  readonly confirmedIds: (string | undefined)[] = [];
  statusQuestions = 0;
  closes = 0;
  /** Thrown by the next write or confirmation (then forgotten). */
  private failures: { phase: 'write' | 'confirm'; error: unknown }[] = [];
  /** While set, a status question waits for releaseStatus(). */
  private statusGate: { promise: Promise<void>; open: () => void } | null = null;
  /** While set, a write never finishes until the transport is closed (a stuck link). */
  hangWrites = false;
  private stuck: (() => void)[] = [];
  /** Announces its return when set (like a device file or a USB printer); else it must be asked. */
  announcesReturn = false;
  /** Who is watching for its return now. */
  readonly returnWatchers = new Set<() => void>();

  constructor(private readonly clock: ManualClock) {}

  failNext(phase: 'write' | 'confirm', error: unknown): void {
    this.failures.push({ phase, error });
  }

  /** The next failure of a transport kind in a phase, as the real transports raise it. */
  failNextWith(phase: TransportPhase, kind: 'offline' | 'closed' | 'timeout', message: string): void {
    this.failNext(phase === 'confirm' ? 'confirm' : 'write', new PrinterTransportError(phase, kind, message));
  }

  holdStatus(): void {
    let open = () => undefined as void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.statusGate = { promise, open };
  }

  releaseStatus(): void {
    const gate = this.statusGate;
    this.statusGate = null;
    gate?.open();
  }

  async open(): Promise<void> {}

  watchForReturn(onReturn: () => void): (() => void) | null {
    if (!this.announcesReturn) return null;
    this.returnWatchers.add(onReturn);
    return () => this.returnWatchers.delete(onReturn);
  }

  /** The printer appears again (plugged in, switched on): every watcher hears of it. */
  announceReturn(): void {
    for (const watcher of [...this.returnWatchers]) watcher();
  }

  async close(): Promise<void> {
    this.closes += 1;
    // A closed link ends every wait on it: a stuck write fails, a status question returns.
    for (const fail of this.stuck.splice(0)) fail();
    this.releaseStatus();
  }

  async status(): Promise<PrinterStatusReading> {
    this.statusQuestions += 1;
    if (this.statusGate) await this.statusGate.promise;
    return this.reading;
  }

  async write(bytes: Buffer): Promise<void> {
    this.takeFailure('write');
    if (this.hangWrites) {
      await new Promise<void>((_resolve, reject) =>
        this.stuck.push(() => reject(new PrinterTransportError('write', 'closed', 'connection closed'))),
      );
    }
    this.written.push({ at: this.clock.now(), text: bytes.toString('latin1'), bytes });
  }

  async confirm(options: { timeoutMs: number; ackId?: string }): Promise<void> {
    this.takeFailure('confirm');
    this.confirmedIds.push(options.ackId);
  }

  private takeFailure(phase: 'write' | 'confirm'): void {
    const at = this.failures.findIndex((f) => f.phase === phase);
    if (at < 0) return;
    const [failure] = this.failures.splice(at, 1);
    throw failure!.error;
  }
}

/** The receipt text a scripted printer receives: its banners, then the receipt's second line. */
export function renderPlain(
  lines: readonly { value: string }[],
  options: { duplicate: boolean; copy?: boolean },
): Buffer {
  const banners = `${options.copy ? 'COPY ' : ''}${options.duplicate ? 'DUPLICATE ' : ''}`;
  return Buffer.from(`${banners}${lines[1]?.value ?? ''}`, 'latin1');
}

export interface ScriptedSpool {
  dir: string;
  clock: ManualClock;
  db: Db;
  spool: PrintSpool;
  printers: Map<string, ScriptedPrinter>;
  /** The one printer, 'counter'. */
  counter: ScriptedPrinter;
  events: SpoolEvent[];
  /** Puts a receipt on a printer's queue, its bytes rendered like the printer would. */
  enqueue(receiptId: string, printerId?: string): PrintJob;
  /** Lets `ms` of clock time pass in 10 ms steps. */
  pass(ms: number): Promise<void>;
  /** Moves the clock until the job satisfies `done` (at most `limitMs` of clock time). */
  until(jobId: string, done: (job: PrintJob) => boolean, limitMs?: number): Promise<PrintJob>;
  /** Closes the spool and the database, then opens both again on the same file (not yet run). */
  restart(printerIds?: string[]): Promise<PrintSpool>;
  close(): Promise<void>;
}

export async function openScriptedSpool(
  options: {
    printerIds?: string[];
    timing?: Partial<SpoolTiming>;
    printFinishedAck?: boolean;
    /** Omit every timing, so the spool's defaults apply. */
    defaultTiming?: boolean;
  } = {},
): Promise<ScriptedSpool> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-scripted-spool-'));
  const file = join(dir, 'till.db');
  const clock = new ManualClock();
  const printers = new Map<string, ScriptedPrinter>();
  const events: SpoolEvent[] = [];
  const printerFor = (id: string) => {
    let printer = printers.get(id);
    if (!printer) printers.set(id, (printer = new ScriptedPrinter(clock)));
    return printer;
  };
  const build = (db: Db, ids: string[]) => {
    const spool = new PrintSpool({
      db,
      clock,
      ...(!options.defaultTiming && { timing: { ...FAST_TIMING, ...options.timing } }),
      printers: ids.map((id) => ({
        id,
        transport: printerFor(id),
        printFinishedAck: options.printFinishedAck ?? false,
        render: renderPlain,
      })),
    });
    spool.onChange((event) => events.push(event));
    return spool;
  };
  const firstIds = options.printerIds ?? ['counter'];
  const db = openDatabase(file, SPOOL_MIGRATIONS);
  const run: ScriptedSpool = {
    dir,
    clock,
    db,
    spool: build(db, firstIds),
    printers,
    counter: printerFor('counter'),
    events,
    enqueue(receiptId, printerId = 'counter') {
      const lines = sampleLines(receiptId);
      return run.spool.enqueue({
        receiptId,
        printerId,
        lines,
        bytes: renderPlain(lines, { duplicate: false }),
      });
    },
    async pass(ms) {
      await settleMicrotasks();
      for (let passed = 0; passed < ms; passed += 10) await clock.advance(Math.min(10, ms - passed));
    },
    async until(jobId, done, limitMs = 60_000) {
      for (let passed = 0; passed <= limitMs; passed += 10) {
        await settleMicrotasks(); // what is under way finishes at this time
        const job = run.spool.get(jobId);
        if (job && done(job)) return job;
        await clock.advance(10);
      }
      const job = run.spool.get(jobId);
      throw new Error(`job ${jobId} is still ${job?.state} (${job?.reason}, ${job?.lastError})`);
    },
    async restart(ids = firstIds) {
      await run.spool.close();
      run.db.close();
      run.db = openDatabase(file, SPOOL_MIGRATIONS);
      run.spool = build(run.db, ids); // its start-up pass runs on the next turn
      return run.spool;
    },
    async close() {
      await run.spool.close();
      run.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await settleMicrotasks(); // the start-up pass
  return run;
}
