// The USB transport on a fake `usb` module (fake-usb.ts): which setting it selects, what it sends,
// how each failure is classed for the spool, and what staff read about it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock, settleMicrotasks } from '../../support/manual-clock';
import { UsbTransport, listUsbPrinters } from '../../../electron/services/printing/transports/usb';
import { PrinterTransportError } from '../../../electron/services/printing/transports/transport';
import {
  SPOOL_MIGRATIONS,
  createPrintingService,
  type PrinterConfig,
} from '../../../electron/services/printing';
import { openDatabase } from '../../../electron/services/storage/database';
import { FAST_TIMING, sampleLines } from './spool-harness';
import {
  FakeUsbPrinter,
  ONE_WAY_PRINTER,
  TRANSFER_NO_DEVICE,
  TRANSFER_TIMED_OUT,
  TWO_WAY_LISTED,
  libusbError,
} from './fake-usb';

/** A keyboard's one interface: HID class, an interrupt IN endpoint, nothing to print on. */
const KEYBOARD = [
  [
    {
      bInterfaceNumber: 0,
      bAlternateSetting: 0,
      bInterfaceClass: 3,
      bInterfaceProtocol: 1,
      endpoints: [{ bEndpointAddress: 0x81, bmAttributes: 0x03 }],
    },
  ],
];

const job = Buffer.from('\x1b@Receipt 0001\n\x1dV\x00', 'latin1');

function transportFor(printer: FakeUsbPrinter, clock = new ManualClock()): UsbTransport {
  return new UsbTransport(printer.vendorId, printer.productId, clock, printer.library());
}

/** Staff words: no libusb names, error codes or numbers of any kind. */
function assertPlainWords(message: string): void {
  assert.doesNotMatch(message, /LIBUSB|errno|ERROR|TRANSFER|\d/, message);
}

function failure(phase: string, kind: string, check: (message: string) => void = assertPlainWords) {
  return (error: unknown) => {
    assert.ok(error instanceof PrinterTransportError, String(error));
    assert.deepEqual({ phase: error.phase, kind: error.kind }, { phase, kind });
    check(error.message);
    return true;
  };
}

test('USB: selects the two-way alternate setting before sending, then writes the job through its OUT endpoint', async () => {
  const printer = new FakeUsbPrinter();
  const transport = transportFor(printer);
  await transport.write(job, { timeoutMs: 2000 });
  assert.deepEqual(printer.log, ['open', 'detach 1', 'claim 1', 'alt 1/1', 'transfer 0x03']);
  assert.deepEqual(printer.transfers, [{ endpoint: 0x03, altSetting: 1, timeout: 2000, bytes: job }]);

  // The link is kept for the next job: no second open, no second selection.
  await transport.write(job, { timeoutMs: 1500 });
  assert.deepEqual(printer.log.slice(5), ['transfer 0x03']);
  assert.equal(printer.transfers[1]!.timeout, 1500);

  await transport.close();
  assert.deepEqual(printer.log.slice(6), ['release 1', 'close']);
});

test('USB: a printer with only a one-way setting keeps it (nothing to select)', async () => {
  const printer = new FakeUsbPrinter(ONE_WAY_PRINTER);
  printer.kernelDriverActive = false;
  const transport = transportFor(printer);
  await transport.write(job, { timeoutMs: 2000 });
  await transport.close();
  assert.deepEqual(printer.log, ['open', 'claim 0', 'transfer 0x02', 'release 0', 'close']);
  assert.deepEqual(printer.transfers[0]!.bytes, job);
});

test('USB: a printer that stops taking data is an uncertain send; a lost device is a dropped link', async () => {
  const printer = new FakeUsbPrinter();
  const transport = transportFor(printer);
  printer.outcomes = [TRANSFER_TIMED_OUT, TRANSFER_NO_DEVICE];
  await assert.rejects(transport.write(job, { timeoutMs: 2000 }), failure('write', 'timeout'));
  await settleMicrotasks();
  assert.deepEqual(printer.log.slice(-2), ['release 1', 'close'], 'the stalled link is let go');

  await assert.rejects(transport.write(job, { timeoutMs: 2000 }), failure('write', 'closed'));
  assert.equal(printer.log.filter((step) => step === 'open').length, 2, 'the second send opened afresh');

  await transport.write(job, { timeoutMs: 2000 });
  assert.equal(printer.transfers.length, 3);
  await transport.close();
});

test('USB: a transfer that never finishes is given up at the write limit plus half a second', async () => {
  const clock = new ManualClock();
  const printer = new FakeUsbPrinter();
  const transport = transportFor(printer, clock);
  printer.outcomes = ['hang'];
  let settled = false;
  const writing = transport.write(job, { timeoutMs: 1000 });
  writing.then(
    () => (settled = true),
    () => (settled = true),
  );
  await settleMicrotasks();
  assert.equal(printer.transfers.length, 1);
  await clock.advance(1499);
  assert.equal(settled, false, 'still waiting on libusb');
  await clock.advance(1);
  assert.equal(settled, true, 'given up at the limit');
  await assert.rejects(writing, failure('write', 'timeout'));
  await settleMicrotasks();
  assert.deepEqual(printer.log.slice(-2), ['release 1', 'close']);
});

