// The printing area's contract side: each method reaches the service with its input and answers
// the view the screens read (no bytes, no receipt lines, printers by the shop's name), and the
// staff words the area shares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printingHandlers, toJobView, toPrinterView } from '../../../electron/services/printing/handlers';
import { STATE_WORDS, printerGone, stateWord } from '../../../electron/services/printing/printing-words';
import type { PrintingService, PrintJob, PrinterStatusView } from '../../../electron/services/printing';
import { TillError } from '../../../shared/contract/errors';
import { TWO_WAY_LISTED } from './fake-usb';

/** A job as the screens see it: every field they read. */
const JOB_VIEW = {
  id: 'job-7',
  receiptId: 'R-000042',
  printerId: 'counter',
  state: 'uncertain',
  reason: 'no_confirmation',
  attempts: 2,
  lastError: 'printer stopped taking data; the receipt may or may not have printed.',
  duplicateOf: 'job-6',
  needsCheck: true,
  copy: true,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:04.000Z',
} satisfies Omit<PrintJob, 'nextAttemptAt' | 'byteLength' | 'lines'>;

/** The job itself: its view and what the screens never get (the next try, its bytes and lines). */
const JOB: PrintJob = {
  ...JOB_VIEW,
  nextAttemptAt: '2026-11-23T09:00:05.000Z',
  byteLength: 412,
  lines: [{ type: 'TEXT', format: [], value: 'TOTAL £9.45' }],
};

const STATUS: PrinterStatusView = {
  printerId: 'counter',
  name: 'counter', // what the record knows; the screens get the shop's name instead
  kind: 'usb',
  condition: 'paper_near_end',
  detail: 'paper near end',
  checkedAt: '2026-11-23T09:00:01.000Z',
  pending: 3,
  uncertain: 1,
};

test('a job as the screens see it: every field they read, never its bytes or lines', () => {
  assert.deepEqual(toJobView(JOB), JOB_VIEW);
  for (const change of [{ needsCheck: false }, { copy: false }, { duplicateOf: null, reason: null }])
    assert.deepEqual(toJobView({ ...JOB, ...change }), { ...JOB_VIEW, ...change }, JSON.stringify(change));
});

test('a printer as the screens see it: the given name, waiting jobs and the ones that need a look', () => {
  assert.deepEqual(toPrinterView(STATUS, 'Till 1 printer'), {
    printerId: 'counter',
    name: 'Till 1 printer',
    kind: 'usb',
    condition: 'paper_near_end',
    detail: 'paper near end',
    pending: 3,
    needsCheck: 1,
    checkedAt: '2026-11-23T09:00:01.000Z',
  });
});

test('each printing method reaches the service with its input and answers views', async () => {
  const calls: unknown[][] = [];
  const answer =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return { ...JOB, id: `${name}-job` };
    };
  const service = {
    status: async () => [STATUS, { ...STATUS, printerId: 'bar', kind: 'network', pending: 0, uncertain: 0 }],
    listJobs: async (options: unknown) => {
      calls.push(['listJobs', options]);
      return [JOB];
    },
    retry: answer('retry'),
    cancel: answer('cancel'),
    reprint: answer('reprint'),
    markChecked: answer('markChecked'),
    testPage: answer('testPage'),
    previewReceipts: async (limit: unknown) => {
      calls.push(['previewReceipts', limit]);
      return [
        {
          jobId: 'job-7',
          receiptId: 'R-000042',
          printerId: 'preview',
          state: 'printed',
          duplicate: false,
          createdAt: JOB.createdAt,
          paperWidth: 58,
          lines: JOB.lines,
        },
      ];
    },
  } as unknown as PrintingService;
  const names: Record<string, string> = { counter: 'Till 1 printer', bar: '' };
  const handlers = printingHandlers(
    async () => service,
    (id) => names[id] ?? '',
    async () => [TWO_WAY_LISTED],
  );

  const printers = await handlers['printing.printers']({} as never);
  assert.deepEqual(
    printers.map((p) => [p.printerId, p.name, p.needsCheck]),
    [
      ['counter', 'Till 1 printer', 1],
      ['bar', '', 0],
    ],
  );
  assert.deepEqual(await handlers['printing.jobs']({ limit: 25 }), [JOB_VIEW]);
  for (const method of ['retry', 'cancel', 'reprint', 'markChecked'] as const) {
    const view = await handlers[`printing.${method}`]({ jobId: 'job-7' });
    assert.deepEqual(view, { ...JOB_VIEW, id: `${method}-job` }, method);
  }
  assert.deepEqual(await handlers['printing.testPage']({ printerId: 'bar' }), {
    ...JOB_VIEW,
    id: 'testPage-job',
  });
  const [preview] = await handlers['printing.preview']({ limit: 5 });
  assert.equal(preview!.paperWidth, 58);
  assert.deepEqual(preview!.lines, JOB.lines);
  assert.deepEqual(calls, [
    ['listJobs', { limit: 25 }],
    ['retry', 'job-7'],
    ['cancel', 'job-7'],
    ['reprint', 'job-7'],
    ['markChecked', 'job-7'],
    ['testPage', 'bar'],
    ['previewReceipts', 5],
  ]);
  assert.deepEqual(await handlers['printing.usbPrinters']({} as never), [
    { vendorId: 0x04b8, productId: 0x0e28, label: 'USB printer 04b8:0e28 (bus 1, device 7)' },
  ]);
});

test('job states in words, and a printer that is gone, without any id', () => {
  assert.deepEqual(stateWord('uncertain'), { key: 'printing.jobState.uncertain', english: 'uncertain' });
  assert.deepEqual(stateWord('queued'), { key: 'printing.jobState.queued', english: 'waiting to print' });
  assert.equal(STATE_WORDS.sending, 'being sent');
  const gone = printerGone();
  assert.ok(gone instanceof TillError);
  assert.equal(gone.code, 'not_found');
  assert.equal(gone.message, 'That printer is no longer set up. A manager can choose one in Settings.');
  assert.deepEqual(gone.words, { key: 'printing.printerGone' });
});
