// The screens follow the shop's locale setting: read once at start, and switched at once when the
// settings change (the Settings screen's language choice arrives as a new settings view).
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SettingsView } from '../../../shared/contract';
import { defaultSettings, publicSettings } from '../../../shared/settings';
import { formatMoney, setMoneyLocale } from '../../../shared/money';
import { applyShopTimeZone, currentFormat, currentTimeZone, i18n } from '../../../renderer/src/i18n';
import { followShopLocale } from '../../../renderer/src/i18n/follow-locale';
import { createSettingsStore } from '../../../renderer/src/state/settings';
import { FakeTill } from '../renderer/fake-till';

function viewIn(locale: 'en-GB' | 'de-DE'): SettingsView {
  const settings = defaultSettings();
  settings.shop.locale = locale;
  return {
    settings: publicSettings(settings),
    problems: [],
    secrets: [],
    keychain: { ok: true, detail: 'test' },
    manager: { pinSet: false, unlockedUntil: null },
  };
}

test('a German shop reads German with German amounts, and switching back is immediate', async () => {
  const till = new FakeTill().answer('settings.get', () => viewIn('de-DE'));
  const settings = createSettingsStore(till);
  const stop = followShopLocale(settings);
  try {
    // The first read of the settings is asked for at once; wait for its answer (no timer).
    await settings.getState().load();
    assert.equal(i18n.language, 'de-DE');
    assert.equal(i18n.t('shell.nav.sell'), 'Verkaufen');
    assert.equal(formatMoney(123450, 'EUR'), '1.234,50\u00a0€');

    settings.getState().apply(viewIn('en-GB'));
    assert.equal(i18n.language, 'en-GB');
    assert.equal(i18n.t('shell.nav.sell'), 'Sell');
    assert.equal(formatMoney(123450, 'EUR'), '€1,234.50');
  } finally {
    stop();
    setMoneyLocale('en-GB');
    await i18n.changeLanguage('en-GB');
  }
});

test('before the settings are known the screens keep the default, never a half-switched state', () => {
  const till = new FakeTill().answer('settings.get', () => new Promise<SettingsView>(() => undefined));
  const settings = createSettingsStore(till);
  const stop = followShopLocale(settings);
  try {
    assert.equal(i18n.language, 'en-GB');
    assert.equal(formatMoney(500, 'GBP'), '£5.00');
  } finally {
    stop();
  }
});

test('the screens write dates and times on the shop’s clocks, and follow a new time zone at once', async () => {
  const inZone = (timeZone: string | null) => {
    const view = viewIn('en-GB');
    view.settings.shop.timeZone = timeZone;
    return view;
  };
  const till = new FakeTill().answer('settings.get', () => inZone('Europe/Berlin'));
  const settings = createSettingsStore(till);
  const stop = followShopLocale(settings);
  const at = '2026-03-29T23:30:00Z';
  try {
    await settings.getState().load();
    assert.equal(currentTimeZone(), 'Europe/Berlin');
    assert.equal(currentFormat().dateTime(at), '30 Mar 2026, 01:30');
    settings.getState().apply(inZone('America/New_York'));
    assert.equal(currentFormat().dateTime(at), '29 Mar 2026, 19:30');
    settings.getState().apply(inZone(null));
    assert.equal(currentTimeZone(), undefined, 'none saved yet: the computer’s');
  } finally {
    stop();
    applyShopTimeZone(undefined);
  }
});
