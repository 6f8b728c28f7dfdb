// The on-screen printer: always ready. The receipts it "prints" are read back from the spool's
// database (their receipt lines), so the preview survives a restart; this keeps the bytes too.
import type { PrinterStatusReading, PrinterTransport } from './transport';

export class PreviewTransport implements PrinterTransport {
  readonly kind = 'preview' as const;
  readonly canConfirm = false;
  private readonly printed: Buffer[] = [];

  constructor(private readonly keep = 20) {}

  async open(): Promise<void> {}

  async write(bytes: Buffer): Promise<void> {
    this.printed.push(Buffer.from(bytes));
    if (this.printed.length > this.keep) this.printed.shift();
  }

  async status(): Promise<PrinterStatusReading> {
    return {
      online: true,
      paperEnd: false,
      paperNearEnd: false,
      coverOpen: false,
      error: false,
      detail: 'preview',
    };
  }

  /** The most recent byte streams, oldest first. */
  recent(): Buffer[] {
    return [...this.printed];
  }

  async close(): Promise<void> {}
}
