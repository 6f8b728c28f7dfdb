// A printer as a Linux device file (/dev/usb/lp0, usblp driver). Writing works for members of
// group lp; the file has no status channel, so status is 'unknown' while the device exists.
import { constants } from 'node:fs';
import { access, open, type FileHandle } from 'node:fs/promises';
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
  return `device error: ${(error as Error).message}`;
}

export class DeviceFileTransport implements PrinterTransport {
  readonly kind = 'device' as const;
  readonly canConfirm = false;
  private handle: FileHandle | null = null;

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
    const watchdog = new Promise<never>((_, reject) => {
      timer = this.clock.setTimer(
        () => reject(new PrinterTransportError('write', 'timeout', 'printer stopped taking data')),
        options.timeoutMs,
      );
    });
    try {
      const writeAll = async () => {
        let offset = 0;
        while (offset < bytes.length) {
          const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
          offset += bytesWritten;
        }
      };
      await Promise.race([writeAll(), watchdog]);
    } catch (error) {
      // A blocked write keeps its libuv thread until the kernel gives up; the handle is dropped here.
      await this.close();
      if (error instanceof PrinterTransportError) throw error;
      throw new PrinterTransportError('write', 'closed', describe(error), { cause: error });
    } finally {
      timer?.cancel();
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

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close().catch(() => undefined);
  }
}
