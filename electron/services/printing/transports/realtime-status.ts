// DLE EOT n replies (Epson real-time status). Bits 1 and 4 are always 1 and bit 7 always 0;
// bit 0 is 0 in every reply we ask for, which also tells a status byte from an ack block (0x37).

import type { PrinterStatus } from './transport';

export const REALTIME_STATUS_REQUEST = (n: 1 | 2 | 3 | 4) => Buffer.from([0x10, 0x04, n]);

export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

export interface RealTimeStatusBytes {
  printer: number;
  offlineCause: number;
  error: number;
  paper: number;
}

/** A printer that answered is reachable, so the reading never carries `unreachable`. */
export function parseRealTimeStatus(bytes: RealTimeStatusBytes): Omit<PrinterStatus, 'unreachable'> {
  const online = (bytes.printer & 0x08) === 0;
  const coverOpen = (bytes.offlineCause & 0x04) !== 0;
  const paperEnd = (bytes.paper & 0x60) !== 0 || (bytes.offlineCause & 0x20) !== 0;
  const paperNearEnd = (bytes.paper & 0x0c) !== 0;
  const error = (bytes.offlineCause & 0x40) !== 0 || (bytes.error & 0x68) !== 0;
  const words: string[] = [];
  if (paperEnd) words.push('paper end');
  if (coverOpen) words.push('cover open');
  if (error) {
    if (bytes.error & 0x08) words.push('cutter error');
    else if (bytes.error & 0x20) words.push('unrecoverable error');
    else if (bytes.error & 0x40) words.push('auto-recoverable error');
    else words.push('error');
  }
  if (!online && words.length === 0) words.push('offline');
  if (paperNearEnd && !paperEnd) words.push('paper near end');
  return { online, paperEnd, paperNearEnd, coverOpen, error, detail: words.join(', ') || 'ready' };
}
