// The printing area's side of the contract: printers, the print queue and the preview.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { PrintJobView, PrinterView } from '../../../shared/contract';
import type { PrintingService, PrintJob, PrinterStatusView } from './index';
import { listUsbPrinters, type UsbPrinterInfo } from './transports/usb';

export function toJobView(job: PrintJob): PrintJobView {
  return {
    id: job.id,
    receiptId: job.receiptId,
    printerId: job.printerId,
    state: job.state,
    reason: job.reason,
    attempts: job.attempts,
    lastError: job.lastError,
    duplicateOf: job.duplicateOf,
    needsCheck: job.needsCheck,
    copy: job.copy,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

export function toPrinterView(status: PrinterStatusView, name: string): PrinterView {
  return {
    printerId: status.printerId,
    name,
    kind: status.kind,
    condition: status.condition,
    detail: status.detail,
    pending: status.pending,
    needsCheck: status.uncertain,
    checkedAt: status.checkedAt,
  };
}

export function printingHandlers(
  printing: () => Promise<PrintingService>,
  printerName: (printerId: string) => string,
  usbPrinters: () => Promise<UsbPrinterInfo[]> = listUsbPrinters,
): HandlersOf<'printing'> {
  return {
    'printing.printers': async () =>
      (await (await printing()).status()).map((s) => toPrinterView(s, printerName(s.printerId))),
    'printing.jobs': async ({ limit }) => (await (await printing()).listJobs({ limit })).map(toJobView),
    'printing.retry': async ({ jobId }) => toJobView(await (await printing()).retry(jobId)),
    'printing.cancel': async ({ jobId }) => toJobView(await (await printing()).cancel(jobId)),
    'printing.reprint': async ({ jobId }) => toJobView(await (await printing()).reprint(jobId)),
    'printing.markChecked': async ({ jobId }) => toJobView(await (await printing()).markChecked(jobId)),
    'printing.testPage': async ({ printerId }) => toJobView(await (await printing()).testPage(printerId)),
    'printing.preview': async ({ limit }) =>
      (await (await printing()).previewReceipts(limit)).map((r) => ({
        ...r,
        paperWidth: r.paperWidth as number,
      })),
    'printing.usbPrinters': async () =>
      (await usbPrinters()).map(({ vendorId, productId, label }) => ({ vendorId, productId, label })),
  };
}
