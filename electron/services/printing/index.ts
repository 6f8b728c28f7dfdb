// The printing service: printer settings → transports, receipt lines → bytes, and the durable
// spool behind one small API. A preview printer (id 'preview') is always present.
import { randomUUID } from 'node:crypto';
import { TillError, type WordParam } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import { systemClock, type Clock } from '../common/clock';
import type { Db } from '../storage/database';
import {
  DRAWER_PULSE,
  PROFILE_TRAITS,
  drawerKickCommand,
  encodeReceipt,
  initialise,
  type CodePage,
  type PaperWidth,
  type PrinterProfile,
} from './escpos-encoder';
import {
  PrintSpool,
  type JobState,
  type PrintJob,
  type PrinterStatusView,
  type SpoolEvent,
  type SpoolTiming,
} from './spool';
import { printerGone } from './printing-words';
import { DeviceFileTransport } from './transports/device-file';
import { NetworkTransport, parsePrinterAddress } from './transports/network';
import { PreviewTransport } from './transports/preview';
import type { PrinterTransport } from './transports/transport';
import { UsbTransport } from './transports/usb';

export type { PrintJob, PrinterStatusView, SpoolEvent, JobState, SpoolTiming } from './spool';
export { SPOOL_MIGRATIONS } from './spool';
export type { CodePage, PaperWidth, PrinterProfile } from './escpos-encoder';
export { listUsbPrinters, type UsbPrinterInfo } from './transports/usb';
export { buildSaleReceipt, type SaleReceiptInput } from './sale-receipt';

export interface PrinterConfig {
  id: string;
  /** Shown to the cashier, e.g. "Counter printer"; its kind in words when absent, never the id. */
  name?: string;
  transport: 'network' | 'usb' | 'device' | 'preview';
  /** "host" or "host:port" (port 9100 by default). */
  address?: string;
  devicePath?: string;
  usbVendorId?: number;
  usbProductId?: number;
  paperWidth: PaperWidth;
  codePage: CodePage;
  profile: PrinterProfile;
  drawer: { enabled: boolean; pin: 2 | 5 };
}

export const PREVIEW_PRINTER: PrinterConfig = {
  id: 'preview',
  name: 'Screen preview',
  transport: 'preview',
  paperWidth: 80,
  codePage: 'cp858',
  profile: 'escpos-portable',
  drawer: { enabled: false, pin: 2 },
};

export interface PrintingServiceOptions {
  /** Opened with SPOOL_MIGRATIONS applied. */
  db: Db;
  printers: PrinterConfig[];
  /** Where printReceipt goes without a printerId: this, else the first real printer, else the preview. */
  defaultPrinterId?: string;
  /** Times the spool's polls, back-off and every wait on a printer; the system clock by default. */
  clock?: Clock;
  timing?: Partial<SpoolTiming>;
  /**
   * The shop's locale, read for every ticket rendered: the DUPLICATE and COPY banners print in
   * it (shared/receipt-words.ts). English when absent.
   */
  locale?: () => string | undefined;
  /** For tests: build a transport differently. */
  transportFor?: (config: PrinterConfig, clock: Clock) => PrinterTransport;
}

export interface PreviewReceipt {
  jobId: string;
  receiptId: string;
  printerId: string;
  state: JobState;
  duplicate: boolean;
  createdAt: string;
  paperWidth: PaperWidth;
  lines: ReceiptLine[];
}

export interface PrintingService {
  printReceipt(
    receiptId: string,
    lines: ReceiptLine[],
    options?: { printerId?: string; kickDrawer?: boolean },
  ): Promise<PrintJob>;
  listJobs(options?: { limit?: number; states?: JobState[]; printerId?: string }): Promise<PrintJob[]>;
  retry(jobId: string): Promise<PrintJob>;
  cancel(jobId: string): Promise<PrintJob>;
  reprint(jobId: string): Promise<PrintJob>;
  /**
   * Opens the cash drawer on its own (a No-sale, or a cash sale whose receipt waits for the
   * cashier's choice) through the receipt printer's drawer kick: a job of just the kick, stored
   * first like any other. Null when the receipt printer has no drawer set up (or is the preview).
   */
  openDrawer(receiptId: string): Promise<PrintJob | null>;
  /** Someone looked at a job that may have printed twice or not at all. */
  markChecked(jobId: string): Promise<PrintJob>;
  testPage(printerId?: string): Promise<PrintJob>;
  status(): Promise<PrinterStatusView[]>;
  previewReceipts(limit?: number): Promise<PreviewReceipt[]>;
  onChange(listener: (event: SpoolEvent) => void): () => void;
  printers(): PrinterConfig[];
  close(): Promise<void>;
}

