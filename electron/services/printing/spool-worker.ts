// One printer's loop: one job at a time, oldest first. The rules (see docs/printing.md):
// - status is read before each job; paper end, cover open, offline or unreachable → held, and the
//   worker learns of the printer's return at once: from the transport's own event where it has
//   one (a device file or USB device appearing), else by asking every returnProbeMs (50 ms);
//   nothing waiting → no timers and no watching;
// - 'sending' is stored before the first byte and 'printed' after the printer confirmed;
// - a connection lost while the bytes were still leaving the till → retried with capped
//   exponential back-off (the end of the job never left, so at most a partial receipt is on
//   paper); lost after every byte had left but before the printer confirmed → it may have
//   printed whole, so every further attempt carries the COPY header and the job needs a look;
//   a printer gone silent after taking the bytes → 'uncertain', never resent without the cashier;
// - a job that waited past staleAfterMs is held for the cashier rather than printed late.
// Every wait (polls, back-off) is a timer on the injected clock.
import type { ReceiptLine } from '../../../shared/receipt';
import type { Clock, TimerHandle } from '../common/clock';
import { printFinishedRequest } from './escpos-encoder';
import { PrinterStatusRecord, type PrinterStatusView } from './printer-status';
import type { JobRow, SpoolStore } from './spool-store';
import {
  PrinterTransportError,
  conditionOf,
  isReady,
  type PrinterStatusReading,
  type PrinterTransport,
} from './transports/transport';

export interface SpoolTiming {
  /**
   * While a job is held, how often a printer that cannot announce its return is asked for its
   * status: short, so a returning printer gets its job at once (docs/decisions.md).
   */
  returnProbeMs: number;
  /**
   * The slow status poll: while a job is held for a printer that announces its return (the
   * transport's watchForReturn), a safety net in case the announcement is missed.
   */
  pollIntervalMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  statusTimeoutMs: number;
  writeTimeoutMs: number;
  /** How long to wait for the printer's confirmation (the Epson ack waits for the paper). */
  confirmTimeoutMs: number;
  /** Interrupted sends before a job is marked failed (a job that keeps breaking the link). */
  maxInterruptedAttempts: number;
  /**
   * A job older than this when the printer is finally ready is held as 'stale' for the cashier
   * instead of printing a backlog nobody is waiting for. 0 turns the check off.
   */
  staleAfterMs: number;
  /** refreshStatus() reuses a reading younger than this. */
  statusMaxAgeMs: number;
}

export const DEFAULT_SPOOL_TIMING: SpoolTiming = {
  returnProbeMs: 50,
  pollIntervalMs: 500,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  statusTimeoutMs: 1000,
  writeTimeoutMs: 10_000,
  confirmTimeoutMs: 20_000,
  maxInterruptedAttempts: 6,
  staleAfterMs: 15 * 60_000,
  statusMaxAgeMs: 1000,
};

export interface SpoolPrinter {
  id: string;
  /** Shown to the cashier; the id when absent. */
  name?: string;
  transport: PrinterTransport;
  /** Ask the printer for an Epson print-finished ack (needs a transport that can confirm). */
  printFinishedAck: boolean;
  /**
   * Renders lines for this printer, without a drawer kick: DUPLICATE for reprints, COPY for a
   * resend after a link lost once the whole job had left.
   */
  render(lines: readonly ReceiptLine[], options: { duplicate: boolean; copy?: boolean }): Buffer;
}

/** What a worker shares with the spool that owns it. */
export interface WorkerContext {
  store: SpoolStore;
  clock: Clock;
  timing: SpoolTiming;
  isClosed(): boolean;
  /** The printer's condition or words changed. */
  statusChanged(view: PrinterStatusView): void;
}

function linesOf(job: JobRow): ReceiptLine[] {
  return JSON.parse(job.lines_json) as ReceiptLine[];
}

export function backoffDelay(
  attempts: number,
  timing: Pick<SpoolTiming, 'backoffBaseMs' | 'backoffMaxMs'>,
): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** exponent);
}

/**
 * After a printer announced its return it may need a moment before it answers (a USB device is
 * still being set up): for this long it is asked every returnProbeMs, as if it could not announce.
 */
export const AFTER_RETURN_EVENT_MS = 2000;

const ACK_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Four printable characters, different for each attempt of each job. */
function ackIdFor(seq: number, attempt: number): string {
  let n = (seq * 64 + (attempt % 64)) % ACK_ALPHABET.length ** 4;
  let id = '';
  for (let i = 0; i < 4; i++) {
    id = ACK_ALPHABET[n % ACK_ALPHABET.length] + id;
    n = Math.floor(n / ACK_ALPHABET.length);
  }
  return id;
}

