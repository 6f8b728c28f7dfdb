// Settings on the audit trail, through the settings handlers on real stores (a settings file, an
// encrypted secrets file, the staff and audit database): right after each save, only the fields
// that changed, one entry per area (a discount limit under "discount limits", printers under
// "printers"…); secrets only as saved or removed; nothing for a refused or failed save. Beside
// them, the settings kept outside the file: a card machine's name and blind counting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsEntries } from '../../../electron/services/settings/audit-entries';
import { settingsHandlers } from '../../../electron/services/settings/handlers';
import { ManagerGate } from '../../../electron/services/manager-gate';
import { ShiftService } from '../../../electron/services/shifts/service';
import { SHIFTS_MIGRATIONS, ShiftStore } from '../../../electron/services/shifts/store';
import { StaffDirectory } from '../../../electron/services/staff/directory';
import { STAFF_MIGRATIONS, StaffStore } from '../../../electron/services/staff/store';
import { closeDatabase, openDatabase } from '../../../electron/services/storage/database';
import { DEFAULT_SCRYPT_PARAMS } from '../../../electron/services/storage/manager-pin';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import {
  defaultSettings,
  JsonFileSettingsStore,
  settingsSchema,
} from '../../../electron/services/storage/settings';
import { auditOn } from '../../support/audit';
import { aesBackend } from '../../support/encryption';
import { ManualClock } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';
import { harness } from '../reconciliation/support';

const MORGAN = { id: 'm-1', name: 'Morgan' };

async function settingsWithManager(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-audit-settings-'));
  const clock = new ManualClock(Date.parse('2026-11-23T09:00:00.000Z'));
  const db = openDatabase(join(folder, 'paydesk.sqlite'), STAFF_MIGRATIONS, clock);
  t.after(() => {
    closeDatabase(db, () => {});
    rmSync(folder, { recursive: true, force: true });
  });
  const audit = auditOn(db, clock);
  const settings = new JsonFileSettingsStore({ file: join(folder, 'settings.json'), clock });
  const secrets = new EncryptedFileSecretStore({
    file: join(folder, 'secrets.enc.json'),
    encryption: aesBackend(),
    clock,
  });
  const directory = new StaffDirectory({
    store: new StaffStore(db, clock),
    clock,
    scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 },
    audit,
  });
  const manager = new ManagerGate({ directory, clock });
  t.after(() => manager.close());
  await manager.createFirstManager('Morgan', '2468');
  const handlers = settingsHandlers({
    settings,
    secrets,
    manager,
    testConnection: async () => {},
    cardPaymentRunning: () => false,
    onSecretsChanged: () => {},
    keychainStatus: async () => ({ ok: true, backend: 'encrypted file (test)' }),
    audit,
  });
  const morgan = directory.active()[0]!;
  let mark = audit.entriesAfter(0, 100).at(-1)!.seq;
  const since = () => {
    const entries = audit.entriesAfter(mark, 100);
    mark = entries.at(-1)?.seq ?? mark;
    for (const e of entries) assert.deepEqual(e.by, { id: morgan.id, name: 'Morgan' });
    return entries.map((e) => [e.area, e.action, e.subject, e.before, e.after]);
  };
  return { handlers, since, settings, db };
}

test('a new discount limit: one discount-limits entry with only that field', async (t) => {
  const { handlers, since } = await settingsWithManager(t);
  await handlers['settings.update']({ patch: { counter: { discountLimitBasisPoints: 1500 } } });
  assert.deepEqual(since(), [
    [
      'discount-limits',
      'settings-changed',
      '',
      { 'counter.discountLimitBasisPoints': 1000 },
      { 'counter.discountLimitBasisPoints': 1500 },
    ],
  ]);
  await handlers['settings.update']({ patch: { counter: { discountLimitBasisPoints: 1500 } } });
  assert.deepEqual(since(), [], 'saved unchanged: nothing');
});

test('one save touching the shop, kiosk mode and the counter: one entry per area', async (t) => {
  const { handlers, since } = await settingsWithManager(t);
  await handlers['settings.update']({
    patch: {
      shop: { name: 'Corner Café', addressLines: ['1 High St'] },
      kioskMode: true,
      counter: { receiptAfterSale: 'ask' },
    },
  });
  assert.deepEqual(since(), [
    [
      'settings',
      'settings-changed',
      '',
      { 'counter.receiptAfterSale': 'print' },
      { 'counter.receiptAfterSale': 'ask' },
    ],
    [
      'shop',
      'settings-changed',
      '',
      { 'shop.name': 'My Shop', 'shop.addressLines': [] },
      { 'shop.name': 'Corner Café', 'shop.addressLines': ['1 High St'] },
    ],
    ['kiosk', 'settings-changed', '', { kioskMode: false }, { kioskMode: true }],
  ]);
});

