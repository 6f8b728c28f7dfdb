// A network receipt printer on loopback (raw TCP, like port 9100), for tests and benchmarks only.
// It collects the job bytes, answers DLE EOT real-time status and the Epson print-finished
// request from a scripted state, and can misbehave on demand: go silent, drop the connection
// mid-job or right after a complete job, stop reading mid-job, refuse connections. It plays the outside world, so its own
// print delay runs on real time.
import { createServer, type Server, type Socket } from 'node:net';
import { Emitter } from '../../shared/emitter';

export type EmulatedPrinterState =
  | 'ready'
  | 'paperNearEnd'
  | 'paperEnd'
  | 'coverOpen'
  | 'offline'
  | 'error'
  /** Accepts connections and data but never answers. */
  | 'silent';

export interface EmulatorBehaviour {
  /** Destroys the connection once this many more job bytes have arrived (once). */
  dropAfterBytes?: number;
  /**
   * Destroys the connection right after the next complete job (its cut), before reading or
   * answering anything behind it (once): the receipt is on paper, its confirmation never comes.
   */
  dropAfterJob?: boolean;
  /** Turns 'silent' as soon as job bytes arrive (a printer that hangs mid-job). */
  silentOnData?: boolean;
  /** Waits this long before answering a print-finished request (printing takes time). */
  printDelayMs?: number;
  /**
   * Takes this many more job bytes, then stops reading the connection (once): a printer whose
   * receive buffer is full. The socket is paused, so the kernel buffers fill and the sender's
   * writes stall; the connection stays open. The bytes after the limit are never read.
   */
  stallAfterBytes?: number;
}

export interface PrinterEmulatorOptions {
  port?: number;
  state?: EmulatedPrinterState;
}

export interface PrinterEmulator {
  port: number;
  address: string;
  setState(state: EmulatedPrinterState): void;
  state(): EmulatedPrinterState;
  setBehaviour(behaviour: EmulatorBehaviour): void;
  /** Closes the listening socket (connections are refused) or opens it again on the same port. */
  setRefusing(refusing: boolean): Promise<void>;
  /** Completed jobs: everything received up to and including each cut command. */
  jobs(): Buffer[];
  /** Bytes received since the last cut on open connections (a job in progress). */
  partial(): Buffer;
  /** Heads of jobs whose connection closed before their cut (what a partial receipt would show). */
  interrupted(): Buffer[];
  /** Every non-real-time byte received, in order. */
  received(): Buffer;
  statusRequests(): number;
  connections(): number;
  /** Connections that stopped reading (stallAfterBytes) and are still open. */
  stalled(): number;
  /** Resolves once at least `count` jobs are complete; rejects after `timeoutMs`. */
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  /** Resolves once `bytes` job bytes in total have arrived. */
  waitForBytes(bytes: number, timeoutMs?: number): Promise<void>;
  /** Resolves once `done()` holds, checked whenever bytes or connections change. */
  waitUntil(done: () => boolean, timeoutMs?: number, what?: string): Promise<void>;
  onJob(listener: (job: Buffer) => void): () => void;
  close(): Promise<void>;
}

/** Status bytes for DLE EOT 1..4 per state (bits 1 and 4 always set). */
const STATUS_BYTES: Record<Exclude<EmulatedPrinterState, 'silent'>, [number, number, number, number]> = {
  ready: [0x12, 0x12, 0x12, 0x12],
  paperNearEnd: [0x12, 0x12, 0x12, 0x1e],
  paperEnd: [0x1a, 0x32, 0x12, 0x72],
  coverOpen: [0x1a, 0x16, 0x12, 0x12],
  offline: [0x1a, 0x12, 0x12, 0x12],
  error: [0x1a, 0x52, 0x32, 0x12],
};

/** Length of the complete command at the start of `bytes`, or 0 if more bytes are needed. */
function commandLength(bytes: Buffer): number {
  const first = bytes[0]!;
  const need = (n: number) => (bytes.length >= n ? n : 0);
  if (first === 0x10) return need(3);
  if (first === 0x1c) return need(2);
  if (first === 0x1b) {
    if (bytes.length < 2) return 0;
    const cmd = bytes[1]!;
    if (cmd === 0x40 || cmd === 0x32) return 2;
    if (cmd === 0x70) return need(5);
    return need(3);
  }
  if (first === 0x1d) {
    if (bytes.length < 3) return 0;
    const cmd = bytes[1]!;
    if (cmd === 0x56) return bytes[2] === 0x41 || bytes[2] === 0x42 ? need(4) : 3;
    if (cmd === 0x28) {
      if (bytes.length < 5) return 0;
      return need(5 + bytes[3]! + 256 * bytes[4]!);
    }
    return 3;
  }
  return 1;
}

