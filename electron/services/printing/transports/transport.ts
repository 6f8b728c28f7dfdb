// What the spool needs from a way of reaching a printer. Each transport says honestly what it
// cannot know: status 'unknown' where there is no back channel.

export interface PrinterStatus {
  online: boolean;
  paperEnd: boolean;
  paperNearEnd: boolean;
  coverOpen: boolean;
  error: boolean;
  /** Short words for the cashier and the log, e.g. "paper end", "unreachable: ECONNREFUSED". */
  detail: string;
  /** Set when the printer could not be reached at all (as opposed to answering "offline"). */
  unreachable?: true;
}

export type PrinterStatusReading = PrinterStatus | 'unknown';

/**
 * Where a failed operation stopped. The spool's retry rule depends on it:
 * - 'connect': nothing was sent; safe to retry.
 * - 'write': the connection broke while the bytes were being handed over; the end of the job
 *   (its cut) cannot have reached the printer, so at most a partial receipt is on paper.
 * - 'confirm': every byte left, but the printer never confirmed; it may have printed all of it.
 */
export type TransportPhase = 'connect' | 'write' | 'confirm';

export class PrinterTransportError extends Error {
  constructor(
    readonly phase: TransportPhase,
    /** 'closed': the printer or network dropped the link; 'timeout': it went silent. */
    readonly kind: 'offline' | 'closed' | 'timeout' | 'io',
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'PrinterTransportError';
  }
}

export interface PrinterTransport {
  readonly kind: 'network' | 'usb' | 'device' | 'preview';
  /** True when confirm() can learn that the printer has the whole job. */
  readonly canConfirm: boolean;
  open(): Promise<void>;
  write(bytes: Buffer, options: { timeoutMs: number }): Promise<void>;
  /**
   * Waits until the printer confirms what was written: with an Epson print-finished id, that it
   * printed it; without, that it received it (a status round trip behind the data).
   */
  confirm?(options: { timeoutMs: number; ackId?: string }): Promise<void>;
  status(options?: { timeoutMs?: number }): Promise<PrinterStatusReading>;
  close(): Promise<void>;
  /**
   * Where the connection can tell when an absent printer appears again (a device file created, a
   * USB device attached): calls `onReturn` each time it may be back, until the returned function
   * is called. Null when it cannot watch now; absent when it never can (the spool asks instead).
   */
  watchForReturn?(onReturn: () => void): (() => void) | null;
}

export function isReady(reading: PrinterStatusReading): boolean {
  if (reading === 'unknown') return true;
  return reading.online && !reading.paperEnd && !reading.coverOpen && !reading.error;
}

export function unreachable(detail: string): PrinterStatus {
  return {
    online: false,
    paperEnd: false,
    paperNearEnd: false,
    coverOpen: false,
    error: false,
    detail,
    unreachable: true,
  };
}

export type PrinterCondition =
  | 'ready'
  | 'paper_near_end'
  | 'paper_end'
  | 'cover_open'
  | 'error'
  | 'offline'
  | 'unreachable'
  /** The transport has no status channel (device file): assumed ready. */
  | 'unknown';

export function conditionOf(reading: PrinterStatusReading): PrinterCondition {
  if (reading === 'unknown') return 'unknown';
  if (reading.unreachable) return 'unreachable';
  if (reading.paperEnd) return 'paper_end';
  if (reading.coverOpen) return 'cover_open';
  if (reading.error) return 'error';
  if (!reading.online) return 'offline';
  return reading.paperNearEnd ? 'paper_near_end' : 'ready';
}
