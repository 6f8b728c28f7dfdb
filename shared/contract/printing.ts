// The print queue and printers as the UI sees them.
import { z } from 'zod';
import { receiptLineSchema } from '../receipt';
import { method, noInput } from './define';

const jobId = z.string().min(1).max(200);

export const printJobViewSchema = z.object({
  id: z.string(),
  receiptId: z.string(),
  printerId: z.string(),
  state: z.string(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  duplicateOf: z.string().nullable(),
  /** It may have printed twice or not at all, and nobody has looked yet (the top bar counts these). */
  needsCheck: z.boolean(),
  /** Sent again after a dropped link under a "COPY, may already have printed" header. */
  copy: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrintJobView = z.infer<typeof printJobViewSchema>;

export const printerViewSchema = z.object({
  printerId: z.string(),
  name: z.string(),
  kind: z.string(),
  condition: z.string(),
  detail: z.string(),
  pending: z.number().int(),
  /** Jobs on this printer that need a look (the top bar's count, summed over printers). */
  needsCheck: z.number().int(),
  checkedAt: z.string().nullable(),
});
export type PrinterView = z.infer<typeof printerViewSchema>;

export const previewReceiptSchema = z.object({
  jobId: z.string(),
  receiptId: z.string(),
  printerId: z.string(),
  state: z.string(),
  duplicate: z.boolean(),
  createdAt: z.string(),
  paperWidth: z.number().int(),
  lines: z.array(receiptLineSchema),
});
export type PreviewReceipt = z.infer<typeof previewReceiptSchema>;

export const usbPrinterSchema = z.object({
  vendorId: z.number().int(),
  productId: z.number().int(),
  label: z.string(),
});

export const printingMethods = {
  'printing.printers': method(
    'Every configured printer with its state and reason.',
    noInput,
    z.array(printerViewSchema),
  ),
  'printing.jobs': method(
    'The print queue, newest first.',
    z.object({ limit: z.number().int().min(1).max(500) }).strict(),
    z.array(printJobViewSchema),
  ),
  'printing.retry': method(
    'Retries a held or failed job now.',
    z.object({ jobId }).strict(),
    printJobViewSchema,
  ),
  'printing.cancel': method(
    'Cancels a job that has not printed.',
    z.object({ jobId }).strict(),
    printJobViewSchema,
  ),
  'printing.reprint': method(
    'Prints a job again, marked DUPLICATE (also how an uncertain job is resolved).',
    z.object({ jobId }).strict(),
    printJobViewSchema,
  ),
  'printing.markChecked': method(
    'Someone looked at a job that may have printed twice or not at all: it stops needing a look.',
    z.object({ jobId }).strict(),
    printJobViewSchema,
  ),
  'printing.testPage': method(
    'Prints a test page (code page, £ and €, styles, rules).',
    z.object({ printerId: z.string().min(1).max(64).optional() }).strict(),
    printJobViewSchema,
  ),
  'printing.preview': method(
    'Receipts sent to the on-screen preview printer, newest first.',
    z.object({ limit: z.number().int().min(1).max(100) }).strict(),
    z.array(previewReceiptSchema),
  ),
  'printing.usbPrinters': method(
    'USB receipt printers attached now (for the settings picker).',
    noInput,
    z.array(usbPrinterSchema),
  ),
} as const;

export const printingEvents = {
  /** Something in the queue or a printer's state changed; the job, when one is concerned. */
  'printing.changed': z.object({ job: printJobViewSchema.nullable() }),
} as const;