export async function startPrinterEmulator(options: PrinterEmulatorOptions = {}): Promise<PrinterEmulator> {
  let state: EmulatedPrinterState = options.state ?? 'ready';
  let behaviour: EmulatorBehaviour = {};
  let bytesSinceBehaviour = 0;
  const completed: Buffer[] = [];
  const interruptedJobs: Buffer[] = [];
  const all: Buffer[] = [];
  let totalBytes = 0;
  let statusCount = 0;
  let connectionCount = 0;
  const sockets = new Set<Socket>();
  const stalledSockets = new Set<Socket>();
  const jobDone = new Emitter<Buffer>();
  const progress = new Emitter<void>();
  const pendingAcks: { socket: Socket; reply: Buffer }[] = [];

  const notify = () => progress.fire();
  const answering = () => state !== 'silent';
  const answerAck = (socket: Socket, reply: Buffer) => {
    if (state === 'ready' || state === 'paperNearEnd') {
      const answer = () => {
        if (!socket.destroyed && answering()) socket.write(reply);
      };
      // At once unless asked to take time: a spool on a manual clock must not wait on a real timer.
      if (behaviour.printDelayMs) setTimeout(answer, behaviour.printDelayMs);
      else answer();
    } else {
      pendingAcks.push({ socket, reply }); // printed (and answered) once the printer is ready again
    }
  };

  const openJobs = new Map<Socket, Buffer[]>();
  const handleCommand = (socket: Socket, command: Buffer) => {
    const current = openJobs.get(socket)!;
    if (command[0] === 0x10 && command[1] === 0x04) {
      statusCount += 1;
      const n = command[2]!;
      if (answering() && n >= 1 && n <= 4) {
        socket.write(Buffer.from([STATUS_BYTES[state as Exclude<EmulatedPrinterState, 'silent'>][n - 1]!]));
      }
      return;
    }
    current.push(command);
    all.push(command);
    totalBytes += command.length;
    if (command[0] === 0x1d && command[1] === 0x28 && command[2] === 0x48 && command[5] === 0x30) {
      if (answering()) answerAck(socket, Buffer.from([0x37, 0x22, ...command.subarray(7, 11), 0x00]));
    }
    if (command[0] === 0x1d && command[1] === 0x56) {
      const job = Buffer.concat(current);
      current.length = 0;
      completed.push(job);
      jobDone.fire(job);
    }
  };

  const handleConnection = (socket: Socket) => {
    connectionCount += 1;
    sockets.add(socket);
    socket.setNoDelay(true); // a printer answers status at once; Nagle would add ~40 ms per reply
    let buffered = Buffer.alloc(0);
    socket.on('error', () => undefined);
    openJobs.set(socket, []);
    socket.on('close', () => {
      sockets.delete(socket);
      stalledSockets.delete(socket);
      const head = openJobs.get(socket) ?? [];
      openJobs.delete(socket);
      if (head.length > 0) interruptedJobs.push(Buffer.concat(head));
      notify();
    });
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length > 0) {
        const length = commandLength(buffered);
        if (length === 0) break;
        const command = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        const isData = !(command[0] === 0x10 && command[1] === 0x04);
        if (isData && behaviour.stallAfterBytes !== undefined) {
          if (bytesSinceBehaviour + command.length > behaviour.stallAfterBytes) {
            behaviour = { ...behaviour, stallAfterBytes: undefined };
            socket.pause();
            stalledSockets.add(socket);
            notify();
            return;
          }
          bytesSinceBehaviour += command.length;
        }
        if (isData && behaviour.dropAfterBytes !== undefined) {
          if (bytesSinceBehaviour + command.length > behaviour.dropAfterBytes) {
            behaviour = { ...behaviour, dropAfterBytes: undefined };
            socket.destroy();
            notify();
            return;
          }
          bytesSinceBehaviour += command.length;
        }
        if (isData && behaviour.silentOnData) state = 'silent';
        handleCommand(socket, Buffer.from(command));
        if (behaviour.dropAfterJob && command[0] === 0x1d && command[1] === 0x56) {
          behaviour = { ...behaviour, dropAfterJob: undefined };
          socket.destroy();
          notify();
          return;
        }
      }
      notify();
    });
  };

  let server: Server = createServer(handleConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const port = await listen(options.port ?? 0);
  let listening = true;

  const waitUntil = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => {
        subscription.dispose();
        reject(new Error(`printer emulator: timed out waiting for ${what}`));
      }, timeoutMs);
      const subscription = progress.on(() => {
        if (!done()) return;
        clearTimeout(timer);
        subscription.dispose();
        resolve();
      });
    });

  return {
    port,
    address: `127.0.0.1:${port}`,
    setState(next) {
      state = next;
      if (next === 'ready' || next === 'paperNearEnd') {
        for (const { socket, reply } of pendingAcks.splice(0)) answerAck(socket, reply);
      }
    },
    state: () => state,
    setBehaviour(next) {
      behaviour = { ...next };
      bytesSinceBehaviour = 0;
    },
    async setRefusing(refusing) {
      if (refusing && listening) {
        listening = false;
        await stopListening();
      } else if (!refusing && !listening) {
        server = createServer(handleConnection);
        await listen(port);
        listening = true;
      }
    },
    jobs: () => [...completed],
    partial: () => Buffer.concat([...openJobs.values()].flat()),
    interrupted: () => [...interruptedJobs],
    received: () => Buffer.concat(all),
    statusRequests: () => statusCount,
    connections: () => connectionCount,
    stalled: () => stalledSockets.size,
    async waitForJobs(count, timeoutMs = 10_000) {
      await waitUntil(() => completed.length >= count, timeoutMs, `${count} job(s)`);
      return [...completed];
    },
    waitForBytes: (bytes, timeoutMs = 10_000) =>
      waitUntil(() => totalBytes >= bytes, timeoutMs, `${bytes} bytes`),
    waitUntil: (done, timeoutMs = 10_000, what = 'a condition') => waitUntil(done, timeoutMs, what),
    onJob: (listener) => jobDone.on(listener),
    async close() {
      if (listening) {
        listening = false;
        await stopListening();
      }
    },
  };
}
