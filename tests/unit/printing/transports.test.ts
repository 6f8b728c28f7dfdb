import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPrinterEmulator } from '../../support/printer-emulator';
import { ManualClock, settleMicrotasks } from '../../support/manual-clock';
import {
  NetworkTransport,
  parsePrinterAddress,
} from '../../../electron/services/printing/transports/network';
import { DeviceFileTransport } from '../../../electron/services/printing/transports/device-file';
import {
  parseRealTimeStatus,
  isStatusByte,
} from '../../../electron/services/printing/transports/realtime-status';
import { PrinterTransportError, isReady } from '../../../electron/services/printing/transports/transport';
import {
  parsePortStatus,
  selectPrinterInterface,
  listUsbPrinters,
} from '../../../electron/services/printing/transports/usb';
import { encodeReceipt, printFinishedRequest } from '../../../electron/services/printing/escpos-encoder';
import { createLogger } from '../../../electron/services/common/logger';
import { decodeEscPos } from './escpos-decoder';

const receipt = encodeReceipt(
  [
    { type: 'TEXT', format: ['BOLD'], value: 'Hello £1' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ],
  { paperWidth: 80, codePage: 'cp858' },
);

test('real-time status bits follow the DLE EOT table', () => {
  const ready = parseRealTimeStatus({ printer: 0x12, offlineCause: 0x12, error: 0x12, paper: 0x12 });
  assert.deepEqual(ready, {
    online: true,
    paperEnd: false,
    paperNearEnd: false,
    coverOpen: false,
    error: false,
    detail: 'ready',
  });
  const paperOut = parseRealTimeStatus({ printer: 0x1a, offlineCause: 0x32, error: 0x12, paper: 0x72 });
  assert.equal(paperOut.online, false);
  assert.equal(paperOut.paperEnd, true);
  assert.equal(paperOut.detail, 'paper end');
  const cover = parseRealTimeStatus({ printer: 0x1a, offlineCause: 0x16, error: 0x12, paper: 0x12 });
  assert.equal(cover.coverOpen, true);
  assert.equal(isReady(cover), false);
  const near = parseRealTimeStatus({ printer: 0x12, offlineCause: 0x12, error: 0x12, paper: 0x1e });
  assert.equal(near.paperNearEnd, true);
  assert.equal(isReady(near), true);
  const cutter = parseRealTimeStatus({ printer: 0x1a, offlineCause: 0x52, error: 0x1a, paper: 0x12 });
  assert.equal(cutter.error, true);
  assert.match(cutter.detail, /cutter/);
  assert.equal(isStatusByte(0x12), true);
  assert.equal(isStatusByte(0x37), false, 'the print-finished header is not a status byte');
  assert.equal(isReady('unknown'), true);
});

test('a transport failure names itself in the log, beside its words', () => {
  const lines: string[] = [];
  const log = createLogger('print spool', (line) => lines.push(line));
  log.warn('a receipt could not go out:', new PrinterTransportError('write', 'closed', 'connection lost'));
  assert.match(
    lines[0]!,
    /\[print spool\] a receipt could not go out: PrinterTransportError: connection lost$/,
  );
});

test('printer addresses default to port 9100', () => {
  assert.deepEqual(parsePrinterAddress('192.0.2.10'), { host: '192.0.2.10', port: 9100 });
  assert.deepEqual(parsePrinterAddress(' printer.local:9101 '), { host: 'printer.local', port: 9101 });
  assert.deepEqual(parsePrinterAddress('printer:1'), { host: 'printer', port: 1 });
  assert.deepEqual(parsePrinterAddress('printer:65535'), { host: 'printer', port: 65535 });
  for (const bad of ['', 'printer:0', 'printer:65536', 'printer:abc', 'http://printer:9100', 'a b:9100'])
    assert.throws(() => parsePrinterAddress(bad), RangeError, bad);
});

test('an IPv6 printer address: bare, it is all host (default port); in brackets it may have a port', () => {
  const cases: [string, { host: string; port: number }][] = [
    ['fd00::10', { host: 'fd00::10', port: 9100 }],
    ['::1', { host: '::1', port: 9100 }],
    ['2001:db8:0:0:0:0:0:9101', { host: '2001:db8:0:0:0:0:0:9101', port: 9100 }],
    ['::ffff:192.0.2.10', { host: '::ffff:192.0.2.10', port: 9100 }],
    ['fe80::1%eth0', { host: 'fe80::1%eth0', port: 9100 }],
    ['[fd00::10]:9101', { host: 'fd00::10', port: 9101 }],
    ['[::1]', { host: '::1', port: 9100 }],
  ];
  for (const [address, want] of cases) assert.deepEqual(parsePrinterAddress(address), want, address);
  for (const bad of ['[fd00::10', 'fd00::10]:9101', '[fd00::10]:0', '[printer.local]:9100', 'fd00::g1'])
    assert.throws(() => parsePrinterAddress(bad), RangeError, bad);
});

test('network transport reads each scripted state from the emulator', async () => {
  const emulator = await startPrinterEmulator();
  const clock = new ManualClock();
  const transport = new NetworkTransport({
    host: '127.0.0.1',
    port: emulator.port,
    statusTimeoutMs: 300,
    clock,
  });
  try {
    const expectations = {
      ready: { online: true, paperEnd: false, coverOpen: false, error: false },
      paperNearEnd: { online: true, paperEnd: false, coverOpen: false, error: false },
      paperEnd: { online: false, paperEnd: true, coverOpen: false, error: false },
      coverOpen: { online: false, paperEnd: false, coverOpen: true, error: false },
      offline: { online: false, paperEnd: false, coverOpen: false, error: false },
      error: { online: false, paperEnd: false, coverOpen: false, error: true },
    } as const;
    for (const [state, want] of Object.entries(expectations)) {
      emulator.setState(state as keyof typeof expectations);
      const reading = await transport.status();
      assert.notEqual(reading, 'unknown');
      if (reading === 'unknown') return;
      const { online, paperEnd, coverOpen, error } = reading;
      assert.deepEqual({ online, paperEnd, coverOpen, error }, want, state);
    }
    emulator.setState('silent');
    const asking = transport.status();
    await settleMicrotasks(); // the question is on the wire
    await clock.advance(300); // and the printer stays silent
    const silent = await asking;
    assert.ok(silent !== 'unknown' && !silent.online && /not answering/.test(silent.detail));
    emulator.setState('ready');
    assert.ok(isReady(await transport.status()), 'recovers after a silent spell');
  } finally {
    await transport.close();
    await emulator.close();
  }
});

test('network transport writes a job and confirms it by status round trip and by Epson ack', async () => {
  const emulator = await startPrinterEmulator();
  const transport = new NetworkTransport({ host: '127.0.0.1', port: emulator.port });
  try {
    await transport.write(receipt, { timeoutMs: 2000 });
    await transport.confirm({ timeoutMs: 2000 });
    await transport.write(Buffer.concat([receipt, printFinishedRequest('J001')]), { timeoutMs: 2000 });
    await transport.confirm({ timeoutMs: 2000, ackId: 'J001' });
    const jobs = await emulator.waitForJobs(2);
    assert.equal(jobs.length, 2);
    assert.deepEqual(jobs[0], receipt);
    assert.deepEqual(decodeEscPos(jobs[1]!).lines[0], {
      text: 'Hello £1',
      bold: true,
      doubleHeight: false,
      doubleWidth: false,
    });
    // The emulator separates real-time requests from job bytes.
    assert.ok(emulator.statusRequests() >= 1);
    assert.ok(!emulator.received().includes(Buffer.from([0x10, 0x04])));
  } finally {
    await transport.close();
    await emulator.close();
  }
});

test('network transport: refused connection, dropped job and a missing ack each fail in their phase', async () => {
  const emulator = await startPrinterEmulator();
  const clock = new ManualClock();
  const transport = new NetworkTransport({
    host: '127.0.0.1',
    port: emulator.port,
    connectTimeoutMs: 500,
    clock,
  });
  try {
    await emulator.setRefusing(true);
    const offline = await transport.status();
    assert.ok(offline !== 'unknown' && !offline.online && /unreachable/.test(offline.detail));
    await assert.rejects(transport.write(receipt, { timeoutMs: 500 }), (e: unknown) => {
      return e instanceof PrinterTransportError && e.phase === 'connect';
    });
    await emulator.setRefusing(false);
    assert.ok(isReady(await transport.status()));

    emulator.setBehaviour({ dropAfterBytes: 12 });
    await assert.rejects(
      (async () => {
        await transport.write(receipt, { timeoutMs: 1000 });
        await transport.confirm({ timeoutMs: 1000 });
      })(),
      (e: unknown) => e instanceof PrinterTransportError && e.kind === 'closed',
    );
    await emulator.waitUntil(() => emulator.interrupted().length === 1);
    assert.ok(emulator.interrupted()[0]!.length <= 12);
    assert.equal(emulator.jobs().length, 0);

    emulator.setBehaviour({ silentOnData: true });
    await transport.write(Buffer.concat([receipt, printFinishedRequest('J002')]), { timeoutMs: 1000 });
    const confirming = assert.rejects(
      transport.confirm({ timeoutMs: 300, ackId: 'J002' }),
      (e: unknown) => e instanceof PrinterTransportError && e.phase === 'confirm' && e.kind === 'timeout',
    );
    await clock.advance(300); // no ack comes
    await confirming;
  } finally {
    await transport.close();
    await emulator.close();
  }
});

test('device-file transport writes bytes to the file and says offline when it is missing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  try {
    const path = join(dir, 'lp0');
    writeFileSync(path, '');
    const transport = new DeviceFileTransport(path);
    assert.equal(await transport.status(), 'unknown');
    await transport.write(receipt, { timeoutMs: 1000 });
    await transport.close();
    assert.deepEqual(readFileSync(path), receipt);

    const missing = new DeviceFileTransport(join(dir, 'lp9'));
    const reading = await missing.status();
    assert.ok(reading !== 'unknown' && !reading.online && /not connected/.test(reading.detail));
    await assert.rejects(missing.write(receipt, { timeoutMs: 500 }), (e: unknown) => {
      return e instanceof PrinterTransportError && e.phase === 'connect';
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('USB: picks the printer-class interface with a bulk OUT endpoint, preferring bidirectional', () => {
  const hid = {
    bInterfaceNumber: 0,
    bAlternateSetting: 0,
    bInterfaceClass: 3,
    bInterfaceProtocol: 0,
    endpoints: [],
  };
  const unidirectional = {
    bInterfaceNumber: 1,
    bAlternateSetting: 0,
    bInterfaceClass: 7,
    bInterfaceProtocol: 1,
    endpoints: [{ bEndpointAddress: 0x02, bmAttributes: 0x02 }],
  };
  const bidirectional = {
    bInterfaceNumber: 1,
    bAlternateSetting: 1,
    bInterfaceClass: 7,
    bInterfaceProtocol: 2,
    endpoints: [
      { bEndpointAddress: 0x81, bmAttributes: 0x02 },
      { bEndpointAddress: 0x03, bmAttributes: 0x02 },
      { bEndpointAddress: 0x84, bmAttributes: 0x03 },
    ],
  };
  assert.deepEqual(selectPrinterInterface({ interfaces: [[hid], [unidirectional, bidirectional]] }), {
    interfaceNumber: 1,
    alternateSetting: 1,
    outEndpoint: 0x03,
    inEndpoint: 0x81,
    bidirectional: true,
  });
  assert.equal(selectPrinterInterface({ interfaces: [[unidirectional]] })?.outEndpoint, 0x02);
  // Protocol 2 without a bulk IN endpoint cannot answer: not two-way, so not preferred.
  const noWayBack = { ...bidirectional, endpoints: [{ bEndpointAddress: 0x03, bmAttributes: 0x02 }] };
  assert.deepEqual(selectPrinterInterface({ interfaces: [[unidirectional, noWayBack]] }), {
    interfaceNumber: 1,
    alternateSetting: 0,
    outEndpoint: 0x02,
    bidirectional: false,
  });
  // An interrupt OUT endpoint is not a printer's data pipe.
  const interruptOnly = { ...unidirectional, endpoints: [{ bEndpointAddress: 0x02, bmAttributes: 0x03 }] };
  assert.equal(selectPrinterInterface({ interfaces: [[interruptOnly]] }), null);
  assert.equal(selectPrinterInterface({ interfaces: [[hid]] }), null);
  assert.equal(selectPrinterInterface(undefined), null);
});

test('USB: GET_PORT_STATUS bits (paper empty 5, selected 4, not-error 3)', () => {
  assert.deepEqual(parsePortStatus(0x18), {
    online: true,
    paperEnd: false,
    paperNearEnd: false,
    coverOpen: false,
    error: false,
    detail: 'ready',
  });
  const empty = parsePortStatus(0x30);
  assert.equal(empty.paperEnd, true);
  assert.equal(isReady(empty), false);
  assert.equal(parsePortStatus(0x08).online, false);
  assert.equal(parsePortStatus(0x10).error, true);
});

test('USB: listing printers never throws (empty without devices or libusb)', async () => {
  const printers = await listUsbPrinters();
  assert.ok(Array.isArray(printers));
});
