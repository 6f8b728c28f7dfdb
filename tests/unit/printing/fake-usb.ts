// A USB receipt printer as the `usb` module's legacy API shows it, so UsbTransport runs without
// hardware or libusb. Like libusb, an interface shows the endpoints of its selected alternate
// setting only; OUT transfers finish, time out, fail or hang as the test scripts them, and every
// step the transport takes on the device is logged in order.
import type { Device } from 'usb';
import type {
  InterfaceDescriptorLike,
  UsbLibrary,
  UsbPrinterInfo,
} from '../../../electron/services/printing/transports/usb';

/** libusb_transfer_status values (libusb.h), as the `usb` module puts them in `errno`. */
export const TRANSFER_TIMED_OUT = 2;
const TRANSFER_CANCELLED = 3;
export const TRANSFER_NO_DEVICE = 5;
/** The device sent more than was asked for. */
export const TRANSFER_OVERFLOW = 6;
const TRANSFER_NAMES: Record<number, string> = {
  [TRANSFER_TIMED_OUT]: 'LIBUSB_TRANSFER_TIMED_OUT',
  [TRANSFER_CANCELLED]: 'LIBUSB_TRANSFER_CANCELLED',
  [TRANSFER_NO_DEVICE]: 'LIBUSB_TRANSFER_NO_DEVICE',
  [TRANSFER_OVERFLOW]: 'LIBUSB_TRANSFER_OVERFLOW',
};

/** An error as the `usb` module raises it: libusb's name as the message, the code in `errno`. */
export function libusbError(name: string, errno: number): Error & { errno: number } {
  return Object.assign(new Error(name), { errno });
}

/** What the next OUT transfer does: take the bytes, never finish (until closed), or fail with a status. */
export type TransferOutcome = 'take' | 'hang' | number;

/**
 * A vendor interface 0, then printer-class interface 1: a one-way setting 0 (OUT 0x01) and a
 * two-way setting 1 (OUT 0x03, IN 0x81).
 */
export const TWO_WAY_PRINTER: InterfaceDescriptorLike[][] = [
  [
    {
      bInterfaceNumber: 0,
      bAlternateSetting: 0,
      bInterfaceClass: 0xff,
      bInterfaceProtocol: 0,
      endpoints: [{ bEndpointAddress: 0x05, bmAttributes: 0x02 }],
    },
  ],
  [
    {
      bInterfaceNumber: 1,
      bAlternateSetting: 0,
      bInterfaceClass: 7,
      bInterfaceProtocol: 1,
      endpoints: [{ bEndpointAddress: 0x01, bmAttributes: 0x02 }],
    },
    {
      bInterfaceNumber: 1,
      bAlternateSetting: 1,
      bInterfaceClass: 7,
      bInterfaceProtocol: 2,
      endpoints: [
        { bEndpointAddress: 0x81, bmAttributes: 0x02 },
        { bEndpointAddress: 0x03, bmAttributes: 0x02 },
      ],
    },
  ],
];

/** How listUsbPrinters lists a FakeUsbPrinter with the TWO_WAY_PRINTER interfaces (bus 1, device 7). */
export const TWO_WAY_LISTED: UsbPrinterInfo = {
  label: 'USB printer 04b8:0e28 (bus 1, device 7)',
  vendorId: 0x04b8,
  productId: 0x0e28,
  busNumber: 1,
  deviceAddress: 7,
  interfaceNumber: 1,
  bidirectional: true,
};

/** A printer that only has a one-way setting 0 (OUT 0x02). */
export const ONE_WAY_PRINTER: InterfaceDescriptorLike[][] = [
  [
    {
      bInterfaceNumber: 0,
      bAlternateSetting: 0,
      bInterfaceClass: 7,
      bInterfaceProtocol: 1,
      endpoints: [{ bEndpointAddress: 0x02, bmAttributes: 0x02 }],
    },
  ],
];

export interface FakeTransfer {
  endpoint: number;
  /** The alternate setting selected when the transfer was submitted. */
  altSetting: number;
  /** The endpoint's libusb timeout at submission (ms, 0 = none). */
  timeout: number;
  bytes: Buffer;
}

export interface ControlRequest {
  bmRequestType: number;
  bRequest: number;
  wValue: number;
  wIndex: number;
  length: number;
}

type TransferCallback = (error: (Error & { errno: number }) | undefined, actual: number) => void;

export class FakeUsbPrinter {
  /** Each step on the device, e.g. "open", "claim 0", "alt 0/1", "transfer 0x03", "release 0", "close". */
  readonly log: string[] = [];
  readonly transfers: FakeTransfer[] = [];
  readonly controlRequests: ControlRequest[] = [];
  /** Outcomes of the next OUT transfers, first first; 'take' once they run out. */
  outcomes: TransferOutcome[] = [];
  /** The GET_PORT_STATUS byte; null answers with a failed control transfer, 'empty' with no data. */
  portStatus: number | null | 'empty' = 0x18;
  /**
   * A libusb status the GET_PORT_STATUS transfer fails with although the status byte came back:
   * like the `usb` module, the bytes received are handed over with the error.
   */
  portStatusFailure: number | null = null;
  /** Thrown by device.open(), e.g. libusbError('LIBUSB_ERROR_ACCESS', -3). */
  openError: Error | null = null;
  /** Thrown by setAltSetting, e.g. a device that stalls SET_INTERFACE. */
  altSettingError: Error | null = null;
  /** A device that acknowledges SET_INTERFACE but stays on the setting it had. */
  altSettingIgnored = false;
  kernelDriverActive = true;
  readonly vendorId: number;
  readonly productId: number;
  private altSetting = 0;
  private hung: TransferCallback[] = [];

