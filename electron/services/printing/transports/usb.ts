// A USB printer through libusb, written against the `usb` 2.x legacy API (getDeviceList,
// claim, detachKernelDriver). Kept thin: device discovery and transfers live here; the parts
// that can be checked without hardware (interface choice, port-status bits) are pure functions.
import type { Device, Interface, OutEndpoint } from 'usb';
import { systemClock, type Clock } from '../../common/clock';
import {
  PrinterTransportError,
  unreachable,
  type PrinterStatus,
  type PrinterStatusReading,
  type PrinterTransport,
} from './transport';

export const USB_CLASS_PRINTER = 7;
const TRANSFER_TYPE_BULK = 2;
const GET_PORT_STATUS = { bmRequestType: 0xa1, bRequest: 1 } as const;

/** The fields of libusb's interface descriptor this module reads. */
export interface InterfaceDescriptorLike {
  bInterfaceNumber: number;
  bAlternateSetting: number;
  bInterfaceClass: number;
  bInterfaceProtocol: number;
  endpoints: { bEndpointAddress: number; bmAttributes: number }[];
}

export interface PrinterInterfaceChoice {
  interfaceNumber: number;
  alternateSetting: number;
  outEndpoint: number;
  inEndpoint?: number;
  bidirectional: boolean;
}

/**
 * The printer-class interface with a bulk OUT endpoint; a bidirectional one (protocol 2) is
 * preferred when a device offers several alternate settings.
 */
export function selectPrinterInterface(
  config: { interfaces: InterfaceDescriptorLike[][] } | undefined,
): PrinterInterfaceChoice | null {
  const candidates: PrinterInterfaceChoice[] = [];
  for (const alternates of config?.interfaces ?? []) {
    for (const descriptor of alternates) {
      if (descriptor.bInterfaceClass !== USB_CLASS_PRINTER) continue;
      const bulk = descriptor.endpoints.filter((e) => (e.bmAttributes & 0x03) === TRANSFER_TYPE_BULK);
      const out = bulk.find((e) => (e.bEndpointAddress & 0x80) === 0);
      if (!out) continue;
      const inbound = bulk.find((e) => (e.bEndpointAddress & 0x80) !== 0);
      candidates.push({
        interfaceNumber: descriptor.bInterfaceNumber,
        alternateSetting: descriptor.bAlternateSetting,
        outEndpoint: out.bEndpointAddress,
        ...(inbound && { inEndpoint: inbound.bEndpointAddress }),
        bidirectional: descriptor.bInterfaceProtocol === 2 && inbound !== undefined,
      });
    }
  }
  return candidates.find((c) => c.bidirectional) ?? candidates[0] ?? null;
}

/** USB printer class port status: bit 3 "not error", bit 4 "selected", bit 5 "paper empty". */
export function parsePortStatus(byte: number): PrinterStatus {
  const paperEnd = (byte & 0x20) !== 0;
  const online = (byte & 0x10) !== 0;
  const error = (byte & 0x08) === 0;
  const words = [paperEnd && 'paper end', !online && 'offline', error && !paperEnd && 'error'].filter(
    Boolean,
  );
  return {
    online,
    paperEnd,
    paperNearEnd: false,
    coverOpen: false,
    error,
    detail: words.join(', ') || 'ready',
  };
}

export interface UsbPrinterInfo {
  /** e.g. "USB printer 04b8:0e28 (bus 1, device 7)". */
  label: string;
  vendorId: number;
  productId: number;
  busNumber: number;
  deviceAddress: number;
  interfaceNumber: number;
  bidirectional: boolean;
}

type UsbModule = typeof import('usb');
/** The parts of the `usb` module the transport uses; tests pass a fake device list. */
export interface UsbLibrary {
  getDeviceList: UsbModule['getDeviceList'];
  /** `on`/`off`: libusb's hotplug events, where the platform has them. */
  usb: Pick<UsbModule['usb'], 'LIBUSB_TRANSFER_TIMED_OUT'> & Partial<Pick<UsbModule['usb'], 'on' | 'off'>>;
}

async function loadUsb(): Promise<UsbLibrary | null> {
  try {
    return await import('usb');
  } catch {
    return null; // libusb missing or the addon not built for this runtime
  }
}

/** Printers for the settings picker; [] when there is no libusb or no printer. */
export async function listUsbPrinters(
  loadLibrary: () => Promise<UsbLibrary | null> = loadUsb,
): Promise<UsbPrinterInfo[]> {
  const usb = await loadLibrary();
  if (!usb) return [];
  let devices: Device[];
  try {
    devices = usb.getDeviceList();
  } catch {
    return [];
  }
  const printers: UsbPrinterInfo[] = [];
  for (const device of devices) {
    let choice: PrinterInterfaceChoice | null = null;
    try {
      choice = selectPrinterInterface(device.configDescriptor);
    } catch {
      continue; // descriptor unreadable without opening (permissions)
    }
    if (!choice) continue;
    const hex = (n: number) => n.toString(16).padStart(4, '0');
    const { idVendor, idProduct } = device.deviceDescriptor;
    printers.push({
      label: `USB printer ${hex(idVendor)}:${hex(idProduct)} (bus ${device.busNumber}, device ${device.deviceAddress})`,
      vendorId: device.deviceDescriptor.idVendor,
      productId: device.deviceDescriptor.idProduct,
      busNumber: device.busNumber,
      deviceAddress: device.deviceAddress,
      interfaceNumber: choice.interfaceNumber,
      bidirectional: choice.bidirectional,
    });
  }
  return printers;
}