test('printers by name, never by id; the receipt printer by its name', async (t) => {
  const { handlers, since } = await settingsWithManager(t);
  await handlers['settings.update']({
    patch: {
      printers: [
        { id: 'preview', name: 'On-screen preview', transport: 'preview' },
        { id: 'p-7f3a', name: 'Counter printer', transport: 'network', address: '192.168.1.50' },
      ],
      receiptPrinterId: 'p-7f3a',
    },
  });
  const [[area, , , before, after]] = since() as [
    [string, string, string, Record<string, unknown>, Record<string, unknown>],
  ];
  assert.equal(area, 'printers');
  assert.equal(before.receiptPrinter, 'On-screen preview');
  assert.equal(after.receiptPrinter, 'Counter printer');
  assert.deepEqual(
    (after.printers as Array<{ name: string; address: string | null }>).map((p) => [p.name, p.address]),
    [
      ['On-screen preview', null],
      ['Counter printer', '192.168.1.50'],
    ],
  );
  assert.ok(!JSON.stringify([before, after]).includes('p-7f3a'), 'no printer id');
});

test('a refused save writes nothing', async (t) => {
  const { handlers, since } = await settingsWithManager(t);
  const update = (patch: Record<string, unknown>) =>
    refusalOf(Promise.resolve().then(() => handlers['settings.update']({ patch })));
  await update({ counter: { discountLimitBasisPoints: 20_000 } });
  await update({ printers: [{ id: 'bad id!', transport: 'preview' }] });
  assert.deepEqual(since(), []);
});

test('a secret: "saved" or "removed", which one and for which mode; never its value', async (t) => {
  const { handlers, since, db } = await settingsWithManager(t);
  await handlers['secrets.save']({
    key: 'payAtCounter.password',
    profile: 'live',
    value: 'correct horse battery',
  });
  await handlers['secrets.forget']({ key: 'payAtCounter.password', profile: 'live' });
  // Forgetting what is not saved changes nothing.
  await handlers['secrets.forget']({ key: 'distribution.apiKey', profile: 'live' });
  assert.deepEqual(since(), [
    ['settings', 'secret-saved', 'live', null, { 'payAtCounter.password': 'saved' }],
    ['settings', 'secret-removed', 'live', null, { 'payAtCounter.password': 'removed' }],
  ]);
  assert.ok(!JSON.stringify(db.prepare('SELECT * FROM audit_log').all()).includes('correct horse'));
});

test('the manager PIN never reaches the trail through the settings; a card machine named stays by its name', () => {
  const before = defaultSettings();
  const after = settingsSchema.parse({
    ...before,
    managerPin: {
      hash: {
        algorithm: 'scrypt',
        cost: 1024,
        blockSize: 8,
        parallelization: 1,
        keyLength: 32,
        salt: 'c2FsdA',
        hash: 'aGFzaA',
        setAt: '2026-11-23T09:00:00.000Z',
      },
    },
    payAtCounter: { terminalNames: { '22900001': 'Till 1' } },
  });
  assert.deepEqual(settingsEntries(before, after, MORGAN), [
    {
      by: MORGAN,
      area: 'settings',
      action: 'settings-changed',
      subject: '',
      before: {},
      after: { 'payAtCounter.terminalNames.22900001': 'Till 1' },
    },
  ]);
  assert.deepEqual(settingsEntries(after, after, MORGAN), []);
});

test('a card machine named on the card check screen: one entry from its old name to the new', async (t) => {
  const h = harness();
  t.after(() => h.close());
  await h.service.nameTerminal(h.terminals[0]!.terminalId, 'Till 1');
  await h.service.nameTerminal(h.terminals[0]!.terminalId, 'Till 1');
  await h.service.nameTerminal(h.terminals[0]!.terminalId, 'Front till');
  const rows = h.db.prepare('SELECT area, action, subject, before, after FROM audit_log').all();
  assert.deepEqual(rows, [
    {
      area: 'settings',
      action: 'card-machine-named',
      subject: 'Card machine ending 0001',
      before: '{"name":null}',
      after: '{"name":"Till 1"}',
    },
    {
      area: 'settings',
      action: 'card-machine-named',
      subject: 'Till 1',
      before: '{"name":"Till 1"}',
      after: '{"name":"Front till"}',
    },
  ]);
});

test('blind counting switched by a manager: one entry; switched to what it was, none', (t) => {
  const clock = new ManualClock(Date.parse('2026-11-23T09:00:00.000Z'));
  const db = openDatabase(':memory:', SHIFTS_MIGRATIONS, clock);
  t.after(() => db.close());
  const audit = auditOn(db, clock);
  const shifts = new ShiftService({
    store: new ShiftStore(db),
    currency: 'GBP',
    clock,
    serving: () => MORGAN,
    requireManager: () => MORGAN,
    cashTakenBetween: () => 0,
    cashRefundsBetween: () => 0,
    audit,
  });
  shifts.setBlindCount(true);
  shifts.setBlindCount(false);
  assert.deepEqual(
    audit.entriesAfter(0, 10).map((e) => [e.by, e.area, e.before, e.after]),
    [[MORGAN, 'settings', { blindCount: true }, { blindCount: false }]],
  );
  assert.equal(shifts.setup().blindCount, false);
});
