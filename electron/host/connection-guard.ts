// Per-socket limits of the browser host, so one client cannot grow the host without bound:
// calls running at once, and replies queued for a client that does not read them.
import type { WebSocket } from 'ws';
import type { Clock, TimerHandle } from '../services/common/clock';

export interface HostLimits {
  /** Largest frame a client may send; a bigger one closes its socket with 1009 (Message Too Big). */
  maxMessageBytes: number;
  /** Calls one socket may have running at once; more are answered "busy" straight away. */
  maxCallsInFlight: number;
  /** Bytes queued for one socket before the host stops reading from it. */
  maxBufferedBytes: number;
  /** How long a socket may stay over `maxBufferedBytes` before it is closed. */
  stalledReaderMs: number;
  /** Sockets open at once; more upgrades are refused with 503. */
  maxConnections: number;
}

export const DEFAULT_HOST_LIMITS: HostLimits = {
  maxMessageBytes: 1024 * 1024,
  maxCallsInFlight: 32,
  maxBufferedBytes: 4 * 1024 * 1024,
  stalledReaderMs: 10_000,
  maxConnections: 16,
};

/** The close a socket gets when it stays over its buffer limit (1008: policy violation). */
export const NOT_READING_CLOSE = { code: 1008, reason: 'Replies were not read in time' } as const;

/** How often a paused socket's queue is looked at. */
const BUFFER_CHECK_MS = 50;
/** A closing socket that does not finish the close handshake in this time is cut. */
export const CLOSE_GRACE_MS = 1000;

/** The reply to a call over the in-flight limit, in words staff can act on. */
export const BUSY_REPLY = {
  ok: false,
  error: {
    code: 'rate_limited',
    message: "The till is still working on this screen's earlier requests. Wait a moment, then try again.",
    retryAfterMs: 1000,
  },
} as const;

export type HostFault =
  | { kind: 'too_many_calls'; inFlight: number }
  | { kind: 'stopped_reading'; bufferedBytes: number }
  | { kind: 'closed_not_reading'; bufferedBytes: number; answered: number; refusedBusy: number }
  | { kind: 'socket_error'; message: string }
  | { kind: 'too_many_connections'; open: number };

/** One log line per fault, for the host's log (never shown to staff). */
export function describeFault(fault: HostFault): string {
  switch (fault.kind) {
    case 'too_many_calls':
      return `A screen sent more than ${fault.inFlight} calls at once; refusing the extra ones as busy.`;
    case 'stopped_reading':
      return `A screen is not reading its replies (${fault.bufferedBytes} bytes queued); stopped reading from it.`;
    case 'closed_not_reading':
      return (
        `Closed a screen that stopped reading its replies (${fault.bufferedBytes} bytes queued, ` +
        `${fault.answered} calls answered, ${fault.refusedBusy} refused as busy).`
      );
    case 'socket_error':
      return `Closed a screen's socket after an error: ${fault.message}`;
    case 'too_many_connections':
      return `Refused a screen: ${fault.open} are already connected.`;
  }
}

export class ConnectionGuard {
  private inFlight = 0;
  private answered = 0;
  private refusedBusy = 0;
  private pausedAt: number | null = null;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly ws: WebSocket,
    private readonly limits: HostLimits,
    private readonly clock: Clock,
    private readonly report: (fault: HostFault) => void,
  ) {
    ws.once('close', () => this.timer?.cancel());
  }

  /** False (and the socket is sent the busy reply) when it already has its maximum running. */
  tryStartCall(id: number): boolean {
    if (this.inFlight < this.limits.maxCallsInFlight) {
      this.inFlight++;
      return true;
    }
    // Reported once per socket: a flood would otherwise flood the log too.
    if (this.refusedBusy++ === 0) this.report({ kind: 'too_many_calls', inFlight: this.inFlight });
    this.send({ kind: 'reply', id, reply: BUSY_REPLY });
    return false;
  }

  endCall(): void {
    this.inFlight--;
    this.answered++;
  }

  /** Sends a frame; a socket whose queue passes the limit is no longer read until it drains. */
  send(frame: unknown): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(JSON.stringify(frame));
    if (this.pausedAt === null && this.ws.bufferedAmount > this.limits.maxBufferedBytes) this.stopReading();
  }

  private stopReading(): void {
    this.ws.pause();
    this.pausedAt = this.clock.now();
    this.report({ kind: 'stopped_reading', bufferedBytes: this.ws.bufferedAmount });
    this.timer = this.clock.setTimer(this.checkQueue, BUFFER_CHECK_MS);
  }

  private readonly checkQueue = (): void => {
    this.timer = null;
    if (this.ws.readyState !== this.ws.OPEN || this.pausedAt === null) return;
    if (this.ws.bufferedAmount <= this.limits.maxBufferedBytes) {
      this.pausedAt = null;
      this.ws.resume();
      return;
    }
    if (this.clock.now() - this.pausedAt >= this.limits.stalledReaderMs) {
      this.report({
        kind: 'closed_not_reading',
        bufferedBytes: this.ws.bufferedAmount,
        answered: this.answered,
        refusedBusy: this.refusedBusy,
      });
      this.close(NOT_READING_CLOSE.code, NOT_READING_CLOSE.reason);
      return;
    }
    this.timer = this.clock.setTimer(this.checkQueue, BUFFER_CHECK_MS);
  };

  /** Closes with a code and reason; a client that never reads them is cut after a short grace. */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    this.timer = this.clock.setTimer(() => this.ws.terminate(), CLOSE_GRACE_MS);
  }
}
