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
  type PrinterProfile,
  type PrintingService,
} from '../../../electron/services/printing';
import { openDatabase } from '../../../electron/services/storage/database';
import { FAST_TIMING, sampleLines, waitForJob } from './spool-harness';
import { decodeEscPos } from './escpos-decoder';
import {
  FakeUsbPrinter,
  ONE_WAY_PRINTER,
  TRANSFER_NO_DEVICE,
  TRANSFER_OVERFLOW,
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

/** A USB mass-storage stick: bulk OUT and IN endpoints like a printer's, but class 8. */
const MEMORY_STICK = [
  [
    {
      bInterfaceNumber: 0,
      bAlternateSetting: 0,
      bInterfaceClass: 8,
      bInterfaceProtocol: 0x50,
      endpoints: [
        { bEndpointAddress: 0x02, bmAttributes: 0x02 },
        { bEndpointAddress: 0x81, bmAttributes: 0x02 },
      ],
    },
  ],
];

/** A one-way printer (protocol 1) that still has a bulk IN endpoint: no status comes back on it. */
const ONE_WAY_WITH_IN_PIPE = [
  [
    {
      bInterfaceNumber: 0,
      bAlternateSetting: 0,
      bInterfaceClass: 7,
      bInterfaceProtocol: 1,
      endpoints: [
        { bEndpointAddress: 0x01, bmAttributes: 0x02 },
        { bEndpointAddress: 0x82, bmAttributes: 0x02 },
      ],
    },
  ],
];

function transportFor(printer: FakeUsbPrinter, clock = new ManualClock()): UsbTransport {
  return new UsbTransport(printer.vendorId, printer.productId, clock, printer.library());
}

/** Runs `use` with `process.platform` reading `platform`, then puts the real one back. */
async function onPlatform(platform: NodeJS.Platform, use: () => Promise<void>): Promise<void> {
  const real = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { ...real, value: platform });
  try {
    await use();
  } finally {
    Object.defineProperty(process, 'platform', real);
  }
}

