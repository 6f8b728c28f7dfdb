// The printing service the settings ask for: each printer's settings become its transport (a
// network printer on loopback, a device file, USB, the preview) with its paper, code page and
// drawer; receipts go to the chosen receipt printer; a change of printers rebuilds the service
// (and nothing else does); settings that cannot work are refused in the printer's own words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  printingFromSettings,
  type PrintingFromSettings,
} from '../../../electron/services/app/printing-from-settings';
import { SPOOL_MIGRATIONS, type SpoolTiming } from '../../../electron/services/printing/index';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import type { SettingsStore } from '../../../electron/services/storage/settings';
import { defaultSettings, type PrinterSettings, type Settings } from '../../../shared/settings';
import type { PrinterStatus } from '../../../shared/contract';
import { Emitter } from '../../../shared/emitter';
import { text } from '../../../shared/receipt';
import { driveClock, ManualClock } from '../../support/manual-clock';
import { startPrinterEmulator } from '../../support/printer-emulator';
import { waitUntil } from '../../support/wait';
import { waitForJob } from '../printing/spool-harness';
import { quietLogger } from './support';

/**
 * Settings held in memory and taken as given: what a damaged or hand-edited store could hold,
 * which the validating store would refuse (a device file outside /dev, a USB printer without ids).
 */
function memorySettings(
  initial: Partial<Settings>,
): SettingsStore & { set(change: Partial<Settings>): void } {
  let current: Settings = { ...defaultSettings(), ...initial };
  const changes = new Emitter<[Settings, Settings]>();
  const set = (change: Partial<Settings>) => {
    const previous = current;
    current = { ...current, ...change };
    changes.fire([current, previous]);
  };
  return {
    load: () => current,
    update(change) {
      set(typeof change === 'function' ? change(current) : (change as Partial<Settings>));
      return current;
    },
    onChange: (listener) => changes.on(([next, previous]) => listener(next, previous)),
    problems: () => [],
    set,
  };
}

function printer(
  over: Partial<PrinterSettings> & Pick<PrinterSettings, 'id' | 'transport'>,
): PrinterSettings {
  return {
    name: '',
    address: null,
    devicePath: null,
    usbVendorId: null,
    usbProductId: null,
    paperWidth: 80,
    codePage: 'cp858',
    profile: 'escpos-portable',
    drawer: { enabled: false, pin: 2 },
    ...over,
  };
}

const PREVIEW = printer({ id: 'preview', name: 'On-screen preview', transport: 'preview' });
const RECEIPT = [text('Flat white £3.40')];

interface Rig {
  folder: string;
  db: Db;
  clock: ManualClock;
  settings: ReturnType<typeof memorySettings>;
  printing: PrintingFromSettings;
  summaries: PrinterStatus[];
  events: string[];
  close(): Promise<void>;
}

/** printingFromSettings over its own database and temp folder, on a hand-moved clock. */
function rig(
  t: { after: (fn: () => Promise<void>) => void },
  initial: Partial<Settings>,
  options: { drive?: boolean; timing?: Partial<SpoolTiming> } = {},
): Rig {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-app-printing-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(join(folder, 'paydesk.sqlite'), SPOOL_MIGRATIONS, clock);
  const settings = memorySettings(initial);
  const summaries: PrinterStatus[] = [];
  const events: string[] = [];
  let printing: PrintingFromSettings;
  try {
    printing = printingFromSettings({
      db,
      settings,
      clock,
      ...(options.timing && { timing: options.timing }),
      logger: quietLogger,
      onEvent: (event) => events.push(event.type === 'job' ? `job ${event.job.state}` : 'printer'),
      onSummary: (summary) => summaries.push(summary),
    });
  } catch (error) {
    db.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  // Network printers are waited on with the clock: it runs, fast, for them.
  const driver = options.drive ? driveClock(clock) : null;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await printing.close();
    await driver?.stop();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  };
  t.after(close);
  return { folder, db, clock, settings, printing, summaries, events, close };
}

const lastSummary = (r: Rig) => waitUntil(() => r.summaries.at(-1), 'a printer summary');

test('by default receipts go to the on-screen preview, stamped with the till’s clock, at its paper width', async (t) => {
  const r = rig(t, {
    printers: [{ ...PREVIEW, paperWidth: 58 }],
    receiptPrinterId: 'preview',
  });
  assert.deepEqual(await lastSummary(r), {
    state: 'preview',
    detail: 'Receipts show on screen',
    queued: 0,
    uncertain: 0,
  });
  const printing = await r.printing.current();
  const job = await printing.printReceipt('sale-1', RECEIPT);
  assert.equal(job.printerId, 'preview');
  assert.equal(job.createdAt, '2026-11-22T09:00:00.000Z');
  const [shown] = await printing.previewReceipts();
  assert.equal(shown!.receiptId, 'sale-1');
  assert.equal(shown!.paperWidth, 58);
  assert.ok(r.events.length > 0, 'the spool’s events are passed on');
  assert.deepEqual(
    printing.printers().map((p) => [p.id, p.transport]),
    [['preview', 'preview']],
  );
});

