// Raw ESC/POS over TCP (port 9100). Status is read with DLE EOT on the same socket, only between
// jobs (never inside another command). One connection, kept while there is work, re-made on loss.
import { createConnection, type Socket } from 'node:net';
import {
  DEFAULT_PRINTER_PORT,
  parsePrinterAddress as parsePrinterSetting,
} from '../../../../shared/settings';
import { systemClock, type Clock } from '../../common/clock';
import { REALTIME_STATUS_REQUEST, isStatusByte, parseRealTimeStatus } from './realtime-status';
import {
  PrinterTransportError,
  unreachable,
  type PrinterStatusReading,
  type PrinterTransport,
  type TransportPhase,
} from './transport';

export interface NetworkTransportOptions {
  host: string;
  port?: number;
  connectTimeoutMs?: number;
  statusTimeoutMs?: number;
  /** Times every wait (connect, write, status, confirmation). */
  clock?: Clock;
}

/** Splits a printer address setting (shared/settings.ts); throws on one the settings refuse. */
export function parsePrinterAddress(address: string): { host: string; port: number } {
  const parsed = parsePrinterSetting(address);
  if (!parsed) throw new RangeError(`Not a printer address: "${address}"`);
  return parsed;
}

const ACK_HEADER = [0x37, 0x22];

interface Waiter {
  /** Looks at the received bytes; returns true once satisfied (having consumed what it used). */
  check(): boolean;
  fail(error: Error): void;
}

export class NetworkTransport implements PrinterTransport {
  readonly kind = 'network' as const;
  readonly canConfirm = true;
  private socket: Socket | null = null;
  private connecting: Promise<Socket> | null = null;
  private inbox: number[] = [];
  private waiter: Waiter | null = null;
  private readonly port: number;
  private readonly connectTimeoutMs: number;
  private readonly statusTimeoutMs: number;
  private readonly clock: Clock;

  constructor(private readonly options: NetworkTransportOptions) {
    this.clock = options.clock ?? systemClock;
    this.port = options.port ?? DEFAULT_PRINTER_PORT;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 2000;
    this.statusTimeoutMs = options.statusTimeoutMs ?? 1000;
  }

  async open(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    // A send under way fails as a dropped link: part of the job may be out (the device file says
    // the same). A status question or a confirmation words it in its own phase.
    this.drop(new PrinterTransportError('write', 'closed', 'transport closed'));
  }

  async status(options: { timeoutMs?: number } = {}): Promise<PrinterStatusReading> {
    try {
      await this.connect();
    } catch (error) {
      return unreachable(`unreachable: ${(error as Error).message}`);
    }
    this.inbox = [];
    try {
      this.send(Buffer.concat([1, 2, 3, 4].map((n) => REALTIME_STATUS_REQUEST(n as 1 | 2 | 3 | 4))));
      const [printer, offlineCause, error, paper] = await this.readStatusBytes(
        4,
        options.timeoutMs ?? this.statusTimeoutMs,
        'connect',
      );
      return parseRealTimeStatus({
        printer: printer!,
        offlineCause: offlineCause!,
        error: error!,
        paper: paper!,
      });
    } catch (error) {
      return unreachable(
        error instanceof PrinterTransportError && error.kind === 'timeout'
          ? 'not answering status requests'
          : `unreachable: ${(error as Error).message}`,
      );
    }
  }

