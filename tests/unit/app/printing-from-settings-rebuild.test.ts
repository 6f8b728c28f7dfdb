// What a shop sees around a change of printers: the new printer is used and the old spool is
// closed; a rebuild that fails is refused in staff words, logged, and mended by the next change;
// a window that cannot take the printer summary is logged rather than stopping printing; a till
// closed at once never reports a printer afterwards, and one closed after a failed rebuild closes
// cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printingFromSettings } from '../../../electron/services/app/printing-from-settings';
import { SPOOL_MIGRATIONS } from '../../../electron/services/printing/index';
import { openDatabase } from '../../../electron/services/storage/database';
import type { SettingsStore } from '../../../electron/services/storage/settings';
import { defaultSettings, type PrinterSettings, type Settings } from '../../../shared/settings';
import type { PrinterStatus } from '../../../shared/contract';
import { Emitter } from '../../../shared/emitter';
import { text } from '../../../shared/receipt';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil } from '../../support/wait';

const RECEIPT = [text('Flat white £3.40')];

function printer(over: Partial<PrinterSettings> & Pick<PrinterSettings, 'id' | 'name' | 'transport'>) {
  return {
    address: null,
    devicePath: null,
    usbVendorId: null,
    usbProductId: null,
    paperWidth: 80,
    codePage: 'cp858',
    profile: 'escpos-portable',
    drawer: { enabled: false, pin: 2 },
    ...over,
  } satisfies PrinterSettings;
}

const PREVIEW = printer({ id: 'preview', name: 'On-screen preview', transport: 'preview' });
const USB = printer({
  id: 'usb',
  name: 'Till USB',
  transport: 'usb',
  usbVendorId: 0x04b8,
  usbProductId: 0x0e15,
});

/** printingFromSettings over its own database, with every error it logs kept in words. */
function rig(
  t: { after: (fn: () => Promise<void>) => void },
  initial: Partial<Settings>,
  onSummary: (summary: PrinterStatus) => void = () => {},
) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-app-rebuild-'));
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const db = openDatabase(join(folder, 'paydesk.sqlite'), SPOOL_MIGRATIONS, clock);
  let current: Settings = { ...defaultSettings(), ...initial };
  const changes = new Emitter<[Settings, Settings]>();
  const settings: SettingsStore = {
    load: () => current,
    update() {
      throw new Error('printing only reads the settings');
    },
    onChange: (listener) => changes.on(([next, previous]) => listener(next, previous)),
    problems: () => [],
  };
  const set = (change: Partial<Settings>) => {
    const previous = current;
    current = { ...current, ...change };
    changes.fire([current, previous]);
  };
  const errors: string[] = [];
  const events: string[] = [];
  const printing = printingFromSettings({
    db,
    settings,
    clock,
    logger: {
      info: () => {},
      warn: () => {},
      error: (what, error) => errors.push(`${what}: ${error instanceof Error ? error.message : error}`),
    },
    onEvent: (event) =>
      events.push(event.type === 'job' ? `job ${event.job.receiptId} ${event.job.state}` : 'printer'),
    onSummary,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await printing.close();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  };
  t.after(close);
  return { printing, set, errors, events, close };
}

test('after a change of printers receipts go to the new one, the old spool is closed and its events still reach the till', async (t) => {
  const summaries: PrinterStatus[] = [];
  const r = rig(t, { printers: [USB, PREVIEW], receiptPrinterId: 'usb' }, (s) => summaries.push(s));
  const old = await r.printing.current();

  r.set({ printers: [PREVIEW], receiptPrinterId: 'preview' });
  const now = await r.printing.current();
  await assert.rejects(old.printReceipt('late', RECEIPT), 'the old spool takes no more receipts');
  const job = await now.printReceipt('sale-1', RECEIPT);
  assert.equal(job.printerId, 'preview');
  await waitUntil(() => r.events.includes('job sale-1 printed'), 'the new spool’s events passed on');
  await waitUntil(() => summaries.at(-1)?.state === 'preview', 'the bar showing the preview');
  assert.deepEqual(r.errors, []);
});

test('a rebuild that fails is refused in staff words and logged; the next change of printers mends it', async (t) => {
  const summaries: PrinterStatus[] = [];
  const r = rig(t, { printers: [USB, PREVIEW], receiptPrinterId: 'usb' }, (s) => summaries.push(s));
  await r.printing.current();

  r.set({ printers: [{ ...USB, usbProductId: null }, PREVIEW] });
  await assert.rejects(r.printing.current(), {
    message: 'Printer "Till USB" needs a USB vendor and product id.',
  });
  await waitUntil(() => r.errors.length > 0, 'the failure logged');
  assert.deepEqual(r.errors, ['printer status: Printer "Till USB" needs a USB vendor and product id.']);

  r.set({ printers: [PREVIEW], receiptPrinterId: 'preview' });
  const mended = await r.printing.current();
  assert.equal((await mended.printReceipt('sale-2', RECEIPT)).printerId, 'preview');
  await waitUntil(() => r.events.includes('job sale-2 printed'), 'events after the mended rebuild');
  await waitUntil(() => summaries.at(-1)?.state === 'preview', 'the bar showing the preview');
});

test('a window that cannot take the printer summary is logged as printer status, at start and on every job, and printing carries on', async (t) => {
  const r = rig(t, { printers: [PREVIEW], receiptPrinterId: 'preview' }, () => {
    throw new Error('window gone');
  });
  // One log for the summary at start, then one for each spool event.
  await waitUntil(() => r.errors.length > 0, 'the start-up summary logged');
  const printing = await r.printing.current();
  await printing.printReceipt('sale-3', RECEIPT);
  await waitUntil(() => r.events.includes('job sale-3 printed'), 'the receipt printed');
  await waitUntil(() => r.errors.length === 1 + r.events.length, 'one log per event');
  assert.deepEqual(new Set(r.errors), new Set(['printer status: window gone']));
});

test('a till closed straight after start reports no printer and reads nothing more', async (t) => {
  const summaries: PrinterStatus[] = [];
  const r = rig(t, { printers: [PREVIEW], receiptPrinterId: 'preview' }, (s) => summaries.push(s));
  await r.close();
  // Let any refresh still in flight run out.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(summaries, []);
  assert.deepEqual(r.errors, []);
});

test('a till closed while its last change of printers has failed closes without an error', async (t) => {
  const r = rig(t, { printers: [USB, PREVIEW], receiptPrinterId: 'usb' });
  await r.printing.current();
  r.set({ printers: [{ ...USB, usbProductId: null }, PREVIEW] });
  await assert.rejects(r.printing.current());
  // The old spool was closed by the rebuild, and no new one was built: nothing is left to close.
  await r.close();
  assert.deepEqual(r.errors, ['printer status: Printer "Till USB" needs a USB vendor and product id.']);
});
