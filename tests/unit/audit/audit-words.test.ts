// The Audit screen's words for entries the real services write (the catalogue's handlers, the
// staff directory, a settings save, the trail's own export): before → after as people say it, in
// English and German, with no id, path or code in them.
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AuditEntry } from '../../../shared/contract';
import { defaultSettings, settingsSchema } from '../../../electron/services/storage/settings';
import { settingsEntries } from '../../../electron/services/settings/audit-entries';
import { catalogueHandlers } from '../../../electron/services/catalogue/handlers';
import { i18n } from '../../../renderer/src/i18n';
import { actionText, changeText, whoText } from '../../../renderer/src/screens/audit/audit-words';
import { catalogueInTempFolder, productInput } from '../catalogue/temp-catalogue';
import { internalsIn } from '../i18n/staff-words';
import { staffedGateInTempFolder } from '../../support/staff';
import { AuditJournal } from '../../../electron/services/audit/journal';
import { staffHandlers } from '../../../electron/services/staff/handlers';

const MORGAN = { id: 'm-1', name: 'Morgan' };

async function inGerman<T>(read: () => T): Promise<T> {
  await i18n.changeLanguage('de-DE');
  try {
    return read();
  } finally {
    await i18n.changeLanguage('en-GB');
  }
}

/** Entries the catalogue writes for a new product, its new price and VAT rate, and a bulk change. */
async function catalogueEntries(t: { after: (fn: () => void) => void }): Promise<AuditEntry[]> {
  const { catalogue, audit } = catalogueInTempFolder(t);
  const handlers = catalogueHandlers({
    catalogue,
    requireBackOffice: () => MORGAN,
    supplierProduct: async () => ({ sku: 'X', name: 'X' }),
    onChange: () => undefined,
    today: () => '1970-01-01',
    audit,
  });
  const latte = await handlers['catalogue.saveProduct'](
    productInput({ sku: 'L', name: 'Latte', price: 320 }),
  );
  await handlers['catalogue.saveProduct'](
    productInput({ sku: 'L', id: latte.id, name: 'Latte', price: 340 }),
  );
  await handlers['catalogue.saveProduct'](
    productInput({ sku: 'L', id: latte.id, name: 'Latte', price: 340, vatRate: 500 }),
  );
  const tea = await handlers['catalogue.saveProduct'](productInput({ sku: 'T', name: 'Tea', price: 200 }));
  await handlers['catalogue.bulkEdit']({
    ids: [latte.id, tea.id],
    change: { kind: 'percent', basisPoints: 1000 },
  });
  return audit.entriesAfter(0, 100);
}

test('prices, VAT and products in words: "Price of Latte: £3.20 → £3.40"', async (t) => {
  const entries = await catalogueEntries(t);
  assert.deepEqual(
    entries.map((e) => changeText(e, 'GBP')),
    [
      'Latte added: SKU L, Category Drinks, Price £3.20, VAT rate 20%',
      'Price of Latte: £3.20 → £3.40',
      'VAT rate of Latte: 20% → 5%',
      'Tea added: SKU T, Category Drinks, Price £2.00, VAT rate 20%',
      '2 products: Price: Latte £3.40 → £3.74, Tea £2.00 → £2.20',
    ],
  );
  assert.deepEqual(
    entries.map((e) => actionText(e)),
    ['Product added', 'Price changed', 'VAT rate changed', 'Product added', 'Price changed'],
  );
  // Intl puts no-break spaces before the currency and the per cent sign in German.
  const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  assert.deepEqual(await inGerman(() => entries.slice(1, 3).map((e) => spaced(changeText(e, 'EUR')))), [
    'Preis von Latte: 3,20 € → 3,40 €',
    'MwSt.-Satz von Latte: 20 % → 5 %',
  ]);
});