const KIND_WORDS: Record<PrinterConfig['transport'], string> = {
  network: 'Network printer',
  usb: 'USB printer',
  device: 'Linux device printer',
  preview: 'On-screen preview',
};

/** The printer's kind of commands as the Settings screen names it. */
const PROFILE_WORDS: Record<PrinterProfile, string> = {
  'escpos-portable': 'standard ESC/POS',
  'epson-tm': 'Epson TM',
};

const STYLE_WORDS: Record<string, string> = {
  BOLD: 'Bold',
  DOUBLE_HEIGHT: 'Double height',
  DOUBLE_WIDTH: 'Double width',
};

/** The printer as staff know it: the shop's name for it, else its kind (ids stay in the log). */
export function printerLabel(config: Pick<PrinterConfig, 'name' | 'transport'>): string {
  return config.name?.trim() || KIND_WORDS[config.transport] || 'Printer';
}

/** The printer's name in words' parameters: the shop's name for it, else its kind, translated. */
function printerParam(config: Pick<PrinterConfig, 'name' | 'transport'>): WordParam {
  const named = config.name?.trim();
  if (named) return named;
  return { key: `printing.kind.${config.transport}`, english: printerLabel(config) };
}

/** A printer's settings that cannot work: which part to fill in, by the printer's name. */
function setUpProblem(config: PrinterConfig, needs: 'address' | 'devicePath' | 'usbIds'): TillError {
  const english = {
    address: 'needs an address',
    devicePath: 'needs a device path',
    usbIds: 'needs a USB vendor and product id',
  }[needs];
  return new TillError('invalid_input', `Printer "${printerLabel(config)}" ${english}.`, {
    words: { key: `printing.needs.${needs}`, params: { printer: printerParam(config) } },
  });
}

export function createTransport(config: PrinterConfig, clock: Clock = systemClock): PrinterTransport {
  switch (config.transport) {
    case 'network': {
      if (!config.address) throw setUpProblem(config, 'address');
      return new NetworkTransport({ ...parsePrinterAddress(config.address), clock });
    }
    case 'device':
      if (!config.devicePath) throw setUpProblem(config, 'devicePath');
      return new DeviceFileTransport(config.devicePath, clock);
    case 'usb':
      if (config.usbVendorId === undefined || config.usbProductId === undefined)
        throw setUpProblem(config, 'usbIds');
      return new UsbTransport(config.usbVendorId, config.usbProductId, clock);
    case 'preview':
      return new PreviewTransport();
    default:
      throw new TillError(
        'invalid_input',
        'A printer’s connection is not one the till knows: set it again in Settings.',
        {
          words: { key: 'printing.unknownConnection' },
        },
      );
  }
}

export function testPageLines(config: PrinterConfig): ReceiptLine[] {
  const styles: string[][] = [
    [],
    ['BOLD'],
    ['DOUBLE_HEIGHT'],
    ['DOUBLE_WIDTH'],
    ['BOLD', 'DOUBLE_HEIGHT', 'DOUBLE_WIDTH'],
  ];
  return [
    { type: 'TEXT', format: ['BOLD', 'DOUBLE_HEIGHT'], value: 'Paydesk test page' },
    { type: 'TEXT', format: [], value: `Printer: ${printerLabel(config)}` },
    {
      type: 'TEXT',
      format: [],
      value: `Paper ${config.paperWidth} mm, ${config.codePage.toUpperCase()}, ${PROFILE_WORDS[config.profile]}`,
    },
    { type: 'DOUBLE_LINE_SEPARATOR', format: [], value: '' },
    { type: 'TEXT', format: [], value: 'Pound £12.34  Euro €12.34' },
    { type: 'TEXT', format: [], value: 'Accents: é à ü ñ ç Ø' },
    ...styles.map((format) => ({
      type: 'TEXT',
      format,
      value: format.map((style) => STYLE_WORDS[style] ?? style).join(' + ') || 'Normal',
    })),
    { type: 'LINE_SEPARATOR', format: [], value: '' },
    { type: 'VOID_BOX', format: [], value: 'VOID' },
    {
      type: 'TEXT',
      format: [],
      value: 'If £ and € read right and the boxes join up, the code page is right.',
    },
    { type: 'TICKET_FEED', format: [], value: '' },
  ];
}

