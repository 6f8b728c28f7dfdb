// The renderer starts with no words in its bundle: the shop's language is read before the first
// render (loadShopWords), a German till never reads the English catalogue, and the first switch to
// a language keeps the old words until the new ones are there (never a key, never half of each).
// On purpose without tests/support/words.ts: this file sees the catalogues as the till does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SettingsView } from '../../../shared/contract';
import { defaultSettings, publicSettings } from '../../../shared/settings';
import { formatMoney } from '../../../shared/money';
import { i18n } from '../../../renderer/src/i18n';
import { followShopLocale, loadShopWords } from '../../../renderer/src/i18n/follow-locale';
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

const never = new Promise<never>(() => undefined);
const languageChanged = () =>
  new Promise<string | undefined>((resolve) => {
    const stop = i18n.subscribe(() => {
      stop();
      resolve(i18n.language);
    });
  });

test('a German till reads the German words before its first render, and never the English', async () => {
  assert.equal(i18n.hasWords('en'), false, 'no words at start');
  assert.equal(i18n.hasWords('de'), false, 'no words at start');
  const settings = createSettingsStore(new FakeTill().answer('settings.get', () => viewIn('de-DE')));

  await loadShopWords(settings, never);

  assert.equal(i18n.language, 'de-DE');
  assert.equal(i18n.t('shell.nav.sell'), 'Verkaufen');
  assert.equal(formatMoney(123450, 'EUR'), '1.234,50\u00a0€');
  assert.equal(i18n.hasWords('en'), false, 'English was read');
});

test('the first switch to English keeps the German words until the English are there; back is immediate', async () => {
  const settings = createSettingsStore(new FakeTill().answer('settings.get', () => viewIn('de-DE')));
  settings.getState().apply(viewIn('de-DE'));
  const stop = followShopLocale(settings);
  try {
    const changed = languageChanged();
    settings.getState().apply(viewIn('en-GB'));
    assert.equal(i18n.language, 'de-DE', 'still German while the English words are read');
    assert.equal(i18n.t('shell.nav.sell'), 'Verkaufen');
    assert.equal(formatMoney(123450, 'EUR'), '1.234,50\u00a0€', 'amounts switch with the words');

    assert.equal(await changed, 'en-GB');
    assert.equal(i18n.t('shell.nav.sell'), 'Sell');
    assert.equal(formatMoney(123450, 'EUR'), '€1,234.50');

    settings.getState().apply(viewIn('de-DE'));
    assert.equal(i18n.language, 'de-DE', 'read once: switching back needs no wait');
    assert.equal(i18n.t('shell.nav.sell'), 'Verkaufen');
  } finally {
    stop();
  }
});

test('settings that do not come in time: the first render gets the default language', async () => {
  assert.equal(i18n.language, 'de-DE');
  const settings = createSettingsStore(new FakeTill().answer('settings.get', () => never));

  await loadShopWords(settings, Promise.resolve());

  assert.equal(i18n.language, 'en-GB');
  assert.equal(i18n.t('shell.nav.sell'), 'Sell');
});