/** The printing service with `printer` as its one USB printer, its spool in a temp database. */
async function withUsbSpool(
  printer: FakeUsbPrinter,
  profile: PrinterProfile,
  use: (service: PrintingService, clock: ManualClock) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-usb-spool-'));
  const clock = new ManualClock();
  const db = openDatabase(join(dir, 'till.db'), SPOOL_MIGRATIONS);
  const config: PrinterConfig = {
    id: 'counter',
    transport: 'usb',
    usbVendorId: printer.vendorId,
    usbProductId: printer.productId,
    paperWidth: 80,
    codePage: 'cp858',
    profile,
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
    await use(service, clock);
  } finally {
    await service.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Staff words: no libusb names, error codes or numbers of any kind. */
function assertPlainWords(message: string): void {
  assert.doesNotMatch(message, /LIBUSB|errno|ERROR|TRANSFER|\d/, message);
}

/**
 * A PrinterTransportError of this phase and kind whose message passes `check` (or is exactly
 * those words); `cause`: libusb's own error name, kept on the error for the log.
 */
function failure(
  phase: string,
  kind: string,
  check: string | ((message: string) => void) = assertPlainWords,
  cause?: string,
) {
  return (error: unknown) => {
    assert.ok(error instanceof PrinterTransportError, String(error));
    assert.deepEqual({ phase: error.phase, kind: error.kind }, { phase, kind });
    if (typeof check === 'string') assert.equal(error.message, check);
    else check(error.message);
    if (cause !== undefined) assert.equal((error.cause as Error | undefined)?.message, cause);
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

test('USB: a finished send leaves no watchdog behind: the link is still open long after the limit', async () => {
  const clock = new ManualClock();
  const printer = new FakeUsbPrinter();
  const transport = transportFor(printer, clock);
  await transport.write(job, { timeoutMs: 1000 });
  await clock.advance(60_000);
  await settleMicrotasks();
  assert.deepEqual(printer.log, ['open', 'detach 1', 'claim 1', 'alt 1/1', 'transfer 0x03'], 'not let go');
  await transport.write(job, { timeoutMs: 1000 });
  assert.equal(printer.log.filter((step) => step === 'open').length, 1, 'the next job needs no new open');
  await transport.close();
});

test("USB: away from Linux the kernel's driver is left alone (only Linux's usblp holds the printer)", async () => {
  const printer = new FakeUsbPrinter(ONE_WAY_PRINTER);
  await onPlatform('darwin', async () => {
    const transport = transportFor(printer);
    await transport.write(job, { timeoutMs: 2000 });
    await transport.close();
  });
  assert.deepEqual(printer.log, ['open', 'claim 0', 'transfer 0x02', 'release 0', 'close']);
});

test('USB: the printer opened is the one with both its vendor and product id, not another make with the same product id', async () => {
  const printer = new FakeUsbPrinter(ONE_WAY_PRINTER);
  const otherMake = new FakeUsbPrinter(ONE_WAY_PRINTER, { vendorId: 0x0519, productId: printer.productId });
  const transport = new UsbTransport(
    printer.vendorId,
    printer.productId,
    new ManualClock(),
    printer.library([otherMake.device()]),
  );
  await transport.write(job, { timeoutMs: 2000 });
  await transport.close();
  assert.deepEqual(otherMake.log, []);
  assert.deepEqual(
    printer.transfers.map((t) => t.bytes),
    [job],
  );
});

test('USB: a printer that stops taking data is an uncertain send; a lost device is a dropped link', async () => {
  const printer = new FakeUsbPrinter();
  const transport = transportFor(printer);
  printer.outcomes = [TRANSFER_TIMED_OUT, TRANSFER_NO_DEVICE];
  await assert.rejects(
    transport.write(job, { timeoutMs: 2000 }),
    failure('write', 'timeout', 'printer stopped taking data', 'LIBUSB_TRANSFER_TIMED_OUT'),
  );
  await settleMicrotasks();
  assert.deepEqual(printer.log.slice(-2), ['release 1', 'close'], 'the stalled link is let go');

  await assert.rejects(
    transport.write(job, { timeoutMs: 2000 }),
    failure('write', 'closed', 'USB printer disconnected during the send', 'LIBUSB_TRANSFER_NO_DEVICE'),
  );
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
  await assert.rejects(writing, failure('write', 'timeout', 'printer stopped taking data'));
  await settleMicrotasks();
  assert.deepEqual(printer.log.slice(-2), ['release 1', 'close']);
});

test('USB: a printer that stops mid-receipt leaves the job for a person to check, never resent', async () => {
  const printer = new FakeUsbPrinter();
  await withUsbSpool(printer, 'escpos-portable', async (service, clock) => {
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
  });
});

test('USB: an epson-tm printer on USB gets the receipt alone, no print-finished request (its answer is never read)', async () => {
  const printer = new FakeUsbPrinter();
  await withUsbSpool(printer, 'epson-tm', async (service, clock) => {
    const queued = await service.printReceipt('R-1', sampleLines('R-1'));
    // Printed means the printer took every byte: nothing on this link can say more.
    const printed = await waitForJob(service, queued.id, (j) => j.state === 'printed', { clock });
    assert.equal(printed.state, 'printed');
    assert.equal(printer.transfers.length, 1);
    const sent = decodeEscPos(printer.transfers[0]!.bytes).events;
    assert.ok(sent.some((e) => e.type === 'cut'));
    assert.deepEqual(
      sent.filter((e) => e.type === 'ackRequest'),
      [],
    );
  });
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
  // "Ready" arrived, but libusb says the transfer went wrong: the byte is not to be trusted.
  printer.portStatus = 0x18;
  printer.portStatusFailure = TRANSFER_OVERFLOW;
  assert.equal(await transport.status(), 'unknown', 'nor does a byte that came with a failure');
  await transport.close();
});

test('USB: a printer that cannot be opened is unreachable, in staff words', async () => {
  const clock = new ManualClock();
  const none = new UsbTransport(0x04b8, 0x0e28, clock, async () => null);
  await assert.rejects(
    none.write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', 'USB support (libusb) is not available'),
  );

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

test('USB: a device list libusb cannot read lists no printers, and the printer is unavailable in staff words', async () => {
  const unreadable = async () => ({
    getDeviceList: () => {
      throw libusbError('LIBUSB_ERROR_NO_MEM', -11);
    },
    usb: { LIBUSB_TRANSFER_TIMED_OUT: TRANSFER_TIMED_OUT },
  });
  assert.deepEqual(await listUsbPrinters(unreadable), []);

  // A connect failure (the spool holds the job and polls), not an unknown error that fails it.
  const transport = new UsbTransport(0x04b8, 0x0e28, new ManualClock(), unreadable);
  await assert.rejects(
    transport.write(job, { timeoutMs: 500 }),
    failure('connect', 'offline', 'USB printer unavailable', 'LIBUSB_ERROR_NO_MEM'),
  );
  const reading = await transport.status();
  assert.ok(reading !== 'unknown' && reading.unreachable);
  assert.equal(reading.detail, 'USB printer unavailable');
});

test('USB: lists printers with their printer interface, skipping other devices', async () => {
  const printer = new FakeUsbPrinter();
  const keyboard = new FakeUsbPrinter(KEYBOARD);
  // Bulk pipes both ways, but a memory stick is no printer.
  const stick = new FakeUsbPrinter(MEMORY_STICK, { vendorId: 0x0781, productId: 0x5567 });
  const oneWay = new FakeUsbPrinter(ONE_WAY_WITH_IN_PIPE, { vendorId: 0x0519, productId: 0x0003 });
  const others = [keyboard.device(), stick.device(), oneWay.device()];
  assert.deepEqual(await listUsbPrinters(printer.library(others)), [
    {
      label: 'USB printer 0519:0003 (bus 1, device 7)',
      vendorId: 0x0519,
      productId: 0x0003,
      busNumber: 1,
      deviceAddress: 7,
      interfaceNumber: 0,
      bidirectional: false, // an IN pipe on a protocol 1 interface carries no status
    },
    TWO_WAY_LISTED,
  ]);
  assert.deepEqual(await listUsbPrinters(async () => null), []);
});

test('USB: with the till\'s own libusb, a printer that is not plugged in is "not connected"', async () => {
  // Whether libusb loads here decides the words; both are what the till would say.
  const libusb = await import('usb').then(
    () => true,
    () => false,
  );
  const absent = new UsbTransport(0xffff, 0xffff, new ManualClock()); // no device has vendor ffff
  await assert.rejects(
    absent.write(job, { timeoutMs: 500 }),
    failure(
      'connect',
      'offline',
      libusb ? 'USB printer not connected' : 'USB support (libusb) is not available',
    ),
  );
});
