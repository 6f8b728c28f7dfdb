// The transports that can tell the spool a printer is back: a device file announces the file
// appearing in its folder (and cannot watch a folder that is missing); a USB printer announces
// libusb's attach event for its own vendor and product id only, and stops when asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Device } from 'usb';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil } from '../../support/wait';
import { DeviceFileTransport } from '../../../electron/services/printing/transports/device-file';
import { UsbTransport, type UsbLibrary } from '../../../electron/services/printing/transports/usb';
import { FakeUsbPrinter } from './fake-usb';

test('device file: the printer file appearing is announced; a missing folder cannot be watched', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  try {
    const device = join(dir, 'lp0');
    const transport = new DeviceFileTransport(device, new ManualClock());
    assert.equal((await transport.status()) === 'unknown', false, 'away while the file is missing');
    let announced = 0;
    const stop = transport.watchForReturn(() => (announced += 1));
    assert.ok(stop, 'watching the folder');
    // Another file in the folder is not the printer: a second watch shows when its news is out.
    const seen: string[] = [];
    const witness = watch(dir, (_event, name) => name && seen.push(name));
    try {
      writeFileSync(join(dir, 'lp1'), '');
      await waitUntil(() => seen.includes('lp1'), 'the other file to be seen', 5000);
      assert.equal(announced, 0, 'another device file is not this printer');
    } finally {
      witness.close();
    }
    writeFileSync(device, '');
    await waitUntil(() => announced > 0, 'the printer file to be announced', 5000);
    assert.equal(await transport.status(), 'unknown', 'present again');
    stop();

    const nowhere = new DeviceFileTransport(join(dir, 'missing-folder', 'lp0'), new ManualClock());
    assert.equal(
      nowhere.watchForReturn(() => undefined),
      null,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function withHotplug(printer: FakeUsbPrinter) {
  const listeners = new Set<(device: Device) => void>();
  const base = printer.library();
  const on = ((_event: string, listener: (device: Device) => void) => listeners.add(listener)) as never;
  const off = ((_event: string, listener: (device: Device) => void) => listeners.delete(listener)) as never;
  const library = async (): Promise<UsbLibrary> => {
    const loaded = await base();
    return { ...loaded, usb: { ...loaded.usb, on, off } };
  };
  return { listeners, library, attach: (device: Device) => [...listeners].forEach((l) => l(device)) };
}

test('USB: the attach event of this printer is announced, another device is not; stopping ends it', async () => {
  const printer = new FakeUsbPrinter();
  const other = new FakeUsbPrinter(undefined, { vendorId: 0x0519, productId: 0x0e28 });
  const hotplug = withHotplug(printer);
  const transport = new UsbTransport(printer.vendorId, printer.productId, new ManualClock(), hotplug.library);
  assert.equal(
    transport.watchForReturn(() => undefined),
    null,
    'nothing to watch before libusb is loaded',
  );
  await transport.status(); // loads the library
  await transport.close();
  let announced = 0;
  const stop = transport.watchForReturn(() => (announced += 1));
  assert.ok(stop);
  hotplug.attach(other.device());
  assert.equal(announced, 0, 'another make with the same product id');
  hotplug.attach(printer.device());
  assert.equal(announced, 1);
  stop();
  assert.equal(hotplug.listeners.size, 0);
  hotplug.attach(printer.device());
  assert.equal(announced, 1);
});

test('USB: without hotplug events in libusb there is nothing to watch (the spool asks instead)', async () => {
  const printer = new FakeUsbPrinter();
  const transport = new UsbTransport(
    printer.vendorId,
    printer.productId,
    new ManualClock(),
    printer.library(),
  );
  await transport.status();
  assert.equal(
    transport.watchForReturn(() => undefined),
    null,
  );
});