test('people and rights: "Anna: Cashier → Supervisor", a PIN only as changed; who, and who approved', async (t) => {
  const { gate, db, clock, manager, cashier } = await staffedGateInTempFolder(t);
  const journal = new AuditJournal(db, clock);
  const mark = journal.entriesAfter(0, 100).at(-1)!.seq;
  const handlers = staffHandlers(gate, () => {});
  assert.equal((await gate.unlock('2468')).ok, true);
  const anna = await handlers['staff.add']({ name: 'Anna', role: 'cashier', pin: '1357' });
  await handlers['staff.update']({ staffId: anna.id, role: 'supervisor', pin: '8642' });
  await handlers['staff.remove']({ staffId: anna.id });
  const entries = journal.entriesAfter(mark, 100);
  assert.deepEqual(
    entries.map((e) => changeText(e, 'GBP')),
    [
      'Anna added: Role Cashier, PIN set',
      'Anna: Cashier → Supervisor',
      'Anna: PIN: changed',
      'Anna removed: Role Supervisor',
    ],
  );
  assert.equal(whoText(entries[0]!), `${cashier.name}, approved by ${manager.name}`);
  assert.deepEqual(await inGerman(() => [changeText(entries[1]!, 'EUR'), whoText(entries[0]!)]), [
    'Anna: Kassierer/in → Schichtleitung',
    `${cashier.name}, freigegeben von ${manager.name}`,
  ]);
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  seq: 1,
  at: '2026-11-23T09:00:00.000Z',
  by: null,
  approvedBy: null,
  area: 'settings',
  action: 'settings-changed',
  subject: '',
  before: null,
  after: null,
  ...over,
});

test('settings in words: limits as rates, printers and card machines by name, addresses never shown', () => {
  const before = defaultSettings();
  const after = settingsSchema.parse({
    ...before,
    counter: { discountLimitBasisPoints: 1500 },
    kioskMode: true,
    printers: [
      ...before.printers,
      { id: 'p-7f3a', name: 'Counter printer', transport: 'network', address: '10.0.0.5' },
    ],
    receiptPrinterId: 'p-7f3a',
    payAtCounter: {
      mode: 'live',
      liveBaseUrl: 'https://cards.example.com/api/v1',
      defaultTerminalId: '22900001',
      terminalNames: { '22900002': 'Till 2' },
    },
  });
  const words = settingsEntries(before, after, MORGAN).map((e) =>
    changeText(entry({ ...e, before: e.before ?? null, after: e.after ?? null }), 'GBP'),
  );
  assert.deepEqual(words, [
    'Card payments: Sandbox → Live; Card service address: changed; Default card machine: none → card machine ending 0001; Name of card machine ending 0002: Till 2',
    'Discount limit without approval: 10% → 15%',
    'Kiosk mode: off → on',
    'Printers: On-screen preview → On-screen preview, Counter printer; Receipt printer: On-screen preview → Counter printer',
  ]);
  for (const text of words) assert.deepEqual(internalsIn(text), [], text);
});

test('the till, secrets, imports, exports and a setting the screens do not know yet', () => {
  assert.equal(whoText(entry({})), 'The till');
  assert.equal(
    changeText(
      entry({ action: 'secret-saved', subject: 'live', after: { 'payAtCounter.password': 'saved' } }),
      'GBP',
    ),
    'Card service password (live) saved',
  );
  assert.equal(
    changeText(
      entry({
        action: 'imported',
        subject: 'menu.csv',
        after: { file: 'menu.csv', added: 3, updated: 1, skipped: 0 },
      }),
      'GBP',
    ),
    'menu.csv: 3 added, 1 changed, 0 rows skipped',
  );
  assert.equal(
    changeText(entry({ area: 'audit', action: 'exported', after: { entries: 12 } }), 'GBP'),
    '12 entries exported',
  );
  assert.equal(
    changeText(
      entry({ before: { 'shop.timeZone': 'Europe/London' }, after: { 'shop.timeZone': 'Europe/Berlin' } }),
      'GBP',
    ),
    'Another setting: Europe/London → Europe/Berlin',
  );
  assert.equal(actionText(entry({ action: 'sales-accepted-missing' })), 'Changed');
  assert.equal(
    changeText(
      entry({
        action: 'card-machine-named',
        subject: 'Card machine ending 0001',
        before: { name: null },
        after: { name: 'Till 1' },
      }),
      'GBP',
    ),
    'Card machine ending 0001: no name → Till 1',
  );
});
