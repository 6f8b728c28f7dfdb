// The shop's time zone at start: a till without one takes the computer's and keeps it; one that
// has one keeps its own; a settings file that cannot be written leaves the till starting (dates in
// the computer's zone meanwhile, which is the same answer). The shop's "today" is in its zone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adoptMachineTimeZone, shopToday } from '../../../electron/services/settings/time-zone';
import {
  defaultSettings,
  type Settings,
  type SettingsStore,
} from '../../../electron/services/storage/settings';

function storeWith(settings: Settings, failWith?: Error) {
  let current = settings;
  const updates: unknown[] = [];
  const store = {
    load: () => structuredClone(current),
    update: (patch: { shop: Partial<Settings['shop']> }) => {
      updates.push(patch);
      if (failWith) throw failWith;
      current = { ...current, shop: { ...current.shop, ...patch.shop } };
      return current;
    },
  } as unknown as SettingsStore;
  return { store, updates };
}

function logger() {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => lines.push(`info ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
  };
}

test('a till without a shop time zone takes the computer’s, once', () => {
  const { store, updates } = storeWith(defaultSettings());
  const log = logger();
  adoptMachineTimeZone(store, log, 'Europe/Lisbon');
  assert.equal(store.load().shop.timeZone, 'Europe/Lisbon');
  adoptMachineTimeZone(store, log, 'Asia/Tokyo');
  assert.equal(store.load().shop.timeZone, 'Europe/Lisbon', 'a later start keeps the shop’s');
  assert.equal(updates.length, 1);
  assert.deepEqual(log.lines, ["info the shop's time zone is this computer's: Europe/Lisbon"]);
});

test('a settings file that cannot be written: a warning, and the till starts', () => {
  const { store } = storeWith(defaultSettings(), new Error('read-only'));
  const log = logger();
  assert.doesNotThrow(() => adoptMachineTimeZone(store, log, 'Europe/Lisbon'));
  assert.deepEqual(log.lines, ['warn the shop time zone could not be saved']);
  assert.equal(store.load().shop.timeZone, null);
});

test('the shop’s today is its calendar day in its zone', () => {
  const at = { now: () => Date.parse('2026-11-22T23:30:00Z') };
  const shop = (timeZone: string | null) =>
    storeWith({ ...defaultSettings(), shop: { ...defaultSettings().shop, timeZone } }).store;
  assert.equal(shopToday(shop('Europe/Berlin'), at), '2026-11-23');
  assert.equal(shopToday(shop('America/New_York'), at), '2026-11-22');
});