  async write(bytes: Buffer, options: { timeoutMs: number }): Promise<void> {
    let socket: Socket;
    try {
      socket = await this.connect();
    } catch (error) {
      throw new PrinterTransportError('connect', 'offline', `unreachable: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.inbox = [];
    await new Promise<void>((resolve, reject) => {
      const timer = this.clock.setTimer(() => {
        const error = new PrinterTransportError('write', 'timeout', 'printer stopped taking data');
        this.drop(error);
        reject(error);
      }, options.timeoutMs);
      this.waiter = {
        check: () => false,
        fail: (error) => {
          timer.cancel();
          reject(
            error instanceof PrinterTransportError
              ? error
              : new PrinterTransportError('write', 'closed', `connection lost: ${error.message}`),
          );
        },
      };
      socket.write(bytes, (error) => {
        timer.cancel();
        this.waiter = null;
        if (error) reject(new PrinterTransportError('write', 'closed', `connection lost: ${error.message}`));
        else resolve();
      });
    });
  }

  async confirm(options: { timeoutMs: number; ackId?: string }): Promise<void> {
    if (!this.socket)
      throw new PrinterTransportError('confirm', 'closed', 'connection lost before confirmation');
    if (options.ackId === undefined) {
      // A status reply can only come after the printer has read every byte sent before the request.
      this.send(REALTIME_STATUS_REQUEST(1));
      await this.readStatusBytes(1, options.timeoutMs, 'confirm');
      return;
    }
    const expected = [...ACK_HEADER, ...Buffer.from(options.ackId, 'ascii'), 0x00];
    await this.waitFor(
      () => {
        const at = indexOf(this.inbox, expected);
        if (at < 0) return false;
        this.inbox.splice(0, at + expected.length);
        return true;
      },
      options.timeoutMs,
      'confirm',
      'printer did not confirm printing',
    );
  }

  private async readStatusBytes(count: number, timeoutMs: number, phase: TransportPhase): Promise<number[]> {
    const got: number[] = [];
    await this.waitFor(
      () => {
        while (this.inbox.length > 0 && got.length < count) {
          const byte = this.inbox.shift()!;
          if (isStatusByte(byte)) got.push(byte);
        }
        return got.length === count;
      },
      timeoutMs,
      phase,
      'printer did not answer',
    );
    return got;
  }

  private waitFor(
    check: () => boolean,
    timeoutMs: number,
    phase: TransportPhase,
    silence: string,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = this.clock.setTimer(() => {
        this.waiter = null;
        const error = new PrinterTransportError(phase, 'timeout', silence);
        // Late replies would be taken for answers to the next question: start afresh.
        this.drop(error);
        reject(error);
      }, timeoutMs);
      const waiter: Waiter = {
        check: () => {
          if (!check()) return false;
          timer.cancel();
          this.waiter = null;
          resolve();
          return true;
        },
        fail: (error) => {
          timer.cancel();
          this.waiter = null;
          reject(new PrinterTransportError(phase, 'closed', error.message));
        },
      };
      this.waiter = waiter;
      waiter.check();
    });
  }

  private send(bytes: Buffer): void {
    if (!this.socket) throw new PrinterTransportError('connect', 'closed', 'not connected');
    this.socket.write(bytes);
  }

  private connect(): Promise<Socket> {
    if (this.socket) return Promise.resolve(this.socket);
    if (this.connecting) return this.connecting;
    this.connecting = new Promise<Socket>((resolve, reject) => {
      const socket = createConnection({ host: this.options.host, port: this.port });
      const timer = this.clock.setTimer(() => {
        socket.destroy();
        reject(new Error('connection timed out'));
      }, this.connectTimeoutMs);
      socket.once('error', (error) => {
        timer.cancel();
        reject(error);
      });
      socket.once('connect', () => {
        timer.cancel();
        socket.setNoDelay(true);
        socket.removeAllListeners('error');
        socket.on('error', () => undefined); // reported through 'close'
        socket.on('data', (chunk: Buffer) => {
          if (this.socket !== socket) return;
          for (const byte of chunk) this.inbox.push(byte);
          this.waiter?.check();
        });
        socket.on('close', () => {
          if (this.socket === socket) this.drop(new Error('connection closed by printer'));
        });
        this.socket = socket;
        resolve(socket);
      });
    }).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(error: Error): void {
    const socket = this.socket;
    this.socket = null;
    this.inbox = [];
    socket?.destroy();
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.fail(error);
  }
}

function indexOf(haystack: number[], needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
