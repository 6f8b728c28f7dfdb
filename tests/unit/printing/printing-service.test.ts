// The printing service around the spool: which printers it has and where receipts go, the drawer
// kick (only when asked, once), reprints marked DUPLICATE and nothing else, fresh test pages, and
// the on-screen preview's list of receipts with their states, duplicates and paper widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError, type Words } from '../../../shared/contract/errors';
import { startPrinterEmulator } from '../../support/printer-emulator';
import {
  PREVIEW_PRINTER,
  createPrintingService,
  type PrinterConfig,
} from '../../../electron/services/printing';
import { createHarness, networkPrinter, sampleLines } from './spool-harness';
import { decodeEscPos } from './escpos-decoder';

/** The preview as a shop would list it, with the drawer switched on by mistake. */
const PREVIEW_WITH_DRAWER: PrinterConfig = { ...PREVIEW_PRINTER, drawer: { enabled: true, pin: 2 } };

const textOf = (bytes: Buffer) =>
  decodeEscPos(bytes)
    .lines.map((l) => l.text)
    .join('\n');

/**
 * An `invalid_input` refusal with these English words and the key the screens translate it by
 * (the English stays the fallback and the log's).
 */
function refusedWith(message: string, words: Words) {
  return (e: unknown) => {
    assert.ok(e instanceof TillError, String(e));
    assert.deepEqual(
      { code: e.code, message: e.message, words: e.words },
      { code: 'invalid_input', message, words },
    );
    return true;
  };
}

test('the on-screen preview is always on the printer list, named, without a drawer', async () => {
  const h = await createHarness();
  try {
    assert.deepEqual(h.service.printers(), [
      networkPrinter(h.emulator),
      {
        id: 'preview',
        name: 'Screen preview',
        transport: 'preview',
        paperWidth: 80,
        codePage: 'cp858',
        profile: 'escpos-portable',
        drawer: { enabled: false, pin: 2 },
      },
    ]);
    const [status] = (await h.service.status()).filter((s) => s.printerId === 'preview');
    assert.equal(status?.name, 'Screen preview');
  } finally {
    await h.close();
  }
});

test('two printers set up under the same id are refused in plain words', async () => {
  const h = await createHarness();
  try {
    const counter = networkPrinter(h.emulator);
    assert.throws(
      () => createPrintingService({ db: h.db, printers: [counter, { ...counter, name: 'Bar' }] }),
      refusedWith('Two printers are set up as the same printer: remove one in Settings.', {
        key: 'printing.twoTheSame',
      }),
    );
  } finally {
    await h.close();
  }
});

test('receipts go to the first real printer even when the preview is listed first', async () => {
  const h = await createHarness({ printers: (emulator) => [PREVIEW_PRINTER, networkPrinter(emulator)] });
  try {
    const job = await h.service.printReceipt('r-1', sampleLines('r-1'));
    assert.equal(job.printerId, 'counter');
    const [bytes] = await h.emulator.waitForJobs(1);
    assert.match(textOf(bytes!), /^Receipt r-1$/m);
  } finally {
    await h.close();
  }
});

test('a receipt opens the drawer only when asked, and a reprint is marked DUPLICATE, not COPY', async () => {
  const h = await createHarness({
    // Pin 2: the pin a kick without one would fall to is 5.
    printers: (emulator) => [networkPrinter(emulator, { drawer: { enabled: true, pin: 2 } })],
  });
  try {
    await h.service.printReceipt('card-1', sampleLines('card-1')); // no choice given: no kick
    await h.service.printReceipt('cash-1', sampleLines('cash-1'), { kickDrawer: true });
    await h.waitForJob('cash-1', (j) => j.state === 'printed');
    await h.service.reprint('card-1');
    const [card, cash, reprint] = (await h.emulator.waitForJobs(3)).map((bytes) => decodeEscPos(bytes));
    const kicks = (d: typeof card) => d!.events.filter((e) => e.type === 'drawerKick').map((e) => e.pin);
    assert.deepEqual([kicks(card), kicks(cash), kicks(reprint)], [[], [2], []]);
    const reprinted = reprint!.lines.map((l) => l.text).join('\n');
    assert.match(reprinted, /DUPLICATE/);
    assert.match(reprinted, /^Receipt card-1$/m);
    assert.doesNotMatch(reprinted, /COPY|may already have printed/);
  } finally {
    await h.close();
  }
});

test('a receipt without an id is refused and nothing is stored', async () => {
  const h = await createHarness();
  try {
    await assert.rejects(
      h.service.printReceipt('', sampleLines('no id')),
      refusedWith('The till could not tell which receipt to print: try again.', {
        key: 'printing.noReceipt',
      }),
    );
    assert.deepEqual(await h.service.listJobs(), []);
  } finally {
    await h.close();
  }
});