export class PrinterWorker {
  readonly status: PrinterStatusRecord;
  private running: Promise<void> | null = null;
  /** Asked to run again while running (a new job, a retry, a cancel). */
  private again = false;
  /** A job's bytes are on their way: status questions wait for the next idle moment. */
  private sending = false;
  /** A status question in flight from refreshStatus, shared by concurrent callers. */
  private refreshing: Promise<void> | null = null;
  /** Serialises every use of the transport: one question or job on the wire at a time. */
  private wire: Promise<unknown> = Promise.resolve();
  private timer: TimerHandle | null = null;
  /** Stops the transport's watch for the printer's return; null while not watching. */
  private stopWatching: (() => void) | null = null;
  /** When the transport last announced the printer's return (clock ms). */
  private returnAnnouncedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly printer: SpoolPrinter,
    private readonly context: WorkerContext,
  ) {
    this.status = new PrinterStatusRecord(printer, context.clock);
  }

  statusView(): PrinterStatusView {
    const { store } = this.context;
    return this.status.withCounts(
      store.pendingCount(this.printer.id),
      store.needsCheckCount(this.printer.id),
    );
  }

  /** Runs the loop now (or once more, if it is running); resolves when it stops. */
  wake(): Promise<void> {
    if (this.context.isClosed()) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.cancelTimer();
    this.running = (async () => {
      try {
        let progressed = true;
        while (!this.context.isClosed() && (progressed || this.again)) {
          this.again = false;
          progressed = await this.onTheWire(() => this.sendHeadJob());
        }
      } catch (error) {
        console.error(`print spool (${this.printer.id}): unexpected error`, error);
      } finally {
        this.running = null;
        this.schedule();
      }
    })();
    return this.running;
  }

  /**
   * Asks an idle printer for its status unless it answered within `statusMaxAgeMs`; concurrent
   * callers share one question. A printer busy with a job reports what the job saw.
   */
  refreshStatus(): Promise<void> | undefined {
    const { timing } = this.context;
    if (this.sending || this.context.isClosed() || this.status.isFresh(timing.statusMaxAgeMs)) return;
    this.refreshing ??= this.onTheWire(async () => {
      const reading = await this.printer.transport.status({ timeoutMs: timing.statusTimeoutMs });
      if (this.context.isClosed()) return;
      this.setStatus(reading);
      // Nothing waiting: do not keep a connection open to an idle printer.
      if (this.context.store.pendingCount(this.printer.id) === 0) await this.printer.transport.close();
    }).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Stops the timers and any watch; closing the transport (by the spool) ends any wait on the wire. */
  stop(): void {
    this.cancelTimer();
    this.stopWatchingForReturn();
  }

  private cancelTimer(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  /** Resolves once the loop has stopped. */
  async idle(): Promise<void> {
    await this.running;
  }

  private onTheWire<T>(task: () => Promise<T>): Promise<T> {
    const run = this.wire.then(task, task);
    this.wire = run.catch(() => undefined);
    return run;
  }

  /** Sends the oldest waiting job if it is due and the printer is ready; true if one moved on. */
  private async sendHeadJob(): Promise<boolean> {
    const { store, clock, timing } = this.context;
    const job = store.head(this.printer.id);
    if (!job || job.next_attempt_at > clock.now()) return false;
    const transport = this.printer.transport;
    const reading = await transport.status({ timeoutMs: timing.statusTimeoutMs });
    if (this.context.isClosed()) return false;
    this.setStatus(reading);
    const current = store.get(job.id);
    if (!current || (current.state !== 'queued' && current.state !== 'held')) return true; // cancelled meanwhile
    if (!isReady(reading)) {
      const reason = conditionOf(reading);
      if (current.state !== 'held' || current.reason !== reason) {
        store.update(current, {
          state: 'held',
          reason,
          last_error: reading === 'unknown' ? null : reading.detail,
        });
      }
      return false;
    }

    if (this.isStale(current)) {
      const minutes = Math.round((clock.now() - Date.parse(current.created_at)) / 60_000);
      store.update(current, {
        state: 'held',
        reason: 'stale',
        last_error: `Waited ${minutes} min for the printer: print it now (retry) or cancel it.`,
      });
      return true; // the jobs behind it go on
    }

    const attempt = current.attempts + 1;
    const sending = store.update(current, { state: 'sending', reason: null, attempts: attempt });
    const ackId =
      this.printer.printFinishedAck && transport.canConfirm ? ackIdFor(sending.seq, attempt) : undefined;
    this.sending = true;
    try {
      const bytes = ackId ? Buffer.concat([sending.bytes, printFinishedRequest(ackId)]) : sending.bytes;
      await transport.write(bytes, { timeoutMs: timing.writeTimeoutMs });
      if (transport.canConfirm && transport.confirm) {
        await transport.confirm({ timeoutMs: timing.confirmTimeoutMs, ...(ackId && { ackId }) });
      }
      store.update(sending, { state: 'printed', reason: null, last_error: null });
      return true;
    } catch (error) {
      // Shutting down: leave 'sending' so the next start asks the cashier.
      if (this.context.isClosed()) return false;
      this.afterFailedSend(sending, error);
      return false;
    } finally {
      this.sending = false;
    }
  }

  private afterFailedSend(job: JobRow, error: unknown): void {
    const { store, clock, timing } = this.context;
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof PrinterTransportError)) {
      store.update(job, { state: 'failed', reason: 'error', last_error: message });
      return;
    }
    if (error.phase === 'connect') {
      if (this.status.recordUnreachable(message)) this.context.statusChanged(this.statusView());
      store.update(job, { state: 'held', reason: 'unreachable', last_error: message });
      return;
    }
    if (error.kind === 'timeout') {
      // The printer took bytes and went quiet: it may still print them. Never resend silently.
      store.update(job, {
        state: 'uncertain',
        reason: 'no_confirmation',
        last_error: `${message}; the receipt may or may not have printed.`,
        needs_check: 1,
      });
      return;
    }
    // Every byte had left when the link broke (phase 'confirm'): the printer may have printed the
    // whole receipt, and nothing it can say on a new connection proves it did. The customer still
    // needs a receipt, so it goes again, but only under the COPY header, and someone must look.
    const mayHavePrinted = error.phase === 'confirm' || job.copy === 1;
    const copyChanges = mayHavePrinted && {
      copy: 1,
      needs_check: 1,
      bytes: job.copy ? job.bytes : this.printer.render(linesOf(job), { duplicate: false, copy: true }),
    };
    const lastError = mayHavePrinted
      ? `${message} after the whole receipt was sent; it may have printed, so it prints again marked COPY.`
      : `${message}; a partial receipt may be on paper.`;
    if (job.attempts >= timing.maxInterruptedAttempts) {
      store.update(job, { state: 'failed', reason: 'interrupted', last_error: lastError, ...copyChanges });
    } else {
      store.update(job, {
        state: 'queued',
        reason: mayHavePrinted ? 'interrupted_after_send' : 'interrupted',
        last_error: lastError,
        next_attempt_at: clock.now() + backoffDelay(job.attempts, timing),
        ...copyChanges,
      });
    }
  }

  /**
   * Held: ask the printer every returnProbeMs, or, where the transport announces the printer's
   * return, watch for that with the slow poll as a safety net. Queued for later: wake at its time.
   * Nothing waiting: no timers, no watching.
   */
  private schedule(): void {
    const { store, clock, timing } = this.context;
    if (this.context.isClosed() || this.running) return;
    this.cancelTimer();
    const head = store.head(this.printer.id);
    if (head?.state !== 'held' || head.reason !== 'unreachable') this.stopWatchingForReturn();
    if (!head) {
      // Idle: let go of the printer (many network printers take one connection at a time).
      void this.onTheWire(async () => {
        if (!store.head(this.printer.id)) await this.printer.transport.close();
      });
      return;
    }
    let delay = Math.max(0, head.next_attempt_at - clock.now());
    if (head.state === 'held') {
      const announced = head.reason === 'unreachable' && this.watchForReturn();
      delay = announced ? timing.pollIntervalMs : timing.returnProbeMs;
    }
    this.timer = clock.setTimer(() => {
      this.timer = null;
      void this.wake();
    }, delay);
  }

  /**
   * Watches for an unreachable printer's return where the transport can announce it; true when
   * the announcement can be relied on now (false also just after one, while the printer wakes up).
   */
  private watchForReturn(): boolean {
    const { clock } = this.context;
    const { transport } = this.printer;
    if (!transport.watchForReturn) return false;
    this.stopWatching ??= transport.watchForReturn(() => {
      this.returnAnnouncedAt = clock.now();
      void this.wake();
    });
    return this.stopWatching !== null && clock.now() - this.returnAnnouncedAt >= AFTER_RETURN_EVENT_MS;
  }

  private stopWatchingForReturn(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private isStale(row: JobRow): boolean {
    const { clock, timing } = this.context;
    if (timing.staleAfterMs <= 0 || row.release_stale) return false;
    return clock.now() - Date.parse(row.created_at) > timing.staleAfterMs;
  }

  private setStatus(reading: PrinterStatusReading): void {
    if (this.status.record(reading)) this.context.statusChanged(this.statusView());
  }
}