export function createPrintingService(options: PrintingServiceOptions): PrintingService {
  const configs = options.printers.some((p) => p.id === PREVIEW_PRINTER.id)
    ? [...options.printers]
    : [...options.printers, PREVIEW_PRINTER];
  const ids = new Set<string>();
  for (const config of configs) {
    if (ids.has(config.id)) {
      throw new TillError(
        'invalid_input',
        'Two printers are set up as the same printer: remove one in Settings.',
        {
          words: { key: 'printing.twoTheSame' },
        },
      );
    }
    ids.add(config.id);
  }
  const byId = new Map(configs.map((c) => [c.id, c]));
  const defaultPrinterId =
    options.defaultPrinterId ?? configs.find((c) => c.id !== PREVIEW_PRINTER.id)?.id ?? PREVIEW_PRINTER.id;
  const clock = options.clock ?? systemClock;
  const makeTransport = options.transportFor ?? createTransport;

  const render = (
    config: PrinterConfig,
    lines: readonly ReceiptLine[],
    extra: { duplicate?: boolean; copy?: boolean; kickDrawer?: boolean },
  ) =>
    encodeReceipt(lines, {
      paperWidth: config.paperWidth,
      codePage: config.codePage,
      profile: config.profile,
      duplicate: extra.duplicate ?? false,
      copy: extra.copy ?? false,
      locale: options.locale?.(),
      ...(extra.kickDrawer && config.drawer.enabled && { drawerKick: { pin: config.drawer.pin } }),
    });

  const spool = new PrintSpool({
    db: options.db,
    clock,
    ...(options.timing && { timing: options.timing }),
    printers: configs.map((config) => ({
      id: config.id,
      name: printerLabel(config),
      transport: makeTransport(config, clock),
      printFinishedAck: PROFILE_TRAITS[config.profile].printFinishedAck,
      render: (lines, { duplicate, copy }) => render(config, lines, { duplicate, copy: copy ?? false }),
    })),
  });

  const configFor = (printerId: string) => {
    const config = byId.get(printerId);
    if (!config) throw printerGone();
    return config;
  };

  return {
    async printReceipt(receiptId, lines, printOptions = {}) {
      if (!receiptId) {
        throw new TillError('invalid_input', 'The till could not tell which receipt to print: try again.', {
          words: { key: 'printing.noReceipt' },
        });
      }
      const config = configFor(printOptions.printerId ?? defaultPrinterId);
      const bytes = render(config, lines, { kickDrawer: printOptions.kickDrawer ?? false });
      return spool.enqueue({ receiptId, printerId: config.id, lines, bytes });
    },
    async listJobs(listOptions) {
      return spool.list(listOptions);
    },
    async retry(jobId) {
      return spool.retry(jobId);
    },
    async cancel(jobId) {
      return spool.cancel(jobId);
    },
    async reprint(jobId) {
      return spool.reprint(jobId);
    },
    async openDrawer(receiptId) {
      const config = configFor(defaultPrinterId);
      if (config.transport === 'preview' || !config.drawer.enabled) return null;
      const kick = drawerKickCommand({ pin: config.drawer.pin, ...DRAWER_PULSE });
      const bytes = Buffer.concat([initialise(config.codePage), kick]);
      return spool.enqueue({ receiptId, printerId: config.id, lines: [], bytes });
    },
    async markChecked(jobId) {
      return spool.markChecked(jobId);
    },
    async testPage(printerId) {
      const config = configFor(printerId ?? defaultPrinterId);
      const lines = testPageLines(config);
      // Every press prints: a fresh id, not the idempotent receipt key of the previous page.
      const receiptId = `test-page-${config.id}-${clock.now()}-${randomUUID().slice(0, 8)}`;
      return spool.enqueue({ receiptId, printerId: config.id, lines, bytes: render(config, lines, {}) });
    },
    status: () => spool.refreshStatus(),
    async previewReceipts(limit = 20) {
      const states: JobState[] = ['queued', 'sending', 'printed', 'held', 'uncertain', 'failed'];
      return spool.list({ limit, states }).map((job) => ({
        jobId: job.id,
        receiptId: job.receiptId,
        printerId: job.printerId,
        state: job.state,
        duplicate: job.duplicateOf !== null,
        createdAt: job.createdAt,
        paperWidth: byId.get(job.printerId)?.paperWidth ?? PREVIEW_PRINTER.paperWidth,
        lines: job.lines,
      }));
    },
    onChange: (listener) => spool.onChange(listener),
    printers: () => configs.map((c) => ({ ...c, drawer: { ...c.drawer } })),
    close: () => spool.close(),
  };
}
