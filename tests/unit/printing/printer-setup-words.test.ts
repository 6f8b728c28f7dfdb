// How the printing service names a printer to staff, what it says when a printer's settings
// cannot work, and the test page it prints: the words and lines staff actually read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import {
  createTransport,
  printerLabel,
  testPageLines,
  type PrinterConfig,
} from '../../../electron/services/printing';

function printer(overrides: Partial<PrinterConfig>): PrinterConfig {
  return {
    id: 'p-7f3c',
    transport: 'network',
    paperWidth: 80,
    codePage: 'cp858',
    profile: 'escpos-portable',
    drawer: { enabled: false, pin: 2 },
    ...overrides,
  };
}

test('a printer is called by the name the shop gave it, trimmed, else by its kind in words', () => {
  assert.equal(printerLabel({ name: '  Bar till  ', transport: 'usb' }), 'Bar till');
  // Only spaces is no name: the kind, never blank.
  assert.equal(printerLabel({ name: '   ', transport: 'network' }), 'Network printer');
  assert.deepEqual(
    (['network', 'usb', 'device', 'preview'] as const).map((transport) => printerLabel({ transport })),
    ['Network printer', 'USB printer', 'Linux device printer', 'On-screen preview'],
  );
});

/** The refusal createTransport gives, as staff and the screens' catalogues get it. */
function refusal(config: PrinterConfig): { code: string; message: string; words: unknown } {
  try {
    createTransport(config);
  } catch (error) {
    assert.ok(error instanceof TillError, `a TillError, not ${String(error)}`);
    return { code: error.code, message: error.message, words: error.words };
  }
  assert.fail('the printer was accepted');
}

test('a printer set up without its connection says which part is missing, by its name or kind', () => {
  assert.deepEqual(refusal(printer({ transport: 'network' })), {
    code: 'invalid_input',
    message: 'Printer "Network printer" needs an address.',
    // Unnamed: the screens translate its kind.
    words: {
      key: 'printing.needs.address',
      params: { printer: { key: 'printing.kind.network', english: 'Network printer' } },
    },
  });
  assert.deepEqual(refusal(printer({ transport: 'device', name: ' Back room ' })), {
    code: 'invalid_input',
    message: 'Printer "Back room" needs a device path.',
    words: { key: 'printing.needs.devicePath', params: { printer: 'Back room' } },
  });
  assert.deepEqual(refusal(printer({ transport: 'usb', usbVendorId: 0x04b8 })), {
    code: 'invalid_input',
    message: 'Printer "USB printer" needs a USB vendor and product id.',
    words: {
      key: 'printing.needs.usbIds',
      params: { printer: { key: 'printing.kind.usb', english: 'USB printer' } },
    },
  });
});

test('a USB printer needs both its ids; with both, even a vendor id of 0, it gets a USB connection', () => {
  // Either id alone names no device.
  assert.deepEqual(refusal(printer({ transport: 'usb', name: 'Bar', usbProductId: 0x0e28 })), {
    code: 'invalid_input',
    message: 'Printer "Bar" needs a USB vendor and product id.',
    words: { key: 'printing.needs.usbIds', params: { printer: 'Bar' } },
  });
  // An id of 0 is an id, not a missing one.
  for (const usbVendorId of [0x04b8, 0]) {
    const transport = createTransport(printer({ transport: 'usb', usbVendorId, usbProductId: 0x0e28 }));
    assert.equal(transport.kind, 'usb', `vendor ${usbVendorId}`);
  }
});

test('a connection the till does not know is refused in plain words', () => {
  // Settings written by a newer till, or edited by hand.
  const unknown = printer({ transport: 'bluetooth' as PrinterConfig['transport'] });
  assert.deepEqual(refusal(unknown), {
    code: 'invalid_input',
    message: 'A printer’s connection is not one the till knows: set it again in Settings.',
    words: { key: 'printing.unknownConnection' },
  });
});

test('the test page shows the printer, its paper and code page, the £ and € signs, every style and the box', () => {
  const lines = testPageLines(
    printer({ name: 'Counter', paperWidth: 58, codePage: 'cp850', profile: 'epson-tm' }),
  );
  const text = (value: string, format: string[] = []) => ({ type: 'TEXT', format, value });
  assert.deepEqual(lines, [
    text('Paydesk test page', ['BOLD', 'DOUBLE_HEIGHT']),
    text('Printer: Counter'),
    text('Paper 58 mm, CP850, Epson TM'),
    { type: 'DOUBLE_LINE_SEPARATOR', format: [], value: '' },
    text('Pound £12.34  Euro €12.34'),
    text('Accents: é à ü ñ ç Ø'),
    text('Normal'),
    text('Bold', ['BOLD']),
    text('Double height', ['DOUBLE_HEIGHT']),
    text('Double width', ['DOUBLE_WIDTH']),
    text('Bold + Double height + Double width', ['BOLD', 'DOUBLE_HEIGHT', 'DOUBLE_WIDTH']),
    { type: 'LINE_SEPARATOR', format: [], value: '' },
    { type: 'VOID_BOX', format: [], value: 'VOID' },
    text('If £ and € read right and the boxes join up, the code page is right.'),
    { type: 'TICKET_FEED', format: [], value: '' },
  ]);
  // The other command set, in the Settings screen's words.
  assert.equal(
    testPageLines(printer({ codePage: 'cp858' }))[2]!.value,
    'Paper 80 mm, CP858, standard ESC/POS',
  );
});