  /** Epson's 04b8:0e28 unless `ids` says otherwise. */
  constructor(
    private readonly interfaces: InterfaceDescriptorLike[][] = TWO_WAY_PRINTER,
    ids: { vendorId?: number; productId?: number } = {},
  ) {
    this.vendorId = ids.vendorId ?? 0x04b8;
    this.productId = ids.productId ?? 0x0e28;
  }

  /** The `usb` module with this printer (and `others`) plugged in. */
  library(others: Device[] = []): () => Promise<UsbLibrary> {
    return async () => ({
      getDeviceList: () => [...others, this.device()],
      usb: { LIBUSB_TRANSFER_TIMED_OUT: TRANSFER_TIMED_OUT },
    });
  }

  device(): Device {
    const fake = {
      deviceDescriptor: { idVendor: this.vendorId, idProduct: this.productId },
      busNumber: 1,
      deviceAddress: 7,
      configDescriptor: { interfaces: this.interfaces },
      open: () => {
        if (this.openError) throw this.openError;
        this.log.push('open');
      },
      close: () => {
        this.cancelHung();
        this.log.push('close');
      },
      interface: (number: number) => this.iface(number),
      controlTransfer: (
        bmRequestType: number,
        bRequest: number,
        wValue: number,
        wIndex: number,
        length: number,
        callback: (error: Error | undefined, data?: Buffer) => void,
      ) => {
        this.controlRequests.push({ bmRequestType, bRequest, wValue, wIndex, length });
        const status = this.portStatus;
        const failure = this.portStatusFailure;
        setImmediate(() => {
          if (status === null) callback(libusbError('LIBUSB_TRANSFER_STALL', 4));
          else {
            const data = status === 'empty' ? Buffer.alloc(0) : Buffer.from([status]);
            const error = failure === null ? undefined : libusbError(TRANSFER_NAMES[failure]!, failure);
            callback(error, data);
          }
        });
      },
    };
    return fake as unknown as Device;
  }

  private iface(number: number) {
    const alternates = this.interfaces.find((a) => a[0]?.bInterfaceNumber === number);
    if (!alternates) throw new Error(`Interface not found for address: ${number}`);
    const selected = () => this.altSetting;
    return {
      get altSetting() {
        return selected();
      },
      isKernelDriverActive: () => this.kernelDriverActive,
      detachKernelDriver: () => {
        this.kernelDriverActive = false;
        this.log.push(`detach ${number}`);
      },
      claim: () => this.log.push(`claim ${number}`),
      setAltSettingAsync: async (alternate: number) => {
        if (this.altSettingError) throw this.altSettingError;
        if (!alternates.some((d) => d.bAlternateSetting === alternate))
          throw libusbError('LIBUSB_ERROR_NOT_FOUND', -5);
        if (!this.altSettingIgnored) this.altSetting = alternate;
        this.log.push(`alt ${number}/${alternate}`);
      },
      endpoint: (address: number) => {
        const setting = alternates.find((d) => d.bAlternateSetting === this.altSetting);
        if (!setting?.endpoints.some((e) => e.bEndpointAddress === address)) return undefined;
        return this.outEndpoint(address);
      },
      release: (callback: () => void) => {
        this.cancelHung();
        this.log.push(`release ${number}`);
        this.altSetting = 0;
        setImmediate(callback);
      },
    };
  }

  private outEndpoint(address: number) {
    const endpoint = {
      timeout: 0,
      transfer: (bytes: Buffer, callback: TransferCallback) => {
        this.log.push(`transfer 0x${address.toString(16).padStart(2, '0')}`);
        this.transfers.push({
          endpoint: address,
          altSetting: this.altSetting,
          timeout: endpoint.timeout,
          bytes: Buffer.from(bytes),
        });
        const outcome = this.outcomes.shift() ?? 'take';
        if (outcome === 'hang') this.hung.push(callback);
        else if (outcome === 'take') setImmediate(() => callback(undefined, bytes.length));
        else
          setImmediate(() =>
            callback(libusbError(TRANSFER_NAMES[outcome] ?? 'LIBUSB_TRANSFER_ERROR', outcome), 0),
          );
        return endpoint;
      },
    };
    return endpoint;
  }

  /** libusb cancels a pending transfer when its interface is released or the device closed. */
  private cancelHung(): void {
    const hung = this.hung;
    this.hung = [];
    for (const callback of hung)
      setImmediate(() => callback(libusbError('LIBUSB_TRANSFER_CANCELLED', TRANSFER_CANCELLED), 0));
  }
}
