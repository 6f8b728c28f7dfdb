// What the sale receipt takes from the settings: the shop's details as the owner typed them (and
// nothing for what they left empty), the VAT rate, the footer lines, and the chosen receipt
// printer's paper width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { receiptSettingsFrom } from '../../../electron/services/sales/receipt-settings';
import { settingsSchema } from '../../../shared/settings';

const PRINTERS = [
  { id: 'front', name: 'Front counter', transport: 'preview', paperWidth: 80 },
  { id: 'narrow', name: 'Market stall', transport: 'preview', paperWidth: 58 },
];

test('a fully described shop prints its name, address, VAT number, phone, VAT rate and footer lines', () => {
  const settings = settingsSchema.parse({
    printers: PRINTERS,
    receiptPrinterId: 'front',
    shop: {
      name: 'Corner Books',
      addressLines: ['1 High Street', 'Leeds LS1 1AA'],
      vatNumber: 'GB123456789',
      phone: '0113 496 0000',
      vatRateBasisPoints: 2000,
      receiptFooter: 'Thank you\nReturns within 30 days',
      locale: 'de-DE',
    },
  });
  assert.deepEqual(receiptSettingsFrom(settings), {
    shop: {
      name: 'Corner Books',
      addressLines: ['1 High Street', 'Leeds LS1 1AA'],
      vatNumber: 'GB123456789',
      phone: '0113 496 0000',
    },
    vatRateBasisPoints: 2000,
    footerLines: ['Thank you', 'Returns within 30 days'],
    paperWidth: 80,
    locale: 'de-DE',
  });
});

test('what the owner left empty is left off the receipt', () => {
  const settings = settingsSchema.parse({ shop: { name: 'Corner Books' } });
  assert.deepEqual(receiptSettingsFrom(settings), {
    shop: { name: 'Corner Books', addressLines: [] },
    paperWidth: 80,
    locale: 'en-GB',
  });
});

test('a zero VAT rate still prints: only no rate at all is left off', () => {
  const settings = settingsSchema.parse({ shop: { vatRateBasisPoints: 0 } });
  assert.equal(receiptSettingsFrom(settings).vatRateBasisPoints, 0);
});

test('the receipt is laid out for the paper of the printer chosen for receipts', () => {
  const narrow = settingsSchema.parse({ printers: PRINTERS, receiptPrinterId: 'narrow' });
  assert.equal(receiptSettingsFrom(narrow).paperWidth, 58);

  const reversed = settingsSchema.parse({ printers: [...PRINTERS].reverse(), receiptPrinterId: 'front' });
  assert.equal(receiptSettingsFrom(reversed).paperWidth, 80);
});

test('with no receipt printer chosen, the receipt is laid out for 80 mm paper', () => {
  const none = settingsSchema.parse({ printers: [PRINTERS[1]], receiptPrinterId: null });
  assert.equal(receiptSettingsFrom(none).paperWidth, 80);
});

test('the shop’s time zone goes to every slip; before the first start wrote one, none (the computer’s)', () => {
  const berlin = settingsSchema.parse({ shop: { timeZone: 'Europe/Berlin' } });
  assert.equal(receiptSettingsFrom(berlin).timeZone, 'Europe/Berlin');
  assert.equal('timeZone' in receiptSettingsFrom(settingsSchema.parse({})), false);
  assert.equal(settingsSchema.safeParse({ shop: { timeZone: 'Mars/Olympus_Mons' } }).success, false);
});