test('USB: a printer that stops mid-receipt leaves the job for a person to check, never resent', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-usb-spool-'));
  const clock = new ManualClock();
  const printer = new FakeUsbPrinter();
  const db = openDatabase(join(dir, 'till.db'), SPOOL_MIGRATIONS);
  const config: PrinterConfig = {
    id: 'counter',
    transport: 'usb',
    usbVendorId: printer.vendorId,
    usbProductId: printer.productId,
    paperWidth: 80,
    codePage: 'cp858',
    profile: 'escpos-portable',
    drawer: { enabled: false, pin: 2 },
  };
  const service = createPrintingService({
    db,
    printers: [config],
    clock,
    timing: FAST_TIMING,
    transportFor: (_, c) => new UsbTransport(printer.vendorId, printer.productId, c, printer.library()),
  });
  try {
    printer.outcomes = [TRANSFER_TIMED_OUT];
    const queued = await service.printReceipt('R-1', sampleLines('R-1'));
    for (let i = 0; i < 100; i++) await clock.advance(10); // a second of polls and back-off
    const [after] = await service.listJobs();
    assert.equal(after!.id, queued.id);
    assert.deepEqual(
      { state: after!.state, reason: after!.reason, needsCheck: after!.needsCheck },
      { state: 'uncertain', reason: 'no_confirmation', needsCheck: true },
    );
    assert.equal(printer.transfers.length, 1, 'the receipt went once');
    assertPlainWords(after!.lastError ?? '');
  } finally {
    await service.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('USB: reads the printer-class port status of the chosen interface', async () => {
  const printer = new FakeUsbPrinter();
  const transport = transportFor(printer);
  printer.portStatus = 0x38; // selected, no error, paper empty
  const reading = await transport.status();
  assert.ok(reading !== 'unknown');
  assert.deepEqual(
    { online: reading.online, paperEnd: reading.paperEnd, error: reading.error, detail: reading.detail },
    { online: true, paperEnd: true, error: false, detail: 'paper end' },
  );
  assert.deepEqual(printer.controlRequests, [
    { bmRequestType: 0xa1, bRequest: 1, wValue: 0, wIndex: 1, length: 1 },
  ]);
  printer.portStatus = null;
  assert.equal(await transport.status(), 'unknown', 'a failed request says nothing about the printer');
  printer.portStatus = 'empty';
  assert.equal(await transport.status(), 'unknown', 'nor does an empty answer');
  await transport.close();
});

test('USB: a printer that cannot be opened is unreachable, in staff words', async () => {
  const clock = new ManualClock();
  const none = new UsbTransport(0x04b8, 0x0e28, clock, async () => null);
  await assert.rejects(none.write(job, { timeoutMs: 500 }), failure('connect', 'offline'));

  const printer = new FakeUsbPrinter();
  const other = new UsbTransport(printer.vendorId, printer.productId + 1, clock, printer.library());
  await assert.rejects(
    other.write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', (m) => assert.equal(m, 'USB printer not connected')),
  );

  printer.openError = libusbError('LIBUSB_ERROR_ACCESS', -3);
  const denied = transportFor(printer, clock);
  await assert.rejects(
    denied.write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', (m) => {
      assertPlainWords(m);
      assert.match(m, /no permission/);
    }),
  );
  const reading = await denied.status();
  assert.ok(reading !== 'unknown' && reading.unreachable && /no permission/.test(reading.detail));

  printer.openError = null;
  printer.altSettingError = libusbError('LIBUSB_ERROR_PIPE', -9);
  await assert.rejects(
    transportFor(printer, clock).write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', (m) => assert.equal(m, 'USB printer unavailable')),
  );
  assert.equal(printer.log.at(-1), 'close', 'a half-opened device is closed again');

  printer.openError = libusbError('LIBUSB_ERROR_BUSY', -6);
  await assert.rejects(
    transportFor(printer, clock).write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', (m) => assert.equal(m, 'USB printer unavailable')),
  );
  assert.equal(printer.transfers.length, 0);
});

test('USB: a device with the printer\'s ids it cannot print on is "unavailable" to staff; why stays with the error', async () => {
  const keyboard = new FakeUsbPrinter(KEYBOARD);
  await assert.rejects(
    transportFor(keyboard).write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', (m) => assert.equal(m, 'USB printer unavailable')),
  );
  const cause = async (printer: FakeUsbPrinter) => {
    const error = await transportFor(printer)
      .write(job, { timeoutMs: 500 })
      .then(
        () => assert.fail('the job went out'),
        (e: unknown) => e as PrinterTransportError,
      );
    return (error.cause as Error).message;
  };
  assert.equal(await cause(keyboard), 'the device has no printer interface');

  const stuck = new FakeUsbPrinter();
  stuck.altSettingIgnored = true; // the two-way setting's OUT endpoint never appears
  assert.equal(await cause(stuck), 'printer OUT endpoint missing');
  assert.equal(stuck.transfers.length, 0);
  assert.equal(stuck.log.at(-1), 'close');
});

test('USB: a device list libusb cannot read lists no printers', async () => {
  const unreadable = async () => ({
    getDeviceList: () => {
      throw libusbError('LIBUSB_ERROR_NO_MEM', -11);
    },
    usb: { LIBUSB_TRANSFER_TIMED_OUT: TRANSFER_TIMED_OUT },
  });
  assert.deepEqual(await listUsbPrinters(unreadable), []);
});

test('USB: lists printers with their printer interface, skipping other devices', async () => {
  const printer = new FakeUsbPrinter();
  const keyboard = new FakeUsbPrinter(KEYBOARD);
  assert.deepEqual(await listUsbPrinters(printer.library([keyboard.device()])), [TWO_WAY_LISTED]);
  assert.deepEqual(await listUsbPrinters(async () => null), []);
});