test('a network printer gets its address: the receipt’s bytes arrive there and the bar says ready', async (t) => {
  const emulator = await startPrinterEmulator();
  t.after(() => emulator.close());
  const net = printer({
    id: 'counter',
    name: 'Counter printer',
    transport: 'network',
    address: emulator.address,
  });
  const r = rig(t, { printers: [net, PREVIEW], receiptPrinterId: 'counter' }, { drive: true });
  const printing = await r.printing.current();
  await printing.printReceipt('sale-2', RECEIPT);
  await waitUntil(
    () => emulator.received().includes(Buffer.from('Flat white')),
    'the receipt at the printer',
  );
  const statuses = await printing.status();
  assert.deepEqual(
    statuses.map((s) => [s.printerId, s.kind, s.name]),
    [
      ['counter', 'network', 'Counter printer'],
      ['preview', 'preview', 'On-screen preview'],
    ],
  );
  const ready = await waitUntil(() => r.summaries.find((s) => s.state === 'ready'), 'the printer ready');
  assert.equal(ready.queued, 0);
});

test('receipts go to the chosen receipt printer, not to the first real printer', async (t) => {
  const emulator = await startPrinterEmulator();
  t.after(() => emulator.close());
  const net = printer({ id: 'kitchen', transport: 'network', address: emulator.address });
  const r = rig(t, { printers: [net, PREVIEW], receiptPrinterId: 'preview' });
  const job = await (await r.printing.current()).printReceipt('sale-3', RECEIPT);
  assert.equal(job.printerId, 'preview');
  assert.equal((await lastSummary(r)).state, 'preview');
});

test('a device printer writes to its file in its code page, and kicks its drawer on its pin', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-app-device-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const devicePath = join(folder, 'lp0');
  writeFileSync(devicePath, '');
  const device = printer({
    id: 'lp',
    transport: 'device',
    devicePath,
    codePage: 'cp1252',
    drawer: { enabled: true, pin: 5 },
  });
  const r = rig(t, { printers: [device, PREVIEW], receiptPrinterId: 'lp' });
  const printing = await r.printing.current();
  await printing.printReceipt('sale-4', RECEIPT);
  await waitUntil(
    () => readFileSync(devicePath).includes(Buffer.from('Flat white')),
    'the receipt in the file',
  );
  const written = readFileSync(devicePath);
  assert.ok(written.includes(Buffer.from([0xa3, 0x33])), '£3 in code page 1252 (0xA3), not 858 (0x9C)');
  assert.equal((await printing.status())[0]!.kind, 'device');

  const kick = await printing.openDrawer('no-sale-1');
  assert.ok(kick, 'the drawer is set up on the receipt printer');
  await waitUntil(
    () => readFileSync(devicePath).includes(Buffer.from([0x1b, 0x70, 0x01])),
    'the drawer kick on pin 5 (ESC p 1)',
  );
});

test('a reprint’s banner prints in the shop’s language, read at each ticket: DUPLIKAT, then DUPLICATE', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-app-banner-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const devicePath = join(folder, 'lp0');
  writeFileSync(devicePath, '');
  const device = printer({ id: 'lp', transport: 'device', devicePath });
  const german = { ...defaultSettings().shop, locale: 'de-DE' as const };
  const r = rig(t, { printers: [device, PREVIEW], receiptPrinterId: 'lp', shop: german });
  const printing = await r.printing.current();
  const job = await printing.printReceipt('sale-5', RECEIPT);
  await waitForJob(printing, job.id, (j) => j.state === 'printed', { clock: r.clock });
  const reprinted = async () => {
    const copy = await printing.reprint(job.id);
    await waitForJob(printing, copy.id, (j) => j.state === 'printed', { clock: r.clock });
  };
  await reprinted();
  assert.ok(readFileSync(devicePath).includes(Buffer.from('DUPLIKAT')), 'the German banner');
  assert.ok(!readFileSync(devicePath).includes(Buffer.from('DUPLICATE')), 'no English banner');
  // The shop switches to English: the next reprint follows, with no rebuild of the printers.
  r.settings.set({ shop: { ...german, locale: 'en-GB' } });
  assert.equal(await r.printing.current(), printing);
  await reprinted();
  assert.ok(readFileSync(devicePath).includes(Buffer.from('DUPLICATE')), 'the English banner');
});