test('No-sale opens the drawer once with just the kick, and not at all without a drawer', async () => {
  const h = await createHarness();
  try {
    const job = await h.service.openDrawer('nosale-1');
    assert.deepEqual(job?.lines, []);
    await h.waitForJob('nosale-1', (j) => j.state === 'printed');
    await h.pass(200);
    const sent = decodeEscPos(h.emulator.received());
    assert.deepEqual(sent.lines, [], 'no paper used');
    assert.deepEqual(
      sent.events.filter((e) => e.type === 'drawerKick').map((e) => e.pin),
      [2],
    );

    // A printer without a drawer, and the preview even with its drawer switched on: nothing queued.
    for (const printers of [
      [networkPrinter(h.emulator, { drawer: { enabled: false, pin: 2 } })],
      [PREVIEW_WITH_DRAWER],
    ]) {
      const service = await h.restart(printers);
      assert.equal(await service.openDrawer('nosale-2'), null);
      assert.deepEqual(
        (await service.listJobs()).map((j) => j.id),
        ['nosale-1'],
      );
    }
  } finally {
    await h.close();
  }
});

test('every press of Test page prints a new page, named for the printer and the moment', async () => {
  const h = await createHarness();
  try {
    const first = await h.service.testPage('counter');
    const second = await h.service.testPage('counter');
    const pattern = new RegExp(`^test-page-counter-${h.clock.now()}-[0-9a-f]{8}$`);
    assert.match(first.receiptId, pattern);
    assert.match(second.receiptId, pattern);
    assert.notEqual(first.receiptId, second.receiptId);
    const pages = (await h.emulator.waitForJobs(2)).map((bytes) => decodeEscPos(bytes).lines[0]);
    assert.deepEqual(
      pages,
      [0, 1].map(() => ({ text: 'Paydesk test page', bold: true, doubleHeight: true, doubleWidth: false })),
    );
  } finally {
    await h.close();
  }
});

test('the preview lists receipts in every state but cancelled, newest first, with duplicates and paper', async () => {
  // Three printers on their own emulators, each misbehaving its own way.
  const kitchen = await startPrinterEmulator();
  const bar = await startPrinterEmulator();
  const h = await createHarness({
    printers: (counter) => [
      networkPrinter(counter),
      networkPrinter(kitchen, { id: 'kitchen', paperWidth: 58 }),
      networkPrinter(bar, { id: 'bar' }),
    ],
    timing: { maxInterruptedAttempts: 1 },
  });
  try {
    await h.service.printReceipt('printed-1', sampleLines('printed-1'), { printerId: 'preview' });
    await h.waitForJob('printed-1', (j) => j.state === 'printed');
    const reprint = await h.service.reprint('printed-1');
    await h.waitForJob(reprint.id, (j) => j.state === 'printed');

    h.emulator.setState('coverOpen');
    await h.service.printReceipt('held-1', sampleLines('held-1'));
    await h.waitForJob('held-1', (j) => j.state === 'held');
    await h.service.printReceipt('cancelled-1', sampleLines('cancelled-1'));
    await h.service.cancel('cancelled-1');

    kitchen.setBehaviour({ dropAfterBytes: 20 }); // the link breaks mid-receipt
    await h.service.printReceipt('failed-1', sampleLines('failed-1'), { printerId: 'kitchen' });
    await h.waitForJob('failed-1', (j) => j.state === 'failed');

    bar.setBehaviour({ silentOnData: true }); // takes the bytes, then says nothing
    await h.service.printReceipt('uncertain-1', sampleLines('uncertain-1'), { printerId: 'bar' });
    await h.waitForJob('uncertain-1', (j) => j.state === 'uncertain');

    const preview = await h.service.previewReceipts();
    assert.deepEqual(
      preview.map((p) => [p.receiptId, p.printerId, p.state, p.duplicate, p.paperWidth]),
      [
        ['uncertain-1', 'bar', 'uncertain', false, 80],
        ['failed-1', 'kitchen', 'failed', false, 58],
        ['held-1', 'counter', 'held', false, 80],
        ['printed-1~dup1', 'preview', 'printed', true, 80],
        ['printed-1', 'preview', 'printed', false, 80],
      ],
    );
    assert.deepEqual(preview[1]!.lines, sampleLines('failed-1'));
    assert.deepEqual(
      (await h.service.previewReceipts(2)).map((p) => p.receiptId),
      ['uncertain-1', 'failed-1'],
    );

    // The kitchen printer taken out of Settings: its receipt still shows, on standard paper.
    const service = await h.restart([networkPrinter(h.emulator)]);
    const failed = (await service.previewReceipts()).find((p) => p.receiptId === 'failed-1');
    assert.equal(failed?.paperWidth, 80);
  } finally {
    await h.close();
    await kitchen.close();
    await bar.close();
  }
});
