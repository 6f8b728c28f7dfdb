// The shop's settings as the shop server's one row (docs/shop-server.md, "Shop-wide data"): what the
// row holds (the shop's name, address, receipt footer, currency, time zone, discount limit...), what
// it never holds (printers, card machine and supplier settings, keys, the shop server's own
// settings, backups, kiosk, the manager PIN), and a row from the server: applied through the store's
// validated update and on the audit trail, a bad one refused with the till's settings unchanged.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { AuditJournal } from '../../../electron/services/audit/journal';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { AUDIT_MIGRATIONS } from '../../../electron/services/audit/journal';
import {
  SHOP_SETTINGS_KEY,
  settingsShopData,
  shopSettingsOf,
  type ShopSettingsBody,
} from '../../../electron/services/settings/shop-data';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { printerSchema } from '../../../shared/settings';

let dir: string;
let db: Db;
let store: JsonFileSettingsStore;
let audit: AuditJournal;
const area = () => settingsShopData(store, audit);
const body = () => area().rows().get(SHOP_SETTINGS_KEY) as ShopSettingsBody;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-shop-settings-'));
  db = openDatabase(':memory:', AUDIT_MIGRATIONS);
  audit = new AuditJournal(db, { now: () => Date.UTC(2026, 11, 7, 9) });
  store = new JsonFileSettingsStore({ file: join(dir, 'settings.json') });
  store.update({
    shop: {
      name: 'Corner Café',
      addressLines: ['1 High Street', 'Leeds'],
      receiptFooter: 'Thank you!',
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      vatRateBasisPoints: 1900,
    },
    counter: { discountLimitBasisPoints: 1500, receiptAfterSale: 'ask' },
    printers: [
      printerSchema.parse({ id: 'preview', name: 'On-screen preview', transport: 'preview' }),
      printerSchema.parse({ id: 'kitchen', name: 'Kitchen', transport: 'network', address: '192.168.1.50' }),
    ],
    receiptPrinterId: 'kitchen',
    merchant: { mode: 'live', liveBaseUrl: 'https://cards.example' },
    payAtCounter: { terminalNames: { 'term-secret-1': 'Front' } },
    kioskMode: true,
  });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the shop’s settings are one row of the kind shop-settings with the shop’s details and discount limit', () => {
  assert.equal(area().kind, 'shop-settings');
  assert.deepEqual([...area().rows().keys()], [SHOP_SETTINGS_KEY]);
  assert.deepEqual(body(), {
    shop: {
      name: 'Corner Café',
      addressLines: ['1 High Street', 'Leeds'],
      phone: '',
      vatNumber: '',
      vatRateBasisPoints: 1900,
      receiptFooter: 'Thank you!',
      locale: store.load().shop.locale,
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
    },
    counter: { discountLimitBasisPoints: 1500 },
  });
});

test('the row never holds printers, connections, keys, the shop server’s settings, backups, kiosk or the PIN', () => {
  const text = JSON.stringify(body());
  for (const never of [
    'Kitchen',
    '192.168.1.50',
    'cards.example',
    'term-secret-1',
    'Front',
    'kitchen',
    'ask',
  ])
    assert.equal(text.includes(never), false, `${never} is not in the row`);
  assert.deepEqual(Object.keys(body()), ['shop', 'counter']);
  assert.deepEqual(Object.keys(body().counter), ['discountLimitBasisPoints']);
  for (const key of [
    'printers',
    'receiptPrinterId',
    'merchant',
    'distribution',
    'payAtCounter',
    'shopServer',
  ])
    assert.equal(key in body(), false, key);
  for (const key of ['backup', 'kioskMode', 'startOnLogin', 'managerPin'])
    assert.equal(key in body(), false, key);
});

test('a row from the server is saved through the store, leaves the till’s own settings, and is audited', () => {
  const next = structuredClone(body());
  next.shop.receiptFooter = 'See you soon';
  next.counter.discountLimitBasisPoints = 500;
  const { refused } = area().apply([{ key: SHOP_SETTINGS_KEY, body: next }]);
  assert.deepEqual(refused, []);
  const saved = new JsonFileSettingsStore({ file: join(dir, 'settings.json') }).load();
  assert.equal(saved.shop.receiptFooter, 'See you soon');
  assert.equal(saved.counter.discountLimitBasisPoints, 500);
  assert.equal(saved.counter.receiptAfterSale, 'ask', 'the till’s own counter setting stays');
  assert.equal(saved.receiptPrinterId, 'kitchen');
  assert.deepEqual(
    saved.printers.map((p) => p.name),
    ['On-screen preview', 'Kitchen'],
  );
  assert.equal(saved.kioskMode, true);
  const entries = audit.page({}, 10).entries.filter((e) => e.action === 'settings-changed');
  assert.ok(entries.length > 0, 'the change is on the audit trail');
  assert.ok(JSON.stringify(entries).includes('See you soon'));
  assert.equal(entries[0]?.by, null);
  assert.deepEqual(shopSettingsOf(saved), next);
});

test('a row the store would not save, or with more than the shop’s settings, is refused and nothing changes', () => {
  const before = store.load();
  const bad = structuredClone(body());
  bad.shop.timeZone = 'Mars/Olympus';
  const withPrinter = { ...structuredClone(body()), printers: [] };
  const { refused } = area().apply([
    { key: SHOP_SETTINGS_KEY, body: bad },
    { key: SHOP_SETTINGS_KEY, body: withPrinter },
    {
      key: SHOP_SETTINGS_KEY,
      body: { ...structuredClone(body()), counter: { discountLimitBasisPoints: 20000 } },
    },
    { key: SHOP_SETTINGS_KEY, body: null },
    { key: 'another', body: structuredClone(body()) },
  ]);
  assert.equal(refused.length, 5);
  assert.equal(refused[4]?.reason, 'not the shop’s settings');
  assert.deepEqual(store.load(), before);
  assert.equal(audit.page({}, 10).entries.length, 0);
});

test('describe names the shop and each field for a manager, the discount limit as a rate', () => {
  const described = area().describe(body());
  assert.equal(described.name, 'Corner Café');
  assert.deepEqual(
    described.fields.find((f) => f.field === 'receiptFooter'),
    { field: 'receiptFooter', value: 'Thank you!' },
  );
  assert.deepEqual(
    described.fields.find((f) => f.field === 'discountLimit'),
    { field: 'discountLimit', value: 1500 },
  );
  assert.equal(
    described.fields.some((f) => /printer/i.test(f.field)),
    false,
  );
});