test('a USB printer is built from its vendor and product id; without them it is refused in words', async (t) => {
  const usb = printer({
    id: 'usb',
    name: 'Till USB',
    transport: 'usb',
    usbVendorId: 0x04b8,
    usbProductId: 0x0e15,
  });
  const r = rig(t, { printers: [usb, PREVIEW], receiptPrinterId: 'usb' });
  const statuses = await (await r.printing.current()).status();
  assert.deepEqual(
    statuses.map((s) => [s.printerId, s.kind]),
    [
      ['usb', 'usb'],
      ['preview', 'preview'],
    ],
  );

  // Changed to settings that cannot work: the rebuild is refused, naming the printer...
  r.settings.set({ printers: [{ ...usb, usbProductId: null }, PREVIEW] });
  await assert.rejects(r.printing.current(), {
    code: 'invalid_input',
    message: 'Printer "Till USB" needs a USB vendor and product id.',
  });
  // ...and once they are put right, printing works again (and the till can still close).
  r.settings.set({ printers: [PREVIEW], receiptPrinterId: 'preview' });
  const mended = await r.printing.current();
  assert.equal((await mended.printReceipt('sale-5', RECEIPT)).printerId, 'preview');
  await r.close();

  // At start the same settings stop the printing service being built at all.
  assert.throws(
    () => rig(t, { printers: [{ ...usb, usbVendorId: null }, PREVIEW], receiptPrinterId: 'usb' }),
    {
      message: 'Printer "Till USB" needs a USB vendor and product id.',
    },
  );
});

test('a network printer without an address, or a device without a path, is refused in words', (t) => {
  assert.throws(
    () =>
      rig(t, { printers: [printer({ id: 'n', name: 'Bar', transport: 'network' })], receiptPrinterId: 'n' }),
    { code: 'invalid_input', message: 'Printer "Bar" needs an address.' },
  );
  assert.throws(
    () => rig(t, { printers: [printer({ id: 'd', transport: 'device' })], receiptPrinterId: 'd' }),
    { code: 'invalid_input', message: 'Printer "Linux device printer" needs a device path.' },
  );
});

test('only a change of printers rebuilds the service; the old one is closed and the bar follows', async (t) => {
  const emulator = await startPrinterEmulator();
  t.after(() => emulator.close());
  const r = rig(t, { printers: [PREVIEW], receiptPrinterId: 'preview' }, { drive: true });
  const first = await r.printing.current();
  r.settings.set({ shop: { ...r.settings.load().shop, name: 'Another name' } });
  assert.equal(await r.printing.current(), first, 'not rebuilt for a setting printing does not use');

  r.settings.set({ receiptPrinterId: null });
  const second = await r.printing.current();
  assert.notEqual(second, first);
  await assert.rejects(first.printReceipt('late', RECEIPT), 'the old spool is closed');
  assert.equal(
    (await waitUntil(() => r.summaries.find((s) => s.state === 'not_configured'), 'no receipt printer'))
      .detail,
    'No receipt printer is chosen',
  );

  const net = printer({ id: 'counter', transport: 'network', address: emulator.address });
  r.settings.set({ printers: [net, PREVIEW], receiptPrinterId: 'counter' });
  const third = await r.printing.current();
  assert.deepEqual(
    third.printers().map((p) => p.id),
    ['counter', 'preview'],
  );
  await waitUntil(() => r.summaries.at(-1)?.state === 'ready', 'the new receipt printer ready');

  // Once closed, a change of printers builds nothing more.
  await r.close();
  r.settings.set({ printers: [PREVIEW], receiptPrinterId: 'preview' });
  assert.equal(await r.printing.current(), third);
});

test('the spool timing given is the one used: past its stale limit a waiting receipt is held for the cashier', async (t) => {
  const emulator = await startPrinterEmulator();
  t.after(() => emulator.close());
  const net = printer({ id: 'counter', transport: 'network', address: emulator.address });
  // A stale limit of one minute (fifteen by default), no slow poll inside the two minutes below,
  // and the paper's return looked for each second (each probe is a real round trip to the
  // emulator: 50 ms apart by default, 2,400 of them in two minutes).
  const r = rig(
    t,
    { printers: [net, PREVIEW], receiptPrinterId: 'counter' },
    { timing: { staleAfterMs: 60_000, pollIntervalMs: 10 * 60_000, returnProbeMs: 1_000 } },
  );
  const printing = await r.printing.current();
  const until = (jobId: string, done: Parameters<typeof waitForJob>[2]) =>
    waitForJob(printing, jobId, done, { clock: r.clock });
  emulator.setState('paperEnd');
  await printing.printReceipt('old-1', RECEIPT);
  await until('old-1', (j) => j.state === 'held' && j.reason === 'paper_end');
  await r.clock.advance(2 * 60_000); // the paper is replaced two minutes later
  emulator.setState('ready');
  await printing.printReceipt('new-1', RECEIPT);
  await until('new-1', (j) => j.state === 'printed');
  const old = await until('old-1', (j) => j.state !== 'held' || j.reason !== 'paper_end');
  assert.deepEqual([old.state, old.reason], ['held', 'stale']);
});