export class UsbTransport implements PrinterTransport {
  readonly kind = 'usb' as const;
  readonly canConfirm = false;
  private device: Device | null = null;
  private iface: Interface | null = null;
  private out: OutEndpoint | null = null;
  private interfaceNumber = 0;
  private transferTimedOut: number | null = null;
  /** The library as last loaded (for the hotplug watch, which must answer at once). */
  private library: UsbLibrary | null = null;

  constructor(
    private readonly vendorId: number,
    private readonly productId: number,
    private readonly clock: Clock = systemClock,
    private readonly loadLibrary: () => Promise<UsbLibrary | null> = loadUsb,
  ) {}

  async open(): Promise<void> {
    if (this.out) return;
    const usb = await this.loadLibrary();
    this.library = usb;
    if (!usb) throw new PrinterTransportError('connect', 'offline', 'USB support (libusb) is not available');
    let devices: Device[];
    try {
      devices = usb.getDeviceList();
    } catch (error) {
      // libusb could not enumerate: the printer cannot be reached now (held and polled), and the
      // reason stays in the cause.
      throw new PrinterTransportError('connect', 'offline', 'USB printer unavailable', { cause: error });
    }
    const device = devices.find(
      (d) => d.deviceDescriptor.idVendor === this.vendorId && d.deviceDescriptor.idProduct === this.productId,
    );
    if (!device) throw new PrinterTransportError('connect', 'offline', 'USB printer not connected');
    try {
      device.open();
      const choice = selectPrinterInterface(device.configDescriptor);
      if (!choice) throw new Error('the device has no printer interface');
      const iface = device.interface(choice.interfaceNumber);
      // On Linux the usblp driver owns the interface (and /dev/usb/lp*) until detached.
      if (process.platform === 'linux' && iface.isKernelDriverActive()) iface.detachKernelDriver();
      iface.claim();
      // Endpoints belong to an alternate setting: the chosen (two-way) one must be selected first.
      if (iface.altSetting !== choice.alternateSetting)
        await iface.setAltSettingAsync(choice.alternateSetting);
      const out = iface.endpoint(choice.outEndpoint) as OutEndpoint | undefined;
      if (!out) throw new Error('printer OUT endpoint missing');
      this.device = device;
      this.iface = iface;
      this.out = out;
      this.interfaceNumber = choice.interfaceNumber;
      this.transferTimedOut = usb.usb.LIBUSB_TRANSFER_TIMED_OUT;
    } catch (error) {
      try {
        device.close();
      } catch {
        // already closed
      }
      // Staff words only; libusb's own message stays in the cause.
      const words = /ACCESS/.test((error as Error).message)
        ? 'no permission to use the USB printer (a udev rule is needed)'
        : 'USB printer unavailable';
      throw new PrinterTransportError('connect', 'offline', words, { cause: error });
    }
  }

  async write(bytes: Buffer, options: { timeoutMs: number }): Promise<void> {
    await this.open();
    const out = this.out!;
    // libusb's own timeout plus a watchdog: endpoint transfers wait for ever by default.
    out.timeout = options.timeoutMs;
    await new Promise<void>((resolve, reject) => {
      const watchdog = this.clock.setTimer(() => {
        reject(new PrinterTransportError('write', 'timeout', 'printer stopped taking data'));
        void this.close(); // cancels the transfer, whose callback then changes nothing
      }, options.timeoutMs + 500);
      out.transfer(bytes, (error) => {
        watchdog.cancel();
        if (!error) return resolve();
        const stalled = error.errno === this.transferTimedOut;
        void this.close();
        // A printer that stopped taking data may have printed part of the job (uncertain); any
        // other failure dropped the link.
        reject(
          stalled
            ? new PrinterTransportError('write', 'timeout', 'printer stopped taking data', { cause: error })
            : new PrinterTransportError('write', 'closed', 'USB printer disconnected during the send', {
                cause: error,
              }),
        );
      });
    });
  }

  async status(): Promise<PrinterStatusReading> {
    try {
      await this.open();
    } catch (error) {
      return unreachable((error as Error).message);
    }
    const device = this.device!;
    return new Promise<PrinterStatusReading>((resolve) => {
      device.controlTransfer(
        GET_PORT_STATUS.bmRequestType,
        GET_PORT_STATUS.bRequest,
        0,
        this.interfaceNumber,
        1,
        (error, data) => {
          if (error || !Buffer.isBuffer(data) || data.length < 1) resolve('unknown');
          else resolve(parsePortStatus(data[0]!));
        },
      );
    });
  }

  /**
   * Announces this printer being plugged in (libusb's attach event). Null before the library has
   * been loaded (the first status question loads it) or where it has no hotplug events.
   */
  watchForReturn(onReturn: () => void): (() => void) | null {
    const hotplug = this.library?.usb;
    if (!hotplug?.on || !hotplug.off) return null;
    const attached = (device: Device) => {
      const { idVendor, idProduct } = device.deviceDescriptor;
      if (idVendor === this.vendorId && idProduct === this.productId) onReturn();
    };
    hotplug.on('attach', attached);
    return () => hotplug.off?.('attach', attached);
  }

  async close(): Promise<void> {
    const { device, iface } = this;
    this.device = null;
    this.iface = null;
    this.out = null;
    if (!device) return;
    await new Promise<void>((resolve) => (iface ? iface.release(() => resolve()) : resolve()));
    try {
      device.close();
    } catch {
      // already closed
    }
  }
}
