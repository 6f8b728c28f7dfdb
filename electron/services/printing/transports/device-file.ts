// A printer as a Linux device file (/dev/usb/lp0, usblp driver). Writing works for members of
// group lp; the file has no status channel, so status is 'unknown' while the device exists.
import { constants, watch, type FSWatcher } from 'node:fs';
import { access, open, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { systemClock, type Clock, type TimerHandle } from '../../common/clock';
import {
  PrinterTransportError,
  unreachable,
  type PrinterStatusReading,
  type PrinterTransport,
} from './transport';

const GONE = new Set(['ENOENT', 'ENODEV', 'ENXIO', 'EIO']);

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && GONE.has(code)) return 'printer not connected';
  if (code === 'EACCES' || code === 'EPERM')
    return 'no permission to write the printer device (add the user to group lp)';
  return 'the printer device failed'; // the system's words (code, path) stay in the cause
}

export class DeviceFileTransport implements PrinterTransport {
  readonly kind = 'device' as const;
  readonly canConfirm = false;
  private handle: FileHandle | null = null;
  /** Gives up the write under way, if any. */
  private stopWrite: ((error: PrinterTransportError) => void) | null = null;

  constructor(
    private readonly devicePath: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async open(): Promise<void> {
    if (this.handle) return;
    try {
      // No O_CREAT: a missing device must fail, not become a regular file.
      this.handle = await open(this.devicePath, constants.O_WRONLY | constants.O_APPEND);
    } catch (error) {
      throw new PrinterTransportError('connect', 'offline', describe(error), { cause: error });
    }
  }

  async write(bytes: Buffer, options: { timeoutMs: number }): Promise<void> {
    await this.open();
    const handle = this.handle!;
    let timer: TimerHandle | undefined;
    let stopped = false;
    const stop = new Promise<never>((_, reject) => {
      const giveUp = (error: PrinterTransportError) => {
        stopped = true;
        reject(error);
      };
      this.stopWrite = giveUp;
      timer = this.clock.setTimer(
        () => giveUp(new PrinterTransportError('write', 'timeout', 'printer stopped taking data')),
        options.timeoutMs,
      );
    });
    const writeAll = async () => {
      let offset = 0;
      // Once given up, nothing more is sent: the job is already reported.
      while (offset < bytes.length && !stopped) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
    };
    try {
      await Promise.race([writeAll(), stop]);
    } catch (error) {
      if (stopped) {
        // The blocked write keeps its libuv thread until the kernel gives up, and the handle's
        // close() waits for it: let the handle go without waiting, or the limit means nothing.
        void this.release();
        throw error;
      }
      await this.release();
      throw new PrinterTransportError('write', 'closed', describe(error), { cause: error });
    } finally {
      timer?.cancel();
      this.stopWrite = null;
    }
  }

  async status(): Promise<PrinterStatusReading> {
    try {
      await access(this.devicePath, constants.W_OK);
      return 'unknown';
    } catch (error) {
      return unreachable(describe(error));
    }
  }

  /**
   * Announces the device file appearing (the printer plugged in or switched on): a watch on its
   * folder. Null when the folder itself is missing (Linux removes /dev/usb with the last printer):
   * the spool then asks instead. A watch that fails later goes quiet; the spool's slow poll remains.
   */
  watchForReturn(onReturn: () => void): (() => void) | null {
    const name = basename(this.devicePath);
    let watcher: FSWatcher;
    try {
      watcher = watch(dirname(this.devicePath), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === name) onReturn();
      });
    } catch {
      return null;
    }
    watcher.on('error', () => watcher.close());
    return () => watcher.close();
  }

  /** Ends a write under way at once (it fails as a dropped link) without waiting for the device. */
  async close(): Promise<void> {
    const writing = this.stopWrite;
    const closing = this.release();
    if (writing) writing(new PrinterTransportError('write', 'closed', 'transport closed'));
    else await closing;
  }

  /** Forgets the handle at once; the promise settles when the file is really closed. */
  private release(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    return handle ? handle.close().catch(() => undefined) : Promise.resolve();
  }
}
